// Accounts and sessions through the API, with a mailer that delivers into memory as SMTP would:
// the outbox keeps what a production install keeps, and links are read from the delivered mail.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '#domain/login-throttle.ts';
import { buildApp } from '#server/app.ts';
import { DEMO_PASSWORD } from '#server/db/seed/demo-usuarios.ts';
import { parseEnv } from '#server/env.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { memoryMailer } from '#test/correos.ts';
import { asBearer, demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import type { Background } from './background.ts';

let t: TestApp;
const mail = memoryMailer();
/** The login's waits, recorded instead of waited. */
const pauses: number[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail.mailer });
  t.app.authContext().pause = async (ms) => {
    pauses.push(ms);
  };
});

afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'ropa-bonita-2026';
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

function register(email: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: { nickname: 'Rosa', email, password: PASSWORD, password_confirmation: PASSWORD, ...extra },
  });
}

/** The sign-up link's code in the delivered mail, once the sign-up's work after answering is done. */
async function signupCode(email: string): Promise<string> {
  await t.app.authContext().background.idle();
  return new URL(mail.linkIn(email, 'crear su cuenta')).searchParams.get('codigo') ?? '';
}

function confirm(codigo: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/auth/register/confirm', remoteAddress: nextIp(), payload: { codigo, ...extra } });
}

async function createAccount(email: string) {
  await register(email);
  const confirmed = await confirm(await signupCode(email));
  expect(confirmed.statusCode).toBe(201);
  return confirmed.json().data as { id: number; email: string };
}

function login(email: string, password: string, options: { ip?: string; cookie?: string; token?: boolean } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.ip ?? nextIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: { email, password, ...(options.token ? { token: true } : {}) },
  });
}

