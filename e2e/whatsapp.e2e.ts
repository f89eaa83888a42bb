// «Pedir por WhatsApp» on a 360 px phone (decision 0033): article → size → the button → the short form
// → the order is made and WhatsApp opens with its code and total → the sales staff see it marked
// WhatsApp. wa.me is answered by the test (page.route): nothing leaves the machine.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { ArticleDetail } from '#domain/contracts/catalogo.ts';
import { whatsappDigits } from '#domain/whatsapp.ts';
import { baseUrl, cancelUnpaidOrders, expect, login, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

let browser: Browser;
/** Orders left waiting for payment: cancelled at the end, so later journeys do not meet the unpaid limits. */
const created: string[] = [];

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

test.afterAll(async () => {
  if (browser) await cancelUnpaidOrders(browser, created);
});

/** A model with a size that has 2 or more units in one store, read from the public API. */
async function sizeInStock(): Promise<{ path: string; sizeCode: string; article: string }> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=40`)).json()) as { data: { model: string }[] };
  for (const { model } of list.data.slice(5)) {
    const { data: article } = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as { data: ArticleDetail };
    const size = article.sizes.find((s) => s.stores.some((st) => st.quantity >= 2));
    if (size) {
      return {
        path: `/linea/${article.lineCode}/sub-lineas/${article.subLineCode}/articulos/${model}`,
        sizeCode: size.code,
        article: size.article,
      };
    }
  }
  throw new Error('ningún artículo tiene existencia');
}

/** «$ 1.234,56 · Bs. 45.059,25» → ['$ 1.234,56', 'Bs. 45.059,25']. */
function amounts(text: string | null): string[] {
  return [...(text ?? '').matchAll(/(?:\$|Bs\.) [\d.]+,\d{2}/g)].map((m) => m[0]);
}

/** Serious or critical axe violations (WCAG 2.x A and AA) of the page as it is now. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${page.url()}: ${v.id}`);
}

async function fillForm(page: Page, phone: string) {
  await page.getByLabel('Nombre completo').fill('Yusmary Colmenares');
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByLabel('Cédula o RIF').fill('V-19555444');
  await page.getByLabel('Estado').selectOption('Lara');
  await page.getByLabel('Ciudad').fill('Barquisimeto');
}

