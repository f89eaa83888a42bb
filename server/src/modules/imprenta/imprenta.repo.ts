// Queries of the documents sent to the imprenta digital.
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Conteo } from '#domain/panel-pendientes.ts';
import type { Db } from '#server/db/client.ts';
import { contarPendientes } from '#server/db/pendientes.ts';
import { documentosFiscales } from './imprenta.schema.ts';
import type { Asignacion, DocumentoParaImprenta } from './imprenta.ts';

export type DocumentoFiscalRow = typeof documentosFiscales.$inferSelect;

export async function insertPorEmitir(
  tx: Db,
  values: { ventaId: number; numero: string; clave: string; datos: DocumentoParaImprenta },
): Promise<DocumentoFiscalRow> {
  const [row] = await tx.insert(documentosFiscales).values(values).returning();
  if (!row) throw new Error(`No se pudo guardar el documento fiscal de ${values.numero}`);
  return row;
}

export async function findById(db: Db, id: number): Promise<DocumentoFiscalRow | undefined> {
  const [row] = await db.select().from(documentosFiscales).where(eq(documentosFiscales.id, id));
  return row;
}

export async function findByVenta(db: Db, ventaId: number): Promise<DocumentoFiscalRow | undefined> {
  const [row] = await db.select().from(documentosFiscales).where(eq(documentosFiscales.ventaId, ventaId));
  return row;
}

/** The documents still «por emitir» up to `id`, oldest first (ids follow the order the sales were made). */
export async function porEmitirHasta(db: Db, id: number): Promise<number[]> {
  const found = await db
    .select({ id: documentosFiscales.id })
    .from(documentosFiscales)
    .where(and(eq(documentosFiscales.estado, 'por-emitir'), lte(documentosFiscales.id, id)))
    .orderBy(asc(documentosFiscales.id));
  return found.map((r) => r.id);
}

/** The newest document still «por emitir», if any. */
export async function ultimoPorEmitir(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ id: documentosFiscales.id })
    .from(documentosFiscales)
    .where(eq(documentosFiscales.estado, 'por-emitir'))
    .orderBy(desc(documentosFiscales.id))
    .limit(1);
  return row?.id;
}

export async function anotarFallo(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(documentosFiscales)
    .set({ intentos: sql`${documentosFiscales.intentos} + 1`, ultimoError: error.slice(0, 500) })
    .where(and(eq(documentosFiscales.id, id), eq(documentosFiscales.estado, 'por-emitir')));
}

/** Stores the printer's answer once: false when the document already had its number. */
export async function marcarEmitido(tx: Db, id: number, a: Asignacion): Promise<boolean> {
  const rows = await tx
    .update(documentosFiscales)
    .set({
      estado: 'emitido',
      numeroControl: a.numeroControl,
      asignadoEn: a.asignadoEn,
      imprentaRazonSocial: a.imprenta.razonSocial,
      imprentaRif: a.imprenta.rif,
      imprentaProvidencia: a.imprenta.providencia,
      intentos: sql`${documentosFiscales.intentos} + 1`,
      ultimoError: '',
      emitidoEn: sql`now()`,
    })
    .where(and(eq(documentosFiscales.id, id), eq(documentosFiscales.estado, 'por-emitir')))
    .returning({ id: documentosFiscales.id });
  return rows.length > 0;
}

export async function porEmitir(db: Db, limit: number) {
  const where = eq(documentosFiscales.estado, 'por-emitir');
  const [total] = await db.select({ n: count() }).from(documentosFiscales).where(where);
  const items = await db
    .select({
      numero: documentosFiscales.numero,
      createdAt: documentosFiscales.createdAt,
      intentos: documentosFiscales.intentos,
      ultimoError: documentosFiscales.ultimoError,
    })
    .from(documentosFiscales)
    .where(where)
    .orderBy(asc(documentosFiscales.createdAt), asc(documentosFiscales.id))
    .limit(limit);
  return { total: total?.n ?? 0, items };
}

/** The home's card: documents still «por emitir» (partial index documentos_fiscales_por_emitir). */
export function pendientesPorEmitir(db: Db): Promise<Conteo> {
  return contarPendientes(db, documentosFiscales, documentosFiscales.createdAt, eq(documentosFiscales.estado, 'por-emitir'));
}
