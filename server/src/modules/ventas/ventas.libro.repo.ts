// The documents of the libro de ventas (docs/dominio.md §Libros fiscales): every sales document made
// within the period (Caracas days, the same range as the sales reports), anuladas included, with its
// control number (the store's, or the imprenta digital's) and the customer's comprobante de retención.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { caracasDayEnd, caracasDayStart } from '#domain/ventas-reportes.ts';
import type { Db } from '#server/db/client.ts';
import { documentosFiscales } from '#server/modules/imprenta/imprenta.schema.ts';
import { ventaRetencionesIva } from './ventas.retencion.schema.ts';
import { clientes, ventas } from './ventas.schema.ts';

export type LibroVentaRow = Awaited<ReturnType<typeof documentosDelLibro>>[number];

export async function documentosDelLibro(db: Db, desde: string, hasta: string) {
  return db
    .select({
      id: ventas.id,
      kind: ventas.kind,
      number: ventas.number,
      controlNumber: sql<string | null>`coalesce(${ventas.controlNumber}, ${documentosFiscales.numeroControl})`,
      porEmitir: sql<boolean>`${documentosFiscales.estado} = 'por-emitir'`,
      fecha: sql<string>`to_char(timezone('UTC', ${ventas.createdAt}) - interval '4 hours', 'YYYY-MM-DD')`,
      createdAt: ventas.createdAt,
      clienteRif: clientes.dni,
      clienteName: clientes.name,
      rate: ventas.rate,
      total: ventas.total,
      baseImponible: ventas.baseImponible,
      iva: ventas.iva,
      igtf: ventas.igtf,
      ivaRetenido: ventas.ivaRetenido,
      comprobante: ventaRetencionesIva.comprobante,
      anulada: sql<boolean>`${ventas.voidedAt} IS NOT NULL`,
    })
    .from(ventas)
    .innerJoin(clientes, eq(clientes.id, ventas.clienteId))
    .leftJoin(documentosFiscales, eq(documentosFiscales.ventaId, ventas.id))
    .leftJoin(ventaRetencionesIva, eq(ventaRetencionesIva.ventaId, ventas.id))
    .where(and(gte(ventas.createdAt, caracasDayStart(desde)), lt(ventas.createdAt, caracasDayEnd(hasta))))
    .orderBy(asc(ventas.createdAt), asc(ventas.id));
}
