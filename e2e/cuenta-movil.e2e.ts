// The shopper's way in and back on a 360×780 phone: logging in (or signing up) from the cart comes
// back to the cart, the account lives in the store's layout, and the panel always shows the store.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { ArticleDetail } from '#domain/contracts/catalogo.ts';
import { deliveredText } from './correo-falso.ts';
import { baseUrl, DEMO_PASSWORD, expect, login, mailbox, newPage, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

/** How far the page, or anything on it, reaches past the right edge of the screen (the store clips it). */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const right = Math.max(...[...document.querySelectorAll('body *')].map((e) => e.getBoundingClientRect().right));
    return Math.max(document.documentElement.scrollWidth, Math.ceil(right)) - window.innerWidth;
  });
}

/** The phone's menu: the account link sits in the drawer. */
async function openMenuLink(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog').getByRole('link', { name }).click();
}

test.describe('cuenta en un teléfono', () => {
  test('ingresar desde el carrito vuelve al carrito, con la cuenta en la tienda', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/carrito`);
    await openMenuLink(page, 'Ingresar');
    await page.waitForURL(/\/auth\/login\?volver=%2Fcarrito$/);
    await page.getByLabel('Correo electrónico').fill('cliente@vitrina.com.ve');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/carrito$/);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // "Mi cuenta" opens the account inside the store: its own menu, the store's header and cart.
    await openMenuLink(page, 'Mi cuenta');
    await page.waitForURL(/\/mi-cuenta$/);
    await page.getByTestId('menu-cuenta').getByRole('link', { name: 'Mis compras' }).click();
    await page.waitForURL(/\/mi-cuenta\/compras$/);
    expect(await page.getByTestId('enlace-carrito').isVisible()).toBe(true);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('registrarse desde el carrito: el enlace del correo crea la cuenta y vuelve al carrito', async () => {
    const email = `movil.${Date.now()}@correo.com`;
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/auth/login?volver=%2Fcarrito`);
    await page.getByRole('link', { name: 'Regístrese' }).click();
    await page.waitForURL(/\/auth\/signup\?volver=%2Fcarrito$/);
    await page.getByLabel('Nombre').fill('Mariana');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.locator('input[name="password"]').fill('clave-de-mariana');
    await page.locator('input[name="password_confirmation"]').fill('clave-de-mariana');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByTestId('aviso-registro').waitFor();

    const text = await deliveredText(mailbox(), email, 'Crear mi cuenta');
    const link = new URL(/https?:\/\/\S+\/auth\/signup\?codigo=[\w-]+/.exec(text)?.[0] ?? '');
    await page.goto(baseUrl() + link.pathname + link.search);
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL(/\/carrito$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('el personal en el panel tiene a la vista el camino a la tienda', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await page.goto(`${baseUrl()}/auth/login`);
    await page.getByLabel('Correo electrónico').fill('despacho@vitrina.com.ve');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/dashboard$/);
    const tienda = page.getByTestId('panel-a-tienda');
    await tienda.waitFor({ state: 'visible' });
    const box = await tienda.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box)).toBe(true);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await tienda.click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('la compra del cliente se ve como la ve un comprador: foto, nombre, talla, total y el estado en palabras', async () => {
    // On purpose the article with the longest name that has stock (other tests sell units, so "the
    // first one" changed from run to run): a long name is what once pushed this page past 360 px.
    const pages = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const response = await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=100&page=${n}`);
        return ((await response.json()) as { data: { model: string; name: string; inStock: boolean }[] }).data;
      }),
    );
    const longestWord = (name: string) => Math.max(...name.split(/\s+/).map((w) => w.length));
    const candidates = pages
      .flat()
      .filter((a) => a.inStock)
      .sort((a, b) => longestWord(b.name) - longestWord(a.name) || b.name.length - a.name.length);
    let pick: { article: ArticleDetail; code: string; store: number; size: string } | null = null;
    for (const { model } of candidates) {
      const { data: article } = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as { data: ArticleDetail };
      const size = article.sizes.find((s) => s.stores.some((st) => st.quantity >= 1));
      const store = size?.stores.find((st) => st.quantity >= 1);
      if (size && store) {
        pick = { article, code: size.article, store: store.id, size: size.label };
        break;
      }
    }
    if (!pick) throw new Error('ningún artículo con existencia');

    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'cliente@vitrina.com.ve');
    const buyer = {
      fullName: 'Cliente de Prueba',
      email: 'cliente@vitrina.com.ve',
      phone: '0414-555-0199',
      dni: 'V-18123456',
      state: 'Lara',
      city: 'Barquisimeto',
      address: 'Calle 25 entre carreras 18 y 19',
    };
    const placed = await page.request.post(`${baseUrl()}/api/orden-compra/registrar`, {
      headers: { origin: baseUrl(), 'idempotency-key': `e2e-mi-compra-${Date.now()}` },
      data: {
        user: buyer,
        delivery: { ...buyer, contact: buyer.fullName, agency: 'mrw' },
        items: [{ articleCode: pick.code, stores: [{ tiendaId: pick.store, quantity: 1 }] }],
        payment: { method: 'pago-pendiente' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const code = ((await placed.json()) as { data: { orderCode: string } }).data.orderCode;

    await page.goto(`${baseUrl()}/mi-cuenta/compras`);
    await page.getByTestId(`compra-${code}`).getByRole('link', { name: code }).click();
    await page.waitForURL(new RegExp(`/mi-cuenta/compras/${code}$`));
    const line = page.getByTestId(`linea-${pick.code}`);
    expect(await line.locator('img').getAttribute('src')).toContain(`/imagenes/modelos/${pick.article.model}-`);
    const text = (await line.textContent()) ?? '';
    expect(text).toContain(pick.article.name);
    expect(text).toContain(`Talla: ${pick.size}`);
    expect(text).toMatch(/\$ \d/);
    expect(text).toMatch(/Bs\. \d/);
    await expect(page.getByTestId('paso-actual')).toHaveText('Pendiente');
    expect(await page.getByTestId('estado-compra').textContent()).toContain('Esperamos su pago');
    // No staff table: neither the internal article code nor the stores the units come from.
    expect(await page.locator('main').textContent()).not.toContain(pick.code);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // Nor does any text reach past its own box (the store clips it, so the page alone would not tell).
    const spilling = await line.evaluate((card) =>
      [card, ...card.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
    expect(spilling).toEqual([]);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
