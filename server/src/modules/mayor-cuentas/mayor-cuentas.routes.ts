// /api/mayor/cuentas/*: accounts. The abonos issue adds its calls here.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/mayor-cuentas.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './mayor-cuentas.service.ts';

export async function mayorCuentasRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  // Public: the checkout shows each method's discount before the buyer chooses one.
  route(app, contract.opcionesDePagos, { access: 'public', cacheSeconds: 10 }, async () => ok(await service.opcionesDePago(db())));
}
