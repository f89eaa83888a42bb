// /api/config/notify-users-of-sale, /api/venta/user-in-charge-of-sales and /api/config/igtf: sales
// settings (admin: configuration is the admin's alone, docs/dominio.md §Roles). All live here, under /api,
// because they are one screen (/dashboard/config/notificacion).
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/config.ts';
import { fromCents } from '#domain/money.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './config.service.ts';

const admin = { access: ['admin'] } as const;

function currentUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function configRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.usuariosNotificados, admin, async () => ok(await service.usuariosNotificados(db())));
  route(app, contract.fijarUsuariosNotificados, admin, async ({ body }) => ok(await service.fijarUsuariosNotificados(db(), body.users)));
  route(app, contract.encargadoDeVentas, admin, async () => ok(await service.encargadoDeVentas(db())));
  route(app, contract.fijarEncargadoDeVentas, admin, async (request) =>
    ok(await service.fijarEncargadoDeVentas(db(), currentUser(request.user), request.body.user_id)),
  );
  route(app, contract.igtfDeVentas, admin, async () => ok(await service.igtfConfig(db())));
  route(app, contract.fijarIgtf, admin, async (request) => ok(await service.fijarIgtf(db(), currentUser(request.user), request.body)));
  route(app, contract.toleranciaCastigo, admin, async () => ok({ tolerancia: fromCents(await service.toleranciaCastigo(db())) }));
  route(app, contract.fijarToleranciaCastigo, admin, async (request) =>
    ok(await service.fijarToleranciaCastigo(db(), currentUser(request.user), request.body.tolerancia)),
  );
}
