// The store can be installed on a phone's home screen: favicon, apple-touch-icon and a web
// manifest in Spanish, linked from every page and served by the real server.
import { baseUrl, expect, test } from './fixtures.ts';

async function fetchOk(path: string) {
  const response = await fetch(baseUrl() + path);
  expect(response.status, path).toBe(200);
  return response;
}

test.describe('iconos y manifiesto', () => {
  test('cada página los enlaza y el servidor los entrega con su tipo', async () => {
    const html = await (await fetchOk('/linea')).text();
    const links = [...html.matchAll(/<link\b[^>]*\brel="(icon|apple-touch-icon|manifest)"[^>]*\bhref="([^"]+)"/g)].map(([, rel, href]) => ({
      rel,
      href,
    }));
    expect(links.map((l) => l.rel).sort()).toEqual(['apple-touch-icon', 'icon', 'icon', 'manifest']);
    const types: Record<string, string> = {
      '.ico': 'image/',
      '.svg': 'image/svg+xml',
      '.png': 'image/png',
      '.webmanifest': 'application/manifest+json',
    };
    for (const { href } of links) {
      const response = await fetchOk(href);
      const extension = href.slice(href.lastIndexOf('.'));
      expect(response.headers.get('content-type'), href).toContain(types[extension]);
      expect(response.headers.get('cache-control'), href).toBe('public, max-age=3600');
    }
  });

  test('el manifiesto hace la tienda instalable: nombre en español, inicio, pantalla propia, iconos de 192 y 512', async () => {
    const manifest = await (await fetchOk('/manifest.webmanifest')).json();
    expect(manifest.name).toBe('Vitrina · Ropa y calzado');
    expect(manifest.lang).toBe('es-VE');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    const sizes = (manifest.icons as { src: string; sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const bytes = new Uint8Array(await (await fetchOk(icon.src)).arrayBuffer());
      // PNG width and height, big-endian at bytes 16 and 20.
      const view = new DataView(bytes.buffer);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
    }
  });
});
