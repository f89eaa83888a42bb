// The bounded pool for password hashing (decision 0026): the pool on its own with tasks it cannot
// finish until told, then a flood of logins through the API with the pool forced small.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemasiadasSolicitudes } from '#server/errors.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { demoEmail, loginAs, nextIp } from '#test/sessions.ts';
import { createPasswordPool, POOL_FULL } from './passwords.ts';

/** A task that ends when `finish` is called. */
function heldTask() {
  let finish = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve('hecho');
  });
  return { task: () => done, finish: () => finish() };
}

describe('el grupo acotado de hashes', () => {
  it('uno corre, uno espera, el tercero se rechaza con 429 y Retry-After; al terminar, vuelve a aceptar', async () => {
    const pool = createPasswordPool({ concurrency: 1, queue: 1 });
    const first = heldTask();
    const second = heldTask();
    const running = pool.run(first.task);
    const queued = pool.run(second.task);
    expect(pool.busy).toEqual({ running: 1, waiting: 1 });
    expect(pool.full()).toBe(true);

    const refused = await pool.run(async () => 'no debe correr').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DemasiadasSolicitudes);
    expect((refused as DemasiadasSolicitudes).status).toBe(429);
    expect((refused as DemasiadasSolicitudes).message).toBe(POOL_FULL);
    expect((refused as DemasiadasSolicitudes).retryAfterSeconds).toBe(1);

    first.finish();
    await expect(running).resolves.toBe('hecho');
    expect(pool.busy).toEqual({ running: 1, waiting: 0 });
    second.finish();
    await expect(queued).resolves.toBe('hecho');
    expect(pool.busy).toEqual({ running: 0, waiting: 0 });
    await expect(pool.run(async () => 'otra vez')).resolves.toBe('otra vez');
  });

  it('una tarea que falla libera su lugar', async () => {
    const pool = createPasswordPool({ concurrency: 1, queue: 0 });
    await expect(pool.run(() => Promise.reject(new Error('argon2 falló')))).rejects.toThrow('argon2 falló');
    expect(pool.busy).toEqual({ running: 0, waiting: 0 });
    await expect(pool.run(async () => 1)).resolves.toBe(1);
  });

  it('el carril reservado (dispositivos conocidos, segundo paso) no se rechaza con la cola general llena y pasa primero', async () => {
    const pool = createPasswordPool({ concurrency: 1, queue: 1, reserved: 1 });
    const held = heldTask();
    const order: string[] = [];
    const running = pool.run(held.task);
    const general = pool.run(async () => order.push('general'));
    expect(pool.full()).toBe(true);
    expect(pool.full('reservada')).toBe(false);
    const reserved = pool.run(async () => order.push('reservada'), 'reservada');
    expect(pool.full('reservada')).toBe(true);
    await expect(pool.run(async () => 0, 'reservada')).rejects.toBeInstanceOf(DemasiadasSolicitudes);
    held.finish();
    await Promise.all([running, general, reserved]);
    expect(order).toEqual(['reservada', 'general']);
  });

  it('runWaiting nunca rechaza: espera su turno aunque la cola esté llena', async () => {
    const pool = createPasswordPool({ concurrency: 1, queue: 0 });
    const held = heldTask();
    const running = pool.run(held.task);
    const waiting = pool.runWaiting(async () => 'después');
    expect(pool.busy).toEqual({ running: 1, waiting: 1 });
    held.finish();
    await expect(Promise.all([running, waiting])).resolves.toEqual(['hecho', 'después']);
  });
});

describe('una avalancha de ingresos con el grupo forzado a 1 + 1 en cola', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const ctx = t.app.authContext();
    ctx.passwords = createPasswordPool({ concurrency: 1, queue: 1 });
    ctx.pause = async () => {};
  });
  afterAll(async () => {
    await t?.close();
  });

  it('16 ingresos a la vez, cuentas conocidas y desconocidas: unos 401 normales, el resto 429 en español; después se entra', async () => {
    const emails = Array.from({ length: 16 }, (_, i) => (i % 2 ? demoEmail('cliente') : `nadie-${i}@correo.com`));
    const answers = await Promise.all(
      emails.map((email, i) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password: `errada-${i}-xyz` } }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ success: false, message: POOL_FULL });
      expect(answer.headers['retry-after']).toBe('1');
    }
    for (const answer of answers.filter((a) => a.statusCode === 401)) {
      expect(answer.json().message).toBe('El correo o la contraseña no son correctos.');
    }

    // The queue is free again and the right password still opens a session.
    expect(t.app.authContext().passwords?.busy).toEqual({ running: 0, waiting: 0 });
    const owner = await loginAs(t.app, demoEmail('administracion'));
    expect(owner.user.email).toBe(demoEmail('administracion'));
  });
});
