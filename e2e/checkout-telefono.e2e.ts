// The checkout on a 360 × 780 phone: each step is a history entry, a reload keeps the step and the
// draft, the first error takes the focus, and the store's Pago Móvil data copy to the clipboard.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, cancelUnpaidOrders, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

const PHONE = { width: 360, height: 780 };

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

/** Orders this file leaves waiting for payment: cancelled at the end, so they do not count toward the
 * limit of unpaid orders per address for the journeys that follow. */
const created: string[] = [];

test.afterAll(async () => {
  if (browser) await cancelUnpaidOrders(browser, created);
});

type Stock = { articleCode: string; tiendaId: number };

/** An article with units in a store that ships, read from the public API. */
async function articleInStock(skip = 0): Promise<Stock> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=40`)).json()) as { data: { model: string }[] };
  let seen = 0;
  for (const { model } of list.data) {
    const detail = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as {
      data: { sizes: { article: string; stores: { id: number; quantity: number }[] }[] };
    };
    for (const size of detail.data.sizes) {
      const store = size.stores.find((s) => s.quantity >= 3);
      if (store && seen++ >= skip) return { articleCode: size.article, tiendaId: store.id };
    }
  }
  throw new Error('ningún artículo tiene existencia');
}

/** Puts one unit in the page's cart through the store's API (the article page is tested elsewhere). */
async function addToCart(page: Page, stock: Stock) {
  const response = await page.request.post(`${baseUrl()}/api/carrito/guardar/item`, {
    data: { articleCode: stock.articleCode, stores: [{ tiendaId: stock.tiendaId, quantity: 1 }] },
  });
  expect(response.status()).toBe(200);
}

/** Empties the page's cart, so the units it held are free again for the journeys that follow. */
async function emptyCart(page: Page) {
  const response = await page.request.delete(`${baseUrl()}/api/v2/carrito/resetear-carrito`);
  expect(response.status()).toBe(200);
}

/** Waits for the step's heading: the URL changes a moment before the step is drawn. */
async function expectStep(page: Page, text: string) {
  await page.getByTestId('paso-checkout').filter({ hasText: text }).waitFor();
  await expect(page.getByTestId('paso-checkout')).toHaveText(text);
}

async function fillBuyer(page: Page) {
  await page.getByLabel('Nombre completo').fill('Luisa Mendoza');
  await page.getByLabel('Correo electrónico').fill('luisa.mendoza@correo.com');
  await page.getByLabel('Teléfono').fill('0414-555-3322');
  await page.getByLabel('Cédula o RIF').fill('V-20111222');
  await page.getByLabel('Estado').selectOption('Carabobo');
  await page.getByLabel('Ciudad').selectOption('Valencia');
  await page.getByLabel('Dirección').fill('Av. Bolívar Norte, Torre Banaven, piso 3');
}

test.describe('el checkout en el teléfono', () => {
  test('cada paso es una entrada del historial: Atrás del teléfono vuelve al paso anterior y recargar no pierde el paso ni los datos', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/`);
    await addToCart(page, await articleInStock());
    await page.goto(`${baseUrl()}/carrito`);
    await expectStep(page, 'Paso 1 de 5 · Carrito');
    // The cart itself keeps the store's header, with its search.
    await expect(page.getByRole('search').count()).resolves.toBeGreaterThan(0);
    await page.getByTestId('checkout-siguiente').click();
    await page.waitForURL(/\/carrito\?paso=2$/);
    await expectStep(page, 'Paso 2 de 5 · Sus datos');

    // From step 2 the header is minimal: no search box, lines or footer to leave the purchase by.
    await page.getByTestId('encabezado-checkout').waitFor();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    const headerHeight = await page
      .locator('header')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(headerHeight).toBeLessThanOrEqual(56);

    // A guest may log in and come back to this step.
    await expect(page.getByTestId('checkout-ingresar')).toHaveAttribute('href', '/auth/login?volver=%2Fcarrito%3Fpaso%3D2');

    // The fields call the right phone keyboard and the browser's autofill.
    await expect(page.getByLabel('Teléfono')).toHaveAttribute('type', 'tel');
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('inputmode', 'email');
    await expect(page.getByLabel('Nombre completo')).toHaveAttribute('autocomplete', 'name');
    await expect(page.getByLabel('Dirección')).toHaveAttribute('autocomplete', 'street-address');

    // Errors: the first wrong field gets the focus.
    await page.getByTestId('checkout-siguiente').click();
    await page.getByText('El nombre completo es obligatorio').waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).resolves.toBe('true');
    await expect(page.getByLabel('Nombre completo').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await noSidewaysScroll(page);

    await fillBuyer(page);
    await page.getByTestId('checkout-siguiente').click();
    await page.waitForURL(/\/carrito\?paso=3$/);
    await expectStep(page, 'Paso 3 de 5 · Envío');

    // A reload stays on the step, with the draft.
    await page.reload();
    await expectStep(page, 'Paso 3 de 5 · Envío');
    await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
    await expect(page.getByLabel('Persona que recibe')).toHaveValue('Luisa Mendoza');

    // The phone's Back: the previous step, filled in; once more, the cart.
    await page.goBack();
    await page.waitForURL(/\/carrito\?paso=2$/);
    await expectStep(page, 'Paso 2 de 5 · Sus datos');
    await expect(page.getByLabel('Nombre completo')).toHaveValue('Luisa Mendoza');
    await page.goBack();
    await expectStep(page, 'Paso 1 de 5 · Carrito');
    await page.goForward();
    await expectStep(page, 'Paso 2 de 5 · Sus datos');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test('el código de los pasos 2 a 5 llega mientras se mira el carrito sin repetir hojas de estilo: el carrito conserva su diseño', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/`);
    const stock = await articleInStock();
    await addToCart(page, stock);
    const steps = page.waitForResponse((response) => response.url().includes('/assets/pasos-con-mantine-'));
    await page.goto(`${baseUrl()}/carrito`);
    await steps;
    const line = page.getByTestId(`linea-${stock.articleCode}`);
    // Each sheet applies once (React Router links some as «….css#»; Vite's loader must not add them
    // again after the page's own), and the article's photo stays beside its data.
    const appliedSheets = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
          .filter((link) => link.media !== 'not all')
          .map((link) => new URL(link.href).pathname),
      );
    const twice = (sheets: string[]) => sheets.filter((sheet, i) => sheets.indexOf(sheet) !== i);
    await expect.poll(async () => (await appliedSheets()).some((sheet) => sheet.includes('/tienda-comun-'))).toBe(true);
    expect(twice(await appliedSheets())).toEqual([]);
    await expect(line.evaluate((el) => getComputedStyle(el).flexDirection)).resolves.toBe('row');

    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 2 de 5 · Sus datos');
    await page.getByLabel('Nombre completo').waitFor();
    await page.goBack();
    await expectStep(page, 'Paso 1 de 5 · Carrito');
    expect(twice(await appliedSheets())).toEqual([]);
    await expect(line.evaluate((el) => getComputedStyle(el).flexDirection)).resolves.toBe('row');
    expect(errors).toEqual([]);
    await emptyCart(page);
  });

  test('sin conexión para el código de los pasos: el carrito no se recarga solo, y el paso dice qué pasó y deja reintentar', async () => {
    const { page } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/`);
    const stock = await articleInStock();
    await addToCart(page, stock);
    const steps = /\/assets\/pasos-con-mantine-[^/]*\.js$/;
    await page.route(steps, (route) => route.abort('internetdisconnected'));
    // Counts the failures the page's own handler (entry.client.tsx) hears, in the same dispatch and before it.
    await page.addInitScript(() =>
      window.addEventListener('vite:preloadError', () =>
        Object.assign(window, { fallosDeCarga: ((window as { fallosDeCarga?: number }).fallosDeCarga ?? 0) + 1 }),
      ),
    );
    const failed = page.waitForEvent('requestfailed', (request) => steps.test(request.url()));
    await page.goto(`${baseUrl()}/carrito`);
    await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
    // The code asked for ahead of time fails: the cart the shopper is reading stays as it is (the
    // handler that would reload notes it in sessionStorage first, synchronously).
    await failed;
    await page.waitForFunction(() => ((window as { fallosDeCarga?: number }).fallosDeCarga ?? 0) >= 1);
    await expect(page.evaluate(() => sessionStorage.getItem('vitrina:recarga-por-modulo'))).resolves.toBeNull();
    await expect(page.evaluate(() => 'sinRecargar' in window)).resolves.toBe(true);
    await page.getByTestId(`linea-${stock.articleCode}`).waitFor();

    // Going on: the step cannot come (a reload once a minute is allowed, then the step says why).
    await page.getByTestId('checkout-siguiente').click();
    await page.getByTestId('paso-sin-cargar').waitFor();
    await expect(page.getByTestId('paso-sin-cargar')).toContainText('No pudimos cargar este paso');
    await expect(page.getByTestId('checkout-siguiente')).toBeDisabled();
    await page.unroute(steps);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expectStep(page, 'Paso 2 de 5 · Sus datos');
    await page.getByLabel('Nombre completo').waitFor();
    await emptyCart(page);
    await page.context().close();
  });

  test('un enlace a un paso posterior con los anteriores sin llenar vuelve al primero que falta', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/`);
    await addToCart(page, await articleInStock(1));
    await page.goto(`${baseUrl()}/carrito?paso=4`);
    await page.waitForURL(/\/carrito\?paso=2$/);
    await expectStep(page, 'Paso 2 de 5 · Sus datos');
    expect(errors).toEqual([]);
  });

  test('los datos de Pago Móvil se copian con un toque; la orden se confirma y el comprobante se adjunta, y administración lo ve', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto(`${baseUrl()}/`);
    await addToCart(page, await articleInStock(2));
    await page.goto(`${baseUrl()}/carrito`);
    await page.getByTestId('checkout-siguiente').click();
    await fillBuyer(page);
    await page.getByTestId('checkout-siguiente').click();
    await page.waitForURL(/\/carrito\?paso=3$/);
    await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
    await page.getByTestId('agencia-mrw').click();
    await page.getByTestId('checkout-siguiente').click();
    await page.waitForURL(/\/carrito\?paso=4$/);
    await page.getByTestId('metodo-pago-movil').click();

    await page.getByTestId('copiar-telefono').first().click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('0414-555-0101');
    await page.getByTestId('copiar-pago-movil').first().click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toMatch(/^\d{4} 0414-555-0101 [JVG]-?\d/);

    // The amount to pay is written the Venezuelan way, and the keyboard for a reference is numeric.
    await expect(page.getByTestId('pago-monto').inputValue()).resolves.toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    await expect(page.getByTestId('pago-referencia')).toHaveAttribute('inputmode', 'numeric');
    await noSidewaysScroll(page);

    // The order with the payment reported, then the picture of the receipt from the confirmation page.
    const reference = `7${Date.now().toString().slice(-9)}`;
    await page.getByTestId('pago-referencia').fill(reference);
    await page.getByTestId('pago-banco').selectOption('0102');
    await page.getByTestId('pago-fecha').fill('2026-11-20');
    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 5 de 5 · Confirmación');
    await page.getByTestId('acepto-terminos').check();
    await page.getByTestId('checkout-confirmar').click();
    await page.waitForURL(/\/carrito\/ver-orden\?codigo=OC-\d{6}&t=[0-9a-f]{32}$/);
    const code = (await page.getByTestId('codigo-orden').textContent()) ?? '';
    created.push(code);
    await expect(page.getByTestId('estado-pago')).toContainText('Pago reportado, por confirmar');

    // A file that is not a picture is refused with the reason; a real screenshot is taken.
    await page
      .getByTestId('comprobante-archivo')
      .setInputFiles({ name: 'pago.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 no es foto') });
    await page.getByTestId('comprobante-enviar').click();
    await expect(page.getByTestId('comprobante-error')).toContainText('JPEG, PNG o WebP');
    const screenshot = await page.screenshot({ type: 'png' });
    await page.getByTestId('comprobante-archivo').setInputFiles({ name: 'captura.png', mimeType: 'image/png', buffer: screenshot });
    await page.getByTestId('comprobante-enviar').click();
    await page.getByTestId('comprobante-enviado').waitFor();
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);

    // Staff who check payments see it beside the payment.
    const staff = await newPage(browser, PHONE);
    await login(staff.page, 'administracion@vitrina.com.ve');
    await staff.page.goto(`${baseUrl()}/dashboard/venta/${code}`);
    const link = staff.page.getByTestId(`comprobante-${reference}`);
    const href = (await link.getAttribute('href')) ?? '';
    const picture = await staff.page.request.get(`${baseUrl()}${href}`);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/webp');
    // Nobody else gets it, even with the address.
    expect((await page.request.get(`${baseUrl()}${href}`)).status()).toBe(401);
    expect(staff.errors).toEqual([]);

    // Despacho sees the order but not a link it could not open.
    const despacho = await newPage(browser, PHONE);
    await login(despacho.page, 'despacho@vitrina.com.ve');
    await despacho.page.goto(`${baseUrl()}/dashboard/venta/${code}`);
    await despacho.page.getByText(reference).first().waitFor();
    await expect(despacho.page.getByTestId(`comprobante-${reference}`)).toHaveCount(0);
    expect((await despacho.page.request.get(`${baseUrl()}${href}`)).status()).toBe(403);
    expect(despacho.errors).toEqual([]);
  });

  test('el monto del pago sigue al total si se vuelve y se cambia la entrega; el que escribió el comprador se queda', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/`);
    await addToCart(page, await articleInStock(4));
    await page.goto(`${baseUrl()}/carrito`);
    await page.getByTestId('checkout-siguiente').click();
    await fillBuyer(page);
    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 3 de 5 · Envío');
    await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
    await page.getByTestId('agencia-mrw').click();
    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 4 de 5 · Pago');
    await page.getByTestId('metodo-zelle').click();
    const withShipping = await page.getByTestId('pago-monto').inputValue();
    await expect(page.getByTestId('monto-a-pagar')).toContainText(withShipping);

    // Back to the delivery: a pickup in a store costs no shipping, and the amount follows the total.
    await page.goBack();
    await expectStep(page, 'Paso 3 de 5 · Envío');
    await page.getByTestId('entrega-retiro-en-tienda').click();
    await page.locator('[data-testid^="retiro-tienda-"]').first().click();
    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 4 de 5 · Pago');
    const pickup = await page.getByTestId('pago-monto').inputValue();
    expect(pickup).not.toBe(withShipping);
    await expect(page.getByTestId('monto-a-pagar')).toContainText(pickup);

    // An amount the buyer typed is what they say they paid: a change of delivery does not rewrite it.
    await page.getByTestId('pago-monto').fill('10,00');
    await page.goBack();
    await expectStep(page, 'Paso 3 de 5 · Envío');
    await page.getByTestId('entrega-envio').click();
    await page.getByTestId('agencia-mrw').click();
    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 4 de 5 · Pago');
    await expect(page.getByTestId('monto-a-pagar')).toContainText(withShipping);
    await expect(page.getByTestId('pago-monto')).toHaveValue('10,00');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test('retiro en tienda: elige una tienda que despacha, sin agencia ni costo de envío; el comprador y el despacho ven la tienda', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/`);
    await addToCart(page, await articleInStock(3));
    await page.goto(`${baseUrl()}/carrito`);
    await page.getByTestId('checkout-siguiente').click();
    await fillBuyer(page);
    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 3 de 5 · Envío');

    await page.getByTestId('entrega-retiro-en-tienda').click();
    await expect(page.getByTestId('agencia')).toHaveCount(0);
    await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
    // Without a store it does not go on, and says so under the choice.
    await page.getByTestId('checkout-siguiente').click();
    await page.getByText('Elija la tienda donde retirará').waitFor();
    // Only the store the units come from is offered (docs/dominio.md §Retiro en tienda).
    const stores = page.locator('[data-testid^="retiro-tienda-"]');
    await expect(stores).toHaveCount(1);
    const chosen = stores.first();
    const storeName = ((await chosen.locator('p').first().textContent()) ?? '').trim();
    await chosen.click();
    await noSidewaysScroll(page);
    await page.getByTestId('checkout-siguiente').click();

    await expectStep(page, 'Paso 4 de 5 · Pago');
    await page.getByTestId('metodo-pago-pendiente').click();
    await page.getByTestId('checkout-siguiente').click();
    await expectStep(page, 'Paso 5 de 5 · Confirmación');
    await page.getByText(`Retiro en tienda (sin costo de envío): ${storeName}`).waitFor();
    // The terms are accepted with the checkbox: without it, the order is not sent.
    await page.getByTestId('checkout-confirmar').click();
    await page.getByText('Acepte los términos y condiciones para confirmar el pedido').waitFor();
    await page.getByTestId('acepto-terminos').check();
    await page.getByTestId('checkout-confirmar').click();
    await page.waitForURL(/\/carrito\/ver-orden\?codigo=OC-\d{6}&t=[0-9a-f]{32}$/);
    const code = (await page.getByTestId('codigo-orden').textContent()) ?? '';
    created.push(code);
    await expect(page.getByTestId('estado-pago')).toContainText('Falta el pago');
    await noSidewaysScroll(page);

    await page.getByTestId('ver-seguimiento').click();
    await expect(page.getByTestId('retiro-en-tienda')).toHaveText(`Retiro en tienda: ${storeName} (sin costo de envío)`);
    expect(errors).toEqual([]);

    const staff = await newPage(browser, PHONE);
    await login(staff.page, 'despacho@vitrina.com.ve');
    await staff.page.goto(`${baseUrl()}/dashboard/venta/${code}`);
    await expect(staff.page.getByTestId('tienda-de-retiro')).toHaveText(storeName);
    expect(staff.errors).toEqual([]);
  });

  test('la página pública de una orden no se abre adivinando su código: pide el correo o la cédula y rechaza los ajenos', async () => {
    const stock = await articleInStock(4);
    const registered = await fetch(`${baseUrl()}/api/orden-compra/registrar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `adivinar-${Date.now()}` },
      body: JSON.stringify({
        user: {
          fullName: 'Julia Salas',
          email: 'julia.salas@correo.com',
          phone: '0416-555-4040',
          dni: 'V-17333444',
          state: 'Zulia',
          city: 'Maracaibo',
          address: 'Av. 5 de Julio, edificio Centro',
        },
        delivery: {
          contact: 'Julia Salas',
          phone: '0416-555-4040',
          dni: 'V-17333444',
          shipping: 'retiro-en-tienda',
          pickupTiendaId: stock.tiendaId,
        },
        items: [{ articleCode: stock.articleCode, stores: [{ tiendaId: stock.tiendaId, quantity: 1 }] }],
        payment: { method: 'pago-pendiente' },
      }),
    });
    expect(registered.status).toBe(201);
    const { orderCode: code } = ((await registered.json()) as { data: { orderCode: string } }).data;
    created.push(code);

    const { page, errors } = await newPage(browser, PHONE);
    // The store's footer leads to the lookup.
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: 'Seguir mi pedido' }).click();
    await page.waitForURL(/\/orden$/);
    await page.getByTestId('acceso-codigo').fill(code);
    await page.getByTestId('acceso-prueba').fill('otra.persona@correo.com');
    await page.getByTestId('acceso-ver').click();
    await expect(page.getByTestId('acceso-error')).toHaveText('No encontramos una orden con ese código y esos datos.');
    await expect(page.getByTestId('paso-orden')).toHaveCount(0);

    // The code alone, or with a made-up link, shows nothing of the order.
    for (const url of [`/orden/${code}`, `/orden/${code}?t=${'0'.repeat(32)}`]) {
      await page.goto(`${baseUrl()}${url}`);
      await page.getByTestId('acceso-prueba').waitFor();
      await expect(page.getByTestId('paso-orden'), url).toHaveCount(0);
      await expect(page.getByText('Julia'), url).toHaveCount(0);
    }
    await page.getByTestId('enlace-invalido').waitFor();
    await noSidewaysScroll(page);

    // The buyer's cédula opens it.
    await page.getByTestId('acceso-prueba').fill('v17333444');
    await page.getByTestId('acceso-ver').click();
    await page.waitForURL(new RegExp(`/orden/${code}\\?t=[0-9a-f]{32}$`));
    await expect(page.getByTestId('paso-orden')).toHaveText('Pendiente');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});
