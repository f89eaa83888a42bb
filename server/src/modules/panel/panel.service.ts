// The dashboard's home: for each card the caller acts on (domain/panel-pendientes.ts), the module
// that owns those items counts them, one query per card. The panel only reads, through the other
// modules' services, and sits above them all (docs/dominio.md §Lo pendiente en el inicio del panel).
import type { ConteoPendiente } from '#domain/contracts/panel.ts';
import { type Conteo, type PendienteId, tarjetasPara } from '#domain/panel-pendientes.ts';
import type { Db } from '#server/db/client.ts';
import { contactoPendientes } from '#server/modules/contacto/contacto.service.ts';
import { pendientesPorEmitir } from '#server/modules/imprenta/imprenta.service.ts';
import { abonosPorAprobar, notasVencidasPendientes } from '#server/modules/mayor-cuentas/mayor-cuentas.cobros.service.ts';
import { pendientesDelPaso } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { reembolsosPorRevisar } from '#server/modules/pagos-en-linea/pagos-en-linea.reembolsos.service.ts';
import { retenidasPorAutorizar } from '#server/modules/ventas/ventas.retenidas.service.ts';

/** The one query behind each card. */
export const CONTEOS: Record<PendienteId, (db: Db, now: Date) => Promise<Conteo>> = {
  'pagos-por-confirmar': (db) => pendientesDelPaso(db, 'pago-por-confirmar'),
  'inventario-por-confirmar': (db) => pendientesDelPaso(db, 'pago-confirmado'),
  'por-despachar': (db) => pendientesDelPaso(db, 'inventario-confirmado'),
  'por-entregar': (db) => pendientesDelPaso(db, 'despachada'),
  'abonos-por-aprobar': (db) => abonosPorAprobar(db),
  'ventas-por-autorizar': (db) => retenidasPorAutorizar(db),
  'notas-vencidas': (db, now) => notasVencidasPendientes(db, now),
  'reembolsos-por-revisar': (db) => reembolsosPorRevisar(db),
  'facturas-por-emitir': (db) => pendientesPorEmitir(db),
  'mensajes-sin-leer': (db) => contactoPendientes(db),
};

export async function pendientes(db: Db, roles: readonly string[], now = new Date()): Promise<ConteoPendiente[]> {
  return Promise.all(
    tarjetasPara(roles).map(async (t) => {
      const { total, oldest } = await CONTEOS[t.id](db, now);
      return { id: t.id, total, oldest };
    }),
  );
}
