// /api/descuento/* and /api/v2/descuento: discounts and coupons, for admin and vendedor-admin (docs/dominio.md §Roles).
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/descuento.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './descuento.service.ts';

const VENTAS = { access: ['admin', 'vendedor-admin'] } as const;

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function descuentoRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  /** A discount changes the prices shoppers see: the public reads are not served from the cache any more. */
  const changed = <T>(result: T): T => {
    app.responseCache.invalidate();
    return result;
  };
  const listQuery = (q: { page: number; per_page: number; search?: string; aplicacion: string; active?: boolean }) => ({
    page: q.page,
    perPage: q.per_page,
    search: q.search || undefined,
    aplicacion: q.aplicacion || undefined,
    active: q.active,
  });

  route(app, contract.listar, VENTAS, async ({ query }) => {
    const { items, meta } = await service.listar(db(), listQuery(query));
    return okList(items, meta);
  });
  route(app, contract.buscarV2, VENTAS, async ({ query }) => {
    const { items, meta } = await service.listar(db(), listQuery(query));
    return ok({ discounts: items, meta });
  });
  route(app, contract.detalle, VENTAS, async ({ params }) => ok(await service.detalle(db(), params.id)));

  route(app, contract.registrar, VENTAS, async ({ body, user }) => changed(ok(await service.registrar(db(), body, staffUser(user).id))));
  route(app, contract.actualizar, VENTAS, async ({ body: { id, ...input } }) => changed(ok(await service.actualizar(db(), id, input))));
  route(app, contract.activar, VENTAS, async ({ body }) => changed(ok(await service.activar(db(), body.id, body.active))));
  route(app, contract.asignar, VENTAS, async ({ body }) =>
    changed(ok(await service.asignar(db(), body.id, { lineas: body.lineas, sublineas: body.sublineas, modelos: body.modelos }))),
  );

  route(app, contract.listadoDescuentos, VENTAS, async () => ok(await service.listadoDescuentos(db())));
  route(app, contract.listadoLineas, VENTAS, async ({ query }) =>
    ok(await service.listadoLineas(db(), { descuentoId: query.descuento, search: query.search || undefined })),
  );
  route(app, contract.listadoSublineas, VENTAS, async ({ query: q }) => {
    const { items, meta } = await service.listadoSublineas(db(), {
      descuentoId: q.descuento,
      search: q.search || undefined,
      lineaId: q.linea,
      page: q.page,
      perPage: q.per_page,
    });
    return okList(items, meta);
  });
  route(app, contract.listadoModelos, VENTAS, async ({ query: q }) => {
    const { items, meta } = await service.listadoModelos(db(), {
      descuentoId: q.descuento,
      search: q.search || undefined,
      sublineaId: q.sublinea,
      onlyAssigned: q.solo_asignados,
      page: q.page,
      perPage: q.per_page,
    });
    return okList(items, meta);
  });
}
