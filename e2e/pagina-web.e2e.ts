// The page settings in the browser, on a phone: the admin changes the banner and the offer in
// /dashboard/configurar/pagina-web and a visitor's home page shows them on the next visit (the
// shared page cache is emptied by the save).
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'la página no se desplaza de lado').toBeLessThanOrEqual(width);
}

/** Mantine's FileInput opens the browser's file chooser from its button. */
async function chooseBanner(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('banner-archivo').click()]);
  await chooser.setFiles(file);
}

const banner = () =>
  sharp({ create: { width: 1800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

test.describe('página web', () => {
  test('el admin cambia el banner y la oferta: la página de inicio los muestra (360 px)', async () => {
    test.setTimeout(120_000);
    const visitor = await newPage(browser, PHONE);
    // A first visit fills the shared page cache with the old banner.
    await visitor.page.goto(`${baseUrl()}/`);
    const oferta = `Rebajas de diciembre ${Date.now()}`;

    const admin = await newPage(browser, PHONE);
    await login(admin.page, 'admin@vitrina.com.ve');
    await admin.page.goto(`${baseUrl()}/dashboard/configurar/pagina-web`);
    await noSidewaysScroll(admin.page);
    // A file that is not a picture is refused with its reason and nothing changes.
    await chooseBanner(admin.page, {
      name: 'banner.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await admin.page.getByRole('button', { name: 'Guardar' }).click();
    await expect(admin.page.getByRole('alert').first()).toContainText('no es una imagen JPEG, PNG o WebP');

    await chooseBanner(admin.page, { name: 'banner.jpg', mimeType: 'image/jpeg', buffer: await banner() });
    await admin.page.getByTestId('oferta').fill(oferta);
    await admin.page.getByRole('button', { name: 'Guardar' }).click();
    await admin.page.getByTestId('pagina-guardada').waitFor();
    await expect(admin.page.getByTestId('banner-actual')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
    await noSidewaysScroll(admin.page);

    await visitor.page.goto(`${baseUrl()}/`);
    const image = visitor.page.getByRole('img', { name: oferta });
    await expect(image).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
    // Read once it has loaded: right after the page, the picture may still be on its way.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    await noSidewaysScroll(visitor.page);
    expect(admin.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  test('el admin cambia el pie de página; un <script> en sus campos nunca se ejecuta (360 px)', async () => {
    test.setTimeout(120_000);
    const admin = await newPage(browser, PHONE);
    const dialogs: string[] = [];
    admin.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await login(admin.page, 'admin@vitrina.com.ve');
    await admin.page.goto(`${baseUrl()}/dashboard/configurar/footer`);
    await noSidewaysScroll(admin.page);
    const marca = `Moda venezolana ${Date.now()}`;
    await admin.page
      .getByTestId('sobre-nosotros')
      .fill(`${marca}<script>alert('pie')</script> | Segundo párrafo<img src=x onerror="alert('img')">`);
    await admin.page.getByLabel('Dirección').fill('<svg onload="alert(\'svg\')"></svg>Av. Bolívar, Valencia');
    await admin.page.getByLabel('WhatsApp').fill('+58 424-555-0123');
    await admin.page.getByRole('button', { name: 'Guardar' }).click();
    await admin.page.getByTestId('pie-guardado').waitFor();

    const visitor = await newPage(browser, PHONE);
    visitor.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await visitor.page.goto(`${baseUrl()}/`);
    const pie = visitor.page.locator('footer');
    await pie.getByText(marca, { exact: true }).waitFor();
    const texto = await pie.textContent();
    expect(texto).toContain('Segundo párrafo');
    expect(texto).toContain('Av. Bolívar, Valencia');
    expect(texto).not.toContain('alert');
    await expect(pie.getByRole('link', { name: 'WhatsApp', exact: true })).toHaveAttribute('href', 'https://wa.me/584245550123');
    await expect(pie.locator('script, img[src="x"], svg[onload]')).toHaveCount(0);
    await noSidewaysScroll(visitor.page);
    expect(dialogs).toEqual([]);
    expect(admin.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
