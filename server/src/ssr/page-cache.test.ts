// Which requests the shared page cache may answer, the hashes that replace the nonce in its CSP, and
// its encodings. What the real server does with it (sessions, carts, invalidation) is in
// e2e/pagina-compartida.e2e.ts.
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageCsp } from '#server/http/security-headers.ts';
import { chooseEncoding, createPageCache, inlineScriptHashes, isStorefrontPageGet, sharedPageKey } from './page-cache.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
const get = (url: string, cookie?: string, userAgent = BROWSER) => sharedPageKey({ method: 'GET', url, cookie, userAgent });

describe('isStorefrontPageGet', () => {
  it('las páginas de la tienda que cuentan contra el tope de páginas frías, con cualquier cookie', () => {
    expect(isStorefrontPageGet({ method: 'GET', url: '/linea/DAM/sub-lineas/BLU/articulos?color=negro' })).toBe(true);
    expect(isStorefrontPageGet({ method: 'GET', url: '/buscar?q=bota' })).toBe(true);
    expect(isStorefrontPageGet({ method: 'GET', url: '/carrito' })).toBe(false);
    expect(isStorefrontPageGet({ method: 'GET', url: '/dashboard/venta' })).toBe(false);
    expect(isStorefrontPageGet({ method: 'GET', url: '/linea/DAM.data' })).toBe(false);
    expect(isStorefrontPageGet({ method: 'POST', url: '/buscar' })).toBe(false);
  });
});

describe('sharedPageKey', () => {
  it('las páginas de la tienda sin cookies o solo con la moneda, por URL y moneda', () => {
    for (const url of [
      '/',
      '/linea',
      '/linea/DAM/sub-lineas/BLU/articulos?page=2',
      '/linea/DAM/sub-lineas/BLU/articulos/DBLU004VINO',
      '/buscar?q=blusa',
      '/sobre-nosotros',
      '/blog/detail/uno',
    ]) {
      expect(get(url)).not.toBeNull();
    }
    expect(get('/linea', 'moneda=VES')).not.toBe(get('/linea'));
    expect(get('/linea', 'moneda=USD')).toBe(get('/linea'));
    expect(get('/linea', 'dispositivo=abc.def; moneda=VES')).toBe(get('/linea', 'moneda=VES'));
    expect(get('/linea?page=2')).not.toBe(get('/linea?page=3'));
  });

  it('nunca con sesión, carrito ni otra cookie', () => {
    expect(get('/linea', 'access_token=abc')).toBeNull();
    expect(get('/linea', 'dispositivo=abc.def; access_token=abc')).toBeNull();
    expect(get('/linea', 'moneda=VES; carrito=xyz')).toBeNull();
    expect(get('/linea', 'volver_registro=%2Fcarrito')).toBeNull();
    expect(get('/linea', 'moneda=EUR')).toBeNull();
  });

  it('nunca con dos cookies de moneda: la página lee la primera y la clave leería otra (una página en Bs. para todos)', () => {
    expect(get('/linea', 'moneda=VES; moneda=USD')).toBeNull();
    expect(get('/linea', 'moneda=USD; moneda=VES')).toBeNull();
    expect(get('/linea', 'moneda=USD; moneda=USD')).toBeNull();
  });

  it('nunca cuentas, carrito, órdenes, panel, ingreso ni datos de navegación', () => {
    for (const url of [
      '/carrito',
      '/carrito/ver-orden',
      '/orden/OC-000001',
      '/mi-cuenta',
      '/dashboard',
      '/auth/login',
      '/email/1',
      '/linea.data',
      '/linea/DAM/sub-lineas.data',
      '/DASHBOARD',
    ]) {
      expect(get(url), url).toBeNull();
    }
    expect(sharedPageKey({ method: 'POST', url: '/linea', cookie: undefined, userAgent: BROWSER })).toBeNull();
    expect(sharedPageKey({ method: 'HEAD', url: '/linea', cookie: undefined, userAgent: BROWSER })).toBeNull();
  });

  it('un buscador recibe el documento entero: otra entrada', () => {
    expect(get('/linea', undefined, 'Googlebot/2.1 (+http://www.google.com/bot.html)')).not.toBe(get('/linea'));
  });
});

const sha = (text: string) => createHash('sha256').update(text).digest('base64');

