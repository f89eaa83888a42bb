// An admin creates a 20 % discount for a sub-line and a coupon; a guest on a 360 px phone buys with
// both, and the confirmation, the public order page and the staff's order screen show them.
import type { Browser } from '@playwright/test';
import type { ArticleDetail } from '#domain/contracts/catalogo.ts';
import { formatUsd, percentOfCents, toCents } from '#domain/money.ts';
import { pvpCents } from '#domain/precio-al-publico.ts';
import { baseUrl, chooseStoreUnits, expect, login, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 740 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

type Pick = { article: ArticleDetail; size: string; store: number };

/** A model with a size in stock in some store, its promotion price above $ 1, from the public API. */
async function articleInStock(): Promise<Pick> {
  const list = (await (await fetch(`${baseUrl()}/api/catalogo/articulos?per_page=60`)).json()) as { data: { model: string }[] };
  for (const { model } of list.data) {
    const { data: article } = (await (await fetch(`${baseUrl()}/api/v2/catalogo/article/${model}`)).json()) as { data: ArticleDetail };
    if (article.discount !== '0.00' || Number(article.finalPrice) < 1) continue;
    for (const size of article.sizes) {
      // Two go in the cart; other journeys before this one may hold a few units of the same articles.
      const store = size.stores.find((s) => s.quantity >= 6);
      if (store) return { article, size: size.article, store: store.id };
    }
  }
  throw new Error('ningún modelo tiene existencia');
}

/** Text without the spaces the es-VE format puts between the symbol and the digits. */
const money = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

test.describe('descuentos y cupones de punta a punta', () => {
  test('20 % a una sub-línea y un cupón: el invitado compra con ambos y la orden los muestra en todas partes', async () => {
    const pick = await articleInStock();
    const { article } = pick;
    const couponCode = `E2E${Date.now().toString().slice(-6)}`;
    const discountName = `Sub-línea ${article.subLineName} 20 %`;

    // ── the admin: a discount for the sub-line, then a coupon ──
    const admin = await newPage(browser);
    await login(admin.page, 'admin@vitrina.com.ve');
    await admin.page.goto(`${baseUrl()}/dashboard/config/descuentos`);
    await admin.page.getByTestId('nuevo-descuento').click();
    await admin.page.waitForURL(/\/dashboard\/config\/descuentos\/registrar$/);
    await admin.page.getByTestId('descuento-nombre').fill(discountName);
    await admin.page.getByTestId('descuento-tipo').selectOption('porcentaje');
    await admin.page.getByTestId('descuento-valor').fill('20');
    await admin.page.getByTestId('descuento-guardar').click();
    await admin.page.waitForURL(/\/dashboard\/config\/descuentos\/asignar\/\d+\?nuevo=1$/);
    const discountId = /asignar\/(\d+)/.exec(admin.page.url())?.[1] ?? '';
    await admin.page.getByTestId('asignar-nuevo').waitFor();
    await admin.page.getByTestId('buscar-linea').selectOption({ label: article.lineName });
    await admin.page.getByTestId('buscar-asignables').click();
    await admin.page.getByLabel(`${article.lineName} → ${article.subLineName}`).check();
    await admin.page.getByTestId('guardar-asignacion').click();
    await admin.page.getByTestId('asignacion-guardada').waitFor();
    await expect(admin.page.getByLabel(`${article.lineName} → ${article.subLineName}`)).toBeChecked();

    await admin.page.goto(`${baseUrl()}/dashboard/cupones`);
    await admin.page.getByTestId('nuevo-cupon').click();
    await admin.page.getByTestId('descuento-nombre').fill('Cupón de la prueba');
    await admin.page.getByTestId('descuento-valor').fill('10');
    await admin.page.getByTestId('cupon-codigo-nuevo').fill(couponCode.toLowerCase());
    await admin.page.getByTestId('cupon-usos').fill('5');
    await admin.page.getByTestId('descuento-guardar').click();
    await admin.page.waitForURL(/\/dashboard\/cupones\?guardado=1$/);
    await expect(admin.page.getByTestId(`usos-${couponCode}`)).toHaveText('0 de 5');

    // ── the guest, on a phone: the article shows the discounted price ──
    const guest = await newPage(browser, PHONE);
    const { page } = guest;
    const unitCents = toCents(article.finalPrice);
    // 20 % of one unit on the article page; of the two units' line, rounded once, in the cart.
    const discountCents = percentOfCents(unitCents, 2000);
    const lineDiscountCents = percentOfCents(unitCents * 2, 2000);
    const shown = formatUsd;
    await page.goto(`${baseUrl()}/linea/${article.lineCode}/sub-lineas/${article.subLineCode}/articulos/${pick.size}`);
    // The shopper sees the price with IVA (PVP).
    await expect(money(await page.getByTestId('precio').first().textContent())).toBe(shown(pvpCents(unitCents - discountCents)));
    await chooseStoreUnits(page, { [pick.store]: 2 });
    await page.getByTestId('agregar-carrito').click();
    await page.getByTestId('agregado').waitFor();

    // Step 1: the line's discount, then the coupon.
    await page.goto(`${baseUrl()}/carrito`);
    await page.getByTestId(`descuentos-${pick.size}`).waitFor();
    await expect(page.getByTestId(`descuentos-${pick.size}`)).toContainText(`«${discountName}»`);
    await page.getByTestId('cupon-codigo').fill('NO-EXISTE-1');
    await page.getByTestId('cupon-aplicar').click();
    await page.getByText('El cupón «NO-EXISTE-1» no existe. Revise que esté bien escrito.').waitFor();
    await page.getByTestId('cupon-codigo').fill(couponCode.toLowerCase());
    await page.getByTestId('cupon-aplicar').click();
    await page.getByTestId('cupon-aplicado').waitFor();
    await page.getByTestId('resumen-cupon').waitFor();
    await expect(page.getByTestId('resumen-descuento')).toHaveText(`−${shown(lineDiscountCents)}`);
    await noSidewaysScroll(page);

    const next = page.getByTestId('checkout-siguiente');
    await next.click();
    await page.getByLabel('Nombre completo').fill('Carmen Elena Díaz');
    await page.getByLabel('Correo electrónico').fill(`carmen.${couponCode.toLowerCase()}@correo.com`);
    await page.getByLabel('Teléfono').fill('0414-555-3311');
    await page.getByLabel('Cédula o RIF').fill('V-19876543');
    await page.getByLabel('Estado').selectOption('Lara');
    await page.getByLabel('Ciudad').selectOption('Barquisimeto');
    await page.getByLabel('Dirección').fill('Avenida Lara, residencias El Parque, apartamento 4');
    await next.click();
    await page.getByRole('button', { name: 'Usar mis datos de comprador' }).click();
    await page.getByTestId('agencia-zoom').click();
    await next.click();
    await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 4 de 5 · Pago' }).waitFor();
    await page.getByTestId('metodo-pago-pendiente').click();
    await next.click();

    // Step 5: the coupon is still there; the total shown is what the order charges.
    await page.getByTestId('paso-checkout').filter({ hasText: 'Paso 5 de 5 · Confirmación' }).waitFor();
    await page.getByTestId('cupon-aplicado').waitFor();
    const total = money(await page.getByTestId('total-usd').textContent());
    await noSidewaysScroll(page);
    await page.getByTestId('acepto-terminos').check();
    await page.getByTestId('checkout-confirmar').click();
    await page.waitForURL(/\/carrito\/ver-orden\?codigo=OC-\d{6}&t=[0-9a-f]{32}$/);
    const code = (await page.getByTestId('codigo-orden').textContent()) ?? '';
    await page.getByTestId('descuentos-orden').waitFor();
    await expect(money(await page.getByTestId('descuento-cupon').textContent())).toContain(`Cupón ${couponCode}`);
    await expect(money(await page.getByTestId('descuento-lineas').textContent())).toContain(`−${shown(lineDiscountCents)}`);
    await expect(money(await page.getByTestId('total-orden-publica').textContent())).toContain(total);

    // The public page of the order, by its link.
    await page.getByTestId('ver-seguimiento').click();
    await page.waitForURL(new RegExp(`/orden/${code}\\?t=`));
    // The URL changes before the new page is drawn: wait for something only the order's page has.
    await page.getByTestId('ahorro-orden').waitFor();
    await page.getByTestId('descuento-cupon').waitFor();
    await expect(page.getByText(`Descuento «${discountName}»`).count()).resolves.toBeGreaterThan(0);
    await expect(money(await page.getByTestId('total-orden-publica').textContent())).toContain(total);
    await noSidewaysScroll(page);
    expect(guest.errors).toEqual([]);

    // ── the staff's order screen, and the coupon counted one use ──
    await admin.page.goto(`${baseUrl()}/dashboard/venta/${code}`);
    const totals = money(await admin.page.getByTestId('totales-orden').textContent());
    expect(totals).toContain(`Cupón ${couponCode}`);
    expect(totals).toContain('Descuentos de los artículos');
    await expect(money(await admin.page.getByTestId('total-orden').textContent())).toContain(total);
    await expect(admin.page.getByTestId('descuento-linea-0')).toContainText(discountName);
    await admin.page.goto(`${baseUrl()}/dashboard/cupones?search=${couponCode}`);
    await expect(admin.page.getByTestId(`usos-${couponCode}`)).toHaveText('1 de 5');

    // The journeys after this one see the catalogue's own prices: both are deactivated from the lists.
    await admin.page.getByRole('button', { name: 'Desactivar Cupón de la prueba' }).click();
    await admin.page.getByTestId('cupon-guardado').waitFor();
    await admin.page.goto(`${baseUrl()}/dashboard/config/descuentos?search=${encodeURIComponent(discountName)}`);
    await admin.page.getByTestId(`activar-${discountId}`).first().click();
    await admin.page.getByTestId('descuento-guardado').waitFor();
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();
    await page.context().close();
  });

  test('las páginas de descuentos y cupones caben en un teléfono de 360 px', async () => {
    const { page, errors } = await newPage(browser, PHONE);
    await login(page, 'ventas@vitrina.com.ve');
    for (const path of ['/dashboard/config/descuentos', '/dashboard/cupones', '/dashboard/config/descuentos/registrar?aplicacion=cupon']) {
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status(), path).toBe(200);
      await noSidewaysScroll(page);
    }
    await page.goto(`${baseUrl()}/dashboard/config/descuentos/asignar`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asignar un descuento');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
