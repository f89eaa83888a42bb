// /api/orden-compra/*: the buyer's checkout, payments and public status, and the staff pipeline.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/orden-compra.ts';
import { isStaff, ROLES } from '#domain/roles.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { cartIdOf } from '#server/modules/carrito/carrito.service.ts';
import { cuentasActivasPorMetodo } from '#server/modules/general/general.service.ts';
import * as comprador from './orden-compra.comprador.service.ts';
import { orderContext } from './orden-compra.context.ts';
import { eventosRoute } from './orden-compra.eventos.ts';
import * as personal from './orden-compra.personal.service.ts';

// Who may do what (DOMAIN.md's roles).
const CHECK_REFERENCES = { access: ['admin', 'administracion', 'vendedor-admin'] } as const;
/** Payments and cancellations: administración (DOMAIN.md). */
const FINANZAS = { access: ['admin', 'administracion'] } as const;
const CONFIRM_STOCK = { access: ['admin', 'inventario'] } as const;
const DISPATCH = { access: ['admin', 'despacho'] } as const;

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function ordenCompraRoutes(app: FastifyInstance): Promise<void> {
  const ctx = () => orderContext(app);
  const db = () => app.deps.database.db;

  // ── the buyer ──

  route(app, contract.registrar, { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, async (request, reply) => {
    const user = await app.optionalUser(request);
    const who = { user, cartId: await cartIdOf(app, request, user), ip: request.ip };
    const result = await comprador.registrar(ctx(), request.body, request.headers['idempotency-key'], who);
    // A repeated request (same key) gets the first order back, with 200.
    return reply.status(result.created ? 201 : 200).send(ok(result.order));
  });

  route(app, contract.registrarPago, { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } }, async (request) => {
    const { code, payment, email, token } = request.body;
    return ok(await comprador.registrarPago(ctx(), code, payment, { user: await app.optionalUser(request), email, token }));
  });

  // Codes are sequential: the status needs the buyer's link (t) and the route is limited per address.
  route(app, contract.estado, { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } }, async ({ params, query }) =>
    ok(await comprador.estadoPublico(ctx(), params.code, query.t)),
  );
  // The store's accounts to pay to, grouped by method (the checkout's payment step).
  route(app, contract.cuentasParaPagar, { access: 'public', cacheSeconds: 10 }, async ({ query }) =>
    ok(await cuentasActivasPorMetodo(db(), query.method)),
  );

  route(app, contract.acceder, { access: 'public', rateLimit: { max: 10, timeWindow: 15 * 60_000 } }, async ({ params, body }) =>
    ok(await comprador.accederOrden(ctx(), params.code, body.prueba)),
  );

  // ── the staff ──

  // Staff only: no store page checks references, and open to all it would tell anyone which payments exist.
  route(app, contract.verificarReferencia, CHECK_REFERENCES, async ({ query }) =>
    ok({ used: await personal.referenciaUsada(db(), query.method, query.bankCode, query.reference) }),
  );

  route(app, contract.buscarOrdenes, { access: ROLES }, async ({ body: b }) => {
    const search = {
      search: b.search,
      step: b.filter,
      method: b.filter_advance.payment_method,
      from: b.filter_advance.date_from,
      to: b.filter_advance.date_to,
    };
    const [{ items, meta }, steps] = await Promise.all([
      personal.buscar(db(), search, b.page, b.per_page),
      personal.contarPorPaso(db(), search),
    ]);
    // steps: how many orders of each step match the other filters (the screen's step chips).
    return { ...okList(items, meta), steps };
  });

  eventosRoute(app, ROLES);

  route(app, contract.detalle, { access: 'usuario' }, async (request) => {
    const user = staffUser(request.user);
    // A customer gets the buyer's view here too: only their own order, without staff details.
    return ok(await personal.detalle(db(), request.query.code, user, { own: !isStaff(user.roles) }));
  });

  route(app, contract.confirmarPago, FINANZAS, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'confirmar-pago', staffUser(user), { rejected: !body.approve, note: body.note })),
  );
  route(app, contract.confirmarInventario, CONFIRM_STOCK, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'confirmar-inventario', staffUser(user))),
  );
  route(app, contract.despachar, DISPATCH, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'despachar', staffUser(user), { trackingNumber: body.trackingNumber })),
  );
  route(app, contract.numeroGuia, DISPATCH, async ({ body, user }) =>
    ok(await personal.numeroGuia(ctx(), body.code, body.trackingNumber, staffUser(user))),
  );
  route(app, contract.entregada, DISPATCH, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'entregada', staffUser(user))),
  );
  route(app, contract.anular, FINANZAS, async ({ body, user }) =>
    ok(await personal.cambiarPaso(ctx(), body.code, 'anular', staffUser(user), { note: body.note })),
  );
  route(app, contract.anularImpagas, FINANZAS, async ({ body, user }) =>
    ok(await personal.anularImpagas(ctx(), body.codes, staffUser(user), body.note)),
  );
}
