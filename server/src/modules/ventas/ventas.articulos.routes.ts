// /api/venta/articulos*: the articles staff sell, with today's price and the free units per store.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/ventas-venta.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './ventas.articulos.service.ts';

/** Who sells (docs/dominio.md §Roles): the admin and vendedor-admin. */
export const VENDER = { access: ['admin', 'vendedor-admin'] } as const;

export async function ventasArticulosRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const list = async (q: { page: number; per_page: number; search?: string; tiendaId?: number }) => {
    const { items, meta } = await service.articulosALaVenta(db(), {
      page: q.page,
      perPage: q.per_page,
      search: q.search,
      tiendaId: q.tiendaId,
    });
    return okList(items, meta);
  };
  route(app, contract.articulosVenta, VENDER, async ({ query }) => list(query));
  route(app, contract.buscarParaLaVenta, VENDER, async ({ query }) => list(query));
  route(app, contract.disponibilidad, VENDER, async ({ query }) => ok(await service.disponibilidadDe(db(), query.codes)));
}
