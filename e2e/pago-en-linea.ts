// The road both online payment journeys take (pago-paypal, pago-tarjeta): an article with stock in
// the cart, the buyer's data and the delivery, up to the payment step of the checkout.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './fixtures.ts';

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
