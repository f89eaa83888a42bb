// Receivables in the browser, on a 360 px phone: a credit sale of the demo store (a nota de entrega
// written by the seed with insertDocument) gets two abonos registered by administración on its page;
// one is rejected after confirming with its reason; a unit is given back after confirming; the note's
// balance and the receivables list show the same figures; the list's XLSX has the total owed the page
// shows. The amount field reads and shows es-VE, and the form starts empty after each abono.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatUsd } from '#domain/money.ts';
import { baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const PHONE = { width: 360, height: 780 };

/** "$ 1.234,56" → 123456 cents. */
function centsOf(text: string | null): number {
  const match = /-?[\d.]+,\d{2}/.exec(text ?? '');
  if (!match) throw new Error(`sin monto en «${text}»`);
  return Number(match[0].replace(/\./g, '').replace(',', ''));
}

/** Waits until the note's balance shows `cents` (the page reloads after each action). */
async function saldoEs(page: Page, cents: number) {
  await page
    .getByTestId('nota-pendiente')
    .filter({ hasText: new RegExp(`^${formatUsd(cents).replace(/[$.]/g, '\\$&')}$`) })
    .waitFor();
}

async function registrarAbono(page: Page, amount: string, reference: string) {
  const form = page.getByTestId('form-abono');
  await form.getByTestId('abono-metodo').selectOption('zelle');
  await form.getByTestId('abono-monto').fill(amount);
  await form.getByTestId('abono-referencia').fill(reference);
  await form.getByTestId('registrar-abono').click();
  await page.locator('[data-testid^="abono-"]').filter({ hasText: reference }).waitFor();
  await expect(page.getByTestId('accion-resultado')).toContainText('Abono registrado');
  // The form starts empty again: a second tap is not the same abono twice.
  await expect(page.getByTestId('abono-monto')).toHaveValue('');
  await expect(page.getByTestId('abono-referencia')).toHaveValue('');
}

test.describe('cuentas por cobrar', () => {
  test('administración registra dos abonos en la página, rechaza uno, y la nota y la lista dicen lo mismo (360 px)', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'administracion@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar`);
    await noSidewaysScroll(page);
    const card = page.locator('[data-testid^="tarjeta-cobro-"]').first();
    await card.waitFor();
    const number = ((await card.getAttribute('data-testid')) ?? '').replace('tarjeta-cobro-', '');
    expect(number).toMatch(/^NE-/);
    const listed = centsOf(await page.getByTestId(`tarjeta-saldo-${number}`).textContent());
    const totalBefore = centsOf(await page.getByTestId('total-pendiente').textContent());

    await card.click();
    await page.waitForURL(new RegExp(`/dashboard/cuentas/por-cobrar/${number}$`));
    await noSidewaysScroll(page);
    const owed = centsOf(await page.getByTestId('nota-pendiente').textContent());
    expect(owed).toBe(listed);
    expect(owed).toBeGreaterThan(1_500);

    // The amount is read and shown the Venezuelan way on leaving the field.
    const monto = page.getByTestId('abono-monto');
    await monto.fill('1234.5');
    await monto.blur();
    await expect(monto).toHaveValue('1.234,50');
    await monto.fill('15.000,00');
    await monto.blur();
    await expect(monto).toHaveValue('15.000,00');
    await monto.fill('12,345.6.7');
    await monto.blur();
    await expect(page.getByTestId('form-abono')).toContainText('El monto no es válido (ejemplo: 1.234,56)');

    const stamp = Date.now().toString().slice(-8);
    // A Zelle abono carries the IGTF (3 %) apart from the balance: the form says so before registering,
    // and the abono of $ 10,00 puts $ 9,70 on the note; the one of $ 5,00, $ 4,85.
    await page.getByTestId('abono-metodo').selectOption('zelle');
    await monto.fill('10,00');
    await expect(page.getByTestId('abono-igtf-detalle')).toHaveText('IGTF 3 %: $ 0,30 · a la nota: $ 9,70');
    await registrarAbono(page, '10', `ZE2E${stamp}A`);
    await saldoEs(page, owed - 970);
    await expect(page.locator('[data-testid^="abono-"]').filter({ hasText: `ZE2E${stamp}A` })).toContainText(
      'IGTF $ 0,30 aparte del saldo',
    );
    await registrarAbono(page, '5.00', `ZE2E${stamp}B`);
    await saldoEs(page, owed - 1_455);

    // Reject the first one: its $10 go back to the balance; the other stays pending.
    const first = page.locator('[data-testid^="abono-"]').filter({ hasText: `ZE2E${stamp}A` });
    await first.getByRole('link', { name: 'Rechazar…' }).click();
    const confirmacion = first.locator('[data-testid^="confirmar-rechazo-"]');
    await expect(confirmacion.getByTestId('efecto-rechazo')).toContainText(`pasa de ${formatUsd(owed - 1_455)}`);
    await expect(confirmacion.getByTestId('efecto-rechazo')).toContainText(`a ${formatUsd(owed - 485)} (Bs. `);
    await noSidewaysScroll(page);
    // Nothing happened yet: the balance is the same until it is confirmed with a reason.
    await saldoEs(page, owed - 1_455);
    await confirmacion.getByTestId('motivo-rechazo').fill('La referencia no aparece en Zelle');
    await confirmacion.getByTestId('confirmar-rechazo').click();
    await saldoEs(page, owed - 485);
    await expect(page.getByTestId('accion-resultado')).toContainText('Abono rechazado');
    await expect(first.locator('[data-paso]')).toHaveAttribute('data-paso', 'rechazado');
    await expect(first.locator('[data-testid^="revision-"]')).toHaveText(
      /^Rechazó Carmen González el \d{2}\/\d{2}\/\d{4}.* · motivo: La referencia no aparece en Zelle$/,
    );
    await expect(page.locator('[data-testid^="confirmar-rechazo-"]')).toHaveCount(0);
    const second = page.locator('[data-testid^="abono-"]').filter({ hasText: `ZE2E${stamp}B` });
    await expect(second.locator('[data-paso]')).toHaveAttribute('data-paso', 'pendiente');
    await expect(second).toContainText('Registró Carmen González el');
    await noSidewaysScroll(page);

    // Give one unit back: the page says what it does in $ and Bs. and asks why before it happens.
    const devolver = page.locator('[data-testid^="devolver-"]').filter({ hasText: 'Devolver…' }).first();
    const lineId = ((await devolver.getAttribute('data-testid')) ?? '').replace('devolver-', '');
    await expect(page.getByTestId(`devolver-cantidad-${lineId}`)).toHaveValue('1');
    await devolver.click();
    const devolucion = page.getByTestId(`confirmar-devolucion-${lineId}`);
    await expect(devolucion.getByTestId('efecto-devolucion')).toContainText(/baja \$ [\d.]+,\d{2} \(Bs\. [\d.]+,\d{2}\)/);
    await noSidewaysScroll(page);
    const baja = centsOf(await devolucion.getByTestId('efecto-devolucion').textContent());
    await saldoEs(page, owed - 485);
    await devolucion.getByTestId('motivo-devolucion').fill('Talla equivocada');
    await devolucion.getByTestId('confirmar-devolucion').click();
    await expect(page.getByTestId('accion-resultado')).toContainText('Devolución registrada');
    await expect(page.getByTestId(`devueltas-${lineId}`)).toHaveText('1 devuelta');
    await expect(page.getByTestId('devoluciones')).toContainText('motivo: Talla equivocada');
    await saldoEs(page, owed - 485 - baja);
    const afterReturn = owed - 485 - baja;

    // The list shows the same balance for the note, and its total went down by the $5 that stand.
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar?search=${number}`);
    await expect(page.getByTestId(`tarjeta-saldo-${number}`)).toHaveText(`Saldo ${formatUsd(afterReturn)}`);
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar`);
    expect(centsOf(await page.getByTestId('total-pendiente').textContent())).toBe(totalBefore - 485 - baja);
    await noSidewaysScroll(page);

    // The customer's statement ends where the note is.
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar/${number}`);
    await page.getByTestId('ver-estado-cuenta').click();
    await page.getByTestId('estado-de-cuenta-tel').waitFor();
    await expect(page.getByTestId('estado-de-cuenta-tel')).toContainText(
      'Abono rechazado por Carmen González: La referencia no aparece en Zelle',
    );
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('en el escritorio, la lista por cliente reparte la deuda por antigüedad y vendedor-admin no ve aprobar ni rechazar', async () => {
    const { page, errors } = await newPage(browser);
    await login(page, 'ventas@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar?tipo=clientes`);
    await page.getByTestId('tabla-clientes-cobro').waitFor();
    const row = page.locator('[data-testid^="cliente-cobro-"]').first();
    const cells = await row.locator('[data-testid^="antiguedad-"]').allTextContents();
    expect(cells).toHaveLength(5);
    const owes = centsOf(await row.locator('td').last().textContent());
    expect(cells.reduce((sum, c) => sum + centsOf(c), 0)).toBe(owes);

    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar`);
    // The list downloaded with its own link: one row per document and the same total owed.
    const documents = await page.getByTestId('tabla-cobros').locator('tbody tr').count();
    const owed = centsOf(await page.getByTestId('total-pendiente').textContent());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('exportar-xlsx').click()]);
    expect(download.suggestedFilename()).toBe('cuentas-por-cobrar_pendientes_inicio_hoy.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Totales');
    expect(sheet.rowCount - 2).toBeGreaterThanOrEqual(documents);
    expect(Math.round(Number(last.getCell(header.indexOf('Saldo $') + 1).value) * 100)).toBe(owed);

    const link = page.getByTestId('tabla-cobros').locator('a[href*="/dashboard/cuentas/por-cobrar/NE-"]').first();
    await link.click();
    await page.getByTestId('saldo-nota').waitFor();
    expect(await page.getByTestId('form-abono').count()).toBe(1);
    expect(await page.locator('[data-testid^="aprobar-"]').count()).toBe(0);
    expect(await page.getByTestId('form-descuento').count()).toBe(0);
    expect(await page.locator('[data-testid^="devolver-"]').count()).toBe(0);
    expect(await page.locator('[data-testid^="rechazar-"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
