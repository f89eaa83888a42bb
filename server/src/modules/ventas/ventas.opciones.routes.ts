// /api/opciones/*: searchable option lists for the back office's pickers, for every staff role.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/opciones.ts';
import { ROLES } from '#domain/roles.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './ventas.opciones.service.ts';

export async function ventasOpcionesRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const staff = { access: ROLES };
  route(app, contract.vendedor, staff, async ({ query }) => ok(await service.vendedores(db(), query.search, query.limit)));
  route(app, contract.clientes, staff, async ({ query }) => ok(await service.clientes(db(), query.search, query.limit)));
  route(app, contract.ordenes, staff, async ({ query }) => ok(await service.ordenes(db(), query.search, query.limit)));
}
