// The catalogue file in the browser at 360 px: inventario generates it, downloads it, uploads a JPEG
// named .pdf (refused with its reason) and then a real PDF with the progress bar, and removes it; a
// visitor downloads the catalogue from the líneas page.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

async function downloadFrom(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test.describe('catálogo en PDF', () => {
  test('inventario lo genera, lo descarga, sube uno propio con su progreso y lo quita (360 px)', async () => {
    test.setTimeout(180_000);
    const staff = await newPage(browser, PHONE);
    await login(staff.page, 'inventario@vitrina.com.ve');
    await staff.page.goto(`${baseUrl()}/dashboard/catalogo`);
    await noSidewaysScroll(staff.page);

    await staff.page.getByTestId('generar-ahora').click();
    // A thousand articles with their photos: on a busy two-core machine, well past the usual bound.
    await expect(staff.page.getByTestId('resultado')).toHaveText('Catálogo generado.', { timeout: 90_000 });
    // The loaders run again after the action: the date of the build replaces «todavía no se ha generado».
    await staff.page
      .getByTestId('ultima-generacion')
      .filter({ hasText: /^Última generación: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ })
      .waitFor();

    const generado = await downloadFrom(staff.page, 'descargar-catalogo');
    expect(generado.name).toBe('catalogo.pdf');
    expect(generado.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const input = staff.page.locator('input[type=file]');
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#06c' } })
      .jpeg()
      .toBuffer();
    await input.setInputFiles([{ name: 'catalogo.pdf', mimeType: 'application/pdf', buffer: jpeg }]);
    await staff.page.getByTestId('subir-catalogo').click();
    await expect(staff.page.getByTestId('mensaje-subida')).toHaveText('El archivo no es un PDF (se revisa su contenido, no su nombre).');

    await input.setInputFiles([{ name: 'Catálogo de temporada.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF }]);
    await staff.page.getByTestId('subir-catalogo').click();
    await expect(staff.page.getByTestId('mensaje-subida')).toHaveText('Catálogo subido: el enlace público lo sirve desde ahora.');
    await expect(staff.page.getByTestId('catalogo-subido')).toContainText('Catálogo de temporada.pdf');
    await noSidewaysScroll(staff.page);
    expect((await downloadFrom(staff.page, 'descargar-catalogo')).bytes.equals(SMALL_PDF)).toBe(true);

    await staff.page.getByTestId('quitar-subido').click();
    await expect(staff.page.getByTestId('resultado')).toHaveText('Se quitó el catálogo subido: el enlace público sirve el generado.');
    await staff.page.getByTestId('catalogo-subido').waitFor({ state: 'detached' });

    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(`${baseUrl()}/linea`);
    await noSidewaysScroll(visitor.page);
    const publico = await downloadFrom(visitor.page, 'catalogo-pdf');
    expect(publico.name).toBe('catalogo.pdf');
    expect(publico.bytes.equals(generado.bytes)).toBe(true);

    expect(staff.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await staff.page.context().close();
    await visitor.page.context().close();
  });
});
