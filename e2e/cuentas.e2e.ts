import type { Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { deliveredText } from './correo-falso.ts';
import { baseUrl, expect, login, mailbox, newPage, test } from './fixtures.ts';

let browser: Browser;

test.beforeAll(({ browser: shared }) => {
  browser = shared;
});

const ADMIN = { email: 'admin@vitrina.com.ve', password: 'Vitrina.Demo.2026' };

/** The sign-up link, read from the mail the store delivered (through SMTP, to the fake mail server). */
async function signupLink(email: string): Promise<string> {
  const text = await deliveredText(mailbox(), email, 'Crear mi cuenta');
  const link = /https?:\/\/\S+\/auth\/signup\?codigo=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error('sin enlace de registro en el correo');
  const url = new URL(link);
  return baseUrl() + url.pathname + url.search;
}

/** What an admin sees of that mail in the outbox: the link hidden. */
async function outboxText(email: string): Promise<string> {
  const { page } = await newPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`${baseUrl()}/dashboard/correos`);
  const mail = page.getByTestId('correo').filter({ hasText: email }).filter({ hasText: 'crear su cuenta' }).first();
  await mail.getByRole('button').first().click();
  const text = (await mail.getByTestId('correo-texto').textContent()) ?? '';
  await page.context().close();
  return text;
}

test.describe('cuenta de cliente', () => {
  test('registro → enlace del correo → cuenta creada y verificada → perfil → hijo → salir → ingreso', async () => {
    const email = `cliente.${Date.now()}@correo.com`;
    const password = 'mi-clave-de-prueba';
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl()}/auth/signup`);
    await page.getByLabel('Nombre').fill('Gabriela');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="password_confirmation"]').fill(password);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    // The same answer whether or not the address had an account, and no session yet.
    await expect(page.getByTestId('aviso-registro')).toContainText('Revise su correo para continuar');
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('access_token');

    const link = await signupLink(email);
    expect(await outboxText(email)).toContain('Crear mi cuenta: [enlace oculto]');
    await page.goto(link);
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL(/\/mi-cuenta\?mensaje=bienvenida/);
    await expect(page.getByTestId('mensaje-bienvenida')).toHaveText('¡Bienvenido! Su cuenta fue creada.');

    await page.getByLabel('Nombre completo').fill('Gabriela Méndez');
    await page.getByLabel('Cédula o RIF').fill('V-20123456');
    await page.getByLabel('Teléfono').fill('0412-555-0123');
    await page.getByLabel('Estado').selectOption('Zulia');
    await page.getByLabel('Ciudad').selectOption('Maracaibo');
    await page.getByLabel('Dirección').fill('Calle 72 con Av. 3H, casa 5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('perfil-guardado').waitFor();

    await page.getByTestId('menu-cuenta').getByRole('link', { name: 'Mis hijos' }).click();
    await page.waitForURL(/\/mi-cuenta\/hijos$/);
    await page.getByLabel('Nombre').fill('Santiago');
    await page.getByLabel('Parentesco').selectOption('sobrino');
    await page.getByRole('radio', { name: 'Masculino' }).check();
    await page.getByLabel('Fecha de nacimiento').fill('2016-05-14');
    await page.getByRole('button', { name: 'Agregar' }).click();
    // The answer first, success or refusal, so a refusal fails here with its own words.
    const fieldErrors = page.locator('.mantine-InputWrapper-error');
    await page.getByText('Registro agregado.').or(page.getByRole('alert')).or(fieldErrors).first().waitFor();
    expect([...(await page.getByRole('alert').allTextContents()), ...(await fieldErrors.allTextContents())]).toEqual([]);
    await page.getByTestId('tabla-hijos').getByText('Santiago').waitFor();
    expect(await page.getByTestId('tabla-hijos').textContent()).toContain('14/05/2016');

    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL(/\/auth\/login\?mensaje=sesion-cerrada/);
    await page.goto(`${baseUrl()}/mi-cuenta`);
    await page.waitForURL(/\/auth\/login\?mensaje=sesion-culminada/);

    await login(page, email, password);
    await expect(page.getByLabel('Nombre completo')).toHaveValue('Gabriela Méndez');
    expect(errors).toEqual([]);
  });
});

test.describe('guardias', () => {
  test('auth: sin sesión el panel envía al login con «¡Alerta! La sesión ha culminado.»', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/dashboard/perfil`);
    await page.waitForURL(/\/auth\/login/);
    await expect(page.getByTestId('mensaje-guardia')).toHaveText('¡Alerta! La sesión ha culminado.');
  });

  test('guest: con sesión, el login envía a la cuenta del cliente o al panel del personal', async () => {
    const { page } = await newPage(browser);
    await login(page, 'cliente@vitrina.com.ve', ADMIN.password);
    await page.goto(`${baseUrl()}/auth/login`);
    await page.waitForURL(/\/mi-cuenta$/);
    const staff = await newPage(browser);
    await login(staff.page, 'despacho@vitrina.com.ve', ADMIN.password);
    await staff.page.goto(`${baseUrl()}/auth/login`);
    await staff.page.waitForURL(/\/dashboard$/);
  });

  test('has-role: sin el rol, la pantalla de roles envía al panel con el error de permiso', async () => {
    const { page } = await newPage(browser);
    await login(page, 'despacho@vitrina.com.ve', ADMIN.password);
    await page.goto(`${baseUrl()}/dashboard/configurar/roles-usuario`);
    await page.waitForURL(/\/dashboard\?mensaje=sin-permiso/);
    await expect(page.getByTestId('mensaje-panel')).toHaveText('¡Error! Se necesita permiso para visualizar esta área.');
  });

  test('un admin cambia roles y el usuario afectado pierde su sesión', async () => {
    const victim = await newPage(browser);
    await login(victim.page, 'inventario@vitrina.com.ve', ADMIN.password);
    const admin = await newPage(browser);
    await login(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto(`${baseUrl()}/dashboard/configurar/roles-usuario?search=inventario`);
    const card = admin.page.getByTestId('usuario-inventario@vitrina.com.ve');
    await card.getByLabel('Despacho').check();
    await card.getByRole('button', { name: 'Guardar' }).click();
    await admin.page.getByTestId('roles-guardados').waitFor();
    await victim.page.goto(`${baseUrl()}/dashboard`);
    await victim.page.waitForURL(/\/auth\/login\?mensaje=sesion-expirada/);
    await expect(victim.page.getByTestId('mensaje-guardia')).toHaveText('Su sesión ha expirado.');
  });
});

