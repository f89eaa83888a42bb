// A salesman on a 360 px phone makes a counter sale on "Nueva venta": an article from the first
// page, a new customer, Zelle plus pago móvil completed to the exact total, and the factura's
// number and total on the success panel; then the salesman voids it from its page.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

/** Text without the spaces the es-VE format puts between the symbol and the digits. */
const money = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The demo's main store (other journeys may have added empty stores before it in the list). */
async function chooseMainStore(page: Page) {
  const select = page.getByTestId('venta-tienda');
  await page.waitForLoadState('networkidle');
  const ccs = await select.evaluate((el) => [...(el as HTMLSelectElement).options].find((o) => o.text.endsWith('(CCS)'))?.value ?? '');
  expect(ccs).not.toBe('');
  await select.selectOption(ccs);
}

test.describe('venta de mostrador en el teléfono', () => {
  test('de contado con Zelle y pago móvil: la factura muestra su número y el total', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/venta`);
    await page.getByTestId('nueva-venta').click();
    await page.waitForURL(/\/dashboard\/venta\/nueva$/);
    await noSidewaysScroll(page);

    await chooseMainStore(page);
    // The first article with free units in the chosen store.
    const add = page.locator('[data-testid^="agregar-"]:not([disabled]):not([data-testid="agregar-pago"])').first();
    await add.waitFor();
    const article = ((await add.getAttribute('data-testid')) ?? '').replace('agregar-', '');
    await add.click();
    await page.getByTestId(`linea-${article}`).waitFor();

    const dni = `V-${String(Date.now()).slice(-8)}`;
    await page.getByTestId('cliente-dni').fill(dni);
    await page.getByTestId('cliente-buscar').click();
    await page.getByTestId('cliente-nombre').fill('Cliente del Recorrido');

    await page.getByTestId('pago-metodo-0').selectOption('zelle');
    await page.getByTestId('pago-monto-0').fill('1,00');
    await page.getByTestId('pago-referencia-0').fill(`ZE2E${dni.slice(-6)}`);
    await page.getByTestId('agregar-pago').click();
    await page.getByTestId('pago-metodo-1').selectOption('pago-movil');
    await page.getByTestId('pago-banco-1').selectOption('0134');
    await page.getByTestId('pago-referencia-1').fill(`PM${dni.slice(-6)}`);
    await page.getByTestId('pago-completar-1').click();
    await expect(page.getByTestId('pago-monto-1')).not.toHaveValue('');
    await expect(page.getByTestId('falta')).toHaveCount(0);
    const total = money(await page.getByTestId('total-usd').textContent());
    expect(total).toMatch(/^\$ [\d.]+,\d{2}$/);
    await noSidewaysScroll(page);

    await page.getByTestId('registrar-venta').click();
    await page.getByTestId('venta-registrada').waitFor();
    expect(await page.getByTestId('venta-numero').textContent()).toMatch(/^F-[A-Z0-9]+-\d{6}$/);
    expect(money(await page.getByTestId('venta-total').textContent())).toContain(`Total ${total}`);
    await noSidewaysScroll(page);

    // Voided from its page: a short reason gets the server's message; then it shows «Anulada» and
    // stays in the list, marked.
    const number = (await page.getByTestId('venta-numero').textContent()) ?? '';
    await page.goto(`${baseUrl()}/dashboard/venta/documento/${number}`);
    await page.getByTestId('anular-motivo').fill('no');
    await page.getByTestId('anular-enviar').click();
    await expect(page.getByText('Escriba el motivo de la anulación (al menos 5 letras)')).toHaveCount(1);
    await page.getByTestId('anular-motivo').fill('El cliente cambió de opinión');
    await page.getByTestId('anular-enviar').click();
    await page.getByTestId('anular-listo').waitFor();
    expect(await page.getByTestId('documento-anulacion').textContent()).toContain('El cliente cambió de opinión');
    await expect(page.getByTestId('anular-venta')).toHaveCount(0);
    await noSidewaysScroll(page);
    await page.goto(`${baseUrl()}/dashboard/venta/mis-ventas?search=${number}`);
    await page.getByTestId(`anulada-${number}`).waitFor();
    expect(errors).toEqual([]);
  });

  test('un pago que no alcanza muestra el mensaje del servidor y conserva el formulario', async () => {
    const { page } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/venta/nueva`);
    await chooseMainStore(page);
    const add = page.locator('[data-testid^="agregar-"]:not([disabled]):not([data-testid="agregar-pago"])').first();
    await add.waitFor();
    const article = ((await add.getAttribute('data-testid')) ?? '').replace('agregar-', '');
    await add.click();
    await page.getByTestId('cliente-dni').fill(`V-${String(Date.now() + 7).slice(-8)}`);
    await page.getByTestId('cliente-buscar').click();
    await page.getByTestId('cliente-nombre').fill('Cliente Corto');
    await page.getByTestId('pago-monto-0').fill('0,50');
    await page.getByTestId('registrar-venta').click();
    await page.getByTestId('venta-error').waitFor();
    expect(await page.getByTestId('venta-error').textContent()).toMatch(/faltan/);
    await expect(page.getByTestId(`linea-${article}`)).toHaveCount(1);
    expect(await page.getByTestId('cliente-nombre').inputValue()).toBe('Cliente Corto');
  });
});
