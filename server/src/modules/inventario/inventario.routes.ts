// /api/almacen/* and /api/configuracion/almacen: stores and warehouses, stock movements and the
// stock of an article per store (admin and inventario, docs/dominio.md §Roles); the stores a shopper may
// visit are public. Editing a store is `PATCH configuracion/almacen`, the name clients already call
// (docs/api.md §Rutas y módulos): it lives here, with the stores it changes, and not in the
// catalogue's configuracion module.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/almacen.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as movimientos from './inventario.movimientos.service.ts';
import * as tiendas from './inventario.tiendas.service.ts';

const almacen = { access: ['admin', 'inventario'] } as const;

export async function inventarioRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.tiendas, almacen, async ({ query }) => {
    const { items, meta } = await tiendas.tiendas(db(), query);
    return okList(items, meta);
  });
  // A new store, an edit or a movement changes what the storefront shows (stores, stock): the
  // public read cache is cleared so shoppers see it on their next request.
  route(app, contract.registrarTienda, almacen, async ({ body }) => {
    const store = await tiendas.registrarTienda(db(), body);
    app.responseCache.invalidate();
    return ok(store);
  });
  route(app, contract.actualizarTienda, almacen, async ({ body }) => {
    const store = await tiendas.actualizarTienda(db(), body);
    app.responseCache.invalidate();
    return ok(store);
  });
  route(app, contract.nuestrasTiendas, { access: 'public', cacheSeconds: 10 }, async () => ok(await tiendas.nuestrasTiendas(db())));

  route(app, contract.registrarMovimiento, almacen, async ({ body, user }) => {
    const recorded = await movimientos.registrarMovimiento(db(), body, user?.id ?? null);
    app.responseCache.invalidate();
    return ok(recorded);
  });
  route(app, contract.movimientos, almacen, async ({ query }) => {
    const { items, meta } = await movimientos.libroDeMovimientos(db(), query);
    return okList(items, meta);
  });
  route(app, contract.existencia, almacen, async ({ query }) => ok(await movimientos.existenciaDelArticulo(db(), query.articleCode)));
}
