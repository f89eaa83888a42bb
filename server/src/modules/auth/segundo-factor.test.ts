// The staff's second factor through the API (decision 0039): enrolment, the login's code step,
// replay, recovery codes, the throttle, the admin requirement, disabling and an admin's reset.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '#domain/login-throttle.ts';
import { MUST_ENROL_MESSAGE } from '#domain/segundo-factor.ts';
import { DEMO_PASSWORD } from '#server/db/seed/demo-usuarios.ts';
import { adminSecondFactorRequired, parseEnv } from '#server/env.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, nextIp } from '#test/sessions.ts';

let t: TestApp;
/** The clock of the login and the codes: moved by whole 30-second steps to get a new code. */
let clock = Date.UTC(2026, 11, 1, 15, 0, 5);
const step = () => {
  clock += 30_000;
};

beforeAll(async () => {
  t = await buildTestApp({ SEGUNDO_FACTOR_ADMIN: 'obligatorio' });
  const ctx = t.app.authContext();
  ctx.now = () => new Date(clock);
  ctx.pause = async () => {};
});

afterAll(async () => {
  await t?.close();
});

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const codeOf = (secret: string, at = clock) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
const accessCookie = (r: Injected) =>
  ([r.headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith('access_token='))?.split(';')[0];

function call(method: 'GET' | 'POST', url: string, options: { bearer?: string; payload?: object; ip?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.cookie) headers.cookie = options.cookie;
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? nextIp(),
    ...(method === 'POST' ? { payload: options.payload ?? {} } : {}),
  });
}

const password = (email: string, extra: object = {}, ip?: string) =>
  call('POST', '/api/auth/login', { payload: { email, password: DEMO_PASSWORD, ...extra }, ip });
const secondStep = (challenge: string, code: string, extra: object = {}, ip?: string) =>
  call('POST', '/api/auth/login/segundo-paso', { payload: { challenge, code, ...extra }, ip });

/** A password-only login's token (the account has no second factor). */
async function tokenOf(email: string): Promise<string> {
  const r = await password(email, { token: true });
  expect(r.statusCode).toBe(200);
  return r.json().data.access_token;
}

/** Enrols the account of `bearer`: its secret and recovery codes. */
async function enrol(bearer: string) {
  const begun = await call('POST', '/api/auth/segundo-factor/iniciar', { bearer });
  expect(begun.statusCode).toBe(200);
  const { secret } = begun.json().data;
  const confirmed = await call('POST', '/api/auth/segundo-factor/confirmar', { bearer, payload: { code: codeOf(secret) } });
  expect(confirmed.statusCode).toBe(200);
  step();
  return { secret: secret as string, recovery: confirmed.json().data.recovery_codes as string[] };
}

/** A full login with a code: the session's token. */
async function loginWithCode(email: string, code: string): Promise<Injected> {
  const first = await password(email, { token: true });
  expect(first.json().data.second_factor).toBe('totp');
  return secondStep(first.json().data.challenge, code);
}

