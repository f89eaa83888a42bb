// The test API driver of web orders, one copy for every test file: register an order, report its
// payment, read its public status, and call the API as any demo role.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { PaymentContext } from '#server/modules/pagos-en-linea/pagos-en-linea.service.ts';
import type { TestApp } from './build-test-app.ts';
import { asBearer, demoEmail, loginAs, nextIp } from './sessions.ts';

/**
 * How many buyers a concurrency test sends at once: PGlite runs one statement at a time, so 20 is
 * already a queue there; a real PostgreSQL server (DATABASE_URL) gets 200.
 */
export const BUYERS_AT_ONCE = process.env.DATABASE_URL ? 200 : 20;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** Who calls: a session token, a cart cookie, and the client address (a fresh one by default). */
export type Caller = { token?: string; cookie?: string; ip?: string };
export type Registered = { code: string; token: string };

function withCaller(caller: Caller, options: InjectOptions): InjectOptions {
  const headers = { ...(options.headers ?? {}), ...(caller.cookie ? { cookie: caller.cookie } : {}) };
  const request = { ...options, headers, remoteAddress: caller.ip ?? nextIp() };
  return caller.token ? asBearer(caller.token, request) : request;
}

export type OrdenesDriver = ReturnType<typeof ordenesDriver>;

export function ordenesDriver(t: TestApp) {
  const tokens = new Map<string, Promise<string>>();

  /** The demo user of a role ('cliente' has none), logged in once per driver. */
  function tokenOf(role: string): Promise<string> {
    let token = tokens.get(role);
    if (!token) {
      token = loginAs(t.app, demoEmail(role)).then((session) => session.token);
      tokens.set(role, token);
    }
    return token;
  }

  /** A call as the demo user of `role`, or anonymous with 'anonimo'. */
  async function call(role: string, method: Method, url: string, payload?: object, headers?: Record<string, string>) {
    const token = role === 'anonimo' ? undefined : await tokenOf(role);
    return t.app.inject(withCaller({ token }, { method, url, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) }));
  }

  /** Staff refund an order's online payment; a new Idempotency-Key unless one is given (the same key is the same refund). */
  function reembolsar(role: string, code: string, body: object = {}, idempotencyKey: string = randomUUID()) {
    return call(role, 'POST', '/api/pagos/reembolsar', { code, ...body }, { 'idempotency-key': idempotencyKey });
  }

  function registrar(body: object, idempotencyKey: string, caller: Caller = {}) {
    return t.app.inject(
      withCaller(caller, {
        method: 'POST',
        url: '/api/orden-compra/registrar',
        headers: { 'idempotency-key': idempotencyKey },
        payload: body,
      }),
    );
  }

  /** Registers the order and returns its code and link token; anything but 201 throws. */
  async function registrarOrden(body: object, idempotencyKey: string, caller: Caller = {}): Promise<Registered> {
    const response = await registrar(body, idempotencyKey, caller);
    if (response.statusCode !== 201) throw new Error(`registrar ${idempotencyKey}: ${response.statusCode} ${response.body}`);
    const { orderCode, token } = response.json().data as { orderCode: string; token: string };
    return { code: orderCode, token };
  }

  /** The buyer reports a payment, proving the order is theirs with its e-mail or its link token. */
  function registrarPago(code: string, payment: object, proof: { email?: string; token?: string } = {}, caller: Caller = {}) {
    return t.app.inject(
      withCaller(caller, { method: 'POST', url: '/api/orden-compra/registrar-pago', payload: { code, ...proof, payment } }),
    );
  }

  /** The public status page's data, with the order's link token. */
  function estado(code: string, token?: string) {
    const query = token === undefined ? '' : `?t=${encodeURIComponent(token)}`;
    return t.app.inject({ url: `/api/orden-compra/estado/${code}${query}`, remoteAddress: nextIp() });
  }

  /** Staff approve or reject the reported payment. */
  function confirmarPago(code: string, approve: boolean, note = '') {
    return call('administracion', 'PATCH', '/api/orden-compra/confirmar-pago', { code, approve, note });
  }

  function detalle(code: string, role = 'administracion') {
    return call(role, 'GET', `/api/orden-compra/buscar-detalles-ordene-compra?code=${code}`);
  }

  /** What the routes and the periodic jobs run the order use cases with. */
  function context(): PaymentContext {
    return t.app.orderContext();
  }

  return { tokenOf, call, reembolsar, registrar, registrarOrden, registrarPago, estado, confirmarPago, detalle, context };
}
