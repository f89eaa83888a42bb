// /api/mayor/cuentas/retencion-iva and /cliente-retencion-iva: the IVA a contribuyente especial
// retains (docs/dominio.md §Libros fiscales), for admin and administracion. The ventas module owns
// the documents and the retentions; these routes call its service.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/libros-fiscales.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { fijarRetencionCliente, registrarRetencionIva } from '#server/modules/ventas/ventas.retencion.service.ts';

const FINANZAS = { access: contract.LIBROS_ROLES } as const;

export async function mayorCuentasRetencionRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  route(app, contract.registrarRetencionIva, FINANZAS, async ({ body, user }) => {
    if (!user) throw new NoAutorizado();
    return ok(await registrarRetencionIva(db(), body, user));
  });
  route(app, contract.fijarRetencionCliente, FINANZAS, async ({ body }) =>
    ok(await fijarRetencionCliente(db(), body.clienteId, body.basisPoints)),
  );
}
