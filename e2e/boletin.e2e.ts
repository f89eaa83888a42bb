// The newsletter in the browser: a visitor on a 360 px phone signs up in the store's footer,
// confirms from the link of the delivered mail, the admin composes a campaign (rich text and a
// product card), tries it and sends it with its progress bar, and the visitor unsubscribes in one
// click from the link of the campaign's mail, without logging in. Then, on a phone, the admin
// schedules a campaign with the Spanish date-time picker (a past hour is refused under the field),
// moves it, cancels it and schedules it again: the job queue sends it at its time, the delivered
// mail carries List-Unsubscribe, and the mail client's one-click POST unsubscribes without a session.
import type { Browser, Page } from '@playwright/test';
import { PROGRAMACION_PASADA } from '#domain/boletin-programada.ts';
import { caracasParts, formatDateTime, MONTH_NAMES } from '#domain/dates.ts';
import { deliveredMessage, deliveredText } from './correo-falso.ts';
import { advanceClockTo, baseUrl, expect, login, mailbox, newPage, noSidewaysScroll, PHONE, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const linkAfter = (text: string, label: string) => {
  const line = text.split('\n').find((l) => l.includes(label)) ?? '';
  const url = /https?:\/\/\S+/.exec(line)?.[0];
  if (!url) throw new Error(`sin enlace «${label}» en el correo:\n${text}`);
  return new URL(url);
};

test.describe('boletín', () => {
  test('suscribirse en el pie (360 px), confirmar, recibir una campaña y darse de baja con un clic', async () => {
    test.setTimeout(120_000);
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

    const confirmation = await deliveredText(mailbox(), email, 'Confirmar mi suscripción');
    const confirmUrl = linkAfter(confirmation, 'Confirmar mi suscripción');
    expect(confirmUrl.pathname).toMatch(/^\/email\/\d+$/);
    await visitor.page.goto(`${baseUrl()}${confirmUrl.pathname}${confirmUrl.search}`);
    await expect(visitor.page.getByTestId('estado-suscripcion')).toHaveText('Sin confirmar');
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
    await expect(admin.page.getByTestId('accion-hecha')).toHaveText('Prueba enviada a admin@vitrina.com.ve.');
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

    const campaign = await deliveredText(mailbox(), email, 'Llegó la colección de fin de año.');
    expect(campaign).toMatch(/\$ \d/);
    const unsubscribe = linkAfter(campaign, 'Darse de baja');
    // A link whose signature was altered: refused in Spanish, nothing to click.
    const firma = unsubscribe.searchParams.get('firma') ?? '';
    const tampered = `${firma.slice(0, -1)}${firma.endsWith('0') ? '1' : '0'}`;
    await visitor.page.goto(`${baseUrl()}${unsubscribe.pathname}?firma=${tampered}&baja=1`);
    await expect(visitor.page.getByTestId('enlace-invalido')).toHaveText(/^El enlace no es válido o fue alterado/);
    expect(await visitor.page.getByTestId('boton-desuscribir').count()).toBe(0);
    await visitor.page.goto(`${baseUrl()}${unsubscribe.pathname}${unsubscribe.search}`);
    await visitor.page.getByTestId('boton-desuscribir').click();
    await visitor.page.getByTestId('preferencia-hecha').waitFor();
    await visitor.page.getByTestId('estado-suscripcion').filter({ hasText: 'Dado de baja' }).waitFor();
    await noSidewaysScroll(visitor.page);

    await admin.page.goto(`${baseUrl()}/dashboard/boletin?search=${encodeURIComponent(email)}`);
    await expect(admin.page.getByTestId('lista-suscriptores')).toContainText('Dado de baja');
    expect(visitor.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});

const pad = (n: number) => String(n).padStart(2, '0');

/** Picks `at` (Caracas time) in the campaign's date-time picker, as a person would on a phone. */
async function elegirFechaHora(page: Page, at: Date) {
  const p = caracasParts(at);
  await page.getByTestId('fecha-programada').click();
  const dialog = page.getByRole('dialog', { name: 'Fecha y hora de envío' });
  const day = dialog.getByRole('button', { name: `${p.day} ${MONTH_NAMES[p.month - 1]} ${p.year}`, exact: true }).first();
  // The month is drawn with its header: only then does counting its days mean anything.
  await dialog.getByRole('button', { name: 'Mes siguiente' }).waitFor();
  for (let i = 0; i < 3 && (await day.count()) === 0; i++) await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  await day.click();
  await dialog.getByRole('spinbutton', { name: 'Hora' }).fill(pad(p.hour));
  await dialog.getByRole('spinbutton', { name: 'Minutos' }).fill(pad(p.minute));
  await dialog.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByTestId('fecha-programada')).toHaveText(formatDateTime(at));
}

/** The next whole minute at least `minutes` ahead. */
function minutosAdelante(minutes: number): Date {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setUTCSeconds(0, 0);
  return new Date(at.getTime() + 60_000);
}

test.describe('boletín programado', () => {
  test('programar en el teléfono (360 px): hora pasada rechazada, mover, cancelar; sale sola a su hora con List-Unsubscribe y la baja con un clic', async () => {
    test.setTimeout(120_000);
    const email = `programada.${Date.now()}@correo.com`;
    const asunto = `Programada ${Date.now()}`;
    const admin = await newPage(browser, PHONE);
    await login(admin.page, 'admin@vitrina.com.ve');
    // A confirmed subscriber and a draft through the API: the first journey covers them in the browser.
    const api = admin.page.request;
    expect((await api.post(`${baseUrl()}/api/correo/newsletter`, { data: { email } })).status()).toBe(201);
    const confirmUrl = linkAfter(await deliveredText(mailbox(), email, 'Confirmar mi suscripción'), 'Confirmar mi suscripción');
    const confirm = await api.post(`${baseUrl()}/api/correo/newsletter/confirmar`, {
      data: { cliente: Number(confirmUrl.pathname.split('/').pop()), firma: confirmUrl.searchParams.get('firma') },
    });
    expect(confirm.status()).toBe(200);
    const created = await api.post(`${baseUrl()}/api/correo/boletin/campanas`, {
      data: { asunto, contenido: '<p>Sale sola a su hora.</p>' },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).data.id;

    await admin.page.goto(`${baseUrl()}/dashboard/boletin/${id}`);
    const estado = admin.page.getByTestId('estado-campana');
    await expect(estado).toHaveText('Borrador');
    // Earlier today (unless it is just past midnight in Caracas): refused under the field, in Spanish.
    const past = new Date(Date.now() - 60 * 60_000);
    if (caracasParts(past).day === caracasParts(new Date()).day) {
      await elegirFechaHora(admin.page, past);
      await admin.page.getByTestId('programar-campana').click();
      await admin.page.getByText(PROGRAMACION_PASADA).waitFor();
      await expect(estado).toHaveText('Borrador');
    }
    const tomorrow = new Date(Date.now() + 26 * 60 * 60_000);
    tomorrow.setUTCMinutes(30, 0, 0);
    await elegirFechaHora(admin.page, tomorrow);
    await noSidewaysScroll(admin.page);
    await admin.page.getByTestId('programar-campana').click();
    await admin.page
      .getByTestId('programada-para')
      .filter({ hasText: formatDateTime(tomorrow) })
      .waitFor();
    await expect(estado).toHaveText('Programada');
    await noSidewaysScroll(admin.page);

    await admin.page.goto(`${baseUrl()}/dashboard/boletin`);
    const card = admin.page.getByTestId('lista-campanas').locator('a', { hasText: asunto });
    await expect(card.getByTestId('campana-programada')).toHaveText(`Programada para ${formatDateTime(tomorrow)}`);
    await noSidewaysScroll(admin.page);

    await card.click();
    await admin.page.getByTestId('cancelar-programacion').click();
    await admin.page.getByTestId('accion-hecha').filter({ hasText: 'Programación cancelada' }).waitFor();
    const stored = (await (await api.get(`${baseUrl()}/api/correo/boletin/campanas/${id}`)).json()).data;
    expect(stored).toMatchObject({ estado: 'borrador', programadaPara: null });
    await estado.filter({ hasText: 'Borrador' }).waitFor({ timeout: 10_000 });

    const soon = minutosAdelante(5);
    await elegirFechaHora(admin.page, soon);
    await admin.page.getByTestId('programar-campana').click();
    await admin.page
      .getByTestId('programada-para')
      .filter({ hasText: formatDateTime(soon) })
      .waitFor();

    // Its time comes: the store's clock moves there and its periodic jobs run, instead of the test waiting.
    await advanceClockTo(admin.page, new Date(soon.getTime() + 1000));
    await admin.page.reload();
    await expect(estado).toHaveText('Enviada');
    await admin.page.getByTestId('registro-envios').getByText(email).waitFor();

    const mail = await deliveredMessage(mailbox(), email, 'Sale sola a su hora.');
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<([^>]+)>$/.exec(mail.header('List-Unsubscribe'))?.[1] ?? '');
    expect(oneClick.pathname).toMatch(/^\/api\/correo\/baja\/\d+$/);
    // What the mail client does: a POST with that one field, no cookie, no login. Twice is the same.
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${baseUrl()}${oneClick.pathname}${oneClick.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.99.0.${i + 1}` },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
    }
    await admin.page.goto(`${baseUrl()}/dashboard/boletin?search=${encodeURIComponent(email)}`);
    await expect(admin.page.getByTestId('lista-suscriptores')).toContainText('Dado de baja');
    expect(admin.errors).toEqual([]);
  });
});
