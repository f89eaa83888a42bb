// /api/ventas/libro-de-ventas: the libro de ventas of a period (docs/dominio.md §Libros fiscales), as JSON
// or, with formato=xlsx|csv, as a file; admin and administracion.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/libros-fiscales.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { sheetHeaders } from '#server/http/hoja.ts';
import { libro, libroFileName, libroSheet } from './ventas.libro.service.ts';

export async function ventasLibroRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  route(app, contract.libroDeVentas, { access: contract.LIBROS_ROLES }, async ({ query }, reply) => {
    const data = await libro(db(), query);
    if (!query.formato) return ok(data);
    return reply.headers(sheetHeaders(libroFileName(query.formato, query), query.formato)).send(libroSheet(query.formato, data));
  });
}
