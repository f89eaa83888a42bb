// The journeys' test runner: @playwright/test with Debian's Chromium (playwright.config.ts), and a
// store of their own per worker (tienda.ts) that `baseUrl()` and `mailbox()` point at.
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import type { Mailbox } from './correo-falso.ts';
import { startTienda, type Tienda } from './tienda.ts';

let tienda: Tienda | undefined;

export const test = base.extend<object, { tienda: Tienda }>({
  // Started before the first journey of each worker, closed when the worker ends.
  tienda: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      tienda = await startTienda();
      try {
        await use(tienda);
      } finally {
        await tienda.close();
        tienda = undefined;
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
});

export { expect };

function current(): Tienda {
  if (!tienda) throw new Error('la tienda de las pruebas no arrancó (fixture «tienda»)');
  return tienda;
}

export const baseUrl = (): string => current().baseUrl;

/** What the store of this worker sent to its fake mail server. */
export const mailbox = (): Mailbox => current().mailbox;

// Each page of the worker is a visitor of an address of its own.
let visitors = 0;

/**
 * A page that fails the test on any uncaught script error or CSP violation. Each page is a visitor
 * of its own address (the server trusts one proxy hop in these runs), as real shoppers are: from
 * one address, the suite's hundred logins would meet the store's per-address login limit.
 */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  visitors += 1;
  const address = `10.77.${(visitors >> 8) & 255}.${visitors & 255}`;
  const context = await browser.newContext({ viewport, locale: 'es-VE', extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  // A page of the store is used once hydrated (root.tsx marks it): a click or a value typed into the
  // server's HTML before that is lost, as it would be for a person, and the journey would fail for it.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  // A journey that asks for an earlier moment (waitUntil: 'commit' or 'domcontentloaded') acts
  // before the scripts on purpose (venta-credito: a value typed while they load is kept).
  const beforeScripts = (options?: { waitUntil?: string }) => options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!beforeScripts(options)) await untilHydrated(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (!beforeScripts(options)) await untilHydrated(page);
    return response;
  };
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Hydration|hydrat/i.test(message.text())) errors.push(message.text());
  });
  return { page, errors };
}

/** Until the page is hydrated, if it is one of the store's pages (React Router's); at once otherwise. */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !('__reactRouterContext' in window) || document.documentElement.hasAttribute('data-hidratada'));
}

/** A 360 px phone, the screen every storefront journey is checked on. */
export const PHONE = { width: 360, height: 780 };

/** Fails when the page is wider than its window (the shopper would scroll sideways). */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `la página ${page.url()} no se desplaza de lado`).toBeLessThanOrEqual(width);
}

export const DEMO_PASSWORD = 'Vitrina.Demo.2026';

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // Staff land in the panel, customers in their account in the store.
  await page.waitForURL(/\/(?:dashboard|mi-cuenta)/);
  await untilHydrated(page);
}

/**
 * Cancels the orders a journey left waiting for payment, so they do not count toward the limit of
 * unpaid orders per address for the journeys that follow.
 */
export async function cancelUnpaidOrders(browser: Browser, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  const { page } = await newPage(browser);
  await login(page, 'administracion@vitrina.com.ve');
  const response = await page.request.patch(`${baseUrl()}/api/orden-compra/anular-impagas`, {
    data: { codes, note: 'Recorrido de prueba' },
  });
  if (response.status() !== 200) throw new Error(`anular-impagas: ${response.status()} ${await response.text()}`);
  await page.context().close();
}

/** On the article page with a size chosen: «Elegir tiendas», then so many units from each store (none from the rest). */
export async function chooseStoreUnits(page: Page, units: Record<number, number>) {
  await page.getByTestId('elegir-tiendas').click();
  for (const input of await page.locator('input[data-testid^="llevar-"]').all()) {
    const id = Number((await input.getAttribute('data-testid'))?.replace('llevar-', ''));
    await input.fill(String(units[id] ?? 0));
  }
}

/** On an article page: picks the first size and waits for the article code (model + size) to show. */
export async function chooseFirstSize(page: Page, model: string): Promise<string> {
  const firstSize = page.locator('[data-testid^="talla-"]').first();
  const sizeCode = ((await firstSize.getAttribute('data-testid')) ?? '').replace('talla-', '');
  await firstSize.click();
  await page.waitForURL(new RegExp(`/articulos/${model}${sizeCode}$`));
  await page
    .getByTestId('codigo-articulo')
    .filter({ hasText: new RegExp(`^${model}${sizeCode}$`) })
    .waitFor();
  return sizeCode;
}

/**
 * Moves the store's clock forward to `at` and runs its periodic jobs at that time (scheduled posts
 * show, scheduled campaigns start, unpaid orders expire…): the test-only route of the journeys'
 * server (RELOJ_DE_PRUEBAS), as an admin. Later journeys of the worker see the store at that time.
 */
export async function advanceClockTo(page: Page, at: Date): Promise<void> {
  const response = await page.request.post(`${baseUrl()}/api/pruebas/reloj`, { data: { at: at.toISOString() } });
  if (response.status() !== 200) throw new Error(`reloj de prueba: ${response.status()} ${await response.text()}`);
}

/** An article of the demo catalogue with `units` free units in some store (the API's public reads). */
export async function someArticle(units = 3): Promise<{ code: string; store: number }> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=30`)).json()) as { data: { model: string }[] };
  for (const { model } of list.data) {
    const { data } = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as {
      data: { sizes: { article: string; stores: { id: number; quantity: number }[] }[] };
    };
    for (const size of data.sizes) {
      const store = size.stores.find((s) => s.quantity >= units);
      if (store) return { code: size.article, store: store.id };
    }
  }
  throw new Error('ningún artículo tiene existencia');
}
