import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asBearer, demoEmail, loginAs, nextIp } from '../../../test/sessions.ts';
import { correos, usuarios } from '../../db/schema.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'ropa-bonita-2026';

async function register(email: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { nickname: 'Rosa', email, password: PASSWORD, password_confirmation: PASSWORD, ...extra },
  });
}

async function lastMail(to: string, kind: string) {
  const [row] = await t.database.db
    .select()
    .from(correos)
    .where(sql`${correos.to} = ${to} AND ${correos.kind} = ${kind}`)
    .orderBy(sql`${correos.id} DESC`)
    .limit(1);
  return row;
}

describe('registro e inicio de sesión', () => {
  it('registra, devuelve la forma de usuario, pone la cookie de sesión y envía la verificación', async () => {
    const response = await register('Rosa.Marquez@Correo.com', { remember: true });
    expect(response.statusCode).toBe(201);
    const user = response.json().data;
    expect(Object.keys(user).sort()).toEqual(
      ['access_token', 'detail', 'email', 'email_verified_at', 'expires_in', 'id', 'nickname', 'roles', 'salesman'].sort(),
    );
    expect(user.email).toBe('rosa.marquez@correo.com');
    expect(user.roles).toEqual([]);
    expect(user.email_verified_at).toBeNull();
    expect(user.expires_in).toBeGreaterThan(364 * 86400);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^access_token=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toMatch(/Expires=/);
    const mail = await lastMail('rosa.marquez@correo.com', 'verificacion');
    expect(mail.subject).toBe('Confirme su correo electrónico');
    expect(mail.text).toContain('/api/auth/email/verify/');
    const [stored] = await t.database.db.select({ hash: usuarios.passwordHash }).from(usuarios).where(eq(usuarios.id, user.id));
    expect(stored.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('sin "recordarme" la cookie es de sesión del navegador', async () => {
    const response = await register('sin.recordar@correo.com');
    expect(String(response.headers['set-cookie'])).not.toMatch(/Expires=|Max-Age=/);
  });

  it('rechaza correo repetido, contraseñas cortas, comunes o distintas, con mensajes en español', async () => {
    await register('repetido@correo.com');
    const again = await register('REPETIDO@correo.com');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('Ya existe una cuenta con ese correo');
    const short = await register('corta@correo.com', { password: 'abc', password_confirmation: 'abc' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['La contraseña debe tener al menos 8 caracteres']);
    const common = await register('comun@correo.com', { password: 'password123', password_confirmation: 'password123' });
    expect(common.json().errors.password).toEqual(['Esa contraseña es demasiado común; elija otra']);
    const mismatch = await register('distinta@correo.com', { password_confirmation: 'otra-cosa-123' });
    expect(mismatch.json().errors.password_confirmation).toEqual(['Las contraseñas no coinciden']);
    const created = await t.database.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(sql`${usuarios.email} IN ('corta@correo.com','comun@correo.com','distinta@correo.com')`);
    expect(created).toEqual([]);
  });

  it('login con clave errada o correo inexistente da el mismo 401 sin revelar cuál', async () => {
    await register('existe@correo.com');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: 'existe@correo.com', password: 'no-es-esta-123' },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: 'nadie@correo.com', password: 'no-es-esta-123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(missing.statusCode).toBe(401);
    expect(wrong.json()).toEqual(missing.json());
    expect(wrong.json().message).toBe('El correo o la contraseña no son correctos.');
  });

  it('el token vale por cookie y por Bearer; logout lo revoca en el servidor', async () => {
    const { token, cookie } = await loginAs(t.app, demoEmail('cliente'));
    expect((await t.app.inject({ url: '/api/profile/usuario', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject(asBearer(token, { url: '/api/profile/usuario' }))).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/access_token=;/);
    const after = await t.app.inject(asBearer(token, { url: '/api/profile/usuario' }));
    expect(after.statusCode).toBe(401);
  });

  it('refresh entrega un token nuevo y el anterior deja de valer', async () => {
    const { token } = await loginAs(t.app, demoEmail('cliente'));
    const refreshed = await t.app.inject(asBearer(token, { method: 'POST', url: '/api/auth/refresh' }));
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().data.access_token;
    expect(next).not.toBe(token);
    expect((await t.app.inject(asBearer(token, { url: '/api/profile/usuario' }))).statusCode).toBe(401);
    expect((await t.app.inject(asBearer(next, { url: '/api/profile/usuario' }))).statusCode).toBe(200);
  });

  it('una sesión inactiva más de lo permitido expira', async () => {
    const { token } = await loginAs(t.app, demoEmail('cliente'));
    await t.database.db.execute(sql`UPDATE sesiones SET last_seen_at = now() - interval '3 hours' WHERE remember = false`);
    expect((await t.app.inject(asBearer(token, { url: '/api/profile/usuario' }))).statusCode).toBe(401);
  });
});

describe('verificación de correo', () => {
  async function linkFor(email: string) {
    const mail = await lastMail(email, 'verificacion');
    const url = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    return url.pathname + url.search;
  }

  it('el enlace firmado verifica; alterado o vencido se rechaza', async () => {
    await register('verifica@correo.com');
    const link = await linkFor('verifica@correo.com');
    const tampered = link.replace(/signature=([a-f0-9])/, (_m, c) => `signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await t.app.inject(tampered)).statusCode).toBe(400);
    const otherExpiry = link.replace(/expires=(\d+)/, (_m, n) => `expires=${Number(n) + 3600}`);
    expect((await t.app.inject(otherExpiry)).statusCode).toBe(400);
    const ok = await t.app.inject(link);
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ at: usuarios.emailVerifiedAt })
      .from(usuarios)
      .where(eq(usuarios.email, 'verifica@correo.com'));
    expect(row.at).not.toBeNull();
  });

  it('un enlace vencido no verifica', async () => {
    await register('vencido@correo.com');
    const link = await linkFor('vencido@correo.com');
    const ctx = t.app.authContext();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 2 * 3600_000);
    try {
      expect((await t.app.inject(link)).statusCode).toBe(400);
    } finally {
      ctx.now = realNow;
    }
  });

  it('reenviar pide sesión y envía otro correo', async () => {
    const response = await register('reenvio@correo.com');
    const token = response.json().data.access_token;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/email/resend' })).statusCode).toBe(401);
    const resend = await t.app.inject(asBearer(token, { method: 'POST', url: '/api/auth/email/resend' }));
    expect(resend.json().data.message).toBe('Le enviamos un nuevo enlace de verificación.');
  });
});

describe('restablecer contraseña', () => {
  async function resetLink(email: string) {
    const mail = await lastMail(email, 'restablecer-clave');
    return /\/auth\/password\/reset\/([\w-]+)/.exec(mail.text)?.[1] ?? '';
  }

  it('el mismo mensaje exista o no el correo; el token sirve una vez y cierra todas las sesiones', async () => {
    await register('olvido@correo.com');
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: 'olvido@correo.com', password: PASSWORD },
    });
    const oldToken = session.json().data.access_token;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/email',
      remoteAddress: nextIp(),
      payload: { email: 'olvido@correo.com' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/email',
      remoteAddress: nextIp(),
      payload: { email: 'fantasma@correo.com' },
    });
    expect(known.json()).toEqual(unknown.json());
    const token = await resetLink('olvido@correo.com');
    expect(token.length).toBeGreaterThan(40);
    const body = { token, email: 'olvido@correo.com', password: 'nueva-clave-segura', password_confirmation: 'nueva-clave-segura' };
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', remoteAddress: nextIp(), payload: body });
    expect(first.statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', remoteAddress: nextIp(), payload: body });
    expect(reused.statusCode).toBe(400);
    expect((await t.app.inject(asBearer(oldToken, { url: '/api/profile/usuario' }))).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: 'olvido@correo.com', password: 'nueva-clave-segura' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('un token vencido o de otra cuenta no sirve', async () => {
    await register('vence@correo.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/email',
      remoteAddress: nextIp(),
      payload: { email: 'vence@correo.com' },
    });
    const token = await resetLink('vence@correo.com');
    const otherAccount = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      remoteAddress: nextIp(),
      payload: { token, email: demoEmail('cliente'), password: 'nueva-clave-segura', password_confirmation: 'nueva-clave-segura' },
    });
    expect(otherAccount.statusCode).toBe(400);
    await t.database.db.execute(sql`UPDATE restablecimientos_clave SET expires_at = now() - interval '1 minute'`);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      remoteAddress: nextIp(),
      payload: { token, email: 'vence@correo.com', password: 'nueva-clave-segura', password_confirmation: 'nueva-clave-segura' },
    });
    expect(expired.statusCode).toBe(400);
  });
});

describe('límites de intentos', () => {
  it('el login se limita por cuenta con 429 y Retry-After, aunque cambie la IP', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextIp(),
        payload: { email: 'objetivo@correo.com', password: `intento-${i}-xx` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json().message).toBe('Demasiadas solicitudes. Intente de nuevo más tarde.');
  });

  it('el login se limita por IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: `persona${i}@correo.com`, password: 'cualquier-cosa' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBe(2);
  });
});

describe('protección entre sitios', () => {
  it('una mutación con cookie desde otro sitio se rechaza; desde el mismo sitio pasa', async () => {
    const { cookie } = await loginAs(t.app, demoEmail('cliente'));
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie, origin: 'https://malicioso.example', host: 'tienda.test' },
    });
    expect(cross.statusCode).toBe(403);
    const fetchSite = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie, origin: 'http://tienda.test', host: 'tienda.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('menú del panel', () => {
  it('se filtra por rol y oculta los grupos vacíos', async () => {
    const admin = await loginAs(t.app, demoEmail('admin'));
    const despacho = await loginAs(t.app, demoEmail('despacho'));
    const cliente = await loginAs(t.app, demoEmail('cliente'));
    const titles = async (token: string) =>
      (await t.app.inject(asBearer(token, { url: '/api/auth/menu' }))).json().data.map((e: { title: string }) => e.title);
    expect(await titles(admin.token)).toContain('Configuración');
    expect(await titles(despacho.token)).not.toContain('Configuración');
    expect(await titles(despacho.token)).toContain('Ventas');
    expect(await titles(cliente.token)).toEqual(['Inicio', 'Mi cuenta']);
    expect((await t.app.inject('/api/auth/menu')).statusCode).toBe(401);
  });
});
