// Contact in the browser: a visitor on a phone sends the /contact form (a mistake first, shown under
// its field; the subject carries a script payload); the admin sees it unread, opens it, replies by
// e-mail (delivered, and kept in the thread) and nothing of the visitor's text runs in the panel.
import type { Browser, Page } from '@playwright/test';
import { deliveredText } from './correo-falso.ts';
import { baseUrl, expect, login, mailbox, newPage, noSidewaysScroll, test } from './fixtures.ts';

let browser: Browser;
const PHONE = { width: 360, height: 780 };

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

function canary(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('contacto', () => {
  test('un visitante escribe desde /contact y el personal lo lee y le responde por correo (360 px)', async () => {
    const visitor = await newPage(browser, PHONE);
    const visitorDialogs = canary(visitor.page);
    await visitor.page.goto(`${baseUrl()}/contact`);
    const form = visitor.page.getByTestId('form-contacto');
    await form.getByLabel('Nombre').fill('Luisa Fernández');
    await form.getByLabel('Correo').fill('luisa.fernandez@correo.com');
    await form.getByLabel('Teléfono (opcional)').fill('0424-555-0199');
    await form.getByLabel('Asunto').fill('Cambio de talla <img src=x onerror=alert(1)>');
    await form.getByLabel('Mensaje').fill('Hola');
    await form.getByTestId('enviar-contacto').click();
    await form.getByText('El mensaje debe tener al menos 10 caracteres').waitFor();
    await expect(form.getByLabel('Asunto').inputValue()).resolves.toContain('Cambio de talla');
    await noSidewaysScroll(visitor.page);
    await form
      .getByLabel('Mensaje')
      .fill('Compré una camisa Oxford talla M y necesito una L. <script>alert(2)</script><a href="javascript:alert(3)">ver</a>');
    await form.getByTestId('enviar-contacto').click();
    await visitor.page.getByTestId('contacto-enviado').waitFor();
    await expect(visitor.page.getByTestId('contacto-enviado')).toContainText('Gracias por escribirnos');
    await noSidewaysScroll(visitor.page);

    const staff = await newPage(browser, PHONE);
    const staffDialogs = canary(staff.page);
    await login(staff.page, 'admin@vitrina.com.ve');
    await staff.page.goto(`${baseUrl()}/dashboard/contacto`);
    const unreadBefore = Number.parseInt((await staff.page.getByTestId('no-leidos').textContent()) ?? '', 10);
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    const item = staff.page.getByTestId('mensaje').filter({ hasText: 'Luisa Fernández' });
    await expect(item).toContainText('Cambio de talla');
    await noSidewaysScroll(staff.page);
    await item.click();
    const detail = staff.page.getByTestId('detalle-mensaje');
    await detail.waitFor();
    await expect(staff.page.getByTestId('texto-mensaje')).toHaveText('Compré una camisa Oxford talla M y necesito una L. ver');

    await detail.getByTestId('marcar-leido').click();
    await detail.getByTestId('accion-hecha').waitFor();
    await staff.page
      .getByTestId('no-leidos')
      .filter({ hasText: `${unreadBefore - 1} sin leer` })
      .waitFor({ timeout: 10_000 });
    await expect(detail.getByTestId('marcar-leido')).toHaveText('Marcar como no leído');

    await detail
      .getByLabel(/Responder a luisa\.fernandez@correo\.com/)
      .fill('Hola Luisa, con gusto: pase por la tienda de Chacao con su factura.');
    await detail.getByTestId('enviar-respuesta').click();
    await detail.getByTestId('respuesta').waitFor();
    await expect(detail.getByTestId('respuesta')).toContainText('pase por la tienda de Chacao');
    await noSidewaysScroll(staff.page);

    const mail = await deliveredText(mailbox(), 'luisa.fernandez@correo.com', 'pase por la tienda de Chacao');
    expect(mail).toContain('Hola, Luisa');
    expect(mail).toContain('Su mensaje:');
    expect(mail).not.toMatch(/<script|onerror|javascript:/);

    expect(visitorDialogs).toEqual([]);
    expect(staffDialogs).toEqual([]);
    expect(visitor.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await visitor.page.context().close();
    await staff.page.context().close();
  });

  test('un interesado pide la franquicia desde /franchise y el vendedor la encuentra en prospectos (360 px)', async () => {
    const visitor = await newPage(browser, PHONE);
    await visitor.page.goto(`${baseUrl()}/franchise`);
    const form = visitor.page.getByTestId('form-franquicia');
    await expect(form.getByLabel('Asunto')).toHaveCount(0);
    await form.getByLabel('Nombre').fill('Comercial Trujillo');
    await form.getByLabel('Correo').fill('trujillo.franquicia@correo.com');
    await form
      .getByLabel('Cuéntenos de usted: ciudad, local y experiencia')
      .fill('Tenemos un local de 80 m² en Valera y diez años en calzado.');
    await form.getByTestId('enviar-contacto').click();
    await visitor.page.getByTestId('contacto-enviado').waitFor();
    await noSidewaysScroll(visitor.page);

    const staff = await newPage(browser, PHONE);
    await login(staff.page, 'ventas@vitrina.com.ve');
    await staff.page.goto(`${baseUrl()}/dashboard/prospecto?search=Trujillo`);
    await expect(staff.page.getByTestId('solicitudes')).toContainText('Comercial Trujillo');
    expect(visitor.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await visitor.page.context().close();
    await staff.page.context().close();
  });
});
