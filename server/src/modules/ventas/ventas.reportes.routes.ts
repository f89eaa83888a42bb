// /api/ventas/* (the sales reports) and /api/v2/dashboard/venta/tienda. docs/dominio.md §Roles: sales staff
// (vendedor-admin) read their own and all sales reports, administración reads the invoices, the
// admin everything; «Mis ventas» (alcance=mias) is the seller linked to the caller's account.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contract from '#domain/contracts/ventas-reportes.ts';
import { SALES_REPORT_ROLES } from '#domain/roles.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { sheetHeaders } from '#server/http/hoja.ts';
import { paymentsSheet, salesSheet } from './ventas.reportes.hoja.ts';
import * as service from './ventas.reportes.service.ts';

const REPORTES = { access: SALES_REPORT_ROLES } as const;

function staff(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

function attachment(reply: FastifyReply, name: string, format: contract.SheetFormat): FastifyReply {
  return reply.headers(sheetHeaders(name, format));
}

export async function ventasReportesRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.listar, REPORTES, async ({ query, user }) => {
    const where = await service.salesWhere(db(), query, staff(user).id);
    const { items, meta } = await service.listar(db(), where, query);
    return okList(items, meta);
  });

  route(app, contract.totales, REPORTES, async ({ query, user }) => {
    return ok(await service.totales(db(), await service.salesWhere(db(), query, staff(user).id)));
  });

  route(app, contract.buscarVendedor, REPORTES, async ({ query }) => ok(await service.buscarVendedor(db(), query.search)));
  route(app, contract.buscarCliente, REPORTES, async ({ query }) => ok(await service.buscarCliente(db(), query.search)));
  route(app, contract.buscarDocumento, REPORTES, async ({ query, user }) => {
    const where = await service.salesWhere(db(), { alcance: query.alcance, search: query.search, filter_advance: {} }, staff(user).id);
    return ok(await service.buscarDocumento(db(), where));
  });

  route(app, contract.detalleFactura, REPORTES, async ({ query }) => ok(await service.detalleFactura(db(), query)));

  route(app, contract.ventasPorTienda, REPORTES, async ({ query, user }) => {
    return ok(await service.porTienda(db(), await service.salesWhere(db(), query, staff(user).id)));
  });

  route(app, contract.graficos, REPORTES, async ({ query, user }) => {
    return ok(await service.graficos(db(), await service.salesWhere(db(), query, staff(user).id)));
  });

  route(app, contract.exportar, REPORTES, async ({ query, user }, reply) => {
    const where = await service.salesWhere(db(), query, staff(user).id);
    const sort = query.sort_by ?? 'fecha';
    const { rows, totals } = await service.ventasParaExportar(db(), where, sort, query.sort_desc ?? sort !== 'cliente');
    const name = service.exportFileName('ventas', query.formato, query.filter_advance);
    return attachment(reply, name, query.formato).send(salesSheet(query.formato, rows, totals));
  });

  route(app, contract.pagos, REPORTES, async ({ query }) => {
    const { items, meta, resumen, descuentos, reembolsos } = await service.pagos(
      db(),
      service.paymentsWhere(query),
      query.page,
      query.per_page,
    );
    return { ...okList(items, meta), resumen, descuentos, reembolsos };
  });

  route(app, contract.exportarPagos, REPORTES, async ({ query }, reply) => {
    const { rows, resumen, descuentos, reembolsos } = await service.pagosParaExportar(db(), service.paymentsWhere(query));
    const name = service.exportFileName('pagos', query.formato, query.filter_advance);
    return attachment(reply, name, query.formato).send(paymentsSheet(query.formato, rows, resumen, descuentos, reembolsos));
  });
}
