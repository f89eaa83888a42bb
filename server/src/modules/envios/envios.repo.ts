// Queries of the shipping rates.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ShippingRate } from '#domain/envios.ts';
import type { ShippingAgencyId } from '#domain/store-constants.ts';
import type { Db } from '#server/db/client.ts';
import { tarifasEnvio } from './envios.schema.ts';

const rateColumns = {
  agency: tarifasEnvio.agency,
  state: tarifasEnvio.state,
  costUsd: tarifasEnvio.costUsd,
  daysMin: tarifasEnvio.daysMin,
  daysMax: tarifasEnvio.daysMax,
};

export async function findRates(db: Db): Promise<ShippingRate[]> {
  const rows = await db.select(rateColumns).from(tarifasEnvio).orderBy(asc(tarifasEnvio.agency), asc(tarifasEnvio.state));
  return rows.map((r) => ({ ...r, agency: r.agency as ShippingAgencyId }));
}

/** The rate of one agency and state (none or one row). */
export async function findRate(db: Db, agency: string, state: string): Promise<ShippingRate[]> {
  const rows = await db
    .select(rateColumns)
    .from(tarifasEnvio)
    .where(and(eq(tarifasEnvio.agency, agency), eq(tarifasEnvio.state, state)))
    .limit(1);
  return rows.map((r) => ({ ...r, agency: r.agency as ShippingAgencyId }));
}

export async function saveRates(db: Db, rates: readonly ShippingRate[], userId: number): Promise<void> {
  await db
    .insert(tarifasEnvio)
    .values(rates.map((r) => ({ ...r, updatedBy: userId })))
    .onConflictDoUpdate({
      target: [tarifasEnvio.agency, tarifasEnvio.state],
      set: {
        costUsd: sql`excluded.cost_usd`,
        daysMin: sql`excluded.days_min`,
        daysMax: sql`excluded.days_max`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
}
