// Queries of the birthday coupons: the children whose birthday falls in a run's week, and the row
// that takes a child's coupon of one year.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { cuponesCumpleanos, hijos } from './profile.schema.ts';

const monthDay = sql<string>`substring(${hijos.birthday} from 6 for 5)`;

/**
 * Children of enabled accounts born on one of `monthDays` (mm-dd) whose coming birthday has no coupon
 * yet; ordered by account and child, so two runs at once take the rows in the same order.
 * `today`: the Caracas day; a birthday before it this year is next year's.
 */
export async function findChildrenWithBirthdayOn(db: Db, monthDays: string[], today: string) {
  const year = Number(today.slice(0, 4));
  const birthdayYear = sql`CASE WHEN ${monthDay} >= ${today.slice(5)} THEN ${year}::int ELSE ${year + 1}::int END`;
  return db
    .select({
      id: hijos.id,
      userId: hijos.userId,
      name: hijos.name,
      birthday: hijos.birthday,
      createdAt: hijos.createdAt,
      email: usuarios.email,
      nickname: usuarios.nickname,
    })
    .from(hijos)
    .innerJoin(usuarios, eq(usuarios.id, hijos.userId))
    .where(
      and(
        inArray(monthDay, monthDays),
        eq(usuarios.disabled, false),
        sql`NOT EXISTS (SELECT 1 FROM ${cuponesCumpleanos} c WHERE c.hijo_id = ${hijos.id} AND c.anio = ${birthdayYear})`,
      ),
    )
    .orderBy(hijos.userId, hijos.id);
}

/**
 * Takes the child's coupon of `anio` for this transaction: false when another run already has it
 * (a concurrent one waits here until the first commits, then finds the row).
 */
export async function takeBirthday(tx: Db, hijoId: number, anio: number): Promise<boolean> {
  const rows = await tx
    .insert(cuponesCumpleanos)
    .values({ hijoId, anio })
    .onConflictDoNothing()
    .returning({ hijoId: cuponesCumpleanos.hijoId });
  return rows.length > 0;
}

export async function setCoupon(tx: Db, hijoId: number, anio: number, descuentoId: number): Promise<void> {
  await tx
    .update(cuponesCumpleanos)
    .set({ descuentoId })
    .where(and(eq(cuponesCumpleanos.hijoId, hijoId), eq(cuponesCumpleanos.anio, anio)));
}
