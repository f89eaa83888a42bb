// A credit sale from end to end: administración registers a new customer (an authorization through
// the API) and gives it a credit limit on «Clientes»; the seller sells to it a crédito on "Nueva venta"
// and gets a nota de entrega; administración, on a 360 px phone, registers two abonos on the note's
// page and rejects one, and the note and the receivables list show the same balance. Then the note's
// PDF, downloaded from its document page, renders with pdftoppm and carries its number and total.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { abonoRecibido } from '#domain/abono.ts';
import { DEFAULT_IGTF } from '#domain/igtf.ts';
import { formatUsd } from '#domain/money.ts';
import { baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

const run = promisify(execFile);
let browser: Browser;
let dir: string;
const PHONE = { width: 360, height: 780 };

test.beforeAll(async ({ browser: shared }) => {
  browser = shared;
  dir = await mkdtemp(join(tmpdir(), 'vitrina-venta-credito-'));
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Text without the spaces the es-VE format puts between the symbol and the digits. */
const money = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** "$ 1.234,56" → 123456 cents. */
function centsOf(text: string | null): number {
  const match = /-?[\d.]+,\d{2}/.exec(text ?? '');
  if (!match) throw new Error(`sin monto en «${text}»`);
  return Number(match[0].replace(/\./g, '').replace(',', ''));
}

/** 12345 → "123,45", as the abono form takes it. */
const amountInput = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until the note's balance shows `cents` (the page reloads after each action). */
async function saldoEs(page: Page, cents: number) {
  await page
    .getByTestId('nota-pendiente')
    .filter({ hasText: new RegExp(`^${literal(formatUsd(cents))}$`) })
    .waitFor();
}

async function registrarAbono(page: Page, cents: number, reference: string) {
  const form = page.getByTestId('form-abono');
  await form.getByTestId('abono-metodo').selectOption('zelle');
  await form.getByTestId('abono-monto').fill(amountInput(cents));
  await form.getByTestId('abono-referencia').fill(reference);
  await form.getByTestId('registrar-abono').click();
  await page.locator('[data-testid^="abono-"]').filter({ hasText: reference }).waitFor();
  await expect(page.getByTestId('accion-resultado')).toContainText('Abono registrado');
}

const stamp = String(Date.now()).slice(-8);
const dni = `V-${stamp}`;
const sale = { number: '', totalCents: 0, total: '' };

test.describe('venta a crédito', () => {
  test('el vendedor vende a crédito; administración registra dos abonos, rechaza uno, y la nota y la lista dicen lo mismo', async () => {
    // administración gives the new customer a credit limit (the authorization registers it).
    const admin = await newPage(browser, PHONE);
    await login(admin.page, 'administracion@vitrina.com.ve');
    const alta = await admin.page.request.post(`${baseUrl()}/api/mayor/cuentas/autorizar`, {
      data: { dni, name: 'Cliente a Crédito del Recorrido', maxAmount: '1.00', note: 'Alta del cliente del recorrido' },
    });
    expect(alta.status(), await alta.text()).toBe(201);
    // After hydration only: a value typed into the server's HTML before it can be lost.
    await admin.page.goto(`${baseUrl()}/dashboard/venta/clientes?search=${dni}`, { waitUntil: 'networkidle' });
    await admin.page.getByTestId(`cliente-${dni}`).waitFor();
    await admin.page.getByTestId(`limite-${dni}`).fill('5000,00');
    await admin.page.getByTestId(`dias-${dni}`).fill('30');
    // On leaving the field the amount is shown the Venezuelan way.
    await expect(admin.page.getByTestId(`limite-${dni}`)).toHaveValue('5.000,00');
    await admin.page.getByTestId(`guardar-${dni}`).click();
    await admin.page.getByTestId(`guardado-${dni}`).waitFor();
    // The notice and the revalidated row may land in separate renders: wait for the row.
    await expect(admin.page.getByTestId(`cliente-${dni}`)).toContainText('Límite $ 5.000,00 · 30 días');
    await noSidewaysScroll(admin.page);

    // The seller: a store, the first article with free units, the customer, crédito without payments.
    const seller = await newPage(browser);
    await login(seller.page, 'ventas@vitrina.com.ve');
    await seller.page.goto(`${baseUrl()}/dashboard/venta/nueva`, { waitUntil: 'networkidle' });
    const stores = await seller.page
      .getByTestId('venta-tienda')
      .locator('option')
      .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value));
    expect(stores.length).toBeGreaterThan(0);
    await seller.page.getByTestId('venta-tienda').selectOption(stores[0]);
    const add = seller.page.locator('[data-testid^="agregar-"]:not([disabled])').first();
    await add.waitFor();
    const article = ((await add.getAttribute('data-testid')) ?? '').replace('agregar-', '');
    await add.click();
    await seller.page.getByTestId(`linea-${article}`).waitFor();

    await seller.page.getByTestId('cliente-dni').fill(dni);
    await seller.page.getByTestId('cliente-buscar').click();
    await seller.page.getByTestId('cliente-encontrado').waitFor();
    await expect(seller.page.getByTestId('cliente-encontrado')).toContainText('límite $ 5.000,00 · 30 días · debe $ 0,00');
    await seller.page.getByTestId('condicion').getByText('Crédito (nota)').click();
    await seller.page.getByTestId('falta').filter({ hasText: 'Queda a crédito' }).waitFor();
    const total = money(await seller.page.getByTestId('total-usd').textContent());
    expect(total).toMatch(/^\$ [\d.]+,\d{2}$/);

    await seller.page.getByTestId('registrar-venta').click();
    await seller.page.getByTestId('venta-registrada').waitFor();
    sale.number = (await seller.page.getByTestId('venta-numero').textContent()) ?? '';
    expect(sale.number).toMatch(/^NE-[A-Z0-9]+-\d{6}$/);
    const panel = money(await seller.page.getByTestId('venta-total').textContent());
    expect(panel).toContain(`Total ${total}`);
    sale.total = total;
    sale.totalCents = centsOf(total);
    expect(money(await seller.page.getByTestId('venta-registrada').textContent())).toContain(`Saldo pendiente ${total}`);
    expect(seller.errors).toEqual([]);
    await seller.page.context().close();

    // administración on the phone: the note in the list, then its page.
    const { page, errors } = admin;
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar?search=${sale.number}`);
    const card = page.getByTestId(`tarjeta-cobro-${sale.number}`);
    await card.waitFor();
    await expect(card).toContainText(dni);
    await expect(page.getByTestId(`tarjeta-saldo-${sale.number}`)).toHaveText(`Saldo ${formatUsd(sale.totalCents)}`);
    await noSidewaysScroll(page);
    await card.click();
    await page.waitForURL(new RegExp(`/dashboard/cuentas/por-cobrar/${sale.number}$`));
    await saldoEs(page, sale.totalCents);
    expect(centsOf(await page.getByTestId('nota-total').textContent())).toBe(sale.totalCents);

    // Two Zelle abonos, 30 % and 20 % of the total: each takes off the balance at once what is left after
    // its IGTF (3 %, apart from the balance).
    const first = Math.round(sale.totalCents * 0.3);
    const second = Math.round(sale.totalCents * 0.2);
    const firstNet = abonoRecibido('USD', first, DEFAULT_IGTF).toNoteCents;
    const secondNet = abonoRecibido('USD', second, DEFAULT_IGTF).toNoteCents;
    expect(second).toBeGreaterThan(0);
    await registrarAbono(page, first, `ZC${stamp}A`);
    await saldoEs(page, sale.totalCents - firstNet);
    await registrarAbono(page, second, `ZC${stamp}B`);
    await saldoEs(page, sale.totalCents - firstNet - secondNet);
    await noSidewaysScroll(page);

    // Rejecting the first gives its amount back; the second stays pending and still counts.
    const rejected = page.locator('[data-testid^="abono-"]').filter({ hasText: `ZC${stamp}A` });
    await rejected.getByRole('link', { name: 'Rechazar…' }).click();
    await rejected.getByTestId('motivo-rechazo').fill('No llegó a la cuenta');
    await rejected.getByTestId('confirmar-rechazo').click();
    const owed = sale.totalCents - secondNet;
    await saldoEs(page, owed);
    await expect(page.getByTestId('accion-resultado')).toContainText('Abono rechazado');
    await expect(rejected.locator('[data-paso]')).toHaveAttribute('data-paso', 'rechazado');
    const pending = page.locator('[data-testid^="abono-"]').filter({ hasText: `ZC${stamp}B` });
    await expect(pending.locator('[data-paso]')).toHaveAttribute('data-paso', 'pendiente');
    await noSidewaysScroll(page);

    // The list row for the note (and its customer) shows the same balance.
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar?search=${sale.number}`);
    await expect(page.getByTestId(`tarjeta-saldo-${sale.number}`)).toHaveText(`Saldo ${formatUsd(owed)}`);
    await expect(page.getByTestId(`tarjeta-cobro-${sale.number}`)).toContainText('Cliente a Crédito del Recorrido');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('el PDF de la nota se dibuja (pdftoppm) y lleva su número y su total en $ y Bs.', async () => {
    expect(sale.number, 'la venta del primer recorrido').toMatch(/^NE-/);
    const { page, errors } = await newPage(browser);
    await login(page, 'ventas@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/venta/documento/${sale.number}`);
    await expect(page.getByTestId('documento-numero')).toContainText(sale.number);
    // «Total» on the page: "$ 12,34 · Bs. 456,78".
    const shown = money(await page.locator('p[data-testid="documento-total-resumen"]').textContent());
    const [usd, ves] = shown.split(' · ');
    expect(usd).toBe(sale.total);
    expect(ves).toMatch(/^Bs\. [\d.]+,\d{2}$/);

    const href = await page.getByTestId('descargar-pdf').getAttribute('href');
    expect(href).toBe(`/api/ventas/documento/${sale.number}/pdf`);
    const response = await page.request.get(`${baseUrl()}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const pdf = join(dir, `${sale.number}.pdf`);
    await writeFile(pdf, await response.body());

    // Missing poppler-utils makes execFile reject: the test fails, it does not skip.
    await run('pdftoppm', ['-png', '-r', '50', pdf, join(dir, 'pagina')]);
    const pngs = (await readdir(dir)).filter((f) => f.startsWith('pagina') && f.endsWith('.png'));
    expect(pngs.length).toBeGreaterThan(0);
    const png = await readFile(join(dir, pngs.sort()[0]));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    // A letter or A4 page at 50 dpi: about 413–425 × 550–585 px.
    expect(width).toBeGreaterThan(380);
    expect(width).toBeLessThan(460);
    expect(height).toBeGreaterThan(520);
    expect(height).toBeLessThan(620);

    const { stdout } = await run('pdftotext', ['-layout', pdf, '-']);
    const text = stdout.replace(/[ \t]+/g, ' ');
    expect(text).toContain(sale.number);
    expect(text).toMatch(new RegExp(`TOTAL\\s+${literal(usd)}\\s+${literal(ves)}`));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('un límite de crédito escrito antes de que la página cargue su JavaScript no se pierde al hidratarse', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'administracion@vitrina.com.ve');
    const other = `V-${String(Number(stamp) + 1).padStart(8, '0')}`;
    const alta = await page.request.post(`${baseUrl()}/api/mayor/cuentas/autorizar`, {
      data: { dni: other, name: 'Cliente que Carga Lento', maxAmount: '1.00', note: 'Alta del cliente del recorrido' },
    });
    expect(alta.status(), await alta.text()).toBe(201);
    // The page's scripts wait until the values are typed into the server's HTML.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/dashboard/venta/clientes?search=${other}`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId(`limite-${other}`).fill('7000,00');
    await page.getByTestId(`dias-${other}`).fill('45');
    release();
    // Hydrated: React has taken over the input it was given by the server.
    await page.waitForFunction((id) => {
      const input = document.querySelector(`[data-testid="limite-${id}"]`);
      return input !== null && Object.keys(input).some((k) => k.startsWith('__reactFiber'));
    }, other);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId(`limite-${other}`)).toHaveValue('7000,00');
    await expect(page.getByTestId(`dias-${other}`)).toHaveValue('45');
    await page.getByTestId(`guardar-${other}`).click();
    await page.getByTestId(`guardado-${other}`).waitFor();
    await expect(page.getByTestId(`cliente-${other}`)).toContainText('Límite $ 7.000,00 · 45 días');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
