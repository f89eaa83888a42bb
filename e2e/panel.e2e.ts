// The back office on a 360 px phone: each page checks its roles (placeholders too), an unknown
// panel path is a 404, and the menu leads only to pages that exist.
import type { Browser } from '@playwright/test';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test.describe('panel en un teléfono', () => {
  test('un cliente nunca queda en el panel: cuentas por cobrar y el perfil viejo lo llevan a su cuenta en la tienda', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'cliente@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/cuentas/por-cobrar`);
    await page.waitForURL(/\/mi-cuenta$/);
    await page.goto(`${baseUrl()}/dashboard/perfil/ordenes`);
    await page.waitForURL(/\/mi-cuenta\/compras$/);
    await page.getByTestId('enlace-carrito').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('inventario en cuentas por pagar, también; el admin con el enlace viejo de notificaciones llega a la pantalla de hoy', async () => {
    const inventario = await newPage(browser, PHONE);
    await login(inventario.page, 'inventario@vitrina.com.ve');
    await inventario.page.goto(`${baseUrl()}/dashboard/cuentas/por-pagar`);
    await inventario.page.waitForURL(/\/dashboard\?mensaje=sin-permiso$/);
    await inventario.page.goto(`${baseUrl()}/dashboard/config/notificacion_old`);
    await inventario.page.waitForURL(/\/dashboard\?mensaje=sin-permiso$/);
    await inventario.page.context().close();

    const admin = await newPage(browser, PHONE);
    await login(admin.page, 'admin@vitrina.com.ve');
    await admin.page.goto(`${baseUrl()}/dashboard/config/notificacion_old`);
    await admin.page.waitForURL(/\/dashboard\/config\/notificacion$/);
    await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText('Notificaciones de venta');
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();
  });

  test('un admin en una ruta desconocida del panel ve la página 404; su menú no lleva a secciones sin hacer', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'admin@vitrina.com.ve');
    await page.getByRole('button', { name: 'Abrir menú del panel' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú del panel' });
    await menu.getByText('Configuración').click();
    await menu.getByRole('link', { name: 'Cuentas bancarias' }).waitFor();
    const links = await menu.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toContain('/dashboard/config/cuentas-bancarias');
    expect(links).not.toContain('/dashboard/config/notificacion_old');

    const response = await page.goto(`${baseUrl()}/dashboard/no-existe`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('mensaje-error')).toHaveText('No encontramos esta página.');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