test.describe('pedir por WhatsApp en el teléfono', () => {
  test('artículo → talla → «Pedir por WhatsApp» → datos → la orden se hace, WhatsApp abre con su código y total, y ventas la ve marcada', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    const pick = await sizeInStock();
    // The chat is answered here: the journey captures the window it opens instead of going to the internet.
    await page
      .context()
      .route(/^https:\/\/wa\.me\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>wa.me</title>' }),
      );

    await page.goto(`${baseUrl()}${pick.path}`);
    await expect(page.getByTestId('pedir-whatsapp')).toBeDisabled();
    await page.getByTestId(`talla-${pick.sizeCode}`).click();
    await page.getByTestId('codigo-articulo').filter({ hasText: pick.article }).waitFor();
    await page.getByTestId('pedir-whatsapp').click();
    await page.waitForURL(/\/carrito\/whatsapp$/);
    await page.getByTestId('form-whatsapp').waitFor();
    await noSidewaysScroll(page);
    await expect(accessibilityProblems(page)).resolves.toEqual([]);

    // A landline is not a WhatsApp: the message is under the field and nothing is ordered.
    await fillForm(page, '0212-555-0101');
    await page.getByTestId('whatsapp-enviar').click();
    await page.getByText('Escriba un celular venezolano con WhatsApp (ejemplo: 0414-555-0101)').waitFor();
    expect(page.url()).toMatch(/\/carrito\/whatsapp$/);

    await page.locator('input[name="phone"]').fill('0414-555-7321');
    const chat = page.context().waitForEvent('page');
    await page.getByTestId('whatsapp-enviar').click();
    await page.waitForURL(/\/carrito\/ver-orden\?/);
    const code = (await page.getByTestId('codigo-orden').textContent())?.trim() ?? '';
    expect(code).toMatch(/^OC-\d{6,}$/);
    created.push(code);

    // The window it opened: the store's number (footer), the code and the total in $ and Bs.
    const opened = await chat;
    await opened.waitForLoadState();
    const url = new URL(opened.url());
    // Another journey may have changed the footer's number: the one the store has now.
    const footer = (await (await fetch(`${baseUrl()}/api/footer-content`)).json()) as { data: { whatsapp: string } };
    expect(whatsappDigits(footer.data.whatsapp)).toMatch(/^58\d{10}$/);
    expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${whatsappDigits(footer.data.whatsapp)}`);
    const message = url.searchParams.get('text') ?? '';
    const [usd, ves] = amounts(await page.getByTestId('total-confirmacion').textContent());
    expect(message).toContain(`pedido ${code}`);
    expect(message).toContain(`Total: ${usd} (${ves})`);
    expect(message).toMatch(new RegExp(`Mi pedido: http://[^/]+/orden/${code}\\?t=\\w+`));
    expect(message).toContain(`talla`);
    // The button opens the same chat, in case the browser blocked the window; a reload does not open it again.
    await expect(page.getByTestId('abrir-whatsapp')).toHaveAttribute('href', opened.url());
    expect(page.url()).not.toContain('whatsapp=abrir');
    await expect(page.getByTestId('envio-confirmacion')).toContainText('Por acordar por WhatsApp');
    await noSidewaysScroll(page);
    await expect(accessibilityProblems(page)).resolves.toEqual([]);
    expect(errors).toEqual([]);

    // The sales staff, on their phone: the order in the list with its WhatsApp badge, and in the filter.
    const staff = await newPage(browser, PHONE);
    await login(staff.page, 'ventas@vitrina.com.ve');
    await staff.page.goto(`${baseUrl()}/dashboard/venta?origen=whatsapp`);
    const card = staff.page.getByTestId(`tarjeta-${code}`);
    await card.waitFor();
    await expect(card.getByTestId(`origen-${code}`)).toHaveText('WhatsApp');
    await expect(staff.page.locator('[data-testid^="tarjeta-"]').count()).resolves.toBeGreaterThan(0);
    await staff.page.goto(`${baseUrl()}/dashboard/venta?origen=web`);
    await staff.page.getByTestId('filtro-origen').waitFor();
    await expect(staff.page.getByTestId(`tarjeta-${code}`)).toHaveCount(0);
    await staff.page.goto(`${baseUrl()}/dashboard/venta/${code}`);
    await staff.page.getByRole('heading', { name: `Orden ${code}` }).waitFor();
    await expect(staff.page.getByTestId(`origen-${code}`)).toHaveText('WhatsApp');
    await noSidewaysScroll(staff.page);
    expect(staff.errors).toEqual([]);
  });

  test('sin número de WhatsApp en el pie de página no hay botón, y el formulario vuelve al carrito', async () => {
    const admin = await newPage(browser);
    await login(admin.page, 'admin@vitrina.com.ve');
    const footer = (await (await fetch(`${baseUrl()}/api/footer-content`)).json()) as { data: { whatsapp: string } };
    const setNumber = async (whatsapp: string) => {
      const response = await admin.page.request.post(`${baseUrl()}/api/footer-content`, { multipart: { whatsapp } });
      expect(response.status()).toBe(200);
    };
    await setNumber('');
    try {
      const { page, errors } = await newPage(browser, PHONE);
      const pick = await sizeInStock();
      await page.goto(`${baseUrl()}${pick.path}`);
      await page.getByTestId(`talla-${pick.sizeCode}`).click();
      await page.getByTestId('codigo-articulo').filter({ hasText: pick.article }).waitFor();
      await expect(page.getByTestId('pedir-whatsapp')).toHaveCount(0);
      await page.getByTestId('agregar-carrito').click();
      await page.getByTestId('agregado').waitFor();
      await page.goto(`${baseUrl()}/carrito`);
      await page.getByTestId('checkout-siguiente').waitFor();
      await expect(page.getByTestId('carrito-pedir-whatsapp')).toHaveCount(0);
      await page.goto(`${baseUrl()}/carrito/whatsapp`);
      await page.waitForURL(/\/carrito$/);
      expect(errors).toEqual([]);
    } finally {
      await setNumber(footer.data.whatsapp);
    }
  });

  test('desde el carrito: el botón lleva al mismo formulario', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    const pick = await sizeInStock();
    await page.goto(`${baseUrl()}${pick.path}`);
    await page.getByTestId(`talla-${pick.sizeCode}`).click();
    await page.getByTestId('codigo-articulo').filter({ hasText: pick.article }).waitFor();
    await page.getByTestId('agregar-carrito').click();
    await page.getByTestId('agregado').waitFor();
    await page.goto(`${baseUrl()}/carrito`);
    await page.getByTestId('carrito-pedir-whatsapp').click();
    await page.waitForURL(/\/carrito\/whatsapp$/);
    await page.getByTestId('form-whatsapp').waitFor();
    await expect(page.getByTestId('total-usd')).toHaveText(/^\$ [\d.]+,\d{2}$/);
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
});
