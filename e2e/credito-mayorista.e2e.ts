// Credit for a new wholesale buyer, on a 360 px phone: the seller sells a crédito to a customer who
// does not exist yet, registers it in the sale with the limit it asks for and sends the sale to
// authorisation (held: the customer exists, its unit is set aside); the admin approves it from the
// dashboard home and gets the nota de entrega, which owes its whole total, and registers an abono.
// Then a second held sale is refused by administración with a reason: the customer stays and the
// unit is free again; the seller sees the reason on their home.
import type { Browser, Page } from '@playwright/test';
import { digitoVerificadorRif } from '#domain/identidad.ts';
import { formatUsd } from '#domain/money.ts';
import { baseUrl, expect, login, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(async ({ browser: shared }) => {
  browser = shared;
});

/** "$ 1.234,56" → 123456 cents. */
function centsOf(text: string | null): number {
  const match = /-?[\d.]+,\d{2}/.exec(text ?? '');
  if (!match) throw new Error(`sin monto en «${text}»`);
  return Number(match[0].replace(/\./g, '').replace(',', ''));
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const stamp = String(Date.now()).slice(-7);

/** Free units of the article in the store (the seller's API, with the page's session). */
async function libres(page: Page, article: string, tiendaId: string): Promise<number> {
  const response = await page.request.get(`${baseUrl()}/api/venta/articulos/disponibilidad?codes=${article}`);
  expect(response.status()).toBe(200);
  const [row] = (await response.json()).data as { stores: { tiendaId: number; available: number }[] }[];
  return row.stores.find((s) => String(s.tiendaId) === tiendaId)?.available ?? 0;
}

/** The seller sends a one-unit credit sale to a new customer for authorisation; its number. */
async function venderRetenida(page: Page, dni: string, name: string) {
  await page.goto(`${baseUrl()}/dashboard/venta/nueva`, { waitUntil: 'networkidle' });
  const tienda = await page
    .getByTestId('venta-tienda')
    .locator('option')
    .first()
    .evaluate((o) => (o as HTMLOptionElement).value);
  await page.getByTestId('venta-tienda').selectOption(tienda);
  const add = page.locator('[data-testid^="agregar-"]:not([disabled])').first();
  await add.waitFor();
  const article = ((await add.getAttribute('data-testid')) ?? '').replace('agregar-', '');
  const before = await libres(page, article, tienda);
  await add.click();
  await page.getByTestId(`linea-${article}`).waitFor();

  await page.getByTestId('cliente-dni').fill(dni);
  await page.getByTestId('cliente-buscar').click();
  await page.getByTestId('cliente-nombre').fill(name);
  await page.getByTestId('condicion').getByText('Crédito (nota)').click();
  // A new customer has no credit: the sale goes to authorisation with the limit asked for.
  await page.getByTestId('credito-a-autorizar').waitFor();
  await expect(page.getByTestId('registrar-venta')).toHaveText('Enviar a autorización');
  await expect(page.getByTestId('registrar-venta')).toBeDisabled();
  await page.getByTestId('credito-limite').fill('1.500,00');
  await page.getByTestId('credito-dias').fill('30');
  const total = (await page.getByTestId('total-usd').textContent()) ?? '';
  await noSidewaysScroll(page);
  await page.getByTestId('registrar-venta').click();
  const panel = page.getByTestId('venta-retenida');
  await panel.waitFor();
  const id = Number(/N° (\d+)/.exec((await panel.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  await expect(page.getByTestId('retenida-total')).toContainText(`Total ${total.trim()} · límite pedido $ 1.500,00 a 30 días`);
  // Held: the unit is set aside while it waits.
  expect(await libres(page, article, tienda)).toBe(before - 1);
  await noSidewaysScroll(page);
  return { id, article, tienda, before, totalCents: centsOf(total) };
}

test.describe('crédito para un mayorista nuevo', () => {
  test('retenida → admin la aprueba desde su inicio → nota de entrega con su saldo → abono', async () => {
    const dni = `J-${stamp}1-${digitoVerificadorRif('J', `${stamp}1`)}`;
    const seller = await newPage(browser, PHONE);
    await login(seller.page, 'ventas@vitrina.com.ve');
    const held = await venderRetenida(seller.page, dni, 'Distribuidora Mayorista Uno');

    const admin = await newPage(browser, PHONE);
    await login(admin.page, 'admin@vitrina.com.ve');
    await admin.page.goto(`${baseUrl()}/dashboard`);
    const card = admin.page.getByTestId(`retenida-${held.id}`);
    await card.waitFor();
    await expect(card).toContainText('Distribuidora Mayorista Uno');
    await expect(admin.page.getByTestId(`retenida-total-${held.id}`)).toContainText(
      `Total ${formatUsd(held.totalCents)} · pide límite $ 1.500,00 a 30 días`,
    );
    await noSidewaysScroll(admin.page);
    await admin.page.getByTestId(`aprobar-retenida-${held.id}`).click();
    const result = admin.page.getByTestId('retenida-resultado');
    await expect(result).toContainText('Venta aprobada: nota de entrega NE-');
    const number = /NE-[A-Z0-9]+-\d{6}/.exec((await result.textContent()) ?? '')?.[0] ?? '';
    // The approved sale leaves the list of what waits.
    await expect(card).toHaveCount(0);

    // The nota owes its whole total; the unit was sold, not given back.
    await admin.page.getByTestId('retenida-nota').click();
    await admin.page.waitForURL(new RegExp(`/dashboard/cuentas/por-cobrar/${number}$`));
    await expect(admin.page.getByTestId('nota-pendiente')).toHaveText(formatUsd(held.totalCents));
    expect(await libres(seller.page, held.article, held.tienda)).toBe(held.before - 1);

    // A Zelle abono of $ 10,00 takes $ 9,70 off the balance ($ 0,30 of IGTF apart).
    const form = admin.page.getByTestId('form-abono');
    await form.getByTestId('abono-metodo').selectOption('zelle');
    await form.getByTestId('abono-monto').fill('10,00');
    await form.getByTestId('abono-referencia').fill(`ZM${stamp}A`);
    await form.getByTestId('registrar-abono').click();
    await expect(admin.page.getByTestId('accion-resultado')).toContainText('Abono registrado');
    await admin.page
      .getByTestId('nota-pendiente')
      .filter({ hasText: new RegExp(`^${literal(formatUsd(held.totalCents - 970))}$`) })
      .waitFor();
    await noSidewaysScroll(admin.page);

    // The customer now has the limit asked for, and «Ventas a crédito» lists the counter nota.
    await admin.page.goto(`${baseUrl()}/dashboard/venta/clientes?search=${dni}`);
    await expect(admin.page.getByTestId(`cliente-${dni}`)).toContainText('Límite $ 1.500,00 · 30 días');
    await admin.page.goto(`${baseUrl()}/dashboard/venta/credito?search=${number}`);
    await expect(admin.page.getByTestId(`tarjeta-credito-${number}`)).toContainText('Mostrador');
    await expect(admin.page.getByTestId(`tarjeta-saldo-credito-${number}`)).toHaveText(`Saldo ${formatUsd(held.totalCents - 970)}`);
    await noSidewaysScroll(admin.page);
    expect(seller.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await seller.page.context().close();
    await admin.page.context().close();
  });

  test('rechazada con su motivo: el cliente queda registrado y la unidad vuelve a estar libre', async () => {
    const dni = `J-${stamp}2-${digitoVerificadorRif('J', `${stamp}2`)}`;
    const seller = await newPage(browser, PHONE);
    await login(seller.page, 'ventas@vitrina.com.ve');
    const held = await venderRetenida(seller.page, dni, 'Distribuidora Mayorista Dos');

    const staff = await newPage(browser, PHONE);
    await login(staff.page, 'administracion@vitrina.com.ve');
    await staff.page.goto(`${baseUrl()}/dashboard`);
    await staff.page.getByTestId(`retenida-${held.id}`).waitFor();
    await staff.page.getByTestId(`motivo-retenida-${held.id}`).fill('Sin referencias comerciales');
    await staff.page.getByTestId(`rechazar-retenida-${held.id}`).click();
    await expect(staff.page.getByTestId('retenida-resultado')).toContainText(`Venta retenida N° ${held.id} rechazada`);
    expect(await libres(seller.page, held.article, held.tienda)).toBe(held.before);

    // The customer exists, with no credit yet.
    await staff.page.goto(`${baseUrl()}/dashboard/venta/clientes?search=${dni}`);
    await expect(staff.page.getByTestId(`cliente-${dni}`)).toContainText('Distribuidora Mayorista Dos');
    await expect(staff.page.getByTestId(`cliente-${dni}`)).toContainText('Límite $ 0,00');
    await noSidewaysScroll(staff.page);

    // The seller sees it refused, with the reason, on their home.
    await seller.page.goto(`${baseUrl()}/dashboard`);
    await expect(seller.page.getByTestId(`retenida-${held.id}`).locator('[data-estado]')).toHaveAttribute('data-estado', 'rechazada');
    await expect(seller.page.getByTestId(`retenida-motivo-${held.id}`)).toHaveText('Motivo: Sin referencias comerciales');
    await noSidewaysScroll(seller.page);
    expect(seller.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await seller.page.context().close();
    await staff.page.context().close();
  });
});
