// The merchant's day on a 360 px phone, through the screens, checking the money on every surface:
// inventario sets a product's price; the admin makes a coupon; a guest buys it with the coupon and
// reports a Pago Móvil a little short; administración approves what was received and writes the
// difference off with its reason (within the store's tolerance); the order moves through the
// pipeline; the buyer gets the factura's PDF; «Pagos recibidos» (screen and XLSX) books the Bs.
// received, never the order's total; a counter sale paid in dollars cash and Pago Móvil carries the
// IGTF of its dollars; a new wholesale buyer gets credit (held, approved from the admin's home) and
// pays abonos; its statement's PDF owes the balance in Bs. at today's rate.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { digitoVerificadorRif } from '#domain/identidad.ts';
import { formatUsd, formatVes, usdToVesCents } from '#domain/money.ts';
import { baseUrl, expect, login, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

const run = promisify(execFile);
let browser: Browser;
let dir: string;

test.beforeAll(async ({ browser: shared }) => {
  browser = shared;
  dir = await mkdtemp(path.join(tmpdir(), 'vitrina-dia-'));
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** "$ 1.234,56" or "Bs. 1.234,56" → 123456 cents. */
function centsOf(text: string | null): number {
  const match = /-?[\d.]+,\d{2}/.exec(text ?? '');
  if (!match) throw new Error(`sin monto en «${text}»`);
  return Number(match[0].replace(/\./g, '').replace(',', ''));
}

/** 123456 → "1.234,56", as a Venezuelan types it. */
const esVE = (cents: number) => formatVes(cents).replace(/^Bs\.\s*/, '');

const stamp = String(Date.now()).slice(-6);

async function staff(email: string): Promise<{ page: Page; errors: string[] }> {
  const session = await newPage(browser, PHONE);
  await login(session.page, email);
  return session;
}

/** The text of a PDF the page's session downloads, as pdftotext reads it. */
async function pdfText(page: Page, url: string, name: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const file = path.join(dir, name);
  await writeFile(file, await response.body());
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** A model with a size that has units in a store that ships, read from the public API. */
async function pickArticle(): Promise<{ model: string; article: string; tiendaId: number }> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=60&sort_by=nombre`)).json()) as {
    data: { model: string }[];
  };
  for (const { model } of list.data.slice(10)) {
    const detail = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as {
      data: { discount: string; sizes: { article: string; stores: { id: number; quantity: number }[] }[] };
    };
    if (detail.data.discount !== '0.00') continue;
    for (const size of detail.data.sizes) {
      const store = size.stores.find((s) => s.quantity >= 4);
      if (store) return { model, article: size.article, tiendaId: store.id };
    }
  }
  throw new Error('ningún artículo tiene existencia');
}

test.describe('el día del comerciante', () => {
  // A step that cannot happen fails in a minute, not at the journey's bound.
  test.use({ actionTimeout: 60_000 });
  test('producto, cupón, compra con pago corto castigado, despacho, factura, pagos recibidos, mostrador con IGTF, crédito a un mayorista nuevo, abonos y estado de cuenta', async () => {
    // A whole day of screens: three times the bound of one journey (a bound, not a wait).
    test.slow();
    const pick = await pickArticle();
    const coupon = `DIA${stamp}`;
    let order = '';
    let factura = '';
    let shortVesCents = 0;

    await test.step('inventario fija el precio del producto', async () => {
      const { page, errors } = await staff('inventario@vitrina.com.ve');
      await page.goto(`${baseUrl()}/dashboard/configurar/productos/${pick.model}`);
      await page.getByLabel('Precio (USD)').fill('40,00');
      await page.getByTestId('guardar-producto').click();
      await page.getByTestId('producto-guardado').waitFor();
      await expect(page.getByLabel('Precio (USD)')).toHaveValue('40,00');
      await noSidewaysScroll(page);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    await test.step('el admin crea un cupón del 10 %', async () => {
      const { page, errors } = await staff('admin@vitrina.com.ve');
      await page.goto(`${baseUrl()}/dashboard/cupones`);
      await page.getByTestId('nuevo-cupon').click();
      await page.getByTestId('descuento-nombre').fill('Cupón del día');
      await page.getByTestId('descuento-valor').fill('10');
      await page.getByTestId('cupon-codigo-nuevo').fill(coupon);
      await page.getByTestId('cupon-usos').fill('3');
      await page.getByTestId('descuento-guardar').click();
      await page.waitForURL(/\/dashboard\/cupones\?guardado=1$/);
      await expect(page.getByTestId(`usos-${coupon}`)).toHaveText('0 de 3');
      expect(errors).toEqual([]);
      await page.context().close();
    });

    await test.step('un invitado compra con el cupón y reporta un Pago Móvil un poco corto', async () => {
      const { page, errors } = await newPage(browser, PHONE);
      await page.goto(`${baseUrl()}/`);
      const added = await page.request.post(`${baseUrl()}/api/carrito/guardar/item`, {
        data: { articleCode: pick.article, stores: [{ tiendaId: pick.tiendaId, quantity: 1 }] },
      });
      expect(added.status()).toBe(200);
      await page.goto(`${baseUrl()}/carrito`);
      await page.getByTestId('cupon-codigo').fill(coupon.toLowerCase());
      await page.getByTestId('cupon-aplicar').click();
      await page.getByTestId('resumen-cupon').waitFor();
      await page.getByTestId('checkout-siguiente').click();
      await page.getByLabel('Nombre completo').fill('Rosa Elena Marcano');
      await page.getByLabel('Correo electrónico').fill(`rosa.${stamp}@correo.com`);
      await page.getByLabel('Teléfono').fill('0414-555-3322');
      await page.getByLabel('Cédula o RIF').fill(`V-2${stamp}1`);
      await page.getByLabel('Estado').selectOption('Lara');
      await page.getByLabel('Ciudad').selectOption('Barquisimeto');
      await page.getByLabel('Dirección').fill('Av. Lara, edificio Las Trinitarias, piso 2');
      await page.getByTestId('checkout-siguiente').click();
      await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 3 de 5' }).waitFor();
      await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
      await page.getByTestId('agencia-mrw').click();
      await page.getByTestId('checkout-siguiente').click();
      await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 4 de 5' }).waitFor();
      await page.getByTestId('metodo-pago-movil').click();
      const dueVes = centsOf(await page.getByTestId('pago-monto').inputValue());
      // Bs. 100,00 short: under a dollar at the demo's rate, within the store's tolerance.
      shortVesCents = dueVes - 10_000;
      await page.getByTestId('pago-monto').fill(esVE(shortVesCents));
      await page.getByTestId('pago-referencia').fill(`8${stamp}123`);
      await page.getByTestId('pago-banco').selectOption('0134');
      await page.getByTestId('pago-fecha').fill('2026-11-30');
      await noSidewaysScroll(page);
      await page.getByTestId('checkout-siguiente').click();
      await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 5 de 5' }).waitFor();
      await page.getByTestId('acepto-terminos').check();
      await page.getByTestId('checkout-confirmar').click();
      await page.waitForURL(/\/carrito\/ver-orden\?codigo=OC-\d{6}&t=[0-9a-f]{32}$/);
      order = (await page.getByTestId('codigo-orden').textContent()) ?? '';
      expect(order).toMatch(/^OC-\d{6}$/);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    await test.step('administración aprueba lo recibido y castiga la diferencia con su motivo', async () => {
      const { page, errors } = await staff('administracion@vitrina.com.ve');
      await page.goto(`${baseUrl()}/dashboard/venta/${order}`, { waitUntil: 'networkidle' });
      await page.getByTestId('accion-confirmar-pago').click();
      const effect = page.getByTestId('confirmar-pago-efecto');
      await expect(effect).toContainText('Falta');
      await expect(effect).toContainText(formatVes(10_000).replace(/\s+/g, ' ').slice(0, 4));
      await page.getByTestId('castigar-diferencia').check();
      await page.getByTestId('motivo-castigo').fill('Diferencia de redondeo del banco del cliente');
      await page.getByTestId('confirmar-aprobar-pago').click();
      await page.getByTestId('accion-resultado').waitFor();
      await expect(page.getByTestId('paso-actual')).toHaveAttribute('data-paso', 'pago-confirmado');
      await expect(page.locator('body')).toContainText('Diferencia de redondeo del banco del cliente');
      await noSidewaysScroll(page);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    await test.step('el pedido pasa por inventario y despacho', async () => {
      for (const [email, action, step] of [
        ['inventario@vitrina.com.ve', 'accion-confirmar-inventario', 'inventario-confirmado'],
        ['despacho@vitrina.com.ve', 'accion-despachar', 'despachada'],
      ] as const) {
        const { page, errors } = await staff(email);
        await page.goto(`${baseUrl()}/dashboard/venta/${order}`, { waitUntil: 'networkidle' });
        if (action === 'accion-despachar') await page.getByTestId('numero-guia').fill(`MRW${stamp}77`);
        await page.getByTestId(action).click();
        await page.getByTestId('accion-resultado').waitFor();
        await expect(page.getByTestId('paso-actual')).toHaveAttribute('data-paso', step);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    });

    await test.step('la factura y «Pagos recibidos» asientan lo recibido, no el total', async () => {
      const { page, errors } = await staff('admin@vitrina.com.ve');
      await page.goto(`${baseUrl()}/dashboard/venta/${order}`, { waitUntil: 'networkidle' });
      factura = /F-[A-Z0-9]+-\d{6}/.exec((await page.locator('body').textContent()) ?? '')?.[0] ?? '';
      expect(factura).not.toBe('');
      const invoice = await pdfText(page, `${baseUrl()}/api/ventas/documento/${factura}/pdf`, 'factura.pdf');
      expect(invoice).toContain(factura);
      expect(invoice).toContain(esVE(shortVesCents));

      await page.goto(`${baseUrl()}/dashboard/venta/pagos?search=${factura}`, { waitUntil: 'networkidle' });
      const row = page.getByTestId('tabla-pagos').locator('tr', { hasText: factura });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(esVE(shortVesCents));
      await noSidewaysScroll(page);
      // The sheet says the same.
      const href = (await page.getByTestId('exportar-pagos-xlsx').getAttribute('href')) ?? '';
      const sheet = await page.request.get(`${baseUrl()}${href}`);
      expect(sheet.status()).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await sheet.body()) as unknown as ArrayBuffer);
      const cells: string[][] = [];
      book.worksheets[0].eachRow((r) => cells.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      const line = cells.find((r) => r.includes(factura));
      expect(line, JSON.stringify(cells.slice(0, 3))).toBeDefined();
      expect(line?.some((v) => Math.round(Number(v) * 100) === shortVesCents)).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    await test.step('el mostrador: efectivo en dólares y Pago Móvil, con el IGTF de los dólares', async () => {
      const { page, errors } = await staff('ventas@vitrina.com.ve');
      await page.goto(`${baseUrl()}/dashboard/venta/nueva`, { waitUntil: 'networkidle' });
      const add = page.locator('[data-testid^="agregar-"]:not([disabled]):not([data-testid="agregar-pago"])').first();
      await add.waitFor();
      const article = ((await add.getAttribute('data-testid')) ?? '').replace('agregar-', '');
      await add.click();
      await page.getByTestId(`linea-${article}`).waitFor();
      await page.getByTestId('cliente-dni').fill(`V-1${stamp}9`);
      await page.getByTestId('cliente-buscar').click();
      await page.getByTestId('cliente-nombre').fill('Cliente del Mostrador');
      await page.getByTestId('pago-metodo-0').selectOption('efectivo');
      await page.getByTestId('pago-monto-0').fill('5,00');
      await page.getByTestId('agregar-pago').click();
      await page.getByTestId('pago-metodo-1').selectOption('pago-movil');
      await page.getByTestId('pago-banco-1').selectOption('0134');
      await page.getByTestId('pago-referencia-1').fill(`PM${stamp}5`);
      await page.getByTestId('pago-completar-1').click();
      // 3 % of the $ 5,00 in cash: $ 0,15.
      await expect(page.getByTestId('total-igtf-usd')).toHaveText('$ 0,15');
      await expect(page.getByTestId('falta')).toHaveCount(0);
      await noSidewaysScroll(page);
      await page.getByTestId('registrar-venta').click();
      await page.getByTestId('venta-registrada').waitFor();
      const number = (await page.getByTestId('venta-numero').textContent()) ?? '';
      const pdf = await pdfText(page, `${baseUrl()}/api/ventas/documento/${number}/pdf`, 'mostrador.pdf');
      expect(pdf).toContain(number);
      expect(pdf).toMatch(/IGTF[^$]*\$ 0,15/);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    await test.step('un mayorista nuevo a crédito: retenida, aprobada desde el inicio del admin, dos abonos y su estado de cuenta a la tasa de hoy', async () => {
      // A RIF as SENIAT gives it: eight digits and its check digit.
      const digits = `4${stamp}2`;
      const dni = `J-${digits}-${digitoVerificadorRif('J', digits)}`;
      const seller = await staff('ventas@vitrina.com.ve');
      await seller.page.goto(`${baseUrl()}/dashboard/venta/nueva`, { waitUntil: 'networkidle' });
      const add = seller.page.locator('[data-testid^="agregar-"]:not([disabled]):not([data-testid="agregar-pago"])').first();
      await add.waitFor();
      await add.click();
      await seller.page.getByTestId('cliente-dni').fill(dni);
      await seller.page.getByTestId('cliente-buscar').click();
      await seller.page.getByTestId('cliente-nombre').fill('Comercial Mayorista del Día');
      await seller.page.getByTestId('condicion').getByText('Crédito (nota)').click();
      await seller.page.getByTestId('credito-a-autorizar').waitFor();
      await seller.page.getByTestId('credito-limite').fill('2.000,00');
      await seller.page.getByTestId('credito-dias').fill('30');
      const totalCents = centsOf(await seller.page.getByTestId('total-usd').textContent());
      await seller.page.getByTestId('registrar-venta').click();
      const held = Number(/N° (\d+)/.exec((await seller.page.getByTestId('venta-retenida').textContent()) ?? '')?.[1]);
      expect(held).toBeGreaterThan(0);
      await seller.page.context().close();

      const { page, errors } = await staff('admin@vitrina.com.ve');
      await page.goto(`${baseUrl()}/dashboard`);
      await page.getByTestId(`aprobar-retenida-${held}`).click();
      await expect(page.getByTestId('retenida-resultado')).toContainText('Venta aprobada: nota de entrega NE-');
      const nota = /NE-[A-Z0-9]+-\d{6}/.exec((await page.getByTestId('retenida-resultado').textContent()) ?? '')?.[0] ?? '';
      await page.getByTestId('retenida-nota').click();
      await page.waitForURL(new RegExp(`/dashboard/cuentas/por-cobrar/${nota}$`));
      await expect(page.getByTestId('nota-pendiente')).toHaveText(formatUsd(totalCents));

      // Two abonos of $ 5,00 by Zelle, typed the Venezuelan way.
      for (const reference of [`ZD${stamp}1`, `ZD${stamp}2`]) {
        const form = page.getByTestId('form-abono');
        await form.getByTestId('abono-metodo').selectOption('zelle');
        await form.getByTestId('abono-monto').fill('5,00');
        await form.getByTestId('abono-referencia').fill(reference);
        await form.getByTestId('registrar-abono').click();
        await page.locator('[data-testid^="abono-"]').filter({ hasText: reference }).waitFor();
      }
      await noSidewaysScroll(page);
      const owed = centsOf(await page.getByTestId('nota-pendiente').textContent());
      // Each Zelle abono of $ 5,00 carries $ 0,15 of IGTF apart and puts $ 4,85 on the note.
      expect(owed).toBe(totalCents - 970);

      // The statement's PDF: the balance in Bs. at today's rate, with the rate printed.
      const rate = (await (await page.request.get(`${baseUrl()}/api/general/tasa-del-dia`)).json()) as { data: { amount: string } };
      const found = await page.request.get(`${baseUrl()}/api/ventas/clientes?search=${digits}`);
      const clientId = ((await found.json()) as { data: { id: number }[] }).data[0]?.id;
      expect(clientId).toBeGreaterThan(0);
      const statement = await pdfText(page, `${baseUrl()}/api/mayor/cuentas/estado-de-cuenta/${clientId}/pdf`, 'estado.pdf');
      expect(statement).toContain(nota);
      expect(statement).toContain('Tasa de hoy');
      expect(statement).toContain(formatVes(usdToVesCents(owed, rate.data.amount)).replace(/^Bs\.\s*/, ''));
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });
});
