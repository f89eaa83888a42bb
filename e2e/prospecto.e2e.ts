// Prospects on a 360 px phone: find articles in the catalogue, register a customer's request (a bad
// quantity first, shown under its field), see the quote and note it as an order of that customer.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, login, newPage } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'la página no se desplaza de lado').toBeLessThanOrEqual(width);
}

describe('prospectos', () => {
  it('el vendedor cotiza la solicitud de un mayorista y la anota como pedido (360 px)', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/prospecto`);
    await page.getByTestId('form-articulo').getByLabel('Código o nombre').fill('CFRA');
    await page.getByTestId('form-articulo').getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('articulos').waitFor();
    const codes = await page.getByTestId('articulos').locator('tbody tr td:first-child').allTextContents();
    expect(codes.length).toBeGreaterThanOrEqual(2);
    await noSidewaysScroll(page);

    const form = page.getByTestId('form-solicitud');
    await form.getByLabel('Nombre o razón social').fill('Distribuidora Lara C.A.');
    await form.getByLabel('Cédula o RIF').fill('J-309876543');
    await form.getByLabel('Teléfono').fill('0251-555-0123');
    await form.getByLabel('Código del artículo 1').fill(codes[0]);
    await form.getByLabel('Cantidad 1').fill('12');
    await form.getByLabel('Código del artículo 2').fill(codes[1]);
    await form.getByLabel('Cantidad 2').fill('0');
    await form.getByTestId('registrar-solicitud').click();
    await form.getByText('La cantidad debe ser al menos 1').waitFor();
    await form.getByLabel('Cantidad 2').fill('6');
    await form.getByTestId('registrar-solicitud').click();
    await page.waitForURL(/\?solicitud=\d+$/);

    const quote = page.getByTestId('solicitud');
    await quote.waitFor();
    await expect(page.getByTestId('estado-solicitud').textContent()).resolves.toBe('Cotizada');
    await expect(page.getByTestId('cotizacion').locator('tbody tr').count()).resolves.toBe(2);
    await expect(page.getByTestId('totales-cotizacion').textContent()).resolves.toMatch(/Total \$ [\d.]+,\d{2}/);
    await noSidewaysScroll(page);

    await page.getByTestId('anotar-pedido').click();
    await page.getByTestId('resultado-solicitud').waitFor();
    await expect(page.getByTestId('estado-solicitud').textContent()).resolves.toBe('Pedido anotado');
    await expect(page.getByTestId('resultado-solicitud').textContent()).resolves.toContain(
      '(J-309876543): 18 unidades según la cotización.',
    );
    await expect(page.getByTestId('anotar-pedido').count()).resolves.toBe(0);
    await expect(page.getByTestId('solicitudes').textContent()).resolves.toContain('Distribuidora Lara C.A.');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
