// /api/envios/tarifas: read by anyone (the checkout quotes them), edited by admin and administracion.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/envios.ts';
import type { ShippingRate } from '#domain/envios.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as repo from './envios.repo.ts';

export const SHIPPING_RATE_EDITORS = ['admin', 'administracion'] as const;

export async function enviosRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.tarifasEnvio, { access: 'public' }, async () => ok(await repo.findRates(db())));
  route(app, contract.fijarTarifasEnvio, { access: SHIPPING_RATE_EDITORS }, async (request) => {
    if (!request.user) throw new NoAutorizado();
    // Two rows for the same agency and state in one request: the last one wins, as in the editor.
    const byKey = new Map<string, ShippingRate>();
    for (const rate of request.body.tarifas) byKey.set(`${rate.agency}|${rate.state}`, rate);
    await repo.saveRates(db(), [...byKey.values()], request.user.id);
    return ok(await repo.findRates(db()));
  });
}
