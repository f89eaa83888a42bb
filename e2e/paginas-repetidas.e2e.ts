// A page served again from the render memo (entry.server.tsx) is the same document with its own
// nonce, and still hydrates under its CSP. An unrelated cookie keeps these visits out of the shared
// page cache (e2e/pagina-compartida.e2e.ts), which is there for anonymous visitors.
import type { Browser } from '@playwright/test';
import { baseUrl, chooseFirstSize, expect, newPage, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

async function articlePath(): Promise<string> {
  const list = await (await fetch(`${baseUrl()}/api/catalogo/articulos?linea=DAM`)).json();
  return list.data[0].path as string;
}

async function visit(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseUrl() + path, { headers: { cookie: 'volver_registro=%2F', ...headers } });
  const html = await response.text();
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  return { status: response.status, html, nonce };
}

test.describe('páginas repetidas', () => {
  test('cada visita trae su propio nonce, el de su CSP, en el mismo documento', async () => {
    const path = await articlePath();
    const first = await visit(path);
    const second = await visit(path);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.replaceAll(second.nonce, 'N')).toBe(first.html.replaceAll(first.nonce, 'N'));
  });

  test('otros datos en la misma dirección pintan otra página', async () => {
    const path = await articlePath();
    const dollars = await visit(path);
    const bolivares = await visit(path, { cookie: 'volver_registro=%2F; moneda=VES' });
    expect(dollars.html).toMatch(/data-testid="precio"[^>]*>\$/);
    expect(bolivares.html).toMatch(/data-testid="precio"[^>]*>Bs\./);
  });

  test('la segunda visita a un artículo hidrata sin errores y responde a los clics', async () => {
    const path = await articlePath();
    const { page, errors } = await newPage(browser);
    await page.goto(baseUrl() + path);
    await page.goto(baseUrl() + path);
    const model = path.split('/').pop() ?? '';
    await chooseFirstSize(page, model);
    expect(errors).toEqual([]);
  });
});
