// /api/ventas/registrar, /api/ventas/anular, /api/ventas/datos-de-venta, /api/ventas/clientes* and
// /api/mayor/cuentas/autorizar: staff selling, the customers' credit and its authorization, and
// /api/ventas/retenidas*: credit sales held for authorisation.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/ventas-venta.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { anularVenta } from './ventas.anular.service.ts';
import { VENDER } from './ventas.articulos.routes.ts';
import * as retenidas from './ventas.retenidas.service.ts';
import * as service from './ventas.venta.service.ts';

/** Credit settings and authorizations: administración (docs/dominio.md §Roles), and the admin. */
const CREDITO = { access: ['admin', 'administracion'] } as const;
/** The customers list: who sells and who follows the credit. */
const CLIENTES = { access: ['admin', 'administracion', 'vendedor-admin'] } as const;

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function ventasVentaRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.registrarVenta, VENDER, async (request, reply) => {
    const result = await service.registrarVenta(
      db(),
      request.body,
      request.headers['idempotency-key'],
      staffUser(request.user),
      app.fiscal,
    );
    // A repeated request (same key) gets the first document back, with 200.
    return reply.status(result.created ? 201 : 200).send(ok(result.documento));
  });
  route(app, contract.datosDeVenta, VENDER, async ({ user }) => ok(await service.datosDeVenta(db(), staffUser(user))));

  route(app, contract.clientes, CLIENTES, async ({ query }) => {
    const { items, meta } = await service.clientes(db(), { page: query.page, perPage: query.per_page, search: query.search });
    return okList(items, meta);
  });
  route(app, contract.creditoCliente, CREDITO, async ({ body }) => ok(await service.fijarCredito(db(), body)));
  route(app, contract.anularVenta, VENDER, async ({ body, user }) => ok(await anularVenta(db(), body, staffUser(user))));
  route(app, contract.autorizar, CREDITO, async ({ body, user }) => ok(await service.autorizarCredito(db(), body, staffUser(user))));
  route(app, contract.nuevoCliente, CREDITO, async ({ body }, reply) => reply.status(201).send(ok(await service.nuevoCliente(db(), body))));

  // Credit sales held for authorisation: the seller sends them, admin or administración decide.
  route(app, contract.retenerVenta, VENDER, async (request, reply) => {
    const result = await retenidas.retenerVenta(db(), request.body, request.headers['idempotency-key'], staffUser(request.user));
    return reply.status(result.created ? 201 : 200).send(ok(result.retenida));
  });
  route(app, contract.ventasRetenidas, CLIENTES, async ({ query, user }) => {
    const { items, meta } = await retenidas.ventasRetenidas(
      db(),
      { status: query.status, page: query.page, perPage: query.per_page },
      staffUser(user),
    );
    return okList(items, meta);
  });
  route(app, contract.aprobarRetenida, CREDITO, async ({ body, user }) =>
    ok(await retenidas.aprobarRetenida(db(), body.id, staffUser(user))),
  );
  route(app, contract.rechazarRetenida, CREDITO, async ({ body, user }) =>
    ok(await retenidas.rechazarRetenida(db(), body, staffUser(user))),
  );
}
