// Stores and stock in the browser, on a 360 px phone: inventario opens a warehouse that does not
// sell on the web, receives goods there and transfers part to a store; an admin edits the company's
// legal data and the storefront's footer and /nuestras-tiendas show what they should.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };
const ARTICLE = 'ZSAN003ROJO40';

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const movementForm = (page: Page) => page.getByTestId('form-movimiento');

test.describe('tiendas y existencia en un teléfono', () => {
  test('inventario abre un almacén que no vende en la web, recibe mercancía y traslada a una tienda; el libro lo cuenta', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'inventario@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/tiendas`);
    await page.getByTestId('tarjetas-tiendas').waitFor();
    expect(await page.getByTestId('tabla-tiendas').isVisible()).toBe(false);

    const form = page.getByTestId('form-tienda');
    await form.getByLabel('Código').fill('alm2');
    await form.getByLabel('Nombre').fill('Almacén Guarenas');
    await form.getByLabel('Tipo').selectOption('almacen');
    await form.getByLabel('Estado').selectOption('Miranda');
    await form.getByLabel('Ciudad').fill('Guarenas');
    await form.getByLabel('Dirección').fill('Zona Industrial El Marqués, galpón 4');
    await form.getByLabel('Enlace del mapa').fill('http://maps.example.com/x');
    await form.getByLabel('Vende en la web').uncheck();
    await form.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('El enlace del mapa debe ser una dirección https://')).toContainText('https://');
    await form.getByLabel('Enlace del mapa').fill('https://maps.app.goo.gl/guarenas');
    await form.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByTestId('tienda-guardada')).toHaveText('Almacén Guarenas quedó registrada.');
    await page.getByTestId('tarjeta-ALM2').getByRole('link', { name: 'Editar Almacén Guarenas' }).click();
    await page.getByRole('heading', { name: 'Editar Almacén Guarenas' }).waitFor();
    await expect(form.getByLabel('Código')).toHaveValue('ALM2');
    await form.getByLabel('Horario').fill('Lunes a viernes, 8:00 a 17:00');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByTestId('tienda-guardada')).toHaveText('Almacén Guarenas quedó actualizada.');
    await page.getByTestId('tarjeta-ALM2').getByRole('link', { name: 'Movimientos de Almacén Guarenas' }).click();
    await page.waitForURL(/\/dashboard\/tiendas\/movimientos\?tienda=\d+$/);

    await page.getByTestId('filtro-articulo').fill(ARTICLE);
    await page.getByTestId('filtrar-movimientos').click();
    await page.getByTestId('existencia-articulo').waitFor();
    await movementForm(page).getByLabel('Cantidad').fill('12');
    await movementForm(page).getByLabel('Lote').fill('L202611');
    await page.getByTestId('registrar-movimiento').click();
    await expect(page.getByTestId('movimiento-guardado')).toHaveText(
      `Se registró la entrada de ${ARTICLE}. Almacén Guarenas: 12 en mano, 12 libres.`,
    );

    await page.getByTestId('mover-traslado').click();
    await page.waitForURL(/mover=traslado/);
    await movementForm(page).getByLabel('Desde la tienda').selectOption({ label: 'ALM2 · Almacén Guarenas' });
    await movementForm(page).getByLabel('Hacia la tienda').selectOption({ label: 'CCS · Vitrina Sambil Caracas' });
    await movementForm(page).getByLabel('Cantidad').fill('20');
    await page.getByTestId('registrar-movimiento').click();
    await expect(page.getByTestId('movimiento-error')).toContainText(
      `No hay suficientes unidades libres de ${ARTICLE} en Almacén Guarenas`,
    );
    await movementForm(page).getByLabel('Desde la tienda').selectOption({ label: 'ALM2 · Almacén Guarenas' });
    await movementForm(page).getByLabel('Hacia la tienda').selectOption({ label: 'CCS · Vitrina Sambil Caracas' });
    await movementForm(page).getByLabel('Cantidad').fill('5');
    await page.getByTestId('registrar-movimiento').click();
    await expect(page.getByTestId('movimiento-guardado')).toHaveText(
      /^Se registró el traslado de .*Almacén Guarenas: 7 en mano, 7 libres; Vitrina Sambil Caracas: \d+ en mano/,
    );
    // The ledger is filtered by the warehouse (the link from its card): its side of the transfer.
    const cards = page.getByTestId('tarjetas-movimientos');
    await cards.getByText('ALM2 → CCS').waitFor();
    await expect(cards.getByText('ALM2 → CCS')).toHaveCount(1);
    await expect(cards.getByText('Entrada', { exact: true })).toHaveCount(1);
    expect(await overflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('el admin cambia la razón social; el pie de la tienda la muestra y /nuestras-tiendas no lista almacenes', async () => {
    const admin = await newPage(browser, PHONE);
    await login(admin.page, 'admin@vitrina.com.ve');
    await admin.page.goto(`${baseUrl()}/dashboard/tiendas/empresa`);
    await admin.page.getByLabel('RIF').fill('J-123');
    await admin.page.getByTestId('guardar-empresa').click();
    await admin.page.getByText('El RIF o la cédula no es válida (ejemplo: J-50123456-6 o V-18456789)').waitFor();
    await admin.page.getByLabel('Razón social').fill('Vitrina Moda Oriente C.A.');
    await admin.page.getByLabel('RIF').fill('j-40000000-9');
    await admin.page.getByTestId('guardar-empresa').click();
    await admin.page.getByTestId('empresa-guardada').waitFor();
    expect(await overflow(admin.page)).toBe(0);
    await admin.page.context().close();

    const shopper = await newPage(browser, PHONE);
    await shopper.page.goto(`${baseUrl()}/nuestras-tiendas`);
    await expect(shopper.page.getByTestId('pie-empresa')).toContainText('Vitrina Moda Oriente C.A. · RIF J-40000000-9');
    const names = await shopper.page.getByTestId('tienda').locator('h2').allTextContents();
    expect(names).toContain('Vitrina Sambil Caracas');
    expect(names.some((n) => n.startsWith('Almacén'))).toBe(false);
    await expect(shopper.page.getByTestId('tienda-mapa')).toHaveCount(names.length);
    expect(await overflow(shopper.page)).toBe(0);
    expect(shopper.errors).toEqual([]);
    await shopper.page.context().close();
  });
});
