// /api/prospecto/*: prospect requests, for admin and vendedor-admin (docs/dominio.md §Roles).
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/prospecto.ts';
import { PROSPECTO_ROLES } from '#domain/contracts/prospecto.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './prospecto.service.ts';

const PROSPECTOS = { access: PROSPECTO_ROLES } as const;

export async function prospectoRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.buscarUsuarios, PROSPECTOS, async ({ query }) => {
    const { items, meta } = await service.listar(db(), {
      page: query.page,
      perPage: query.per_page,
      search: query.search,
      status: query.filter,
    });
    return okList(items, meta);
  });

  route(app, contract.buscarUsuario, PROSPECTOS, async ({ query }) => ok(await service.detalle(db(), query.id)));

  route(app, contract.buscarArticulo, PROSPECTOS, async ({ query }) => ok(await service.buscarArticulo(db(), query.search)));

  route(app, contract.procesarSolicitud, PROSPECTOS, async ({ body, user }) => {
    if (!user) throw new NoAutorizado();
    return ok(await service.procesar(db(), body, user));
  });
}