/** The whole Set-Cookie line of one cookie; `cookieNamed` is its `name=value` part. */
const setCookie = (response: Injected, name: string) =>
  ([response.headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith(`${name}=`));
const cookieNamed = (response: Injected, name: string) => setCookie(response, name)?.split(';')[0];

async function outbox(to: string, kind: string) {
  return t.database.db.select().from(correos).where(sql`${correos.to} = ${to} AND ${correos.kind} = ${kind}`).orderBy(sql`${correos.id}`);
}

describe('registro sin revelar cuentas', () => {
  it('registrarse responde 202 «revise su correo», sin sesión; la cuenta se crea verificada al seguir el enlace', async () => {
    const asked = await register('Rosa.Marquez@Correo.com');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      success: true,
      data: { message: 'Revise su correo para continuar: le enviamos un enlace para terminar el registro.' },
    });
    expect(asked.headers['set-cookie']).toBeUndefined();
    const code = await signupCode('rosa.marquez@correo.com');
    expect(await t.database.db.select().from(usuarios).where(eq(usuarios.email, 'rosa.marquez@correo.com'))).toEqual([]);

    const confirmed = await confirm(code, { remember: true });
    expect(confirmed.statusCode).toBe(201);
    const user = confirmed.json().data;
    expect(Object.keys(user).sort()).toEqual(
      ['detail', 'email', 'email_verified_at', 'expires_in', 'id', 'nickname', 'roles', 'salesman'].sort(),
    );
    expect(user).toMatchObject({ email: 'rosa.marquez@correo.com', nickname: 'Rosa', roles: [] });
    expect(user.email_verified_at).not.toBeNull();
    expect(user.expires_in).toBeGreaterThan(364 * 86400);
    const cookie = setCookie(confirmed, 'access_token');
    expect(cookie).toMatch(/^access_token=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toMatch(/Expires=/);
    const [stored] = await t.database.db.select({ hash: usuarios.passwordHash }).from(usuarios).where(eq(usuarios.id, user.id));
    expect(stored.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const again = await confirm(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('El enlace para crear su cuenta no es válido, ya se usó o venció. Regístrese de nuevo.');
  });

  it('sin "recordarme" la cookie es de sesión del navegador', async () => {
    await register('sin.recordar@correo.com');
    const confirmed = await confirm(await signupCode('sin.recordar@correo.com'));
    expect(setCookie(confirmed, 'access_token')).toMatch(/^access_token=[\w-]{40,};/);
    expect(setCookie(confirmed, 'access_token')).not.toMatch(/Expires=|Max-Age=/);
  });

  it('un correo con cuenta recibe la misma respuesta y, por correo, el aviso de que ya la tiene', async () => {
    const existing = demoEmail('cliente');
    const fresh = await register('nueva.persona@correo.com');
    const taken = await register(existing.toUpperCase(), { nickname: 'Intrusa' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.headers['set-cookie']).toEqual(fresh.headers['set-cookie']);
    await t.app.authContext().background.idle();
    const notice = mail.sent.findLast((m) => m.to === existing);
    expect(notice?.subject).toBe('Ya tiene una cuenta en Vitrina');
    expect(notice?.text).toContain('Hola, María');
    expect(notice?.text).not.toContain('Intrusa');
    expect(notice?.text).not.toContain('codigo=');
    expect((await login(existing, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('un enlace de registro vencido no crea la cuenta', async () => {
    await register('tardia@correo.com');
    const code = await signupCode('tardia@correo.com');
    const ctx = t.app.authContext();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 25 * 3600_000);
    try {
      expect((await confirm(code)).statusCode).toBe(400);
    } finally {
      ctx.now = realNow;
    }
    expect(await t.database.db.select().from(usuarios).where(eq(usuarios.email, 'tardia@correo.com'))).toEqual([]);
  });

  it('rechaza contraseñas cortas, comunes o distintas, con mensajes en español, sin enviar nada', async () => {
    const sentBefore = mail.sent.length;
    const short = await register('corta@correo.com', { password: 'abc', password_confirmation: 'abc' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['La contraseña debe tener al menos 8 caracteres']);
    const common = await register('comun@correo.com', { password: 'password123', password_confirmation: 'password123' });
    expect(common.json().errors.password).toEqual(['Esa contraseña es demasiado común; elija otra']);
    const mismatch = await register('distinta@correo.com', { password_confirmation: 'otra-cosa-123' });
    expect(mismatch.json().errors.password_confirmation).toEqual(['Las contraseñas no coinciden']);
    await t.app.authContext().background.idle();
    expect(mail.sent.length).toBe(sentBefore);
  });

  it('el saludo lleva solo el primer nombre, en letras: el texto de quien se registra no llega al buzón ajeno', async () => {
    await register('victima@correo.com', { nickname: 'Gana$$ dinero ya en www.estafa.example' });
    await t.app.authContext().background.idle();
    const sent = mail.sent.findLast((m) => m.to === 'victima@correo.com');
    expect(sent?.text.split('\n')[0]).toBe('Hola, Gana');
    expect(`${sent?.text}${sent?.html}`).not.toMatch(/estafa|dinero/);
  });

  it('a una misma dirección no salen más de 5 correos de registro por hora; el resto se omite sin error', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await register('buzon.ajeno@correo.com')).statusCode);
    expect(answers).toEqual(Array(8).fill(202));
    await t.app.authContext().background.idle();
    expect(mail.sent.filter((m) => m.to === 'buzon.ajeno@correo.com')).toHaveLength(5);
    expect(await outbox('buzon.ajeno@correo.com', 'registro')).toHaveLength(5);
  });
});

describe('secretos guardados', () => {
  it('la bandeja guarda los enlaces de registro y de contraseña ocultos; el correo entregado los trae', async () => {
    await register('secreto@correo.com');
    const code = await signupCode('secreto@correo.com');
    const [kept] = await outbox('secreto@correo.com', 'registro');
    expect(`${kept.text}${kept.html}`).not.toContain(code);
    expect(kept.text).toContain('Crear mi cuenta: [enlace oculto]');

    await confirm(code);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/email',
      remoteAddress: nextIp(),
      payload: { email: 'secreto@correo.com' },
    });
    await t.app.authContext().background.idle();
    const resetToken = /\/auth\/password\/reset\/([\w-]+)/.exec(mail.linkIn('secreto@correo.com', 'Restablecer'))?.[1] ?? '';
    expect(resetToken.length).toBeGreaterThan(40);
    const [reset] = await outbox('secreto@correo.com', 'restablecer-clave');
    expect(`${reset.text}${reset.html}`).not.toContain(resetToken);
    const admin = await loginAs(t.app, demoEmail('admin'));
    const shown = await t.app.inject(asBearer(admin.token, { url: `/api/correo/bandeja/${reset.id}` }));
    expect(shown.json().data.text).toContain('Restablecer contraseña: [enlace oculto]');
  });

  it('el token de sesión viaja solo en la cookie, salvo que un cliente de la API lo pida', async () => {
    const plain = await login(demoEmail('cliente'), DEMO_PASSWORD);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).not.toHaveProperty('access_token');
    expect(plain.body).not.toContain(cookieNamed(plain, 'access_token')?.split('=')[1]);
    const asked = await login(demoEmail('cliente'), DEMO_PASSWORD, { token: true });
    expect(asked.json().data.access_token).toBe(cookieNamed(asked, 'access_token')?.split('=')[1]);

    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: cookieNamed(plain, 'access_token') ?? '' },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().data).not.toHaveProperty('access_token');
    const byBearer = await t.app.inject(asBearer(asked.json().data.access_token, { method: 'POST', url: '/api/auth/refresh' }));
    expect(byBearer.json().data.access_token).toMatch(/^[\w-]{40,}$/);
  });
});

