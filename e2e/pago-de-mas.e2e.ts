// Money that differs from what is due, through the screens on a 360 px phone: admin sets the
// write-off tolerance on its settings page, and administración approves a web order paid over its
// total giving the excess back as change (vuelto) instead of the customer's credit.
import type { Browser } from '@playwright/test';
import { baseUrl, expect, login, newPage, noSidewaysScroll, PHONE, someArticle, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const caracasDay = () => new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);

test.describe('pagos que difieren de lo debido', () => {
  test('admin fija la tolerancia para castigar en su pantalla', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'admin@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/config/notificacion`, { waitUntil: 'networkidle' });
    const field = page.getByTestId('tolerancia-castigo');
    await field.fill('2,5');
    await page.getByRole('button', { name: 'Guardar tolerancia' }).click();
    await expect(page.getByTestId('notificacion-guardada')).toHaveText('Tolerancia para castigar guardada.');
    await expect(page.getByTestId('tolerancia-castigo')).toHaveValue('2,50');
    // A text that is no amount is refused there, in Spanish, and nothing changes.
    await page.getByTestId('tolerancia-castigo').fill('dos');
    await page.getByRole('button', { name: 'Guardar tolerancia' }).click();
    await expect(page.locator('body')).toContainText('La tolerancia');
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByTestId('tolerancia-castigo')).toHaveValue('2,50');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('un pago de más se aprueba devolviendo lo que sobra como vuelto', async () => {
    const article = await someArticle();
    const stamp = Date.now();
    const buyer = {
      fullName: 'Compradora Vuelto',
      email: `vuelto.${stamp}@correo.com`,
      phone: '0414-7712345',
      dni: `V-${20_000_000 + (stamp % 9_000_000)}`,
      state: 'Lara',
      city: 'Barquisimeto',
      address: 'Carrera 19 con calle 25',
    };
    const response = await fetch(`${baseUrl()}/api/orden-compra/registrar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-vuelto-${stamp}` },
      body: JSON.stringify({
        user: buyer,
        delivery: { ...buyer, contact: buyer.fullName, agency: 'mrw' },
        items: [{ articleCode: article.code, stores: [{ tiendaId: article.store, quantity: 1 }] }],
        // Far more than one article costs in bolívares: the excess is what goes back.
        payment: { method: 'pago-movil', bankCode: '0134', reference: String(stamp).slice(-8), amount: '99999.00', date: caracasDay() },
      }),
    });
    const body = (await response.json()) as { data?: { orderCode: string }; message?: string };
    expect(response.status, body.message).toBe(201);
    const code = body.data?.orderCode ?? '';

    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'administracion@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/venta/${code}`, { waitUntil: 'networkidle' });
    await page.getByTestId('accion-confirmar-pago').click();
    const effect = page.getByTestId('confirmar-pago-efecto');
    await expect(effect).toContainText('Sobra');
    await expect(effect).toContainText('saldo a favor');
    await effect.getByLabel('Se devuelve al cliente (vuelto por devolver)').check();
    await expect(effect).toContainText('se devuelve al cliente como vuelto');
    await page.getByTestId('confirmar-aprobar-pago').click();
    await page.getByTestId('accion-resultado').waitFor();
    await expect(page.getByTestId('paso-actual')).toHaveAttribute('data-paso', 'pago-confirmado');
    await expect(page.locator('body')).toContainText('Vuelto por devolver al cliente: Bs.');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
