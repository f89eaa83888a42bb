// /api/orden-compra/*: web orders as sales: approved on credit (docs/decisions/0004) and exported
// for the accounting system (Profit) once their payment is confirmed.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/orden-compra.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { CREDIT_SALE_ROLES, PROFIT_EXPORT_ROLES } from '#domain/roles.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './orden-compra.ventas-web.service.ts';

// Credit sales belong to sales (vendedor-admin) and to administracion (docs/dominio.md §Roles).
const CREDITO = { access: CREDIT_SALE_ROLES } as const;

export async function ventasWebRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.ventasACredito, CREDITO, async ({ query: q }) => {
    const { items, meta } = await service.ventasACredito(db(), q.search || undefined, q.page, q.per_page);
    return okList(items, meta);
  });

  route(app, contract.aCredito, CREDITO, async ({ body, user }) => {
    if (!user) throw new NoAutorizado();
    return ok(await service.aprobarCredito(db(), body.code, user, body.note));
  });

  route(app, contract.exportarProfit, { access: PROFIT_EXPORT_ROLES }, async ({ query }, reply) => {
    const { date_from, date_to } = query;
    const csv = await service.exportarVentasWeb(db(), { from: date_from, to: date_to });
    const name = `ventas-web_${date_from ?? 'inicio'}_${date_to ?? caracasIsoDate(new Date())}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
