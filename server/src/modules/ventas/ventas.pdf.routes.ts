// PDFs of sales documents and customer statements. Staff who see sales and receivables (admin,
// administracion, vendedor-admin) get any; a customer only those of the cliente linked to their
// account (clientes.user_id), and a 404 for the rest.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contract from '#domain/contracts/ventas-pdf.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import * as service from './ventas.pdf.service.ts';

function pdf(reply: FastifyReply, file: service.PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export async function ventasPdfRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.documentoPdf, { access: 'usuario' }, async ({ params, user }, reply) => {
    if (!user) throw new NoAutorizado();
    return pdf(reply, await service.documentoPdf(db(), params.numero, user));
  });

  route(app, contract.estadoDeCuentaPdf, { access: 'usuario' }, async ({ params, user }, reply) => {
    if (!user) throw new NoAutorizado();
    return pdf(reply, await service.estadoDeCuentaPdf(db(), params.client, user));
  });
}
