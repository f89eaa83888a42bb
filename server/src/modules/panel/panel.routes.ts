// /api/panel/pendientes: what waits for the caller on the dashboard's home. Any staff role opens
// it; each one gets only the cards it acts on (domain/panel-pendientes.ts).
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/panel.ts';
import { ROLES } from '#domain/roles.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './panel.service.ts';

export async function panelRoutes(app: FastifyInstance): Promise<void> {
  route(app, contract.pendientes, { access: ROLES }, async ({ user }) => {
    if (!user) throw new NoAutorizado();
    return ok({ tarjetas: await service.pendientes(app.deps.database.db, user.roles) });
  });
}