describe('página guardada', () => {
  const html =
    '<html><script nonce="N0">window.a=1</script><script type="module" nonce="N0">import "/assets/x.js"</script><script src="/assets/y.js" nonce="N0"></script></html>';

  it('sin el nonce con que se pintó, con la CSP de los hashes de sus scripts en línea, y comprimida', async () => {
    const cache = createPageCache();
    await cache.set('k', {
      status: 200,
      headers: [['content-type', 'text/html']],
      html: Buffer.from(html),
      nonce: 'N0',
      csp: pageCsp('N0', ['https://www.paypal.com']),
    });
    const page = cache.get('k');
    expect(page?.body.toString()).not.toContain('N0');
    const csp = new Map(page?.headers).get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' 'sha256-${sha('window.a=1')}' 'sha256-${sha('import "/assets/x.js"')}';`);
    expect(csp).not.toContain('nonce');
    // The rest of the policy it was sent with stays: a form still reaches the payment page.
    expect(csp).toContain("form-action 'self' https://www.paypal.com;");
    expect(brotliDecompressSync(page?.compressed.br ?? Buffer.alloc(0)).toString()).toBe(page?.body.toString());
    expect(gunzipSync(page?.compressed.gzip ?? Buffer.alloc(0)).toString()).toBe(page?.body.toString());
  });

  it('una página cuya CSP no lleva el nonce del pintado no se guarda (no podría ponerle los hashes)', async () => {
    const cache = createPageCache();
    await cache.set('k', { status: 200, headers: [], html: Buffer.from(html), nonce: 'N0', csp: pageCsp('otro') });
    await cache.set('j', { status: 200, headers: [], html: Buffer.from(html), nonce: 'N0', csp: 'undefined' });
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('j')).toBeUndefined();
  });

  it('solo los scripts en línea que llevan el nonce del pintado, cada contenido una vez', () => {
    expect(inlineScriptHashes(`${html}<script nonce="N0">window.a=1</script>`, 'N0')).toEqual([
      sha('window.a=1'),
      sha('import "/assets/x.js"'),
    ]);
    // A script without the nonce (injected through content) was blocked before and stays blocked.
    expect(inlineScriptHashes(`${html}<script>alert(1)</script><script nonce="otro">alert(2)</script>`, 'N0')).toEqual([
      sha('window.a=1'),
      sha('import "/assets/x.js"'),
    ]);
  });

  it('una invalidación mientras se comprimía la deja fuera; después se vacía', async () => {
    const cache = createPageCache();
    const saving = cache.set('k', { status: 200, headers: [], html: Buffer.from(html), nonce: 'N0', csp: pageCsp('N0') });
    cache.clear();
    await saving;
    expect(cache.get('k')).toBeUndefined();
    await cache.set('k', { status: 200, headers: [], html: Buffer.from(html), nonce: 'N0', csp: pageCsp('N0') });
    expect(cache.get('k')).toBeDefined();
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });

  it('una página pintada antes de una invalidación no entra aunque se guarde después', async () => {
    const cache = createPageCache();
    const since = cache.generation();
    cache.clear(); // a write commits while the page's loaders were running
    await cache.set('k', { status: 200, headers: [], html: Buffer.from(html), nonce: 'N0', csp: pageCsp('N0') }, since);
    expect(cache.get('k')).toBeUndefined();
    await cache.set('k', { status: 200, headers: [], html: Buffer.from(html), nonce: 'N0', csp: pageCsp('N0') }, cache.generation());
    expect(cache.get('k')).toBeDefined();
  });
});

describe('compresión y pintados en curso', () => {
  // A page big enough for the two brotli qualities to differ.
  const big = `<html><body>${Array.from({ length: 400 }, (_, i) => `<li class="producto">Blusa ${i} de algodón, talla ${i % 7}</li>`).join('')}<script nonce="N0">window.a=1</script></body></html>`;
  const rendered = { status: 200, headers: [] as [string, string][], html: Buffer.from(big), nonce: 'N0', csp: pageCsp('N0') };

  it('se guarda comprimida barato, y la primera vez que se reusa se comprime bien, con el mismo contenido', async () => {
    const cache = createPageCache();
    await cache.set('k', rendered);
    const first = cache.get('k');
    expect(first?.quality).toBe('buena');
    const cheap = first?.compressed.br.length ?? 0;
    await expect.poll(() => cache.get('k')?.compressed.br.length).toBeLessThan(cheap);
    const page = cache.get('k');
    expect(page).toBe(first);
    expect(brotliDecompressSync(page?.compressed.br ?? Buffer.alloc(0)).toString()).toBe(page?.body.toString());
    expect(gunzipSync(page?.compressed.gzip ?? Buffer.alloc(0)).toString()).toBe(page?.body.toString());
  });

  it('prepare la deja lista sin guardarla; put la guarda salvo que se haya vaciado desde since', async () => {
    const cache = createPageCache();
    const page = await cache.prepare(rendered);
    expect(page?.quality).toBe('rapida');
    expect(cache.get('k')).toBeUndefined();
    const since = cache.generation();
    cache.clear();
    if (page) cache.put('k', page, since);
    expect(cache.get('k')).toBeUndefined();
    if (page) cache.put('k', page, cache.generation());
    expect(cache.get('k')).toBe(page);
    expect(await cache.prepare({ ...rendered, csp: pageCsp('otro') })).toBeNull();
  });

  it('quien llega mientras otro pinta la misma página la espera; después de vaciar, ya no', async () => {
    const cache = createPageCache();
    expect(cache.pending('k')).toBeUndefined();
    const done = cache.rendering('k');
    const waiting = cache.pending('k');
    expect(waiting).toBeDefined();
    expect(cache.pending('otra')).toBeUndefined();
    const page = await cache.prepare(rendered);
    done(page);
    await expect(waiting).resolves.toBe(page);
    expect(cache.pending('k')).toBeUndefined();

    // A render that began before a write: whoever comes after the clear renders on their own.
    const older = cache.rendering('k');
    cache.clear();
    expect(cache.pending('k')).toBeUndefined();
    older(null);
  });
});

describe('chooseEncoding', () => {
  it('brotli primero, gzip si no, nada si el cliente no acepta ninguno', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
