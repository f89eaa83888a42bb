// The catalogue on a 360×780 phone: the article's first screen and its fixed add-to-cart bar, the
// filter sheet with colour swatches, chips and count, and the size guide of a shoe.
import type { Browser, Page } from '@playwright/test';
import type { ArticleCard, ArticleDetail } from '#domain/contracts/catalogo.ts';
import { formatUsd, toCents } from '#domain/money.ts';
import { baseUrl, DEMO_PASSWORD, expect, newPage, noSidewaysScroll, test } from './fixtures.ts';

const PHONE = { width: 360, height: 780 };
let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

async function api<T>(path: string): Promise<T> {
  return ((await (await fetch(`${baseUrl()}${path}`)).json()) as { data: T }).data;
}

/** A shoe model with one size in stock in at least two stores. */
async function shoeInStock(): Promise<{ detail: ArticleDetail; size: ArticleDetail['sizes'][number] }> {
  const cards = await api<ArticleCard[]>('/api/catalogo/articulos?linea=CAL&per_page=30');
  for (const card of cards) {
    const detail = await api<ArticleDetail>(`/api/v2/catalogo/article/${card.model}`);
    const size = detail.sizes.find((s) => s.stores.filter((st) => st.quantity > 0).length >= 2);
    if (size) return { detail, size };
  }
  throw new Error('ningún zapato tiene existencia en dos tiendas');
}

async function bottomOf(page: Page, testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  if (!box) throw new Error(`${testId} no se ve`);
  return { top: box.y, bottom: box.y + box.height, height: box.height };
}

test.describe('artículo en un teléfono de 360 px', () => {
  test('precio, colores y tallas en la primera pantalla; la barra fija no agrega hasta elegir talla; las tiendas vienen sugeridas', async () => {
    const { detail, size } = await shoeInStock();
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}${detail.path}`);
    await noSidewaysScroll(page);

    // The bar sits at the bottom of the screen; price, colours and sizes are above it, on the first screen.
    const bar = await bottomOf(page, 'barra-agregar');
    expect(bar.bottom).toBeLessThanOrEqual(PHONE.height + 1);
    expect(bar.top).toBeGreaterThan(PHONE.height - 120);
    const photo = await bottomOf(page, 'foto-principal');
    for (const id of ['precio', `swatch-${detail.colorCode}`, `talla-${detail.sizes[0].code}`]) {
      const box = await bottomOf(page, id);
      expect(box.top, id).toBeGreaterThanOrEqual(photo.bottom);
      expect(box.bottom, id).toBeLessThanOrEqual(bar.top);
    }
    // Price with IVA, the same in the page and in the bar.
    const pvp = formatUsd(toCents(detail.pvp));
    await expect(page.getByTestId('precio').first()).toHaveText(pvp);
    await expect(page.getByTestId('barra-precio')).toHaveText(pvp);

    // No size yet: the button is disabled and says why.
    const add = page.getByTestId('agregar-carrito');
    expect(await add.isDisabled()).toBe(true);
    await expect(page.getByTestId('barra-aviso')).toHaveText('Elija una talla');

    // A size: chosen in the page, the address follows; the nearest/most-stocked store is pre-filled.
    await page.getByTestId(`talla-${size.code}`).click();
    await page.waitForURL(new RegExp(`/articulos/${size.article}$`));
    await page.getByTestId('codigo-articulo').filter({ hasText: size.article }).waitFor();
    expect(await add.isDisabled()).toBe(false);
    const first = size.stores[0];
    await expect(page.getByTestId('tiendas-sugeridas')).toHaveText(`Sale de: ${first.name} (1)`);
    // The stepper's buttons are big enough for a thumb.
    const plus = await page.getByTestId('cantidad-mas').boundingBox();
    expect(plus?.width).toBeGreaterThanOrEqual(44);
    expect(plus?.height).toBeGreaterThanOrEqual(44);
    // «Elegir tiendas» is one tap away and shows the stock of each store.
    await page.getByTestId('elegir-tiendas').click();
    await expect(page.locator(`input[data-testid="llevar-${first.id}"]`)).toHaveValue('1');
    await page.getByTestId('elegir-tiendas').click();

    await add.click();
    await page.getByTestId('agregado').waitFor();
    // What the tap did shows in the fixed bar, on the screen the shopper is looking at.
    const added = await bottomOf(page, 'agregado');
    expect(added.top).toBeGreaterThanOrEqual(0);
    expect(added.bottom).toBeLessThanOrEqual(PHONE.height);
    // The header's cart is a thumb's size and says how many units it holds.
    const cartLink = await page.getByRole('link', { name: 'Carrito 1 artículo', exact: true }).boundingBox();
    expect(cartLink?.width).toBeGreaterThanOrEqual(44);
    expect(cartLink?.height).toBeGreaterThanOrEqual(44);
    // At the very bottom, the end of the page's foot is above the bar (which grew with the notice).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = await page.locator('footer p').last().boundingBox();
    const barNow = await bottomOf(page, 'barra-agregar');
    expect((lastLine?.y ?? 0) + (lastLine?.height ?? 0)).toBeLessThanOrEqual(barNow.top);
    const cart = (await (await page.request.get(`${baseUrl()}/api/carrito`)).json()).data as {
      items: { articleCode: string; quantity: number }[];
      totals: { total: string };
    };
    expect(cart.items.map((i) => [i.articleCode, i.quantity])).toEqual([[size.article, 1]]);
    // What the card and the article said is what one unit costs in the cart.
    expect(cart.totals.total).toBe(detail.pvp);
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test('la guía de tallas de un zapato es la de calzado (talla EU y cm), no la de ropa de damas', async () => {
    const { detail } = await shoeInStock();
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}${detail.path}`);
    await page.getByTestId('abrir-guia').click();
    const guide = page.getByTestId('guia-calzado');
    await guide.waitFor();
    const text = (await guide.textContent()) ?? '';
    expect(text).toContain('Talla EU');
    expect(text).toContain('Largo del pie (cm)');
    expect(text).not.toContain('Busto');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});

