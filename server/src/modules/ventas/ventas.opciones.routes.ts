// /api/opciones/*: searchable option lists for the back office's pickers. Sellers and orders for every
// staff role; customers (phone, address, credit and debt) only for who sells and collects.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/opciones.ts';
import { CREDIT_SALE_ROLES, ROLES } from '#domain/roles.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './ventas.opciones.service.ts';

export async function ventasOpcionesRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const staff = { access: ROLES };
  route(app, contract.vendedor, staff, async ({ query }) => ok(await service.vendedores(db(), query.search, query.limit)));
  route(app, contract.clientes, { access: CREDIT_SALE_ROLES }, async ({ query }) =>
    ok(await service.clientes(db(), query.search, query.limit)),
  );
  route(app, contract.ordenes, staff, async ({ query }) => ok(await service.ordenes(db(), query.search, query.limit)));
}
