// /api/imprenta/por-emitir: the facturas still waiting for their número de control, for the staff
// who follow the invoicing (admin and administración, docs/dominio.md §Roles).
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/imprenta.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './imprenta.service.ts';

export async function imprentaRoutes(app: FastifyInstance): Promise<void> {
  route(app, contract.porEmitir, { access: ['admin', 'administracion'] }, async () => {
    const { total, items } = await service.porEmitir(app.deps.database.db);
    return ok({ configurada: app.fiscal !== null, total, documentos: items });
  });
}
