// /api/mayor/cuentas/por-pagar/*: payables for admin and administracion (docs/dominio.md §Documentos en PDF y cuentas por pagar).
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/cuentas-por-pagar.ts';
import * as libros from '#domain/contracts/libros-fiscales.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { sheetHeaders } from '#server/http/hoja.ts';
import { streamed } from '#server/modules/configuracion/configuracion.importar.hoja.ts';
import { libro, libroFileName, libroSheet } from './cuentas-por-pagar.libro.ts';
import * as service from './cuentas-por-pagar.service.ts';

const POR_PAGAR = { access: contract.PAYABLES_ROLES } as const;

function staff(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function cuentasPorPagarRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.listar, POR_PAGAR, async ({ query }) => {
    const { items, meta, totals, aging } = await service.listar(db(), { ...query, search: query.search || undefined });
    return { ...okList(items, meta), totals, aging };
  });

  route(app, contract.exportar, POR_PAGAR, async ({ query }, reply) => {
    const { formato, ...filters } = query;
    const body = streamed(
      (out) => service.exportar(db(), formato, { ...filters, search: filters.search || undefined }, out),
      (error) => app.log.error({ err: error }, 'exportación de cuentas por pagar'),
    );
    return reply
      .header(
        'content-type',
        formato === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
      )
      .header('content-disposition', `attachment; filename="${service.exportFileName(formato)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  route(app, contract.proveedores, POR_PAGAR, async ({ query }) => {
    const { items, meta } = await service.proveedores(db(), {
      page: query.page,
      perPage: query.per_page,
      search: query.search || undefined,
    });
    return okList(items, meta);
  });

  route(app, contract.registrarProveedor, POR_PAGAR, async ({ body, user }) =>
    ok(await service.registrarProveedor(db(), body, staff(user))),
  );
  route(app, contract.registrarDocumento, POR_PAGAR, async ({ body, user }) =>
    ok(await service.registrarDocumento(db(), body, staff(user))),
  );
  route(app, contract.documento, POR_PAGAR, async ({ params }) => ok(await service.documento(db(), params.id)));
  route(app, contract.registrarPago, POR_PAGAR, async ({ body, user }) => ok(await service.registrarPago(db(), body, staff(user))));
  route(app, contract.registrarRetencion, POR_PAGAR, async ({ body }) => ok(await service.registrarRetencion(db(), body)));

  route(app, libros.libroDeCompras, { access: libros.LIBROS_ROLES }, async ({ query }, reply) => {
    const data = await libro(db(), query);
    if (!query.formato) return ok(data);
    return reply.headers(sheetHeaders(libroFileName(query.formato, query), query.formato)).send(libroSheet(query.formato, data));
  });
  route(app, contract.anularPago, POR_PAGAR, async ({ body, user }) =>
    ok(await service.anularPago(db(), body.pagoId, body.note, staff(user))),
  );
}
