// The road both online payment journeys take (pago-paypal, pago-tarjeta): an article with stock in
// the cart, the buyer's data and the delivery, up to the payment step of the checkout.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, login, newPage, noSidewaysScroll, PHONE } from './fixtures.ts';

/** An article with units in a store that ships, read from the public API. */
async function articleInStock(): Promise<{ articleCode: string; tiendaId: number }> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=40`)).json()) as { data: { model: string }[] };
  for (const { model } of list.data.slice(10)) {
    const detail = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as {
      data: { sizes: { article: string; stores: { id: number; quantity: number }[] }[] };
    };
    for (const size of detail.data.sizes) {
      const store = size.stores.find((s) => s.quantity >= 3);
      if (store) return { articleCode: size.article, tiendaId: store.id };
    }
  }
  throw new Error('ningún artículo tiene existencia');
}

/** From a fresh page: one unit of an article in the cart, then the checkout up to its payment step (paso 4). */
export async function cartToPaymentStep(page: Page) {
  await page.goto(`${baseUrl()}/`);
  const stock = await articleInStock();
  const added = await page.request.post(`${baseUrl()}/api/carrito/guardar/item`, {
    data: { articleCode: stock.articleCode, stores: [{ tiendaId: stock.tiendaId, quantity: 1 }] },
  });
  expect(added.status()).toBe(200);
  await page.goto(`${baseUrl()}/carrito`);
  await page.getByTestId('checkout-siguiente').click();
  await page.getByLabel('Nombre completo').fill('Andrés Pacheco');
  await page.getByLabel('Correo electrónico').fill(`andres.${Date.now()}@correo.com`);
  await page.getByLabel('Teléfono').fill('0424-555-7788');
  await page.getByLabel('Cédula o RIF').fill('V-18222333');
  await page.getByLabel('Estado').selectOption('Carabobo');
  await page.getByLabel('Ciudad').selectOption('Valencia');
  await page.getByLabel('Dirección').fill('Calle 137, Prebo, casa 4');
  await page.getByTestId('checkout-siguiente').click();
  await page.waitForURL(/\/carrito\?paso=3$/);
  await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
  await page.getByTestId('agencia-mrw').click();
  await page.getByTestId('checkout-siguiente').click();
  await page.waitForURL(/\/carrito\?paso=4$/);
}

/** Back from the provider's page: the order's page says it is paid and `says` what happened; its code. */
export async function backWithOrderPaid(page: Page, says: string): Promise<string> {
  await page.waitForURL(/\/orden\/OC-\d{6}\?t=[0-9a-f]{32}&pago=confirmado$/);
  await expect(page.getByTestId('paso-orden')).toHaveText('Pago confirmado');
  await expect(page.getByTestId('resultado-pago')).toContainText(says);
  await noSidewaysScroll(page);
  return page.url().match(/OC-\d{6}/)?.[0] ?? '';
}

/**
 * Administración on a phone: the order has one approved payment by `method` (read through the API),
 * and its screen in the panel is open. The staff page and the payment's reference.
 */
export async function staffOnOrderPaidOnline(browser: Browser, code: string, method: 'paypal' | 'tarjeta') {
  const staff = await newPage(browser, PHONE);
  await login(staff.page, 'administracion@vitrina.com.ve');
  const detail = await staff.page.request.get(`${baseUrl()}/api/orden-compra/buscar-detalles-ordene-compra?code=${code}`);
  const payments = (await detail.json()).data.payments as { method: string; reference: string; status: string }[];
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ method, status: 'aprobado' });
  await staff.page.goto(`${baseUrl()}/dashboard/venta/${code}`);
  return { ...staff, reference: payments[0].reference };
}
