// Prospects on a 360 px phone: find articles in the catalogue, register a customer's request (a bad
// quantity first, shown under its field), see the quote and note it as an order of that customer;
// another request processed as a sale: Nueva venta opens with its customer and articles.
import type { Browser } from '@playwright/test';
import { baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test.describe('prospectos', () => {
  test('el vendedor cotiza la solicitud de un mayorista y la anota como pedido (360 px)', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/prospecto`);
    await page.getByTestId('form-articulo').getByLabel('Código o nombre').fill('CFRA');
    await page.getByTestId('form-articulo').getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('articulos').waitFor();
    const codes = await page.getByTestId('articulos').locator('tbody tr td:first-child').allTextContents();
    expect(codes.length).toBeGreaterThanOrEqual(2);
    await noSidewaysScroll(page);

    const form = page.getByTestId('form-solicitud');
    await form.getByLabel('Nombre o razón social').fill('Distribuidora Lara C.A.');
    await form.getByLabel('Cédula o RIF').fill('J-309876543');
    await form.getByLabel('Teléfono').fill('0251-555-0123');
    await form.getByLabel('Código del artículo 1').fill(codes[0]);
    await form.getByLabel('Cantidad 1').fill('12');
    await form.getByLabel('Código del artículo 2').fill(codes[1]);
    await form.getByLabel('Cantidad 2').fill('0');
    await form.getByTestId('registrar-solicitud').click();
    await form.getByText('La cantidad debe ser al menos 1').waitFor();
    await form.getByLabel('Cantidad 2').fill('6');
    await form.getByTestId('registrar-solicitud').click();
    await page.waitForURL(/\?solicitud=\d+$/);

    const quote = page.getByTestId('solicitud');
    await quote.waitFor();
    await expect(page.getByTestId('estado-solicitud')).toHaveText('Cotizada');
    await expect(page.getByTestId('cotizacion').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('totales-cotizacion')).toHaveText(/Total \$ [\d.]+,\d{2}/);
    await noSidewaysScroll(page);

    await page.getByTestId('anotar-pedido').click();
    await page.getByTestId('resultado-solicitud').waitFor();
    await expect(page.getByTestId('estado-solicitud')).toHaveText('Pedido anotado');
    await expect(page.getByTestId('resultado-solicitud')).toContainText('(J-30987654-3): 18 unidades según la cotización.');
    await expect(page.getByTestId('anotar-pedido')).toHaveCount(0);
    await expect(page.getByTestId('solicitudes')).toContainText('Distribuidora Lara C.A.');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('«Procesar como venta» abre Nueva venta con el cliente y los artículos, y la venta la marca vendida (360 px)', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    // An article with free units in the main store (CCS).
    const found = await page.request.get(`${baseUrl()}/api/venta/articulos/buscar-para-la-venta?search=CFRA`);
    const articles = (await found.json()).data as { articleCode: string; stores: { code: string; available: number }[] }[];
    const article = articles.find((a) => a.stores.some((s) => s.code === 'CCS' && s.available >= 2));
    expect(article).toBeDefined();
    const created = await page.request.post(`${baseUrl()}/api/prospecto/procesar/solicitud`, {
      data: {
        accion: 'registrar',
        name: 'Mayorista de Maracay',
        dni: 'J-308765432',
        phone: '0243-555-0188',
        note: '',
        items: [{ articleCode: article?.articleCode, quantity: 2 }],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = (await created.json()).data.id as number;

    await page.goto(`${baseUrl()}/dashboard/prospecto?solicitud=${id}`);
    await page.getByTestId('procesar-como-venta').click();
    await page.waitForURL(new RegExp(`/dashboard/venta/nueva\\?prospecto=${id}$`));
    await page.getByTestId('prospecto-venta').waitFor();
    await expect(page.getByTestId('cliente-dni')).toHaveValue('J-30876543-2');
    await page.getByTestId(`linea-${article?.articleCode}`).waitFor();
    const select = page.getByTestId('venta-tienda');
    await page.waitForLoadState('networkidle');
    const ccs = await select.evaluate((el) => [...(el as HTMLSelectElement).options].find((o) => o.text.endsWith('(CCS)'))?.value ?? '');
    await select.selectOption(ccs);
    await page.getByTestId('cliente-buscar').click();
    await page.getByTestId('pago-metodo-0').selectOption('efectivo-bs');
    await page.getByTestId('pago-completar-0').click();
    await expect(page.getByTestId('pago-monto-0')).not.toHaveValue('');
    await noSidewaysScroll(page);
    await page.getByTestId('registrar-venta').click();
    await page.getByTestId('venta-registrada').waitFor();
    const number = (await page.getByTestId('venta-numero').textContent()) ?? '';
    expect(number).toMatch(/^F-CCS-\d{6}$/);

    await page.goto(`${baseUrl()}/dashboard/prospecto?solicitud=${id}`);
    await expect(page.getByTestId('estado-solicitud')).toHaveText('Vendida');
    await expect(page.getByTestId('venta-de-solicitud')).toHaveText(number);
    await expect(page.getByTestId('procesar-como-venta')).toHaveCount(0);
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});
