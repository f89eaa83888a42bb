// The dashboard's home on a 360 px phone, as administración: the card of payments to confirm comes
// first, says «Al día» with none, counts a payment reported at the checkout without a reload (the
// live notices) with the age of the oldest, and leads to the order list filtered to exactly it.
import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { caracasIsoDate } from '#domain/dates.ts';
import { buyerOrder } from '#test/compradores.ts';
import { baseUrl, cancelUnpaidOrders, expect, login, newPage, noSidewaysScroll, PHONE, someArticle, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test('administración ve el pago por confirmar en su inicio y llega a la orden desde la tarjeta', async () => {
  const { page, errors } = await newPage(browser, PHONE);
  await login(page, 'administracion@vitrina.com.ve');

  // Earlier journeys of this worker may have left payments to confirm: they are released first.
  const waiting = await page.request.post(`${baseUrl()}/api/orden-compra/buscar-ordenes-compras`, {
    data: { filter: 'pago-por-confirmar', per_page: 100 },
  });
  expect(waiting.status()).toBe(200);
  await cancelUnpaidOrders(
    browser,
    ((await waiting.json()).data as { code: string }[]).map((o) => o.code),
  );

  await page.goto(`${baseUrl()}/dashboard`);
  const card = page.getByTestId('pendiente-pagos-por-confirmar');
  await expect(card).toBeInViewport();
  await expect(page.getByTestId('pendiente-pagos-por-confirmar-total')).toHaveText('0');
  await expect(page.getByTestId('pendiente-pagos-por-confirmar-edad')).toHaveText('Al día');
  // Only administración's cards: nothing for inventario, despacho or the admin's contact inbox.
  await expect(page.getByTestId('pendiente-por-despachar')).toHaveCount(0);
  await expect(page.getByTestId('pendiente-mensajes-sin-leer')).toHaveCount(0);
  await expect(page.getByTestId('pendiente-abonos-por-aprobar')).toBeVisible();
  await noSidewaysScroll(page);

  // A buyer reports a Zelle payment with the order, in another browser.
  const { code: article, store } = await someArticle(1);
  const n = Math.floor(Math.random() * 1_000_000);
  const order = buyerOrder(n, [article], store).body as Record<string, unknown>;
  const registered = await page.request.post(`${baseUrl()}/api/orden-compra/registrar`, {
    headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': `10.88.${(n >> 8) & 255}.${n & 255}` },
    data: {
      ...order,
      items: [{ articleCode: article, stores: [{ tiendaId: store, quantity: 1 }] }],
      payment: { method: 'zelle', reference: `PANEL${n}`, amount: '10.00', date: caracasIsoDate(new Date()) },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = (await registered.json()).data.orderCode as string;
  expect(code).toBeTruthy();

  // The card counts it without a reload.
  await expect(page.getByTestId('pendiente-pagos-por-confirmar-total')).toHaveText('1');
  await expect(page.getByTestId('pendiente-pagos-por-confirmar-edad')).toHaveText(/^el más antiguo: hace /);
  await noSidewaysScroll(page);

  await card.click();
  await page.waitForURL(/\/dashboard\/venta\?paso=pago-por-confirmar$/);
  await expect(page.getByTestId(`tarjeta-${code}`)).toBeVisible();
  await expect(page.getByTestId('tarjetas-ordenes').locator('[data-testid^="tarjeta-"]')).toHaveCount(1);
  await expect(page.getByTestId('paso-pago-por-confirmar')).toHaveAttribute('aria-current', 'page');
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  await page.context().close();
  await cancelUnpaidOrders(browser, [code]);
});
