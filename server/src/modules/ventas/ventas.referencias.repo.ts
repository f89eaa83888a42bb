// The one check of payment references (decision 0014): a reference serves once per bank and method
// across web-order payments, sale payments and abonos. Each use is a row of referencias_pago; the
// unique partial index (released rows do not count) decides between two uses at the same time.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { normalizeReference } from '#domain/abono.ts';
import type { Db } from '#server/db/client.ts';
import { ReglaNegocio } from '#server/errors.ts';
import { referenciasPago } from './ventas.schema.ts';

export type ReferenceSource = 'orden' | 'venta' | 'abono';

export const REFERENCE_USED = 'Esa referencia de pago ya fue registrada para ese banco y método.';

export type ReferenceUse = { method: string; bankCode: string; reference: string; source: ReferenceSource; sourceId: number };

/** Whether the reference is taken (by an order's payment, a sale's payment or an abono not rejected). */
export async function referenciaEnUso(db: Db, method: string, bankCode: string, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: referenciasPago.id })
    .from(referenciasPago)
    .where(
      and(
        eq(referenciasPago.bankCode, bankCode),
        eq(referenciasPago.method, method),
        eq(referenciasPago.reference, normalizeReference(reference)),
        isNull(referenciasPago.releasedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Takes the references for their payments within the caller's transaction, or refuses (400) when
 * one is in use. Two transactions taking the same reference at once: the second waits for the
 * first and gets nothing back if it committed (ON CONFLICT DO NOTHING keeps its transaction usable).
 */
export async function reservarReferencias(tx: Db, uses: ReferenceUse[]): Promise<void> {
  for (const use of uses) {
    const reference = normalizeReference(use.reference);
    if (reference === '') continue;
    const inserted = (await tx.execute(sql`
      INSERT INTO referencias_pago (bank_code, method, reference, source, source_id)
      VALUES (${use.bankCode}, ${use.method}, ${reference}, ${use.source}, ${use.sourceId})
      ON CONFLICT (bank_code, method, reference) WHERE released_at IS NULL DO NOTHING
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    if (inserted.rows.length === 0) throw new ReglaNegocio(REFERENCE_USED);
  }
}

/** A rejected payment frees its reference: it may be reported again. */
export async function liberarReferencias(tx: Db, source: ReferenceSource, sourceIds: number[]): Promise<void> {
  if (sourceIds.length === 0) return;
  await tx
    .update(referenciasPago)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(referenciasPago.source, source), inArray(referenciasPago.sourceId, sourceIds), isNull(referenciasPago.releasedAt)));
}
