// What a shopper meets on a 360 px phone outside the happy path (issue 26): a page that does not
// exist keeps the store's header, search and footer, with a way on; the cart says the article's
// price and applies its quantities as they change.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, newPage, noSidewaysScroll, test } from './fixtures.ts';

const PHONE = { width: 360, height: 780 };

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test('404 en el teléfono: cabecera con búsqueda, pie y salidas al inicio y al catálogo', async () => {
  const { page, errors } = await newPage(browser, PHONE);
  const response = await page.goto(`${baseUrl()}/esta-pagina-no-existe`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar artículos' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('Seguir mi pedido');
  await expect(page.getByRole('link', { name: 'Ver el catálogo' })).toBeVisible();
  await noSidewaysScroll(page);
  // The search in the header works from the error page.
  await page.getByRole('searchbox', { name: 'Buscar artículos' }).fill('camisa');
  await page.getByRole('searchbox', { name: 'Buscar artículos' }).press('Enter');
  await expect(page).toHaveURL(/\/buscar\?q=camisa/);
  await page.goto(`${baseUrl()}/esta-pagina-no-existe`);
  await page.getByRole('link', { name: 'Ver el catálogo' }).click();
  await expect(page).toHaveURL(/\/linea$/);
  expect(errors).toEqual([]);
  await page.context().close();
});

type Stock = { articleCode: string; tiendaId: number };

/** An article with at least three units in one store, read from the public API. */
async function articleInStock(skip = 0): Promise<Stock> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=40`)).json()) as { data: { model: string }[] };
  let seen = 0;
  for (const { model } of list.data) {
    const detail = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as {
      data: { sizes: { article: string; stores: { id: number; quantity: number }[] }[] };
    };
    for (const size of detail.data.sizes) {
      const store = size.stores.find((s) => s.quantity >= 3);
      if (store && seen++ >= skip) return { articleCode: size.article, tiendaId: store.id };
    }
  }
  throw new Error('ningún artículo tiene existencia');
}

async function addToCart(page: Page, stock: Stock) {
  const response = await page.request.post(`${baseUrl()}/api/carrito/guardar/item`, {
    data: { articleCode: stock.articleCode, stores: [{ tiendaId: stock.tiendaId, quantity: 1 }] },
  });
  expect(response.status()).toBe(200);
}

async function emptyCart(page: Page) {
  expect((await page.request.delete(`${baseUrl()}/api/v2/carrito/resetear-carrito`)).status()).toBe(200);
}

test('el carrito dice el precio del artículo con IVA y aplica las cantidades al cambiarlas', async () => {
  const stock = await articleInStock(1);
  const { page, errors } = await newPage(browser, PHONE);
  await addToCart(page, stock);
  await page.goto(`${baseUrl()}/carrito`);
  const line = page.getByTestId(`linea-${stock.articleCode}`);
  await expect(line).toContainText('1 unidad');
  await expect(page.getByTestId(`precio-linea-${stock.articleCode}`)).toContainText('IVA incluido');
  await expect(page.getByTestId(`precio-linea-${stock.articleCode}`)).not.toContainText('sin IVA');
  const unit = (await page.getByTestId(`precio-unidad-${stock.articleCode}`).textContent()) ?? '';

  // The article's page said the same price.
  const articlePath = (await line.getByRole('link').first().getAttribute('href')) ?? '';
  await page.goto(`${baseUrl()}${articlePath}`);
  await expect(page.getByTestId('precio').first()).toHaveText(unit);

  // On the phone, with JavaScript: no button to press, the new quantity applies once it is left.
  await page.goto(`${baseUrl()}/carrito`);
  await expect(line.getByRole('button', { name: 'Actualizar cantidades' })).toBeHidden();
  const field = line.getByRole('spinbutton').first();
  await field.fill('2');
  await field.press('Tab');
  await expect(line).toContainText('2 unidades');
  await expect(page.getByTestId('unidades-carrito')).toHaveText('2');
  await noSidewaysScroll(page);
  expect(errors).toEqual([]);
  await emptyCart(page);
  await page.context().close();
});

test('sin JavaScript las cantidades se aplican con «Actualizar cantidades»', async () => {
  const stock = await articleInStock(2);
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'es-VE',
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': '10.78.0.9' },
  });
  const page = await context.newPage();
  await addToCart(page, stock);
  await page.goto(`${baseUrl()}/carrito`);
  const line = page.getByTestId(`linea-${stock.articleCode}`);
  await expect(line).toContainText('1 unidad');
  await line.getByRole('spinbutton').first().fill('2');
  await line.getByRole('button', { name: 'Actualizar cantidades' }).click();
  await expect(line).toContainText('2 unidades');
  await emptyCart(page);
  await context.close();
});

test('el pie enlaza la galería solo cuando tiene fotos', async () => {
  const { page, errors } = await newPage(browser, PHONE);
  const gallery = (await (await fetch(`${baseUrl()}/api/galeria`)).json()) as { data: { total: number } };
  await page.goto(`${baseUrl()}/nuestras-tiendas`);
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Seguir mi pedido' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Galería' })).toHaveCount(gallery.data.total > 0 ? 1 : 0);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('una tarjeta rebajada dice un solo precio (la insignia dice la rebaja)', async () => {
  const { page, errors } = await newPage(browser, PHONE);
  await page.goto(`${baseUrl()}/articulos/promociones`);
  const reduced = page.getByTestId('articulo').filter({ has: page.getByTestId('insignia-descuento') });
  await expect(reduced.first()).toBeVisible();
  for (const card of (await reduced.all()).slice(0, 6)) {
    await expect(card.getByText(/\$\s?[\d.]+,\d{2}/)).toHaveCount(1);
    await expect(card).not.toContainText('Antes');
  }
  expect(errors).toEqual([]);
  await page.context().close();
});
