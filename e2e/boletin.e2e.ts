// The newsletter in the browser: a visitor on a 360 px phone signs up in the store's footer,
// confirms from the link of the delivered mail, the admin composes a campaign (rich text and a
// product card), tries it and sends it with its progress bar, and the visitor unsubscribes in one
// click from the link of the campaign's mail, without logging in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deliveredText } from './correo-falso.ts';
import { baseUrl, launchBrowser, login, newPage, noSidewaysScroll, PHONE } from './fixtures.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const linkAfter = (text: string, label: string) => {
  const line = text.split('\n').find((l) => l.includes(label)) ?? '';
  const url = /https?:\/\/\S+/.exec(line)?.[0];
  if (!url) throw new Error(`sin enlace «${label}» en el correo:\n${text}`);
  return new URL(url);
};

describe('boletín', () => {
  it('suscribirse en el pie (360 px), confirmar, recibir una campaña y darse de baja con un clic', async () => {
    const email = `boletin.${Date.now()}@correo.com`;
    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(`${baseUrl()}/nuestras-tiendas`);
    const pie = visitor.page.getByTestId('pie-boletin');
    await pie.getByLabel('Su correo').fill('no-es-correo');
    await pie.getByTestId('suscribirme').click();
    await pie.getByText('El correo no es válido').waitFor();
    await pie.getByLabel('Su correo').fill(email);
    await pie.getByTestId('suscribirme').click();
    await pie.getByTestId('boletin-enviado').waitFor();
    // Inline: the page did not change.
    expect(new URL(visitor.page.url()).pathname).toBe('/nuestras-tiendas');
    await noSidewaysScroll(visitor.page);

    const confirmation = await deliveredText(inject('mailDir'), email, 'Confirmar mi suscripción');
    const confirmUrl = linkAfter(confirmation, 'Confirmar mi suscripción');
    expect(confirmUrl.pathname).toMatch(/^\/email\/\d+$/);
    await visitor.page.goto(`${baseUrl()}${confirmUrl.pathname}${confirmUrl.search}`);
    await expect(visitor.page.getByTestId('estado-suscripcion').textContent()).resolves.toBe('Sin confirmar');
    await visitor.page.getByTestId('boton-confirmar').click();
    await visitor.page.getByTestId('preferencia-hecha').waitFor();
    await visitor.page.getByTestId('estado-suscripcion').filter({ hasText: 'Suscrito' }).waitFor();
    await noSidewaysScroll(visitor.page);

    const admin = await newPage(browser);
    await login(admin.page, 'admin@vitrina.com.ve');
    await admin.page.goto(`${baseUrl()}/dashboard/boletin`);
    await admin.page.getByTestId('lista-suscriptores').getByText(email).waitFor();
    await admin.page.getByTestId('nueva-campana').click();
    await admin.page.getByLabel('Asunto').fill('Lo nuevo de diciembre');
    const editor = admin.page.getByRole('textbox', { name: 'Texto del boletín' });
    await editor.click();
    await editor.pressSequentially('Llegó la colección de fin de año.');
    await admin.page.getByTestId('buscar-producto').fill('camisa');
    await admin.page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await admin.page.getByTestId('agregar-producto').first().click();
    await admin.page.getByTestId('producto-elegido').waitFor();
    await admin.page.getByTestId('guardar-campana').click();
    await admin.page.waitForURL(/\/dashboard\/boletin\/\d+$/);
    await admin.page.getByTestId('enviar-prueba').click();
    await expect(admin.page.getByTestId('accion-hecha').textContent()).resolves.toBe('Prueba enviada a admin@vitrina.com.ve.');
    await admin.page.getByTestId('enviar-campana').click();
    await admin.page.getByTestId('confirmar-envio').click();
    await admin.page.getByTestId('estado-campana').filter({ hasText: 'Enviada' }).waitFor({ timeout: 20_000 });
    await admin.page.getByTestId('avance-envio').waitFor();
    await admin.page.getByTestId('registro-envios').getByText(email).waitFor();
    // The campaign and the list also read on a phone.
    await admin.page.setViewportSize(PHONE);
    await noSidewaysScroll(admin.page);
    await admin.page.goto(`${baseUrl()}/dashboard/boletin`);
    await admin.page.getByTestId('lista-campanas').getByText('Lo nuevo de diciembre').first().waitFor();
    await noSidewaysScroll(admin.page);

    const campaign = await deliveredText(inject('mailDir'), email, 'Llegó la colección de fin de año.');
    expect(campaign).toMatch(/\$ \d/);
    const unsubscribe = linkAfter(campaign, 'Darse de baja');
    // A link whose signature was altered: refused in Spanish, nothing to click.
    const firma = unsubscribe.searchParams.get('firma') ?? '';
    const tampered = `${firma.slice(0, -1)}${firma.endsWith('0') ? '1' : '0'}`;
    await visitor.page.goto(`${baseUrl()}${unsubscribe.pathname}?firma=${tampered}&baja=1`);
    await expect(visitor.page.getByTestId('enlace-invalido').textContent()).resolves.toMatch(/^El enlace no es válido o fue alterado/);
    expect(await visitor.page.getByTestId('boton-desuscribir').count()).toBe(0);
    await visitor.page.goto(`${baseUrl()}${unsubscribe.pathname}${unsubscribe.search}`);
    await visitor.page.getByTestId('boton-desuscribir').click();
    await visitor.page.getByTestId('preferencia-hecha').waitFor();
    await visitor.page.getByTestId('estado-suscripcion').filter({ hasText: 'Dado de baja' }).waitFor();
    await noSidewaysScroll(visitor.page);

    await admin.page.goto(`${baseUrl()}/dashboard/boletin?search=${encodeURIComponent(email)}`);
    await expect(admin.page.getByTestId('lista-suscriptores').textContent()).resolves.toContain('Dado de baja');
    expect(visitor.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 120_000);
});
