// /api/mayor/cuentas/*: receivables (docs/dominio.md §Roles): admin, administracion and vendedor-admin read
// them and register abonos; only admin and administracion approve, reject, discount and take returns.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/mayor-cuentas.ts';
import { CREDIT_SALE_ROLES } from '#domain/roles.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { sheetHeaders } from '#server/http/hoja.ts';
import { receivableClientsSheet, receivablesSheet } from './mayor-cuentas.cobros.hoja.ts';
import * as service from './mayor-cuentas.cobros.service.ts';

const COBROS = { access: CREDIT_SALE_ROLES } as const;
const FINANZAS = { access: ['admin', 'administracion'] } as const;

function actor(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

type ListQuery = {
  page: number;
  per_page: number;
  search?: string;
  filter_advance: { store?: number; seller?: number; client?: number; date_from?: string; date_to?: string; abonos?: 'pendientes' };
};

function filtersOf(q: ListQuery) {
  const f = q.filter_advance;
  return {
    page: q.page,
    perPage: q.per_page,
    filters: {
      search: q.search || undefined,
      store: f.store,
      seller: f.seller,
      client: f.client,
      dateFrom: f.date_from,
      dateTo: f.date_to,
      pendingAbonos: f.abonos === 'pendientes' || undefined,
    },
  };
}

export async function mayorCuentasCobrosRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  // Registered before listado/:type: the static path wins.
  route(app, contract.listadoClientes, COBROS, async ({ query }) => {
    const { items, meta, totals } = await service.listadoClientes(db(), filtersOf(query));
    return { ...okList(items, meta), totals };
  });
  route(app, contract.listado, COBROS, async ({ params, query }) => {
    const { items, meta, totals } = await service.listado(db(), params.type, {
      ...filtersOf(query),
      sortBy: query.sort_by,
      sortDesc: query.sort_desc,
    });
    return { ...okList(items, meta), totals };
  });
  route(app, contract.exportarListado, COBROS, async ({ params, query }, reply) => {
    const { filters } = filtersOf({ ...query, page: 1, per_page: 1 });
    const name = service.exportFileName(params.type, query.formato, filters);
    reply.headers(sheetHeaders(name, query.formato));
    if (params.type === 'clientes') {
      const { items, totals } = await service.clientesParaExportar(db(), filters);
      return reply.send(receivableClientsSheet(query.formato, items, totals));
    }
    const { items, totals, todayRate } = await service.listadoParaExportar(db(), params.type, {
      filters,
      sortBy: query.sort_by,
      sortDesc: query.sort_desc,
    });
    return reply.send(receivablesSheet(query.formato, items, totals, todayRate));
  });
  route(app, contract.verAbonos, COBROS, async ({ params }) => ok(await service.verAbonos(db(), params.client, params.deliveryNote)));
  route(app, contract.facturaCliente, COBROS, async ({ params }) => ok(await service.facturaCliente(db(), params.client)));

  route(app, contract.registrarAbono, COBROS, async ({ body, user }) => ok(await service.registrarAbono(db(), body, actor(user))));
  route(app, contract.aprobarAbono, FINANZAS, async ({ body, user }) => ok(await service.aprobarAbono(db(), body, actor(user))));
  route(app, contract.aplicarDescuento, FINANZAS, async ({ body, user }) => ok(await service.aplicarDescuento(db(), body, actor(user))));
  route(app, contract.devolver, FINANZAS, async ({ body, user }) => ok(await service.devolver(db(), body, actor(user))));

  route(app, contract.obtenerTasa, COBROS, async () => ok(await service.obtenerTasa(db())));
  route(app, contract.verificarReferencia, COBROS, async ({ query }) => ok(await service.verificarReferencia(db(), query)));
  route(app, contract.buscarItem, COBROS, async ({ query }) => ok(await service.buscarItem(db(), query)));
  route(app, contract.buscarNotaEntrega, COBROS, async ({ query }) =>
    ok(await service.buscarDocumentos(db(), 'nota-entrega', query.search)),
  );
  route(app, contract.buscarFacturas, COBROS, async ({ query }) => ok(await service.buscarDocumentos(db(), 'factura', query.search)));
  route(app, contract.buscarCliente, COBROS, async ({ query }) => ok(await service.buscarClientes(db(), query.search)));
  route(app, contract.buscarVendedor, COBROS, async ({ query }) => ok(await service.buscarVendedores(db(), query.search)));
}
