// A guest pays by card on a 360 px phone: the checkout offers the card with its commission and asks
// for no card data, the store sends the buyer to the card provider's hosted page (the local fake of
// Stripe), a declined card stays there, another card authorizes, and back on the order's page the
// store has charged it and the order is paid. Administración sees the card payment and refunds part of it.
import type { Browser } from '@playwright/test';
import { expect, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';
import { backWithOrderPaid, cartToPaymentStep, staffOnOrderPaidOnline } from './pago-en-linea.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test.describe('pagar con tarjeta', () => {
  test('un invitado paga con tarjeta en la página segura y vuelve a su orden pagada; administración ve el cobro y reembolsa', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await cartToPaymentStep(page);

    await expect(page.getByTestId('metodo-tarjeta')).toContainText('Comisión 5,8 % + $ 0,30');
    await page.getByTestId('metodo-tarjeta').click();
    const aviso = (await page.getByTestId('monto-a-pagar').textContent()) ?? '';
    expect(aviso).toMatch(/^Monto a pagar con Tarjeta de débito o crédito: \$ \d{1,3}(\.\d{3})*,\d{2}/);
    expect(aviso).toContain('los datos de su tarjeta no pasan por esta tienda');
    await expect(page.getByTestId('pago-referencia')).toHaveCount(0);
    const total = aviso.match(/\$ ([\d.,]+)/)?.[1] ?? '';
    await noSidewaysScroll(page);
    await page.getByTestId('checkout-siguiente').click();
    await page.waitForURL(/\/carrito\?paso=5$/);
    await page.getByTestId('acepto-terminos').check();
    await page.getByTestId('checkout-confirmar').click();

    // The provider's page asks for the amount the store computed; a declined card stays there.
    await page.waitForURL(/\/pay\/cs_test_\w+$/);
    const atStripe = (await page.locator('body').textContent()) ?? '';
    expect(atStripe).toContain(`Pagar ${total.replace(/\./g, '').replace(',', '.')} USD a Vitrina`);
    await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByRole('alert')).toContainText('Su tarjeta fue rechazada');
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pagar' }).click();

    const code = await backWithOrderPaid(page, 'Se cobró su tarjeta');
    expect(errors).toEqual([]);

    const staff = await staffOnOrderPaidOnline(browser, code, 'tarjeta');
    expect(staff.reference).toMatch(/^pi_\w+$/);
    const enLinea = (await staff.page.getByTestId('seccion-pagos-en-linea').textContent()) ?? '';
    expect(enLinea).toContain('Tarjeta (Stripe)');
    expect(enLinea).toContain(`Captura ${staff.reference}`);

    await staff.page.getByTestId('reembolso-monto').fill('2,00');
    await staff.page.getByTestId('accion-reembolsar').click();
    await expect(staff.page.getByTestId('accion-resultado')).toContainText('Reembolso hecho.');
    await staff.page
      .getByText(/Reembolso de Stripe por \$ 2,00 \(re_\w+\)\./)
      .first()
      .waitFor();
    await expect(staff.page.getByTestId('seccion-pagos-en-linea')).toContainText('Reembolsado: $ 2,00');
    await noSidewaysScroll(staff.page);
    expect(staff.errors).toEqual([]);
  });

  test('sin JavaScript, «Pagar con tarjeta» en la página de la orden lleva a la página segura (la CSP deja enviar el formulario allá)', async () => {
    const { page } = await newPage(browser, PHONE);
    await cartToPaymentStep(page);
    await page.getByTestId('metodo-tarjeta').click();
    await page.getByTestId('checkout-siguiente').click();
    await page.waitForURL(/\/carrito\?paso=5$/);
    await page.getByTestId('acepto-terminos').check();
    await page.getByTestId('checkout-confirmar').click();
    await page.waitForURL(/\/pay\/cs_test_\w+$/);
    await page.getByRole('link', { name: 'Volver a la tienda' }).click();
    await page.waitForURL(/\/orden\/OC-\d{6}\?t=[0-9a-f]{32}&pago=cancelado$/);
    const orderUrl = page.url().replace('&pago=cancelado', '');

    const context = await browser.newContext({ viewport: PHONE, locale: 'es-VE', javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      const refused: string[] = [];
      plain.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) refused.push(message.text());
      });
      await plain.goto(orderUrl);
      await plain.getByTestId('pagar-tarjeta').click();
      await plain.waitForURL(/\/pay\/cs_test_\w+$/);
      await plain.getByLabel('Número de tarjeta').waitFor();
      expect(refused).toEqual([]);
    } finally {
      await context.close();
      await page.context().close();
    }
  });
});
