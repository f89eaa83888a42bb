// The pages a shopper browses load none of Mantine's JavaScript (docs/decisions/0037): every script
// a browsing page preloads is fetched from the built store and searched for Mantine's provider. The
// cart neither: its later steps bring Mantine when the buyer goes on.
import { baseUrl, expect, test } from './fixtures.ts';

const MANTINE = 'MantineProvider was not found';

async function preloadedScripts(path: string): Promise<string[]> {
  const html = await (await fetch(baseUrl() + path)).text();
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
}

async function loadsMantine(path: string): Promise<string[]> {
  const scripts = await preloadedScripts(path);
  expect(scripts.length).toBeGreaterThan(3);
  const bodies = await Promise.all(scripts.map(async (src) => [src, await (await fetch(baseUrl() + src)).text()] as const));
  return bodies.filter(([, body]) => body.includes(MANTINE)).map(([src]) => src);
}

test.describe('JavaScript de la tienda', () => {
  test('inicio, líneas, listas, artículo, búsqueda, página no encontrada y carrito no cargan Mantine', async () => {
    const lists = await (await fetch(`${baseUrl()}/linea/DAM/sub-lineas/BLU/articulos`)).text();
    const article = lists.match(/href="(\/linea\/DAM\/sub-lineas\/BLU\/articulos\/[^"?]+)"/)?.[1];
    expect(article).toBeTruthy();
    for (const path of [
      '/',
      '/linea',
      '/linea/DAM/sub-lineas',
      '/linea/DAM/sub-lineas/BLU/articulos',
      article!,
      '/buscar?q=negro',
      '/no-existe',
      '/carrito',
    ]) {
      expect(await loadsMantine(path), path).toEqual([]);
    }
  });

  test('una página hecha con Mantine sí lo carga (la búsqueda de arriba encuentra lo que busca)', async () => {
    expect((await loadsMantine('/nuestras-tiendas')).length).toBeGreaterThan(0);
  });
});
