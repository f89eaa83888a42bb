// Content pages in the browser: the admin edits the terms on a phone and the store shows the new
// text; adds a page that is read at /pagina/…, and deletes it; the footer's pages cannot be deleted.
import type { Browser } from '@playwright/test';
import { baseUrl, expect, login, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test.describe('páginas legales', () => {
  test('el admin edita los términos, crea una página y la borra (360 px)', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'admin@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/configurar/paginas?pagina=terms-and-condition`);
    const editor = page.getByTestId('editar-pagina');
    await expect(editor.getByTestId('borrar-pagina')).toHaveCount(0);
    const stamp = Date.now().toString(36);
    await editor.getByLabel('Texto').fill(`## Cambios de talla ${stamp}\n\nTiene 15 días para cambiar su compra (${stamp}).`);
    await editor.getByTestId('guardar-pagina').click();
    await page.getByTestId('pagina-hecho').waitFor();
    await noSidewaysScroll(page);

    await page.goto(`${baseUrl()}/terms-and-condition`);
    await page.getByRole('heading', { name: `Cambios de talla ${stamp}` }).waitFor();
    await expect(page.getByText(`Tiene 15 días para cambiar su compra (${stamp}).`)).toHaveCount(1);

    await page.goto(`${baseUrl()}/dashboard/configurar/paginas?nueva=1`);
    const nueva = page.getByTestId('nueva-pagina');
    await nueva.getByLabel('Dirección').fill('Mi Página');
    await nueva.getByLabel('Título').fill('Envíos al exterior');
    await nueva.getByLabel('Texto').fill('Enviamos a Colombia por MRW.');
    await nueva.getByTestId('crear-pagina').click();
    await nueva.getByText('La dirección solo puede tener minúsculas, números y guiones (ejemplo: politica-de-cambios)').waitFor();
    const slug = `envios-exterior-${stamp}`;
    await nueva.getByLabel('Dirección').fill(slug);
    await nueva.getByTestId('crear-pagina').click();
    await page.getByTestId('pagina-hecho').filter({ hasText: 'Página creada' }).waitFor();

    await page.goto(`${baseUrl()}/pagina/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Envíos al exterior');
    await noSidewaysScroll(page);

    // Once the page's scripts are in: a click while it hydrates can be lost (seen once in CI under load).
    await page.goto(`${baseUrl()}/dashboard/configurar/paginas?pagina=${slug}`, { waitUntil: 'networkidle' });
    await page.getByTestId('borrar-pagina').click();
    // The answer first, so a refusal fails with its own words.
    await page.getByTestId('pagina-hecho').or(page.getByTestId('pagina-error')).first().waitFor();
    expect(await page.getByTestId('pagina-error').allTextContents()).toEqual([]);
    await page.getByTestId('pagina-hecho').filter({ hasText: 'Página borrada.' }).waitFor();
    expect(errors).toEqual([]);
    const gone = await page.goto(`${baseUrl()}/pagina/${slug}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByTestId('mensaje-error')).toHaveText('La página solicitada no existe.');
    await page.context().close();
  });
});
