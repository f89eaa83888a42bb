// Accessibility of every storefront page, the shopper's account and the main back-office pages:
// axe-core (WCAG 2.x A and AA) in Chromium fails the run on any serious or critical violation, and
// every page has one <h1>. The storefront and the account are checked on a 360×780 phone.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

/** What is wrong with the page now: serious or critical axe violations, a missing h1, sideways scroll. */
async function problemsOf(page: Page, path: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const problems = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) en ${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  const headings = await page.locator('h1').count();
  if (headings !== 1) problems.push(`${path}: ${headings} encabezados h1`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${path}: se desplaza ${overflow} px a los lados`);
  return problems;
}

async function checkAll(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForLoadState('networkidle');
    problems.push(...(await problemsOf(page, path)));
  }
  return problems;
}

async function firstArticlePath(page: Page): Promise<string> {
  await page.goto(`${baseUrl()}/linea/DAM/sub-lineas/BLU/articulos`);
  const href = await page.locator('main a[href*="/sub-lineas/BLU/articulos/"]').first().getAttribute('href');
  if (!href) throw new Error('la lista de blusas no tiene artículos');
  return href;
}

/** axe over some twenty pages takes a minute or more on a busy 2-core machine. */
const AXE_OVER_MANY_PAGES_MS = 240_000;

test.describe('accesibilidad (axe: nada grave ni crítico, un h1 por página)', () => {
  test('cada página de la tienda, como visitante en un teléfono', async () => {
    test.setTimeout(AXE_OVER_MANY_PAGES_MS);
    const { page, errors } = await newPage(browser, PHONE);
    const article = await firstArticlePath(page);
    const problems = await checkAll(page, [
      '/',
      '/linea',
      '/linea/DAM/sub-lineas',
      '/linea/DAM/sub-lineas/BLU/articulos',
      article,
      '/articulos/promociones',
      '/buscar?q=vestido',
      '/nuestras-tiendas',
      '/sobre-nosotros',
      '/privacy-policy',
      '/contact',
      '/boletin',
      `/email/1?firma=${'0'.repeat(32)}`,
      '/blog',
      '/galeria',
      '/carrito',
      '/orden',
      '/auth/login',
      '/auth/signup',
      '/auth/password/email',
      '/esta-pagina-no-existe',
    ]);
    // The article with a size chosen (the stock per store and the add-to-cart appear).
    await page.goto(`${baseUrl()}${article}`);
    const size = await page.locator('[data-testid^="talla-"]').first().getAttribute('href');
    if (size) problems.push(...(await checkAll(page, [size])));
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('la cuenta del comprador en un teléfono', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'cliente@vitrina.com.ve');
    const problems = await checkAll(page, ['/mi-cuenta', '/mi-cuenta/compras', '/mi-cuenta/hijos', '/mi-cuenta/cambiar-clave', '/carrito']);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('las páginas principales del panel, como admin en el escritorio', async () => {
    test.setTimeout(AXE_OVER_MANY_PAGES_MS);
    const { page, errors } = await newPage(browser, DESKTOP);
    await login(page, 'admin@vitrina.com.ve');
    const problems = await checkAll(page, [
      '/dashboard',
      '/dashboard/venta',
      '/dashboard/venta/nueva',
      '/dashboard/venta/clientes',
      '/dashboard/cuentas/por-cobrar',
      '/dashboard/cuentas/por-pagar',
      '/dashboard/config/tasa',
      '/dashboard/tiendas',
      '/dashboard/configurar/productos',
      '/dashboard/configurar/roles-usuario',
      '/dashboard/venta/credito',
      '/dashboard/venta/todas-las-ventas',
      '/dashboard/prospecto',
      '/dashboard/config/cuentas-bancarias',
      '/dashboard/config/notificacion',
      '/dashboard/config/descuentos',
      '/dashboard/cupones',
      '/dashboard/correos',
      '/dashboard/boletin',
      '/dashboard/boletin/nueva',
    ]);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
