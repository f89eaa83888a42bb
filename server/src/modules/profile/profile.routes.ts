// /api/profile/*: the logged-in user's account, children, salesmen; admins' permissions screens.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/profile.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as auth from '#server/modules/auth/auth.service.ts';
import * as ordenes from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import * as service from './profile.service.ts';

function current(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

const usuario = { access: 'usuario' } as const;
const admin = { access: ['admin'] } as const;

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.usuario, usuario, async (request) => ok(await service.usuario(db(), current(request.user))));

  route(app, contract.usuarioDetalles, usuario, async (request) =>
    ok(await service.updateDetails(db(), current(request.user), request.body)),
  );

  route(app, contract.actualizarCuenta, usuario, async (request) =>
    ok(await service.updateOwnAccount(db(), current(request.user), request.params.id, request.body)),
  );

  route(app, contract.cambiarClave, usuario, async (request) => {
    await auth.changePassword(app.authContext(), current(request.user), request.body.current_password, request.body.password);
    return ok({ message: 'Su contraseña fue cambiada. Se cerraron sus otras sesiones.' });
  });

  route(app, contract.obtenerHijos, usuario, async ({ user, query }) => {
    const { items, meta } = await service.children(db(), current(user), query.page, query.per_page, query.sort_desc ?? false);
    return okList(items, meta);
  });

  route(app, contract.agregarHijo, usuario, async (request) => ok(await service.addChild(db(), current(request.user), request.body)));

  route(app, contract.eliminarHijo, usuario, async (request) => {
    await service.removeChild(db(), current(request.user), request.params.id);
    return ok({ message: 'Registro eliminado.' });
  });

  // The buyer's own purchase orders: only those placed with this account.
  route(app, contract.misOrdenes, usuario, async ({ user, body }) => {
    const { page, per_page, search, filter } = body;
    const { items, meta } = await ordenes.buscar(db(), { search, step: filter, userId: current(user).id }, page, per_page);
    return okList(items, meta);
  });

  route(app, contract.miOrden, usuario, async (request) =>
    ok(await ordenes.detalle(db(), request.query.code, current(request.user), { own: true, secret: app.authContext().secret })),
  );

  route(app, contract.buscarVendedores, usuario, async (request) => ok(await service.salesmen(db(), request.query.search)));

  route(app, contract.permisosUsuarios, admin, async ({ query }) => {
    const { items, meta } = await service.users(db(), query.search, query.page, query.per_page);
    return okList(items, meta);
  });

  route(app, contract.permisosRoles, admin, async () => ok(service.roles()));

  route(app, contract.actualizarPermisos, admin, async (request) =>
    ok(await service.updateRoles(db(), current(request.user), request.body.userId, request.body.roles)),
  );

  route(app, contract.estadoCuenta, admin, async (request) =>
    ok(await service.setDisabled(db(), current(request.user), request.body.userId, request.body.disabled)),
  );
}
