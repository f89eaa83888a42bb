// Commercial partners in the browser: the admin adds two on a phone (a missing logo first, shown
// under its field), moves the second up, and the home page and /franchise show them in that order.

import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { baseUrl, expect, login, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const logo = (r: number) =>
  sharp({ create: { width: 320, height: 160, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function agregar(page: Page, name: string, url: string, color: number) {
  const form = page.getByTestId('form-aliado-nuevo');
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Enlace (opcional)').fill(url);
  await form.locator('input[type=file]').setInputFiles([{ name: 'logo.png', mimeType: 'image/png', buffer: await logo(color) }]);
  await form.getByTestId('agregar-aliado').click();
  await page.getByTestId('aliados').getByText(name).waitFor();
}

test.describe('aliados comerciales', () => {
  test('el admin agrega dos, sube el segundo, y la portada y franquicias los muestran en ese orden (360 px)', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'admin@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/aliados-comerciales`, { waitUntil: 'networkidle' });
    // The chosen logo lives in React state: choose it once the page is hydrated.
    await page.waitForFunction(() => {
      const element = document.querySelector('input[type=file]');
      return element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
    });
    const form = page.getByTestId('form-aliado-nuevo');
    await form.getByLabel('Nombre').fill('Sin Logo');
    await form.getByTestId('agregar-aliado').click();
    await form.getByText('Elija el logo del aliado.').waitFor();
    await noSidewaysScroll(page);

    const stamp = Date.now().toString(36);
    await agregar(page, `Calzados Andinos ${stamp}`, 'https://andinos.example.com', 30);
    await agregar(page, `Textiles del Lago ${stamp}`, '', 200);
    await page.getByRole('button', { name: `Subir Textiles del Lago ${stamp}` }).click();
    await page.getByTestId('aliado-hecho').filter({ hasText: 'Orden guardado.' }).waitFor();
    // The list is drawn again once the page's data is read again after the save: wait for that order.
    await expect(page.getByTestId('nombre-aliado')).toContainText([`Textiles del Lago ${stamp}`, `Calzados Andinos ${stamp}`]);
    await noSidewaysScroll(page);

    for (const path of ['/', '/franchise']) {
      await page.goto(`${baseUrl()}${path}`);
      const strip = page.getByTestId('aliados-comerciales');
      const alts = await strip.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
      expect(alts.indexOf(`Textiles del Lago ${stamp}`), path).toBeGreaterThanOrEqual(0);
      expect(alts.indexOf(`Textiles del Lago ${stamp}`), path).toBeLessThan(alts.indexOf(`Calzados Andinos ${stamp}`));
      await expect(
        strip.getByRole('link', { name: `Calzados Andinos ${stamp} (se abre en otra pestaña)` }).getAttribute('href'),
      ).resolves.toBe('https://andinos.example.com');
      const ours = strip.getByRole('img', { name: `Calzados Andinos ${stamp}` });
      await ours.scrollIntoViewIfNeeded();
      await page.waitForFunction((alt) => {
        const img = document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null;
        return img?.complete && img.naturalWidth > 0;
      }, `Calzados Andinos ${stamp}`);
      await expect(ours).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
      await noSidewaysScroll(page);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
