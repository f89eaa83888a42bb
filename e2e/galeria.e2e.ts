// The gallery in the browser: inventario uploads two photos with the progress bar (a PDF first, refused
// with its reason), and a visitor on a phone opens them in the lightbox and moves by keyboard and by swiping.

import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

async function photo(seed: number): Promise<Buffer> {
  const [width, height] = [1200, 900];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 * seed + (i >> 6) * 31) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test.describe('galería', () => {
  test('inventario sube fotos con su progreso y un visitante las recorre en el visor (360 px)', async () => {
    const staff = await newPage(browser, PHONE);
    await login(staff.page, 'inventario@vitrina.com.ve');
    // The chosen files live in React state: choose them once the page is hydrated.
    await staff.page.goto(`${baseUrl()}/dashboard/galeria/UploadImage`, { waitUntil: 'networkidle' });
    const input = staff.page.locator('input[type=file]');
    await staff.page.waitForFunction(() => {
      const element = document.querySelector('input[type=file]');
      return element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
    });
    await input.setInputFiles([{ name: 'factura.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    await staff.page.getByTestId('subir-fotos').click();
    await expect(staff.page.getByTestId('errores-subida')).toContainText('«factura.jpg»: El archivo no es una imagen JPEG, PNG o WebP');
    await input.setInputFiles([
      { name: 'chacao.jpg', mimeType: 'image/jpeg', buffer: await photo(1) },
      { name: 'valencia.jpg', mimeType: 'image/jpeg', buffer: await photo(2) },
    ]);
    await staff.page.getByLabel('Título (opcional)').fill('Nuestras tiendas');
    await noSidewaysScroll(staff.page);
    await staff.page.getByTestId('subir-fotos').click();
    await staff.page.waitForURL(/\/dashboard\/galeria\?subidas=2$/);
    await expect(staff.page.getByTestId('fotos-subidas')).toHaveText('Se subieron 2 fotos.');
    await expect(staff.page.getByTestId('foto-panel').count()).resolves.toBeGreaterThanOrEqual(2);
    await noSidewaysScroll(staff.page);

    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(`${baseUrl()}/galeria`);
    const thumbs = visitor.page.getByTestId('miniatura');
    await expect(thumbs.count()).resolves.toBeGreaterThanOrEqual(2);
    await noSidewaysScroll(visitor.page);
    const total = await thumbs.count();
    await thumbs.first().click();
    const position = visitor.page.getByTestId('posicion-visor');
    const showing = (n: number) => position.filter({ hasText: new RegExp(`^${n} de ${total}$`) }).waitFor();
    await showing(1);
    const big = visitor.page.getByTestId('foto-grande');
    await expect(big).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}-1600\.webp$/);
    await visitor.page.keyboard.press('ArrowRight');
    await showing(2);
    await visitor.page.keyboard.press('ArrowLeft');
    await showing(1);
    // A swipe to the left: the next photo.
    const box = await big.boundingBox();
    if (!box) throw new Error('sin foto grande');
    const y = box.y + box.height / 2;
    await visitor.page.mouse.move(box.x + box.width * 0.8, y);
    await visitor.page.mouse.down();
    await visitor.page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await visitor.page.mouse.up();
    await showing(2);
    await visitor.page.keyboard.press('Escape');
    await position.waitFor({ state: 'detached' });
    expect(staff.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await staff.page.context().close();
    await visitor.page.context().close();
  });
});
