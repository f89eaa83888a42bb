// The blog in the browser: the admin writes a post with a picture and schedules it; /blog shows it
// (with that picture) only once its time came. A post full of script payloads, sent to the API as
// an attacker with the admin's session would, runs nothing on the storefront or in the panel.
import type { Browser, Page } from '@playwright/test';
import { advanceClockTo, baseUrl, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };
const PHOTO = '/storage/image-default.png';

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

/** A whole minute some minutes from now (the store's clock moves there), and its value on a datetime-local field in Caracas time. */
function fewMinutesAhead(): { value: string; at: Date } {
  const at = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
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

test.describe('blog', () => {
  test('el admin escribe y programa una publicación con imagen: aparece en /blog a su hora (360 px)', async () => {
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
    const uploaded = (await page.getByTestId('vista-imagen').getAttribute('src')) ?? '';
    expect(uploaded).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    await page.getByText('Programado', { exact: true }).click();
    const { value, at } = fewMinutesAhead();
    await page.getByTestId('fecha-programada').fill(value);
    await noSidewaysScroll(page);
    await page.getByTestId('guardar-publicacion').click();
    await page.getByTestId('publicacion-guardada').waitFor();
    const row = page.getByTestId('tabla-publicaciones').locator('tr', { hasText: 'Colores de la temporada navideña' });
    await expect(row).toContainText('Programado');
    await noSidewaysScroll(page);

    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(`${baseUrl()}/blog`);
    await expect(visitor.page.getByText('Colores de la temporada navideña')).toHaveCount(0);
    const early = await visitor.page.goto(`${baseUrl()}/blog/detail/colores-de-la-temporada-navidena`);
    expect(early?.status()).toBe(404);

    // Its time comes: the store's clock moves there instead of the test waiting.
    await advanceClockTo(page, new Date(at.getTime() + 1000));
    await visitor.page.goto(`${baseUrl()}/blog`);
    const card = visitor.page.getByTestId('tarjeta-publicacion').filter({ hasText: 'Colores de la temporada navideña' });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', uploaded);
    await expect(card).toContainText('Temporada');
    await noSidewaysScroll(visitor.page);
    await card.getByRole('link').click();
    await visitor.page.waitForURL(/\/blog\/detail\/colores-de-la-temporada-navidena$/);
    await expect(visitor.page.getByTestId('contenido-publicacion')).toContainText('Rojos, dorados y verdes');
    await expect(visitor.page.getByTestId('imagen-publicacion')).toHaveAttribute('src', uploaded);
    const ld = JSON.parse((await visitor.page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(ld['@type']).toBe('Article');
    expect(ld.headline).toBe('Colores de la temporada navideña');
    expect(ld.image[0]).toMatch(new RegExp(`^https?://[^/]+${uploaded}$`));
    await expect(visitor.page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/blog\/detail\/colores-de-la-temporada-navidena$/);
    await expect(visitor.page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await noSidewaysScroll(visitor.page);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.page.context().close();
    await page.context().close();
  });

  test('una publicación con <script>, onerror=, javascript: y SVG no ejecuta nada en la tienda ni en el panel', async () => {
    const { page, errors } = await newPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await login(page, 'admin@vitrina.com.ve');
    // A category of its own: the store of this worker may have none yet.
    const category = await page.request.post(`${baseUrl()}/api/blog/add-category`, { data: { category: `Seguridad ${Date.now()}` } });
    expect(category.status()).toBe(200);
    const categoryId = (await category.json()).data.id as number;
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
    await expect(content).toContainText('Texto visible');
    await content.getByText('pase el ratón').hover();
    await content.getByText('enlace').click();
    await expect(
      page.evaluate(
        () =>
          document.querySelectorAll('main script:not([type="application/ld+json"]), [onerror], [onload], [onmouseover], iframe, svg image')
            .length,
      ),
    ).resolves.toBe(0);
    await expect(content.locator('a')).not.toHaveAttribute('href');
    await page.goto(`${baseUrl()}/blog`);
    await page.goto(`${baseUrl()}/dashboard/blog/publicaciones`);
    await page.goto(`${baseUrl()}/dashboard/blog/editar-publicacion?id=${post.id}`);
    // The post is drawn in the editor and every picture it names has loaded or failed (an onerror= would have run).
    await expect(page.locator('.ProseMirror')).toContainText('Texto visible');
    await page.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
