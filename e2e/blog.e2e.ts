// The blog in the browser: the admin writes a post with a picture and schedules it; /blog shows it
// (with that picture) only once its time came. A post full of script payloads, sent to the API as
// an attacker with the admin's session would, runs nothing on the storefront or in the panel.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, login, newPage, noSidewaysScroll } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };
const PHOTO = '/storage/image-default.png';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A minute on a datetime-local field, in Caracas time, at least 40 s from now. */
function nextMinute(): { value: string; at: Date } {
  const at = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
  const value = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Caracas',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');
  return { value, at };
}

async function createCategory(page: Page, name: string) {
  await page.goto(`${baseUrl()}/dashboard/blog/categoria`);
  await page.getByLabel('Nueva categoría').fill(name);
  await page.getByRole('button', { name: 'Agregar' }).click();
  await page.getByText(`Categoría «${name}» creada.`).waitFor();
}

describe('blog', () => {
  it('el admin escribe y programa una publicación con imagen: aparece en /blog a su hora (360 px)', { timeout: 240_000 }, async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'admin@vitrina.com.ve');
    await createCategory(page, 'Temporada');
    await noSidewaysScroll(page);

    await page.goto(`${baseUrl()}/dashboard/blog/nueva-publicacion`);
    const editor = page.locator('.ProseMirror');
    await editor.waitFor();
    await page.getByRole('textbox', { name: 'Título' }).fill('Colores de la temporada navideña');
    await page.getByLabel('Categoría').selectOption({ label: 'Temporada' });
    await editor.click();
    await page.keyboard.type('Rojos, dorados y verdes llegan a nuestras tiendas de Caracas y Valencia.');
    // A real picture (the store's own placeholder PNG) goes through the upload's checks and re-encoding.
    const png = await page.request.get(`${baseUrl()}${PHOTO}`);
    await page.locator('input[type=file]').setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: await png.body() });
    await page.getByRole('button', { name: 'Cambiar imagen' }).waitFor();
    const uploaded = await page.getByTestId('vista-imagen').getAttribute('src');
    expect(uploaded).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    await page.getByText('Programado', { exact: true }).click();
    const { value, at } = nextMinute();
    await page.getByTestId('fecha-programada').fill(value);
    await noSidewaysScroll(page);
    await page.getByTestId('guardar-publicacion').click();
    await page.getByTestId('publicacion-guardada').waitFor();
    const row = page.getByTestId('tabla-publicaciones').locator('tr', { hasText: 'Colores de la temporada navideña' });
    await expect(row.textContent()).resolves.toContain('Programado');
    await noSidewaysScroll(page);

    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(`${baseUrl()}/blog`);
    await expect(visitor.page.getByText('Colores de la temporada navideña').count()).resolves.toBe(0);
    const early = await visitor.page.goto(`${baseUrl()}/blog/detail/colores-de-la-temporada-navidena`);
    expect(early?.status()).toBe(404);

    await visitor.page.waitForTimeout(Math.max(0, at.getTime() - Date.now()) + 1000);
    // The storefront's read cache may hold the list a few more seconds.
    const card = visitor.page.getByTestId('tarjeta-publicacion').filter({ hasText: 'Colores de la temporada navideña' });
    for (let i = 0; i < 20 && (await card.count()) === 0; i++) {
      await visitor.page.waitForTimeout(3000);
      await visitor.page.goto(`${baseUrl()}/blog`);
    }
    await card.waitFor();
    await expect(card.locator('img').getAttribute('src')).resolves.toBe(uploaded);
    await expect(card.textContent()).resolves.toContain('Temporada');
    await noSidewaysScroll(visitor.page);
    await card.getByRole('link').click();
    await visitor.page.waitForURL(/\/blog\/detail\/colores-de-la-temporada-navidena$/);
    await expect(visitor.page.getByTestId('contenido-publicacion').textContent()).resolves.toContain('Rojos, dorados y verdes');
    await expect(visitor.page.getByTestId('imagen-publicacion').getAttribute('src')).resolves.toBe(uploaded);
    const ld = JSON.parse((await visitor.page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(ld['@type']).toBe('Article');
    expect(ld.headline).toBe('Colores de la temporada navideña');
    expect(ld.image[0]).toMatch(new RegExp(`^https?://[^/]+${uploaded}$`));
    await expect(visitor.page.locator('link[rel=canonical]').getAttribute('href')).resolves.toMatch(
      /\/blog\/detail\/colores-de-la-temporada-navidena$/,
    );
    await expect(visitor.page.locator('meta[property="og:type"]').getAttribute('content')).resolves.toBe('article');
    await noSidewaysScroll(visitor.page);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.page.context().close();
    await page.context().close();
  });

  it('una publicación con <script>, onerror=, javascript: y SVG no ejecuta nada en la tienda ni en el panel', async () => {
    const { page, errors } = await newPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await login(page, 'admin@vitrina.com.ve');
    const categories = await page.request.get(`${baseUrl()}/api/blog/get-all-categories`);
    const categoryId = (await categories.json()).data[0].id as number;
    const created = await page.request.post(`${baseUrl()}/api/blog/add-post`, {
      data: {
        title: 'Prueba <img src=x onerror=alert(1)>',
        content:
          '<p>Texto visible</p><script>alert(2)</script><img src="x" onerror="alert(3)">' +
          '<a href="javascript:alert(4)">enlace</a><svg onload="alert(5)"><script>alert(6)</script></svg>' +
          '<p onmouseover="alert(7)" style="background:url(javascript:alert(8))">pase el ratón</p><iframe src="javascript:alert(9)"></iframe>',
        status: 'publicado',
        category_id: categoryId,
      },
    });
    expect(created.status()).toBe(201);
    const post = (await created.json()).data as { id: number; slug: string };

    await page.goto(`${baseUrl()}/blog/detail/${post.slug}`);
    const content = page.getByTestId('contenido-publicacion');
    await expect(content.textContent()).resolves.toContain('Texto visible');
    await content.getByText('pase el ratón').hover();
    await content.getByText('enlace').click();
    await expect(
      page.evaluate(
        () =>
          document.querySelectorAll('main script:not([type="application/ld+json"]), [onerror], [onload], [onmouseover], iframe, svg image')
            .length,
      ),
    ).resolves.toBe(0);
    await expect(content.locator('a').getAttribute('href')).resolves.toBeNull();
    await page.goto(`${baseUrl()}/blog`);
    await page.goto(`${baseUrl()}/dashboard/blog/publicaciones`);
    await page.goto(`${baseUrl()}/dashboard/blog/editar-publicacion?id=${post.id}`);
    await page.locator('.ProseMirror').waitFor();
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