test.describe('verificación en dos pasos del personal', () => {
  test('activarla con la clave y un primer código → códigos de recuperación → al ingresar se pide el código, en español', async () => {
    const email = 'ventas@vitrina.com.ve';
    const { page, errors } = await newPage(browser);
    await login(page, email, ADMIN.password);
    await page.goto(`${baseUrl()}/mi-cuenta/verificacion`);
    await page.getByRole('button', { name: 'Activar' }).click();
    await expect(page.getByTestId('qr-segundo-factor').locator('svg')).toBeVisible();
    const secret = ((await page.getByTestId('clave-segundo-factor').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const codeAt = (offsetMs: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });
    await page.getByLabel('Código de 6 dígitos que muestra la aplicación').fill(codeAt(0));
    await page.getByRole('button', { name: 'Confirmar y activar' }).click();
    const codes = page.getByTestId('codigos-recuperacion');
    await expect(codes).toContainText('solo se muestran esta vez');
    const recovery = (await codes.locator('code').allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    try {
      await page.getByRole('button', { name: 'Salir' }).first().click();
      await page.waitForURL(/\/$|\/auth\/login/);

      await page.goto(`${baseUrl()}/auth/login`);
      await page.getByLabel('Correo electrónico').fill(email);
      await page.locator('input[name="password"]').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain('access_token');
      await page.getByTestId('codigo-segundo-paso').fill('000000');
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(page.getByTestId('error-formulario')).toContainText('El código no es correcto');
      // The code of the next step (the confirming one was used; the window accepts one step ahead).
      await page.getByTestId('codigo-segundo-paso').fill(codeAt(30_000));
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.waitForURL(/\/dashboard/);
    } finally {
      // Leave the demo account as the other journeys expect it: off again, with a recovery code.
      const off = await page.request.post(`${baseUrl()}/api/auth/segundo-factor/desactivar`, { data: { code: recovery[0] } });
      expect(off.status()).toBe(200);
    }
    expect(errors).toEqual([]);
  });
});