test.describe('tiendas sugeridas según el estado del perfil', () => {
  test('con sesión, las unidades salen de la tienda de su estado aunque otra tenga más existencia', async () => {
    // A size in stock in two stores or more, and a store that is not the one with most of it.
    const cards = await api<ArticleCard[]>('/api/catalogo/articulos?per_page=40');
    let pick: { path: string; article: string; store: ArticleDetail['sizes'][number]['stores'][number] } | undefined;
    for (const card of cards) {
      const detail = await api<ArticleDetail>(`/api/v2/catalogo/article/${card.model}`);
      for (const size of detail.sizes) {
        const withStock = size.stores.filter((st) => st.quantity > 0);
        const other = withStock.slice(1).find((st) => st.quantity < withStock[0].quantity && st.state !== withStock[0].state);
        if (other) pick = { path: detail.path, article: size.article, store: other };
      }
      if (pick) break;
    }
    if (!pick) throw new Error('ninguna talla tiene existencia desigual en dos tiendas');

    const { page, errors } = await newPage(browser, PHONE);
    const login = await page.request.post(`${baseUrl()}/api/auth/login`, {
      data: { email: 'despacho@vitrina.com.ve', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const saved = await page.request.patch(`${baseUrl()}/api/profile/usuario-detalles`, {
      data: {
        fullName: 'Persona de Despacho',
        phone: '0414-555-0199',
        dni: 'V-12345679',
        state: pick.store.state,
        city: pick.store.city,
        address: 'Calle 1, casa 2',
      },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`${baseUrl()}${pick.path.replace(/[^/]+$/, pick.article)}`);
    await expect(page.getByTestId('tiendas-sugeridas')).toHaveText(`Sale de: ${pick.store.name} (1)`);
    expect(errors).toEqual([]);
  });
});

test.describe('lista en un teléfono de 360 px', () => {
  test('los filtros se abren desde abajo con muestras de color; los chips y el conteo siguen lo elegido', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/linea/DAM/sub-lineas/articulos`);
    const count = page.getByTestId('conteo-resultados');
    const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?linea=DAM&agrupar_colores=true&per_page=1`)).json()) as {
      meta: { total: number };
    };
    const total = list.meta.total;
    await expect(count).toHaveText(`${total} artículos`);
    // One card per model: no model twice on the page, 24 cards a page.
    const cards = page.getByTestId('articulo');
    expect(await cards.count()).toBe(Math.min(24, total));
    const names = await cards.evaluateAll((els) => els.map((el) => el.querySelector('p')?.textContent ?? ''));
    expect(new Set(names).size).toBe(names.length);

    // The sheet is closed: the filters are not in the first screen.
    const filters = page.getByTestId('filtros');
    expect(await filters.isVisible()).toBe(false);
    await page.getByTestId('abrir-filtros').click();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="filtros"]')?.getBoundingClientRect();
      return box !== undefined && box.bottom <= window.innerHeight + 1 && box.top < window.innerHeight - 100;
    });

    const black = await api<ArticleCard[]>('/api/catalogo/articulos?linea=DAM&color=NEGR&agrupar_colores=true&per_page=60');
    await page.getByTestId('filtro-color-NEGR').click();
    await page.waitForURL(/color=NEGR/);
    await page
      .getByTestId('ver-resultados')
      .filter({ hasText: `Ver ${black.length} artículo` })
      .waitFor();
    expect(await filters.isVisible()).toBe(true);
    await page.getByTestId('ver-resultados').click();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="filtros"]')?.getBoundingClientRect();
      return box !== undefined && box.top >= window.innerHeight - 1;
    });

    await page.getByTestId('chip-filtro').first().waitFor();
    await expect(page.getByTestId('chip-filtro').allTextContents()).resolves.toEqual(['Negro×']);
    await expect(count).toHaveText(black.length === 1 ? '1 artículo' : `${black.length} artículos`);
    for (const swatches of await page.getByTestId('muestras-color').all()) {
      await expect(swatches).toHaveText(/Negro/);
    }
    await noSidewaysScroll(page);

    // A price typed the Venezuelan way, with IVA as shown: applied on leaving the field, and shown again in es-VE format.
    await page.getByTestId('abrir-filtros').click();
    const from = page.getByLabel('Desde', { exact: true });
    await from.fill('40,5');
    await from.press('Tab');
    await page.waitForURL(/precio_min=40%2C50/);
    await expect(from).toHaveValue('40,50');
    await page.keyboard.press('Escape');
    await page.getByTestId('chip-filtro').filter({ hasText: 'Desde $ 40,50' }).waitFor();
    for (const price of await page.getByTestId('precio').allTextContents()) {
      expect(toCents(price.replace('$ ', '').replace(/\./g, '').replace(',', '.'))).toBeGreaterThanOrEqual(4050);
    }
    await page.getByTestId('chip-filtro').filter({ hasText: 'Desde $ 40,50' }).click();
    await page.waitForURL((url) => !url.search.includes('precio_min'));
    await page.getByTestId('chip-filtro').filter({ hasText: 'Desde' }).waitFor({ state: 'detached' });

    // Removing the chip brings every article back.
    await page.getByTestId('chip-filtro').click();
    await page.waitForURL((url) => !url.search.includes('color'));
    // The address changes a moment before the list is drawn again.
    await count.filter({ hasText: new RegExp(`^${total} artículos$`) }).waitFor();
    expect(await page.getByTestId('chip-filtro').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('sin JavaScript, «Filtros» abre la hoja y «Ver» aplica lo elegido', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-VE', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/linea/DAM/sub-lineas/articulos`);
    const filters = page.getByTestId('filtros');
    expect(await filters.isVisible()).toBe(false);
    await page.getByTestId('abrir-filtros').click();
    await page.waitForURL(/#filtros-panel$/);
    // Without JavaScript waitForFunction has nothing to poll with; the page is read from outside.
    const sheetUp = () =>
      page.evaluate(() => {
        const box = document.querySelector('[data-testid="filtros"]')?.getBoundingClientRect();
        return box !== undefined && box.bottom <= window.innerHeight + 1 && box.top < window.innerHeight - 100;
      });
    await expect.poll(sheetUp).toBe(true);

    const black = await api<ArticleCard[]>('/api/catalogo/articulos?linea=DAM&color=NEGR&agrupar_colores=true&per_page=60');
    await page.getByTestId('filtro-color-NEGR').click();
    await page.getByTestId('ver-resultados').click();
    await page.waitForURL(/[?&]color=NEGR/);
    // The new page opens with the sheet closed, the chip and the count of what was chosen.
    expect(await filters.isVisible()).toBe(false);
    await expect(page.getByTestId('chip-filtro').allTextContents()).resolves.toEqual(['Negro×']);
    await expect(page.getByTestId('conteo-resultados')).toHaveText(black.length === 1 ? '1 artículo' : `${black.length} artículos`);

    // An empty result says it once, not again as «Sin artículos» under the list.
    await page.goto(`${baseUrl()}/buscar?q=zzqqxxww`);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('No encontramos artículos con esa búsqueda.');
    expect(main).not.toContain('Sin artículos');
    await context.close();
  });
});

