import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { ArticleDetail } from '#domain/contracts/catalogo.ts';
import { baseUrl, cancelUnpaidOrders, chooseStoreUnits, expect, login, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

type Pick2 = { path: string; first: { code: string; store: number }; second: { code: string; store: number } };

/** A model with two sizes in stock in two different stores, read from the public API. */
async function twoSizesTwoStores(): Promise<Pick2> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=60`)).json()) as { data: { model: string }[] };
  for (const { model } of list.data) {
    const { data: article } = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as { data: ArticleDetail };
    const sizes = article.sizes.filter((s) => s.stores.some((st) => st.quantity >= 2));
    for (const a of sizes) {
      for (const b of sizes) {
        if (a.code === b.code) continue;
        const storeA = a.stores.find((st) => st.quantity >= 2);
        const storeB = b.stores.find((st) => st.quantity >= 2 && st.id !== storeA?.id);
        if (storeA && storeB) {
          const path = `/linea/${article.lineCode}/sub-lineas/${article.subLineCode}/articulos/`;
          return { path, first: { code: a.article, store: storeA.id }, second: { code: b.article, store: storeB.id } };
        }
      }
    }
  }
  throw new Error('ningún modelo tiene dos tallas en dos tiendas');
}

/** The first amount of a text («$ 1.234,56», «Bs. 45,00»), in cents. */
function cents(text: string | null): number {
  const amount = /(\d[\d.]*,\d{2})/.exec(text ?? '')?.[1];
  if (!amount) throw new Error(`sin monto en «${text}»`);
  return Number(amount.replaceAll('.', '').replace(',', ''));
}

async function addFromStore(page: Page, path: string, article: { code: string; store: number }) {
  await page.goto(`${baseUrl()}${path}${article.code}`);
  await chooseStoreUnits(page, { [article.store]: 1 });
  await page.getByTestId('agregar-carrito').click();
  await page.getByTestId('agregado').waitFor();
}

test.describe('páginas sin esperar a los scripts', () => {
  test('el HTML del servidor ya trae el esquema de color, así los colores no dependen de la hidratación', async () => {
    const html = await (await fetch(`${baseUrl()}/carrito`)).text();
    expect(html).toMatch(/<html[^>]* data-mantine-color-scheme="light"/);
  });
});

test.describe('compra de un invitado', () => {
  test('dos tallas de dos tiendas → cinco pasos → pago móvil → código de orden y seguimiento público', async () => {
    // The purchase, then four staff sessions move it to delivered: long on a busy two-core machine.
    test.setTimeout(240_000);
    const pick = await twoSizesTwoStores();
    const { page, errors } = await newPage(browser);
    await addFromStore(page, pick.path, pick.first);
    await addFromStore(page, pick.path, pick.second);
    await expect(page.getByTestId('unidades-carrito')).toHaveText('2');

    await page.getByTestId('enlace-carrito').click();
    await page.waitForURL(/\/carrito$/);
    await page.getByTestId(`linea-${pick.first.code}`).waitFor();
    await page.getByTestId(`linea-${pick.second.code}`).waitFor();
    await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 1 de 5 · Carrito' }).waitFor();
    const next = page.getByTestId('checkout-siguiente');
    await next.click();

    // Step 2: an incomplete form does not go on, and says why in Spanish.
    await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 2 de 5 · Sus datos' }).waitFor();
    await next.click();
    await page.getByText('El nombre completo es obligatorio').waitFor();
    await page.getByLabel('Nombre completo').fill('María Fernanda Rojas');
    await page.getByLabel('Correo electrónico').fill('maria.rojas@correo.com');
    await page.getByLabel('Teléfono').fill('0412-555-7788');
    await page.getByLabel('Cédula o RIF').fill('V-18765432');
    await page.getByLabel('Estado').selectOption('Lara');
    await page.getByLabel('Ciudad').selectOption('Barquisimeto');
    await page.getByLabel('Dirección').fill('Carrera 19 con calle 25, edificio Don Pedro');
    await next.click();

    // Step 3, on a 360 px phone: delivery copied from the buyer, then sent to a far state; each agency
    // shows its cost and days there (docs/decisions/0027), and the summary adds the chosen one.
    await page.setViewportSize(PHONE);
    await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 3 de 5 · Envío' }).waitFor();
    await page.getByTestId('retiro-sin-costo').waitFor();
    await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
    await expect(page.getByTestId('costo-envio-mrw')).toHaveText('$ 5,00');
    await page.getByLabel('Estado').selectOption('Amazonas');
    await page.getByLabel('Ciudad').selectOption('Puerto Ayacucho');
    await page.getByTestId('agencias').getByText('Costo y tiempo de entrega hasta Amazonas').waitFor();
    await expect(page.getByTestId('costo-envio-mrw')).toHaveText('$ 11,00');
    await expect(page.getByTestId('agencia-mrw')).toContainText('5 a 8 días hábiles');
    await expect(page.getByTestId('costo-envio-liberty')).toHaveText('Por cobrar en destino');
    await expect(page.getByTestId('resumen-envio')).toHaveText('Por calcular');
    const withoutShipping = cents(await page.getByTestId('total-usd').textContent());
    await next.click();
    await page.getByText('Elija una agencia de envío').waitFor();
    await page.getByTestId('agencia-mrw').click();
    await expect(page.getByTestId('resumen-envio')).toHaveText('$ 11,00');
    const totalUsd = cents(await page.getByTestId('total-usd').textContent());
    expect(totalUsd).toBe(withoutShipping + 1100);
    await noSidewaysScroll(page);
    // The agency cards (costs, «Por cobrar en destino» badges) pass axe: nothing serious or critical.
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await next.click();

    // Step 4: Pago Móvil shows the store's account and takes the payment data; the amount has the shipping.
    await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 4 de 5 · Pago' }).waitFor();
    await page.getByTestId('metodo-pago-movil').click();
    await page.getByText('Teléfono: 0414-555-0101').waitFor();
    await expect(page.getByTestId('monto-a-pagar')).toHaveText(/Bs\. [\d.]+,\d{2}/);
    const totalVes = cents(await page.getByTestId('total-ves').textContent());
    expect(cents(await page.getByTestId('monto-a-pagar').textContent())).toBe(totalVes);
    await expect(page.getByTestId('pago-monto')).toHaveValue(
      ((await page.getByTestId('total-ves').textContent()) ?? '').replace(/^Bs\. /, ''),
    );
    await page.getByTestId('pago-referencia').fill(`PM${Date.now().toString().slice(-8)}`);
    await page.getByTestId('pago-banco').selectOption('0134');
    await page.getByTestId('pago-fecha').fill('2026-11-20');
    await next.click();

    // Step 5: the summary, then the order.
    await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 5 de 5 · Confirmación' }).waitFor();
    await page.getByText('María Fernanda Rojas').first().waitFor();
    await page.getByTestId('acepto-terminos').check();
    await page.getByTestId('checkout-confirmar').click();
    await page.waitForURL(/\/carrito\/ver-orden\?codigo=OC-\d{6}&t=[0-9a-f]{32}$/);
    const code = (await page.getByTestId('codigo-orden').textContent()) ?? '';
    expect(code).toMatch(/^OC-\d{6}$/);
    // The confirmation says what the shipping costs and takes, and the total has it.
    await expect(page.getByTestId('envio-confirmacion')).toHaveText(/^Envío MRW: \$ 11,00 · Bs\. [\d.]+,\d{2} · 5 a 8 días hábiles$/);
    expect(cents(await page.getByTestId('total-confirmacion').textContent())).toBe(totalUsd);
    await noSidewaysScroll(page);
    await expect(page.getByTestId('unidades-carrito')).toHaveCount(0);
    // A reported payment is not a received one; the articles show with their pictures; share by WhatsApp.
    await expect(page.getByTestId('estado-pago')).toContainText('Pago reportado, por confirmar');
    await expect(page.getByText('Pago recibido')).toHaveCount(0);
    await expect(page.locator('[data-testid="articulos-orden"] img')).toHaveCount(2);
    await expect(page.getByTestId(`articulo-orden-${pick.first.code}`).locator('img')).toHaveAttribute(
      'src',
      /^\/imagenes\/modelos\/.+\.webp$/,
    );
    const share = (await page.getByTestId('compartir-whatsapp').getAttribute('href')) ?? '';
    expect(share).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(share.split('text=')[1])).toContain(`Mi pedido ${code}`);

    await page.getByTestId('ver-seguimiento').click();
    // The signed link: the buyer types nothing to follow the order.
    await page.waitForURL(new RegExp(`/orden/${code}\\?t=[0-9a-f]{32}$`));
    await expect(page.getByTestId('paso-orden')).toHaveText('Pago por confirmar');
    await expect(page.getByTestId('hito-pago-por-confirmar')).toHaveAttribute('data-alcanzado', 'si');
    await expect(page.getByTestId('hito-pago-confirmado')).toHaveAttribute('data-alcanzado', 'no');
    // The order's page has the shipping among its totals, with the days, on the phone too.
    await expect(page.getByTestId('envio-orden')).toHaveText(/^Envío MRW\$ 11,00Bs\. [\d.]+,\d{2}$/);
    await page.getByText('5 a 8 días hábiles').first().waitFor();
    expect(cents(await page.getByTestId('total-orden-publica').textContent())).toBe(totalUsd);
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);

    // Staff move it along, each with the role docs/dominio.md §Pasos de la orden de compra gives the step.
    const tracking = `MRW${Date.now().toString().slice(-9)}`;
    await staffStep('administracion@vitrina.com.ve', code, 'accion-confirmar-pago', 'pago-confirmado');
    await staffStep('inventario@vitrina.com.ve', code, 'accion-confirmar-inventario', 'inventario-confirmado');
    await staffStep('despacho@vitrina.com.ve', code, 'accion-despachar', 'despachada', tracking);
    await staffStep('despacho@vitrina.com.ve', code, 'accion-entregada', 'entregada');

    // Codes are sequential: without the link the page asks for the e-mail or cédula of the purchase.
    await page.goto(`${baseUrl()}/orden/${code}`);
    await page.getByTestId('acceso-prueba').fill('otra.persona@correo.com');
    await page.getByTestId('acceso-ver').click();
    await page.getByTestId('acceso-error').waitFor();
    await expect(page.getByTestId('paso-orden')).toHaveCount(0);
    await page.getByTestId('acceso-prueba').fill('MARIA.ROJAS@correo.com');
    await page.getByTestId('acceso-ver').click();
    await page.waitForURL(new RegExp(`/orden/${code}\\?t=[0-9a-f]{32}$`));

    // The public page shows every step reached, and the tracking number.
    await expect(page.getByTestId('paso-orden')).toHaveText('Entregada');
    for (const step of ['pago-por-confirmar', 'pago-confirmado', 'inventario-confirmado', 'despachada', 'entregada']) {
      await expect(page.getByTestId(`hito-${step}`), step).toHaveAttribute('data-alcanzado', 'si');
      await expect(page.getByTestId(`hito-${step}`), step).toHaveText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    }
    // The signed link is the buyer's: the whole tracking number, and the carrier's tracking page.
    await expect(page.getByTestId('numero-guia')).toHaveText(tracking);
    await expect(page.getByTestId('enlace-rastreo')).toHaveText('Seguir el envío en MRW');
    await expect(page.getByTestId('enlace-rastreo')).toHaveAttribute('href', 'https://www.mrwve.com/');
    expect(errors).toEqual([]);
  });
});

/** An unpaid ("pago pendiente") order of the n-th buyer, placed through the API. */
async function unpaidOrder(article: { code: string; store: number }, n: number): Promise<string> {
  const buyer = {
    fullName: `Comprador Impago ${n}`,
    email: `impago.${n}.${Date.now()}@correo.com`,
    phone: `0412-${String(5_550_000 + n)}`,
    dni: `V-${30_000_000 + n}`,
    state: 'Carabobo',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, casa 12',
  };
  const response = await fetch(`${baseUrl()}/api/orden-compra/registrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-impaga-${n}-${Date.now()}` },
    body: JSON.stringify({
      user: buyer,
      delivery: { ...buyer, contact: buyer.fullName, agency: 'mrw' },
      items: [{ articleCode: article.code, stores: [{ tiendaId: article.store, quantity: 1 }] }],
      payment: { method: 'pago-pendiente' },
    }),
  });
  const body = (await response.json()) as { data?: { orderCode: string }; message?: string };
  if (response.status !== 201 || !body.data) throw new Error(`registrar: ${response.status} ${body.message}`);
  return body.data.orderCode;
}

test.describe('avisos del panel', () => {
  test('ventas, con la lista de órdenes abierta, ve el aviso de una orden nueva sin recargar', async () => {
    const pick = await twoSizesTwoStores();
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    // The list listens for new orders (server-sent events) once it has loaded.
    const listening = page.waitForResponse((response) => response.url().includes('/api/orden-compra/eventos'));
    await page.goto(`${baseUrl()}/dashboard/venta`);
    await listening;
    const code = await unpaidOrder(pick.first, 90);
    try {
      await page.getByText(`Nueva orden ${code}`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await cancelUnpaidOrders(browser, [code]);
      await page.context().close();
    }
  });
});

test.describe('el personal libera la existencia de órdenes sin pago', () => {
  test('desde el detalle con «Anular y liberar existencia», y marcando varias en la lista de pendientes', async () => {
    const pick = await twoSizesTwoStores();
    const codes = [];
    for (let n = 0; n < 3; n++) codes.push(await unpaidOrder(pick.first, n));
    const { page, errors } = await newPage(browser);
    await login(page, 'administracion@vitrina.com.ve');

    await page.goto(`${baseUrl()}/dashboard/venta/${codes[0]}`, { waitUntil: 'networkidle' });
    await page.getByTestId('accion-anular').click();
    await page.getByTestId('confirmar-anular').click();
    await page.getByTestId('accion-resultado').waitFor();
    await expect(page.getByTestId('paso-actual')).toHaveAttribute('data-paso', 'anulada');

    await page.goto(`${baseUrl()}/dashboard/venta?paso=pendiente`, { waitUntil: 'networkidle' });
    await page.getByTestId(`elegir-${codes[1]}`).check();
    await page.getByTestId(`elegir-${codes[2]}`).check();
    await page.getByTestId('anular-impagas-abrir').click();
    await page.getByTestId('anular-impagas-nota').fill('Órdenes de prueba');
    await page.getByTestId('anular-impagas-confirmar').click();
    await page.getByTestId('anular-impagas-resultado').waitFor();
    // In the order of the list (newest first).
    await expect(page.getByTestId('anular-impagas-resultado')).toHaveText(
      `Se anularon 2 órdenes y su existencia quedó libre: ${codes[2]}, ${codes[1]}.`,
    );
    await expect(page.getByTestId(`orden-${codes[1]}`)).toHaveCount(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

async function staffStep(email: string, code: string, action: string, expected: string, tracking?: string) {
  const { page, errors } = await newPage(browser);
  await login(page, email);
  await page.goto(`${baseUrl()}/dashboard/venta/${code}`, { waitUntil: 'networkidle' });
  if (tracking) await page.getByTestId('numero-guia').fill(tracking);
  await page.getByTestId(action).click();
  // «Aprobar pago» asks first, with what it books in $ and Bs.
  if (action === 'accion-confirmar-pago') {
    await expect(page.getByTestId('confirmar-pago-efecto')).toContainText('Recibido');
    await page.getByTestId('confirmar-aprobar-pago').click();
  }
  await page
    .locator('[data-testid="accion-resultado"], [data-testid="accion-error"]')
    .first()
    .waitFor()
    .catch(async (e) => {
      await page.screenshot({ path: '/tmp/e2e-fail.png', fullPage: true });
      throw new Error(`${action}: ${page.url()} ${e}`);
    });
  expect(await page.getByTestId('accion-error').count(), (await page.locator('body').textContent()) ?? '').toBe(0);
  await expect(page.getByTestId('paso-actual')).toHaveAttribute('data-paso', expected);
  expect(errors).toEqual([]);
  await page.context().close();
}

test.describe('carrito de invitado al ingresar', () => {
  test('lo que el invitado puso en el carrito pasa a su cuenta al iniciar sesión', async () => {
    const pick = await twoSizesTwoStores();
    const { page, errors } = await newPage(browser);
    await addFromStore(page, pick.path, pick.first);
    await expect(page.getByTestId('unidades-carrito')).toHaveText('1');
    await login(page, 'cliente@vitrina.com.ve');
    await page.goto(`${baseUrl()}/carrito`);
    await page.getByTestId(`linea-${pick.first.code}`).waitFor();
    // Step 2 comes filled in with the account's data.
    await page.getByTestId('checkout-siguiente').click();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('cliente@vitrina.com.ve');
    expect(errors).toEqual([]);
  });
});