describe('inicio de sesión', () => {
  it('login con clave errada o correo inexistente da el mismo 401 sin revelar cuál', async () => {
    await createAccount('existe@correo.com');
    const wrong = await login('existe@correo.com', 'no-es-esta-123');
    const missing = await login('nadie@correo.com', 'no-es-esta-123');
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

describe('verificación de correo (reenvío)', () => {
  /** An account whose address is not verified (a social login the provider did not vouch for). */
  async function unverified(email: string) {
    const user = await createAccount(email);
    await t.database.db.update(usuarios).set({ emailVerifiedAt: null }).where(eq(usuarios.id, user.id));
    const session = await loginAs(t.app, email, PASSWORD);
    const resend = await t.app.inject(asBearer(session.token, { method: 'POST', url: '/api/auth/email/resend' }));
    expect(resend.json().data.message).toBe('Le enviamos un nuevo enlace de verificación.');
    await t.app.authContext().background.idle();
    const url = new URL(mail.linkIn(email, 'Confirme su correo electrónico'));
    return url.pathname + url.search;
  }

  it('el enlace firmado verifica; alterado o vencido se rechaza; la bandeja lo guarda oculto', async () => {
    const link = await unverified('verifica@correo.com');
    const [kept] = await outbox('verifica@correo.com', 'verificacion');
    expect(kept.text).not.toContain('/api/auth/email/verify/');
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

  it('un enlace con un id que no cabe en la base se rechaza con 422, no 500', async () => {
    for (const id of ['2147483648', '99999999999999999999']) {
      const response = await t.app.inject(`/api/auth/email/verify/${id}/${'a'.repeat(40)}?expires=1900000000&signature=${'b'.repeat(64)}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.id).toEqual(['El enlace no es válido']);
    }
  });

  it('un enlace vencido no verifica', async () => {
    const link = await unverified('vencido@correo.com');
    const ctx = t.app.authContext();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 2 * 3600_000);
    try {
      expect((await t.app.inject(link)).statusCode).toBe(400);
    } finally {
      ctx.now = realNow;
    }
  });

  it('reenviar pide sesión', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/email/resend' })).statusCode).toBe(401);
  });
});

describe('restablecer contraseña', () => {
  async function resetToken(email: string) {
    await t.app.authContext().background.idle();
    return /\/auth\/password\/reset\/([\w-]+)/.exec(mail.linkIn(email, 'Restablecer'))?.[1] ?? '';
  }
  const askReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/email', remoteAddress: nextIp(), payload: { email } });

  it('responde antes de buscar la cuenta, igual exista o no; el correo sale después', async () => {
    await createAccount('olvido@correo.com');
    const ctx = t.app.authContext();
    const real = ctx.background;
    const held: (() => Promise<void>)[] = [];
    const holding: Background = { run: (_label, task) => void held.push(task), idle: async () => {} };
    ctx.background = holding;
    try {
      const known = await askReset('olvido@correo.com');
      const unknown = await askReset('fantasma@correo.com');
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().data.message).toBe('Si el correo está registrado, recibirá un enlace para restablecer su contraseña.');
      // Both answers left before any lookup or write: nothing to time.
      expect(held).toHaveLength(2);
      expect(await outbox('olvido@correo.com', 'restablecer-clave')).toEqual([]);
      for (const task of held) await task();
    } finally {
      ctx.background = real;
    }
    expect(await outbox('olvido@correo.com', 'restablecer-clave')).toHaveLength(1);
    expect(await outbox('fantasma@correo.com', 'restablecer-clave')).toEqual([]);
  });

  it('el token sirve una vez y cierra todas las sesiones', async () => {
    const session = await loginAs(t.app, 'olvido@correo.com', PASSWORD);
    const token = await resetToken('olvido@correo.com');
    expect(token.length).toBeGreaterThan(40);
    const body = { token, email: 'olvido@correo.com', password: 'nueva-clave-segura', password_confirmation: 'nueva-clave-segura' };
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', remoteAddress: nextIp(), payload: body });
    expect(first.statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', remoteAddress: nextIp(), payload: body });
    expect(reused.statusCode).toBe(400);
    expect((await t.app.inject(asBearer(session.token, { url: '/api/profile/usuario' }))).statusCode).toBe(401);
    expect((await login('olvido@correo.com', 'nueva-clave-segura')).statusCode).toBe(200);
  });

  it('usar un enlace anula los demás enlaces pendientes de la cuenta', async () => {
    await createAccount('dos-enlaces@correo.com');
    await askReset('dos-enlaces@correo.com');
    const older = await resetToken('dos-enlaces@correo.com');
    await askReset('dos-enlaces@correo.com');
    const newer = await resetToken('dos-enlaces@correo.com');
    expect(newer).not.toBe(older);
    const reset = (token: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        remoteAddress: nextIp(),
        payload: { token, email: 'dos-enlaces@correo.com', password, password_confirmation: password },
      });
    expect((await reset(newer, 'primera-clave-nueva')).statusCode).toBe(200);
    // The older mail, found later (or by someone else), no longer changes the password.
    const late = await reset(older, 'segunda-clave-nueva');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('El enlace para restablecer la contraseña no es válido, ya se usó o venció. Solicite uno nuevo.');
    expect((await login('dos-enlaces@correo.com', 'primera-clave-nueva')).statusCode).toBe(200);
  });

  it('cambiar la contraseña desde la cuenta anula los enlaces pendientes', async () => {
    await createAccount('cambia@correo.com');
    await askReset('cambia@correo.com');
    const pending = await resetToken('cambia@correo.com');
    const session = await loginAs(t.app, 'cambia@correo.com', PASSWORD);
    const changed = await t.app.inject(
      asBearer(session.token, {
        method: 'PATCH',
        url: '/api/profile/usuario/cambiar-clave',
        payload: { current_password: PASSWORD, password: 'clave-de-la-cuenta', password_confirmation: 'clave-de-la-cuenta' },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      remoteAddress: nextIp(),
      payload: { token: pending, email: 'cambia@correo.com', password: 'clave-del-enlace', password_confirmation: 'clave-del-enlace' },
    });
    expect(afterChange.statusCode).toBe(400);
    expect((await login('cambia@correo.com', 'clave-de-la-cuenta')).statusCode).toBe(200);
  });

  it('un token vencido o de otra cuenta no sirve', async () => {
    await createAccount('vence@correo.com');
    await askReset('vence@correo.com');
    const token = await resetToken('vence@correo.com');
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

describe('límites de intentos sin bloquear al dueño', () => {
  beforeEach(() => {
    pauses.length = 0;
  });

  it('20 claves erradas desde una IP: esa IP recibe 429 y el dueño entra desde otra con su clave, frenado pero sin rechazo', async () => {
    await createAccount('objetivo@correo.com');
    const attacker = nextIp();
    const statuses: number[] = [];
    let last: Injected | undefined;
    for (let i = 0; i < 20; i++) {
      last = await login('objetivo@correo.com', `intento-${i}-xx`, { ip: attacker });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json().message).toBe('Demasiadas solicitudes. Intente de nuevo más tarde.');

    pauses.length = 0;
    const owner = await login('objetivo@correo.com', PASSWORD);
    expect(owner.statusCode).toBe(200);
    // The account is under attack: a browser it does not know waits before its password is checked.
    expect(pauses).toEqual([250]);
  });

  it('un dispositivo conocido entra sin espera aunque desde su misma IP alguien agote los intentos', async () => {
    await createAccount('duena@correo.com');
    const home = nextIp();
    const first = await login('duena@correo.com', PASSWORD, { ip: home });
    const device = cookieNamed(first, 'dispositivo');
    expect(device).toMatch(/^dispositivo=[\w-]{22}\.[a-f0-9]{64}$/);
    for (let i = 0; i < 5; i++) expect((await login('duena@correo.com', `adivina-${i}-xx`, { ip: home })).statusCode).toBe(401);
    for (let i = 0; i < 25; i++) await login(`otra${i}@correo.com`, 'adivina-xx', { ip: home });
    expect((await login('duena@correo.com', PASSWORD, { ip: home })).statusCode).toBe(429);

    pauses.length = 0;
    const owner = await login('duena@correo.com', PASSWORD, { ip: home, cookie: device });
    expect(owner.statusCode).toBe(200);
    expect(pauses).toEqual([]);
    // The cookie is for this account only: on another account it is an unknown browser.
    expect((await login(demoEmail('cliente'), DEMO_PASSWORD, { ip: home, cookie: device })).statusCode).toBe(429);
  });

  it('adivinanzas de una cuenta repartidas en muchas direcciones: pasado el tope, todo navegador desconocido recibe 429; su dispositivo entra, y restablecer la clave la abre', async () => {
    await createAccount('repartida@correo.com');
    const device = cookieNamed(await login('repartida@correo.com', PASSWORD), 'dispositivo') ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) statuses.push((await login('repartida@correo.com', `adivina-${i}-xx`)).statusCode);
    expect(statuses).toEqual(Array(LOGIN_LIMITS.perAccount).fill(401));
    // Even the right password, from one more new address: refused, with what to do.
    const refused = await login('repartida@correo.com', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toContain('Ingrese desde un equipo donde ya haya ingresado');
    // The owner's own browser gets in.
    expect((await login('repartida@correo.com', PASSWORD, { cookie: device })).statusCode).toBe(200);
    // A reset by e-mail proves the owner: a new browser gets in with the new password.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/email',
      remoteAddress: nextIp(),
      payload: { email: 'repartida@correo.com' },
    });
    await t.app.authContext().background.idle();
    const token = /\/auth\/password\/reset\/([\w-]+)/.exec(mail.linkIn('repartida@correo.com', 'Restablecer'))?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      remoteAddress: nextIp(),
      payload: { token, email: 'repartida@correo.com', password: 'clave-tras-el-ataque', password_confirmation: 'clave-tras-el-ataque' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('repartida@correo.com', 'clave-tras-el-ataque')).statusCode).toBe(200);
  });

  it('el dispositivo conocido se limita por sus propios fallos', async () => {
    await createAccount('despistada@correo.com');
    const device = cookieNamed(await login('despistada@correo.com', PASSWORD), 'dispositivo') ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('despistada@correo.com', `olvide-${i}-xx`, { cookie: device })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('misma cuenta y misma IP: tras 5 claves erradas se rechaza también la correcta; entrar borra los fallos de esa IP', async () => {
    await createAccount('misma.ip@correo.com');
    const ip = nextIp();
    for (let i = 0; i < 4; i++) expect((await login('misma.ip@correo.com', `mal-${i}-xxx`, { ip })).statusCode).toBe(401);
    expect((await login('misma.ip@correo.com', PASSWORD, { ip })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('misma.ip@correo.com', `mal-${i}-yyy`, { ip })).statusCode).toBe(401);
    expect((await login('misma.ip@correo.com', PASSWORD, { ip })).statusCode).toBe(429);
  });

  it('dos procesos sobre la misma base suman los mismos fallos', async () => {
    await createAccount('compartida@correo.com');
    const other = await buildApp({ env: parseEnv({ NODE_ENV: 'test' }), database: t.database, logger: false, mailer: mail.mailer });
    try {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? t.app : other;
        const r = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: 'compartida@correo.com', password: `mal-${i}-xxx` },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await other.close();
    }
  });

  it('el login se limita por IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await login(`persona${i}@correo.com`, 'cualquier-cosa', { ip })).statusCode);
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
    expect(await titles(cliente.token)).toEqual(['Inicio']);
    expect((await t.app.inject('/api/auth/menu')).statusCode).toBe(401);
  });
});