describe('activar la verificación en dos pasos', () => {
  it('la clave se muestra como otpauth:// y QR, y solo queda activa con un primer código correcto; los 10 códigos de recuperación salen una vez', async () => {
    const bearer = await tokenOf(demoEmail('inventario'));
    const before = await call('GET', '/api/auth/segundo-factor', { bearer });
    expect(before.json().data).toEqual({ enrolled: false, required: false, recovery_codes_left: 0 });

    const begun = await call('POST', '/api/auth/segundo-factor/iniciar', { bearer });
    const { secret, uri, qr_svg } = begun.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Vitrina:inventario%40vitrina.com.ve?issuer=Vitrina&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg [^>]*viewBox=/);

    // Not yet active: the password alone still logs in.
    expect((await password(demoEmail('inventario'))).json().data.email).toBe(demoEmail('inventario'));
    const wrong = await call('POST', '/api/auth/segundo-factor/confirmar', {
      bearer,
      payload: { code: codeOf(secret, clock - 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('El código no coincide');

    const confirmed = await call('POST', '/api/auth/segundo-factor/confirmar', { bearer, payload: { code: codeOf(secret) } });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const after = await call('GET', '/api/auth/segundo-factor', { bearer });
    expect(after.json().data).toEqual({ enrolled: true, required: false, recovery_codes_left: 10 });
    // The confirming code was used: it does not log in.
    const replay = await loginWithCode(demoEmail('inventario'), codeOf(secret));
    expect(replay.statusCode).toBe(401);
    step();
  });

  it('un cliente no tiene segundo factor que activar', async () => {
    const bearer = await tokenOf(demoEmail('cliente'));
    expect((await call('POST', '/api/auth/segundo-factor/iniciar', { bearer })).statusCode).toBe(403);
  });
});

describe('ingreso en dos pasos', () => {
  let secret: string;
  let recovery: string[];
  const email = demoEmail('despacho');

  beforeAll(async () => {
    ({ secret, recovery } = await enrol(await tokenOf(email)));
  });

  it('la contraseña correcta no abre sesión: responde un desafío; con el código se entra, con la cookie y el dispositivo', async () => {
    const first = await password(email);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(Object.keys(data).sort()).toEqual(['challenge', 'expires_in', 'message', 'second_factor']);
    expect(data.expires_in).toBe(300);
    expect(data.message).toContain('código de 6 dígitos');
    expect(first.headers['set-cookie']).toBeUndefined();

    const wrong = await secondStep(data.challenge, codeOf(secret, clock - 10 * 60_000));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toContain('El código no es correcto');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const done = await secondStep(data.challenge, codeOf(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ email, roles: ['despacho'] });
    expect(done.json().data.access_token).toBeUndefined();
    const cookie = accessCookie(done);
    expect(cookie).toMatch(/^access_token=[\w-]{40,}$/);
    expect((await call('GET', '/api/profile/usuario', { cookie })).statusCode).toBe(200);
    step();
  });

  it('un código no se repite dentro de su ventana, ni el del paso anterior tras usar uno nuevo', async () => {
    const code = codeOf(secret);
    expect((await loginWithCode(email, code)).statusCode).toBe(200);
    const again = await loginWithCode(email, code);
    expect(again.statusCode).toBe(401);
    // The previous step's code is inside the window (±1) but older than the one used.
    expect((await loginWithCode(email, codeOf(secret, clock - 30_000))).statusCode).toBe(401);
    // Two requests with the same new code at once: one wins.
    step();
    const fresh = codeOf(secret);
    const [a, b] = await Promise.all([password(email), password(email)]);
    const both = await Promise.all([secondStep(a.json().data.challenge, fresh), secondStep(b.json().data.challenge, fresh)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    step();
  });

  it('un código de recuperación sirve una sola vez, escrito en mayúsculas o sin guion', async () => {
    const code = recovery[0];
    const used = await loginWithCode(email, code.toUpperCase().replace('-', ' '));
    expect(used.statusCode).toBe(200);
    expect((await loginWithCode(email, code)).statusCode).toBe(401);
    expect((await loginWithCode(email, recovery[1])).statusCode).toBe(200);
    const bearer = used.json().data.access_token;
    expect((await call('GET', '/api/auth/segundo-factor', { bearer })).json().data.recovery_codes_left).toBe(8);
  });

  it('con token: true (clientes de la API) el token llega con el segundo paso', async () => {
    const asked = await loginWithCode(email, codeOf(secret));
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.access_token).toBe(accessCookie(asked)?.split('=')[1]);
    step();
    // Or asked for at the second step itself.
    const first = await password(email);
    const late = await secondStep(first.json().data.challenge, codeOf(secret), { token: true });
    expect(late.json().data.access_token).toMatch(/^[\w-]{40,}$/);
    expect((await call('GET', '/api/profile/usuario', { bearer: late.json().data.access_token })).statusCode).toBe(200);
    step();
  });

  it('los códigos errados cuentan como claves erradas: tras 5 desde la misma IP se rechaza también el correcto', async () => {
    const ip = nextIp();
    const challenge = (await password(email, {}, ip)).json().data.challenge;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perSource; i++) statuses.push((await secondStep(challenge, `00000${i}`, {}, ip)).statusCode);
    expect(statuses).toEqual(Array(LOGIN_LIMITS.perSource).fill(401));
    const refused = await secondStep(challenge, codeOf(secret), {}, ip);
    expect(refused.statusCode).toBe(429);
    // The right password from that IP does not clear them either: it is refused too.
    expect((await password(email, {}, ip)).statusCode).toBe(429);
    // Another address still gets in with the code.
    expect((await loginWithCode(email, codeOf(secret))).statusCode).toBe(200);
    step();
  });

  it('un desafío alterado o vencido no sirve', async () => {
    const { challenge } = (await password(email)).json().data;
    const [payload, signature] = challenge.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: 1 })).toString('base64url');
    const tampered = await secondStep(`${forged}.${signature}`, codeOf(secret));
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().message).toContain('Escriba de nuevo su correo y contraseña');
    expect((await secondStep('basura.basura', codeOf(secret))).statusCode).toBe(401);
    clock += 6 * 60_000;
    const late = await secondStep(challenge, codeOf(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toContain('venció');
  });
});

describe('cambiar, desactivar y restablecer', () => {
  it('cambiar o desactivar pide un código vigente; desactivado, la contraseña basta', async () => {
    const email = demoEmail('administracion');
    const first = await tokenOf(email);
    const { secret } = await enrol(first);
    const bearer = (await loginWithCode(email, codeOf(secret))).json().data.access_token;
    step();
    const noCode = await call('POST', '/api/auth/segundo-factor/iniciar', { bearer });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toContain('escriba primero un código vigente');
    const badOff = await call('POST', '/api/auth/segundo-factor/desactivar', { bearer, payload: { code: '123456' } });
    expect(badOff.statusCode).toBe(400);
    // Re-enrolling: the old secret works until the new one is confirmed.
    const again = await call('POST', '/api/auth/segundo-factor/iniciar', { bearer, payload: { code: codeOf(secret) } });
    expect(again.statusCode).toBe(200);
    const next = again.json().data.secret as string;
    expect(next).not.toBe(secret);
    step();
    expect((await call('POST', '/api/auth/segundo-factor/confirmar', { bearer, payload: { code: codeOf(next) } })).statusCode).toBe(200);
    step();
    expect((await loginWithCode(email, codeOf(secret))).statusCode).toBe(401);
    const off = await call('POST', '/api/auth/segundo-factor/desactivar', { bearer, payload: { code: codeOf(next) } });
    expect(off.statusCode).toBe(200);
    const plain = await password(email);
    expect(plain.json().data.email).toBe(email);
  });
});

describe('el admin debe activarla', () => {
  it('sin segundo factor el admin entra pero la API del panel responde 403 en español hasta activarlo; su cuenta sí responde', async () => {
    const bearer = await tokenOf(demoEmail('admin'));
    const blocked = await call('GET', '/api/profile/permisos/usuario', { bearer });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MUST_ENROL_MESSAGE);
    expect(blocked.json().message).toMatch(/^Activa la verificación en dos pasos/);
    expect((await call('GET', '/api/auth/segundo-factor', { bearer })).json().data).toEqual({
      enrolled: false,
      required: true,
      recovery_codes_left: 0,
    });
    expect((await call('GET', '/api/profile/usuario', { bearer })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/menu', { bearer })).statusCode).toBe(200);

    const { secret } = await enrol(bearer);
    // The same session: the factor counts from the next request.
    expect((await call('GET', '/api/profile/permisos/usuario', { bearer })).statusCode).toBe(200);
    const next = await loginWithCode(demoEmail('admin'), codeOf(secret));
    expect(next.statusCode).toBe(200);
    step();
  });

  it('otro rol sin segundo factor usa el panel', async () => {
    const bearer = await tokenOf(demoEmail('vendedor-admin'));
    expect((await call('GET', '/api/auth/segundo-factor', { bearer })).json().data.required).toBe(false);
    expect((await call('GET', '/api/profile/buscar-vendedores', { bearer })).statusCode).toBe(200);
  });

  it('un admin quita el segundo factor de otra persona (perdió el teléfono); esa persona entra con su contraseña', async () => {
    const email = demoEmail('vendedor-admin');
    const { secret } = await enrol(await tokenOf(email));
    expect((await password(email)).json().data.second_factor).toBe('totp');
    const adminSecret = await loginWithAdmin();
    const users = await call('GET', `/api/profile/permisos/usuario?search=${encodeURIComponent(email)}`, { bearer: adminSecret });
    const target = users.json().data.find((u: { email: string }) => u.email === email);
    const own = await call('POST', '/api/auth/segundo-factor/restablecer', { bearer: adminSecret, payload: { userId: 999_999 } });
    expect(own.statusCode).toBe(404);
    const reset = await call('POST', '/api/auth/segundo-factor/restablecer', { bearer: adminSecret, payload: { userId: target.id } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.message).toContain(email);
    expect((await password(email)).json().data.email).toBe(email);
    expect(secret).toBeTruthy();
    // Not a staff member's own factor: theirs is changed from «Mi cuenta».
    const self = await call('GET', '/api/profile/usuario', { bearer: adminSecret });
    const selfReset = await call('POST', '/api/auth/segundo-factor/restablecer', {
      bearer: adminSecret,
      payload: { userId: self.json().data.id },
    });
    expect(selfReset.statusCode).toBe(400);
  });
});

/** The admin enrolled above logs in with a recovery-free code: its token. */
let adminSecretKey: string | undefined;
async function loginWithAdmin(): Promise<string> {
  const email = demoEmail('admin');
  const first = await password(email, { token: true });
  if (!first.json().data.second_factor) return first.json().data.access_token;
  adminSecretKey ??= await adminTotpSecret();
  const done = await secondStep(first.json().data.challenge, codeOf(adminSecretKey));
  step();
  return done.json().data.access_token;
}

async function adminTotpSecret(): Promise<string> {
  const rows = await t.database.db.execute<{ secret: string }>(
    "SELECT f.secret FROM segundo_factor f JOIN usuarios u ON u.id = f.user_id WHERE u.email = 'admin@vitrina.com.ve'",
  );
  return (rows as unknown as { rows: { secret: string }[] }).rows[0].secret;
}

describe('la exigencia según la instalación', () => {
  it('SEGUNDO_FACTOR_ADMIN manda; sin ella, obligatorio solo en producción', () => {
    expect(adminSecondFactorRequired(parseEnv({ NODE_ENV: 'production' }))).toBe(true);
    expect(adminSecondFactorRequired(parseEnv({ NODE_ENV: 'test' }))).toBe(false);
    expect(adminSecondFactorRequired(parseEnv({ NODE_ENV: 'development', SEGUNDO_FACTOR_ADMIN: 'obligatorio' }))).toBe(true);
    expect(adminSecondFactorRequired(parseEnv({ NODE_ENV: 'production', SEGUNDO_FACTOR_ADMIN: 'opcional' }))).toBe(false);
    expect(() => parseEnv({ NODE_ENV: 'test', SEGUNDO_FACTOR_ADMIN: 'si' })).toThrow(/SEGUNDO_FACTOR_ADMIN debe ser/);
  });
});
