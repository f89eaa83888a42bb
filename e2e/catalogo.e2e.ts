import type { Browser } from '@playwright/test';
import { baseUrl, chooseFirstSize, expect, newPage, PHONE, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test.describe('recorrido del catálogo', () => {
  test('de la portada a una línea, una sub-línea y un artículo, eligiendo color y talla', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(baseUrl());
    await expect(page).toHaveTitle('Inicio | Vitrina');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await expect(page.getByTestId('lo-nuevo').getByTestId('articulo').count()).resolves.toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Líneas' }).getByRole('link', { name: 'Damas' }).click();
    await page.waitForURL(/\/linea\/DAM\/sub-lineas$/);
    await page.locator('h1', { hasText: /^Damas$/ }).waitFor();

    await page
      .getByTestId('sublineas')
      .getByRole('link', { name: /Vestidos/ })
      .click();
    await page.waitForURL(/\/linea\/DAM\/sub-lineas\/VES\/articulos$/);
    await page.locator('h1', { hasText: /^Vestidos$/ }).waitFor();
    const cards = page.getByTestId('articulo');
    await expect(cards.count()).resolves.toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(24);

    await cards.first().click();
    await page.waitForURL(/\/articulos\/DVES\d{3}[A-Z]{4}$/);
    const model = page.url().split('/').pop() ?? '';

    // Size: the article code becomes model + size code, and stock per store appears.
    const sizeCode = await chooseFirstSize(page, model);
    await expect(page.getByTestId('existencia')).toBeVisible();

    // Colour: a sibling model with the same base code and another colour code.
    // Colour: the sibling model (same base code, other colour code), keeping the chosen size.
    const otherColor = page.locator('[data-testid^="swatch-"]:not([aria-current])').first();
    const colorCode = ((await otherColor.getAttribute('data-testid')) ?? '').replace('swatch-', '');
    const sibling = `${model.slice(0, -4)}${colorCode}`;
    await otherColor.click();
    await page.waitForURL(new RegExp(`/articulos/${sibling}${sizeCode}$`));
    await page
      .getByTestId('codigo-articulo')
      .filter({ hasText: new RegExp(`^${sibling}(${sizeCode})?$`) })
      .waitFor();
    expect(await page.locator(`[data-testid="swatch-${colorCode}"]`).getAttribute('aria-current')).toBe('true');

    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe('Product');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain('.webp');
    expect(errors).toEqual([]);
  });

  test('una ruta desconocida muestra la página 404', async () => {
    const { page } = await newPage(browser);
    const response = await page.goto(`${baseUrl()}/no-existe-esta-pagina`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('mensaje-error')).toHaveText('No encontramos esta página.');
    // The store's chrome stays, with a way on (home, the catalogue).
    await expect(page.getByTestId('salidas-error').getByRole('link', { name: 'Ir al inicio' })).toBeVisible();
    await expect(page.getByTestId('salidas-error').getByRole('link', { name: 'Ver el catálogo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Volver' })).toBeVisible();
  });

  test('el cambio de moneda muestra los precios en bolívares a la tasa del día y vuelve a dólares', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl()}/articulos/lo-nuevo`);
    const first = page.getByTestId('precio').first();
    await expect(first).toHaveText(/^\$ \d{1,3}(\.\d{3})*,\d{2}$/);
    await page.getByText('Bs.', { exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="precio"]')?.textContent?.startsWith('Bs. '));
    await expect(first).toHaveText(/^Bs\. \d{1,3}(\.\d{3})*,\d{2}$/);
    await page.reload();
    await expect(first).toHaveText(/^Bs\. /);
    await page.getByText('USD', { exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="precio"]')?.textContent?.startsWith('$ '));
    expect(errors).toEqual([]);
  });

  test('sin JavaScript, en 360 px: la moneda cabe en la cabecera y cambiar a bolívares recarga con los precios en Bs.', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-VE', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/articulos/lo-nuevo`);
    const header = await page.locator('header').first().boundingBox();
    const bs = page.getByRole('button', { name: 'Bs.', exact: true });
    const box = await bs.boundingBox();
    expect(box && header && box.y >= header.y && box.y + box.height <= header.y + header.height + 1).toBe(true);
    await expect(bs).toHaveAttribute('aria-pressed', 'false');
    await bs.click();
    await page.waitForURL(/\/articulos\/lo-nuevo$/);
    await expect(page.getByTestId('precio').first()).toHaveText(/^Bs\. \d/);
    await expect(page.getByRole('button', { name: 'Bs.', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  test('en un teléfono de 360 px no hay desplazamiento horizontal y el menú abre las líneas, se cierra con Escape o tocando fuera', async () => {
    const { page, errors } = await newPage(browser, { width: 360, height: 740 });
    for (const path of ['/', '/linea/CAL/sub-lineas', '/linea/CAL/sub-lineas/DEP/articulos', '/nuestras-tiendas']) {
      await page.goto(baseUrl() + path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `desborde horizontal en ${path}`).toBeLessThanOrEqual(0);
    }
    await page.goto(baseUrl());
    await page.waitForLoadState('networkidle');
    const burger = page.getByRole('button', { name: 'Abrir menú' });
    const menu = page.getByRole('dialog', { name: 'Menú' });
    // Escape closes it and the focus goes back to the button.
    await burger.click();
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => burger.evaluate((b) => b === document.activeElement)).toBe(true);
    // A tap on the menu's own empty space keeps it open; a tap on the dimmed page closes it. (Once it
    // has slid in: while it moves, the same point can still be outside it.)
    await burger.click();
    await menu.waitFor({ state: 'visible' });
    await menu.evaluate((dialog) => Promise.all(dialog.getAnimations().map((animation) => animation.finished)));
    await page.mouse.click(100, 700);
    await expect(menu).toBeVisible();
    await page.mouse.click(350, 400);
    await menu.waitFor({ state: 'hidden' });
    // The page behind does not scroll while it is open; a link closes it and goes.
    await burger.click();
    await menu.waitFor({ state: 'visible' });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await menu.getByRole('link', { name: 'Niños' }).click();
    await page.waitForURL(/\/linea\/NIN\/sub-lineas$/);
    await menu.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  test('sin JavaScript, en un teléfono, el botón del menú lo abre y «Cerrar menú» lo cierra', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-VE', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(baseUrl());
      const menu = page.getByRole('dialog', { name: 'Menú' });
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await menu.waitFor({ state: 'visible' });
      await menu.getByRole('button', { name: 'Cerrar menú' }).click();
      await menu.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await menu.getByRole('link', { name: 'Calzado' }).click();
      await page.waitForURL(/\/linea\/CAL\/sub-lineas$/);
    } finally {
      await context.close();
    }
  });
});
