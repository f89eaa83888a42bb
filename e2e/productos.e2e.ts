// Catalogue administration in the browser: inventario finds a model, changes its price and adds two
// photos (with the upload's progress bar); the storefront shows both on its next request, the
// photos in the article page's gallery (switched with its thumbnails on a 360 px phone). A new
// colour is created from the new-model page and chosen for the model.
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { formatUsd } from '#domain/money.ts';
import { pvpCents } from '#domain/precio-al-publico.ts';
import { baseUrl, expect, login, newPage, test } from './fixtures.ts';

/** The new price $ 37,45 as the storefront shows it, with IVA: «43,44». */
const NEW_PVP = formatUsd(pvpCents(3745)).replace(/^\$\s*/, '');

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

type Card = { model: string; path: string; price: string; image: string };

async function someModel(): Promise<Card> {
  const response = await fetch(`${baseUrl()}/api/catalogo/articulos?linea=CAB&sort_by=nombre&per_page=1`);
  const [card] = (await response.json()).data as Card[];
  return card;
}

test.describe('productos en el panel', () => {
  test('inventario cambia un precio y agrega dos fotos; la tienda muestra el precio y la galería enseguida, y en un teléfono se cambia de foto', async () => {
    const card = await someModel();
    expect(card.image).toMatch(/^\/imagenes\/modelos\//);
    // A shopper has the article page open: the API's read cache and the page memo hold it.
    const shop = await newPage(browser);
    await shop.page.goto(`${baseUrl()}${card.path}`);
    await shop.page.reload();
    await expect(shop.page.locator('main')).not.toContainText(NEW_PVP);

    const { page, errors } = await newPage(browser);
    await login(page, 'inventario@vitrina.com.ve');

    // The list: search finds the model, its row leads to its page.
    await page.goto(`${baseUrl()}/dashboard/configurar/productos?search=${card.model}`);
    await page.getByTestId(`producto-${card.model}`).getByRole('link', { name: card.model }).click();
    await page.waitForURL(new RegExp(`/dashboard/configurar/productos/${card.model}$`));

    // A new price, typed with a decimal comma.
    const price = page.getByLabel('Precio (USD)');
    await price.fill('37,45');
    await page.getByTestId('guardar-producto').click();
    await page.getByTestId('producto-guardado').waitFor();
    await expect(price).toHaveValue('37,45');

    // Two photos generated here, uploaded at once with the progress bar.
    const photo = (background: string) =>
      sharp({ create: { width: 900, height: 1200, channels: 3, background } })
        .png()
        .toBuffer();
    await page.getByTestId('archivo-fotos').setInputFiles([
      { name: 'frente.png', mimeType: 'image/png', buffer: await photo('#0b7a75') },
      { name: 'espalda.png', mimeType: 'image/png', buffer: await photo('#7a0b3c') },
    ]);
    await page.getByTestId('boton-subir').click();
    await page.getByTestId('fotos-subidas').waitFor();
    await expect(page.getByTestId('fotos-subidas')).toHaveText('Se subieron 2 fotos.');
    const thumb = page.getByTestId('foto-0').locator('img');
    await thumb.waitFor();
    await page.getByTestId('foto-1').locator('img').waitFor();
    const thumbSrc = (await thumb.getAttribute('src')) ?? '';
    expect(thumbSrc).toMatch(new RegExp(`^/imagenes/fotos/${card.model}-[0-9A-F]{8}-320\\.webp$`));
    const secondThumbSrc = (await page.getByTestId('foto-1').locator('img').getAttribute('src')) ?? '';
    expect(secondThumbSrc).not.toBe(thumbSrc);

    // The history says who changed the price and what it was.
    const history = page.getByTestId('tabla-historial');
    await expect(history).toContainText('Precio');
    await expect(history).toContainText('$ 37,45');

    // The shopper reloads right away: the new price and the photo (with its srcset).
    await shop.page.reload();
    await expect(shop.page.locator('main')).toContainText(NEW_PVP);
    const picture = shop.page.locator(`img[alt^="${await shop.page.getByRole('heading', { level: 1 }).textContent()}"]`).first();
    const src = (await picture.getAttribute('src')) ?? '';
    expect(src).toBe(thumbSrc.replace('-320.webp', '-640.webp'));
    expect(await picture.getAttribute('srcset')).toContain('-960.webp 960w');
    await expect(picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    // The gallery: both photos in the order they were sent, each numbered in its alt text.
    const name = (await shop.page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const colorName = await shop.page.getByTestId('color-elegido').textContent();
    await expect(shop.page.getByTestId('galeria-foto-1')).toHaveAttribute('alt', `${name}, color ${colorName}, foto 1 de 2`);
    await expect(shop.page.getByTestId('galeria-foto-2')).toHaveAttribute('src', secondThumbSrc.replace('-320.webp', '-640.webp'));
    await expect(shop.page.getByTestId('galeria-foto-2')).toHaveAttribute('alt', /, foto 2 de 2$/);
    // The line's list shows it too.
    const list = await (await fetch(`${baseUrl()}/api/catalogo/articulos?linea=CAB&sort_by=nombre&per_page=1`)).json();
    expect(list.data[0]).toMatchObject({ model: card.model, price: '37.45', image: src });

    // On a 360 px phone: the strip shows one photo, a thumbnail brings the other into view.
    const phone = await newPage(browser, { width: 360, height: 740 });
    await phone.page.goto(`${baseUrl()}${card.path}`);
    const strip = phone.page.getByTestId('galeria-tira');
    const second = phone.page.getByTestId('galeria-foto-2');
    const inView = () =>
      second.evaluate((img) => {
        const box = img.getBoundingClientRect();
        const frame = (img.closest('[data-testid="galeria-tira"]') as HTMLElement).getBoundingClientRect();
        return Math.abs(box.left - frame.left) < 2;
      });
    await expect(inView()).resolves.toBe(false);
    // On a phone the first screen is for the price and the sizes: no thumbnails, the strip is swiped.
    await expect(phone.page.getByTestId('miniaturas')).toBeHidden();
    await strip.evaluate((el) => el.scrollTo({ left: el.clientWidth }));
    await expect.poll(inView).toBe(true);
    await expect(phone.page.getByTestId('foto-actual')).toHaveText('2 / 2');
    await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // On a desktop the thumbnails move it: the second by a click, the first back by the keyboard.
    const desktopStrip = shop.page.getByTestId('galeria-tira');
    await shop.page.getByRole('link', { name: 'Ver foto 2 de 2' }).click();
    await shop.page.waitForFunction(() => document.querySelector('[data-testid="miniatura-2"]')?.getAttribute('aria-current') === 'true');
    await expect.poll(() => desktopStrip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await shop.page.getByTestId('miniatura-1').focus();
    await shop.page.keyboard.press('Enter');
    await expect.poll(() => desktopStrip.evaluate((el) => el.scrollLeft)).toBe(0);
    await expect(shop.page.getByTestId('miniatura-1')).toHaveAttribute('aria-current', 'true');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(new URL(phone.page.url()).hash).toBe('');

    expect(errors).toEqual([]);
    expect(shop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
    await shop.page.context().close();
    await page.context().close();
  });

  test('en un teléfono de 360 px las páginas del catálogo no se desplazan de lado', async () => {
    const card = await someModel();
    const { page, errors } = await newPage(browser, { width: 360, height: 740 });
    await login(page, 'inventario@vitrina.com.ve');
    for (const path of ['', '/linea', '/nuevo', '/cambio-masivo', `/${card.model}`]) {
      const response = await page.goto(`${baseUrl()}/dashboard/configurar/productos${path}`);
      expect(response?.status(), path).toBe(200);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('«Nuevo color» junto al selector del modelo nuevo: errores junto a cada campo y el color creado queda elegido (360 px)', async () => {
    const { page, errors } = await newPage(browser, { width: 360, height: 740 });
    await login(page, 'admin@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/configurar/productos/nuevo`);
    await page.getByText('Nuevo color', { exact: true }).click();
    const code = page.getByLabel('Código del color');
    const name = page.getByLabel('Nombre del color');
    const tone = page.getByLabel('Tono');
    const create = page.getByRole('button', { name: 'Crear color' });

    // A code that already exists: the message says so, under the code.
    await code.fill('negr');
    await name.fill('Negro noche');
    await tone.fill('#101820');
    await create.click();
    await page.getByText('Ya existe un color con el código NEGR.').waitFor();
    // The API's 422 messages, each next to its field.
    await code.fill('LI-A');
    await tone.fill('lila');
    await create.click();
    await page.getByText('El color debe ser un código de 4 letras o números').waitFor();
    await page.getByText('El tono debe ser un color #rrggbb (ejemplo: #1b2a4e)').waitFor();
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    // A good one: created, in the list and chosen, with its swatch.
    await code.fill('lila');
    await name.fill('Lila');
    await tone.fill('#b39ddb');
    await create.click();
    await page.getByTestId('color-creado').waitFor();
    await expect(page.getByTestId('color-creado')).toHaveText('Se creó el color Lila (LILA) y quedó elegido.');
    const picker = page.locator('select[name="colorCode"]');
    await expect(picker).toHaveValue('LILA');
    await expect(picker.locator('option:checked')).toHaveText('Lila (LILA)');
    await page.getByTestId('muestra-color').waitFor();
    await expect(page.getByTestId('nuevo-color').evaluate((details: HTMLDetailsElement) => details.open)).resolves.toBe(false);
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    // The model is created in that colour: its code ends with the colour's.
    await page.getByLabel('Sub-línea').selectOption({ label: 'Blusas' });
    await page.getByLabel('Código base').fill('DBLU950');
    await page.locator('input[name="name"]:not([form])').fill('Blusa Lila de prueba');
    await page.getByLabel('Precio (USD)').fill('21,50');
    await page.getByTestId('tallas').getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Crear modelo' }).click();
    await page.waitForURL(/\/dashboard\/configurar\/productos\/DBLU950LILA\?creado=1$/);
    // «Agregar otro color» starts the next colour with the same price, written the Venezuelan way.
    await expect(page.getByLabel('Precio (USD)')).toHaveValue('21,50');
    await page.getByRole('link', { name: 'Agregar otro color' }).click();
    await page.waitForURL(/\/dashboard\/configurar\/productos\/nuevo\?/);
    await expect(page.getByLabel('Precio (USD)')).toHaveValue('21,50');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('cambio masivo: −10 % a una sub-línea, con vista previa antes de aplicar', async () => {
    const { page, errors } = await newPage(browser);
    await login(page, 'admin@vitrina.com.ve');
    await page.goto(`${baseUrl()}/dashboard/configurar/productos/cambio-masivo`);
    await page.getByLabel('Sub-línea').selectOption({ label: 'Faldas' });
    await page.getByLabel('Cambio', { exact: true }).selectOption('precio-porcentaje');
    await page.getByLabel('Porcentaje', { exact: true }).fill('-10');
    await page.getByTestId('ver-vista-previa').click();
    await page.getByTestId('resultado-vista-previa').waitFor();
    const rows = page.getByTestId('vista-previa').locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    const first = (await rows.first().getAttribute('data-testid'))?.replace('previa-', '') ?? '';
    const before = await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${first}`)).json();
    await page.getByTestId('aplicar-cambio').click();
    await page.getByTestId('cambio-aplicado').waitFor();
    await expect(page.getByTestId('cambio-aplicado')).toContainText(`cambiaron ${count} modelos`);
    const after = await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${first}`)).json();
    const cents = Math.round(Number(before.data.price) * 100);
    expect(Math.round(Number(after.data.price) * 100)).toBe(Math.floor((cents * 9000 + 5000) / 10000));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