test.describe('búsqueda en un teléfono de 360 px', () => {
  test('la caja de búsqueda conserva lo buscado y los resultados dicen cuántos son', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(baseUrl());
    const box = page.getByRole('searchbox', { name: 'Buscar artículos' });
    await box.fill('vestido rojo');
    await box.press('Enter');
    await page.waitForURL(/\/buscar\?q=vestido\+rojo$/);
    await page.locator('h1', { hasText: 'Resultados para «vestido rojo»' }).waitFor();
    await expect(page.getByRole('searchbox', { name: 'Buscar artículos' })).toHaveValue('vestido rojo');
    const found = (await (await fetch(`${baseUrl()}/api/catalogo/buscar-articulos?search=vestido%20rojo&agrupar_colores=true`)).json()) as {
      meta: { total: number };
    };
    expect(found.meta.total).toBeGreaterThan(0);
    await expect(page.getByTestId('conteo-resultados')).toHaveText(found.meta.total === 1 ? '1 artículo' : `${found.meta.total} artículos`);
    // Reloading the results keeps the query in the box too (server-rendered).
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar artículos' })).toHaveValue('vestido rojo');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test('los resultados se ordenan por precio al elegirlo, y la búsqueda sigue', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/buscar?q=vestido`);
    await page.getByLabel('Ordenar por').selectOption('precio-asc');
    await page.waitForURL(/\/buscar\?q=vestido&orden=precio-asc$/);
    await expect(page.getByLabel('Ordenar por')).toHaveValue('precio-asc');
    await expect(page.getByRole('searchbox', { name: 'Buscar artículos' })).toHaveValue('vestido');
    // Each card's price (the offer's when it has one, «$ 1.234,56»): up, then down the other way.
    const prices = () =>
      page
        .getByTestId('articulo')
        .evaluateAll((cards) => cards.map((card) => card.querySelector('[data-testid="precio"]')?.textContent ?? ''))
        .then((texts) => texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))));
    const up = await prices();
    expect(up.length).toBeGreaterThan(1);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await page.getByLabel('Ordenar por').selectOption('precio-desc');
    await page.waitForURL(/\/buscar\?q=vestido&orden=precio-desc$/);
    // The address changes a moment before the new list is drawn. (Not just `up` reversed: one card
    // per style shows the colour that comes first in the order, so an offer may give way to another colour.)
    await expect.poll(async () => (await prices())[0]).toBeGreaterThan(up[0]);
    const down = await prices();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});
