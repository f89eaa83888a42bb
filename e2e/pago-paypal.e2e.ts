// A guest pays with PayPal on a 360 px phone: the checkout asks for no reference, the store sends the
// buyer to PayPal's approval page (the local fake of PayPal), and back on the order's page it is paid.
// Administración sees the PayPal payment, approved, with the capture id as its reference, and refunds part of it.
import type { Browser } from '@playwright/test';
import { expect, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';
import { backWithOrderPaid, cartToPaymentStep, staffOnOrderPaidOnline } from './pago-en-linea.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test.describe('pagar con PayPal', () => {
  test('un invitado paga en PayPal y vuelve a su orden pagada; administración ve la captura y reembolsa una parte', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await cartToPaymentStep(page);

    await page.getByTestId('metodo-paypal').click();
    const aviso = (await page.getByTestId('monto-a-pagar').textContent()) ?? '';
    expect(aviso).toMatch(/^Monto a pagar con PayPal: \$ \d{1,3}(\.\d{3})*,\d{2}/);
    expect(aviso).toContain('irá a PayPal');
    await expect(page.getByTestId('pago-referencia')).toHaveCount(0);
    const total = aviso.match(/\$ ([\d.,]+)/)?.[1] ?? '';
    await noSidewaysScroll(page);
    await page.getByTestId('checkout-siguiente').click();
    await page.waitForURL(/\/carrito\?paso=5$/);
    await page.getByTestId('acepto-terminos').check();
    await page.getByTestId('checkout-confirmar').click();

    // PayPal's page asks for the amount the store computed, in dollars with a point.
    await page.waitForURL(/\/checkoutnow\?token=[A-Z0-9]{17}$/);
    const atPaypal = (await page.locator('body').textContent()) ?? '';
    expect(atPaypal).toContain(`Pagar ${total.replace(/\./g, '').replace(',', '.')} USD a Vitrina`);
    await page.getByRole('button', { name: 'Pagar ahora' }).click();

    const code = await backWithOrderPaid(page, 'PayPal confirmó su pago');
    expect(errors).toEqual([]);

    const staff = await staffOnOrderPaidOnline(browser, code, 'paypal');
    expect(staff.reference).toMatch(/^[A-Z0-9]{17}$/);
    await expect(staff.page.getByTestId(`pago-${staff.reference}`)).toContainText(`Referencia ${staff.reference}`);

    // Administración refunds a dollar from the order's screen; the history says who and how much.
    await staff.page.getByTestId('reembolso-monto').fill('1,00');
    await staff.page.getByTestId('reembolso-nota').fill('Descuento acordado por teléfono');
    await staff.page.getByTestId('accion-reembolsar').click();
    await expect(staff.page.getByTestId('accion-resultado')).toContainText('Reembolso hecho.');
    await staff.page
      .getByText(/Reembolso de PayPal por \$ 1,00 \([A-Z0-9]{17}\): Descuento acordado por teléfono/)
      .first()
      .waitFor();
    const enLinea = (await staff.page.getByTestId('seccion-pagos-en-linea').textContent()) ?? '';
    expect(enLinea).toContain(`Captura ${staff.reference}`);
    expect(enLinea).toContain('Reembolsado: $ 1,00');
    await noSidewaysScroll(staff.page);
    expect(staff.errors).toEqual([]);
  });
});
