// Payables in the browser, on a 360 px phone: administración registers a supplier and a document in
// bolívares, sees it in the list with its aging, pays too much (refused in Spanish), pays part,
// annuls the payment, and downloads the list as CSV with the same filter. No sideways scroll.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

/** Waits for this confirmation (the one of the previous form may still be on screen). */
const saved = (page: Page, text: string) => page.getByTestId('por-pagar-guardado').filter({ hasText: text }).waitFor();

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

function caracasDay(offsetDays = 0): string {
  const now = new Date(Date.now() - 4 * 3_600_000 + offsetDays * 86_400_000);
  return now.toISOString().slice(0, 10);
}

test.describe('cuentas por pagar en un teléfono', () => {
  test('administración registra proveedor y documento en Bs., paga, anula y exporta la lista', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'administracion@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-pagar`);
    await page.getByRole('heading', { name: 'Cuentas por pagar' }).waitFor();
    expect(await overflow(page)).toBe(0);

    const proveedor = page.getByTestId('form-proveedor');
    // A RIF as people write it is shown in its stored form; a check digit that is not SENIAT's is a
    // warning under the field, not a refusal.
    const rif = proveedor.getByLabel('RIF');
    await rif.fill('j 50.123.456 7');
    await rif.blur();
    await expect(rif).toHaveValue('J-50123456-7');
    await expect(proveedor.getByTestId('aviso-rif')).toContainText('no es el que calcula el SENIAT (sería 6)');
    await rif.fill('J311223347');
    await rif.blur();
    await expect(rif).toHaveValue('J-31122334-7');
    await expect(proveedor.getByTestId('aviso-rif')).toHaveCount(0);
    const telefono = proveedor.getByLabel('Teléfono');
    await telefono.fill('0414-555-011');
    await telefono.blur();
    await expect(proveedor).toContainText('un número venezolano tiene 11 dígitos');
    await telefono.fill('04145550112');
    await telefono.blur();
    await expect(telefono).toHaveValue('0414-555-0112');
    await proveedor.getByLabel('Nombre o razón social').fill('Confecciones Peña y Núñez');
    await proveedor.getByRole('button', { name: 'Registrar proveedor' }).click();
    await saved(page, 'Proveedor registrado.');
    // The form starts empty for the next supplier.
    await expect(proveedor.getByLabel('RIF')).toHaveValue('');

    const documento = page.getByTestId('form-documento');
    await documento.getByLabel('Proveedor').selectOption({ label: 'Confecciones Peña y Núñez' });
    await documento.getByLabel('Número').fill('CPN-0042');
    await documento.getByLabel('Moneda').selectOption('VES');
    await documento.getByLabel('Fecha').fill(caracasDay(-40));
    await documento.getByLabel('Vence').fill(caracasDay(-10));
    await documento.getByLabel('Total').fill('3650,00');
    await documento.getByLabel('Tasa del día (Bs. por US$)').fill('36,50');
    await documento.getByRole('button', { name: 'Registrar documento' }).click();
    await saved(page, 'Documento registrado.');

    await page.getByTestId('filtros-por-pagar').getByLabel('Buscar').fill('CPN-0042');
    await page.getByTestId('filtros-por-pagar').getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/search=CPN-0042/);
    const row = page.getByTestId('tabla-por-pagar').getByRole('row', { name: /CPN-0042/ });
    await expect(row).toHaveText(/Bs\. 3\.650,00.*\$ 100,00.*Pendiente/);
    await expect(row).toContainText('Vencido hace 10 días');
    await expect(page.getByTestId('antiguedad-proveedores')).toContainText('Confecciones Peña y Núñez');
    expect(await overflow(page)).toBe(0);

    await row.getByRole('link', { name: 'Pagos' }).click();
    await page.getByTestId('detalle-documento').waitFor();
    const pago = page.getByTestId('form-pago');
    // A payment in divisas shows, as it is typed, the IGTF the store pays on top (3 % of $ 50,00).
    await pago.getByLabel('Método', { exact: true }).selectOption('zelle');
    await pago.getByLabel('Monto (en la moneda del método)').fill('50');
    await expect(pago.getByTestId('pago-igtf-vivo')).toHaveText('IGTF de este pago, aparte: $ 1,50');
    await pago.getByLabel('Método', { exact: true }).selectOption('transferencia');
    await expect(pago.getByTestId('pago-igtf-vivo')).toHaveCount(0);
    await pago.getByLabel('Monto (en la moneda del método)').fill('4000');
    await pago.getByLabel('Referencia').fill('00123456');
    await pago.getByLabel('Banco').selectOption('0134');
    await pago.getByRole('button', { name: 'Registrar pago' }).click();
    await page.getByRole('alert').filter({ hasText: 'supera' }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'supera' })).toHaveText(
      'El pago (Bs. 4.000,00) supera el saldo pendiente (Bs. 3.650,00).',
    );

    await page.getByTestId('form-pago').getByLabel('Monto (en la moneda del método)').fill('1.000,00');
    await page.getByTestId('form-pago').getByRole('button', { name: 'Registrar pago' }).click();
    await saved(page, 'Pago registrado: el saldo del documento bajó.');
    await expect(page.getByTestId('detalle-documento')).toContainText('Bs. 2.650,00');
    expect(await overflow(page)).toBe(0);

    await page.getByTestId('pagos-documento').getByRole('button', { name: 'Anular' }).click();
    await saved(page, 'Pago anulado: su monto volvió al saldo del documento.');
    await expect(page.getByTestId('pagos-documento')).toContainText('Anulado');
    await expect(page.getByTestId('detalle-documento')).toContainText('Bs. 3.650,00');

    const csvHref = await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href');
    expect(csvHref).toContain('search=CPN-0042');
    const csv = await page.request.get(`${baseUrl()}${csvHref}`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(text).toContain('Confecciones Peña y Núñez;J-31122334-7;Factura;CPN-0042');
    expect(errors).toEqual([]);
  });
});
