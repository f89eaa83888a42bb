// Queries of discounts: the discounts themselves, their assignments, the lists the assign page
// searches, what applies to a set of models today, and the uses of coupons.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { colores, lineas, modelos, sublineas } from '#server/modules/catalogo/catalogo.schema.ts';
import { cuponUsos, descuentoAsignaciones, descuentos } from './descuento.schema.ts';

export type DescuentoRow = typeof descuentos.$inferSelect;
export type NewDescuento = Omit<typeof descuentos.$inferInsert, 'id' | 'uses' | 'createdAt'>;

// Correlated subqueries name the outer table in full: drizzle writes a column of a one-table select
// without its table ("id"), which inside the subquery would be the subquery's own column.
const assignedCount = (column: string) =>
  sql<number>`(SELECT count(*)::int FROM descuento_asignaciones a WHERE a.descuento_id = "descuentos"."id" AND ${sql.raw(`a.${column}`)} IS NOT NULL)`;

/** How many líneas, sub-líneas and models each discount is assigned to. */
const assignedCounts = { lineas: assignedCount('linea_id'), sublineas: assignedCount('sublinea_id'), modelos: assignedCount('model_code') };

export type DescuentoConConteo = DescuentoRow & { lineas: number; sublineas: number; modelos: number };

export async function findById(db: Db, id: number): Promise<DescuentoConConteo | undefined> {
  const [row] = await db
    .select({ ...tableColumns(), ...assignedCounts })
    .from(descuentos)
    .where(eq(descuentos.id, id))
    .limit(1);
  return row;
}

function tableColumns() {
  const { id, name, aplicacion, kind, value, validFrom, validTo, active, code, maxUses, maxUsesPerCustomer, uses } = descuentos;
  const { onlyEmail, onlyUserId, paymentMethod, createdBy, createdAt, updatedAt } = descuentos;
  return {
    id,
    name,
    aplicacion,
    kind,
    value,
    validFrom,
    validTo,
    active,
    code,
    maxUses,
    maxUsesPerCustomer,
    uses,
    onlyEmail,
    onlyUserId,
    paymentMethod,
    createdBy,
    createdAt,
    updatedAt,
  };
}

export type DiscountSearch = { search?: string; aplicacion?: string; active?: boolean };

export async function search(db: Db, q: DiscountSearch, limit: number, offset: number) {
  const conditions: (SQL | undefined)[] = [];
  if (q.aplicacion) conditions.push(eq(descuentos.aplicacion, q.aplicacion));
  if (q.active !== undefined) conditions.push(eq(descuentos.active, q.active));
  if (q.search) {
    const pattern = containsPattern(q.search);
    conditions.push(or(ilike(descuentos.name, pattern), ilike(descuentos.code, pattern)));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...tableColumns(), ...assignedCounts })
      .from(descuentos)
      .where(where)
      .orderBy(desc(descuentos.createdAt), desc(descuentos.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(descuentos).where(where),
  ]);
  return { rows, total };
}

/** Automatic discounts and coupons, for choosing one to assign. */
export async function findAssignable(db: Db) {
  return db
    .select(tableColumns())
    .from(descuentos)
    .where(inArray(descuentos.aplicacion, ['automatico', 'cupon']))
    .orderBy(desc(descuentos.active), asc(descuentos.name))
    .limit(500);
}

export async function insert(db: Db, values: NewDescuento): Promise<number> {
  const [row] = await db.insert(descuentos).values(values).returning({ id: descuentos.id });
  return row.id;
}

export async function update(db: Db, id: number, values: Partial<NewDescuento>): Promise<void> {
  await db.update(descuentos).set(values).where(eq(descuentos.id, id));
}

export async function lockById(tx: Db, id: number): Promise<DescuentoRow | undefined> {
  const [row] = await tx.select().from(descuentos).where(eq(descuentos.id, id)).for('update').limit(1);
  return row;
}

export async function findByCode(db: Db, code: string): Promise<DescuentoRow | undefined> {
  const [row] = await db
    .select()
    .from(descuentos)
    .where(and(eq(descuentos.code, code), eq(descuentos.aplicacion, 'cupon')))
    .limit(1);
  return row;
}

// ── assignments ─────────────────────────────────────────────────────────────

export type Assignment = { lineas: number[]; sublineas: number[]; modelos: string[] };

export async function replaceAssignments(tx: Db, descuentoId: number, to: Assignment): Promise<void> {
  await tx.delete(descuentoAsignaciones).where(eq(descuentoAsignaciones.descuentoId, descuentoId));
  const rows = [
    ...to.lineas.map((lineaId) => ({ descuentoId, lineaId })),
    ...to.sublineas.map((sublineaId) => ({ descuentoId, sublineaId })),
    ...to.modelos.map((modelCode) => ({ descuentoId, modelCode })),
  ];
  if (rows.length > 0) await tx.insert(descuentoAsignaciones).values(rows);
}

/** Which of the given ids and codes exist in the catalogue. */
export async function existing(db: Db, wanted: Assignment): Promise<Assignment> {
  const [ls, ss, ms] = await Promise.all([
    wanted.lineas.length ? db.select({ id: lineas.id }).from(lineas).where(inArray(lineas.id, wanted.lineas)) : [],
    wanted.sublineas.length ? db.select({ id: sublineas.id }).from(sublineas).where(inArray(sublineas.id, wanted.sublineas)) : [],
    wanted.modelos.length ? db.select({ code: modelos.code }).from(modelos).where(inArray(modelos.code, wanted.modelos)) : [],
  ]);
  return { lineas: ls.map((r) => r.id), sublineas: ss.map((r) => r.id), modelos: ms.map((r) => r.code) };
}

export async function findAssignedTo(db: Db, descuentoId: number) {
  const [ls, ss, ms] = await Promise.all([
    db
      .select({ id: lineas.id, code: lineas.code, name: lineas.name })
      .from(descuentoAsignaciones)
      .innerJoin(lineas, eq(lineas.id, descuentoAsignaciones.lineaId))
      .where(eq(descuentoAsignaciones.descuentoId, descuentoId))
      .orderBy(lineas.name),
    db
      .select({ id: sublineas.id, code: sublineas.code, name: sublineas.name, lineaId: sublineas.lineaId, lineName: lineas.name })
      .from(descuentoAsignaciones)
      .innerJoin(sublineas, eq(sublineas.id, descuentoAsignaciones.sublineaId))
      .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
      .where(eq(descuentoAsignaciones.descuentoId, descuentoId))
      .orderBy(lineas.name, sublineas.name),
    db
      .select({ code: modelos.code, name: modelos.name, colorName: colores.name, lineName: lineas.name, subLineName: sublineas.name })
      .from(descuentoAsignaciones)
      .innerJoin(modelos, eq(modelos.code, descuentoAsignaciones.modelCode))
      .innerJoin(colores, eq(colores.code, modelos.colorCode))
      .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
      .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
      .where(eq(descuentoAsignaciones.descuentoId, descuentoId))
      .orderBy(modelos.code),
  ]);
  return { lineas: ls, sublineas: ss, modelos: ms };
}

const assignedFlag = (descuentoId: number | undefined, column: SQL) =>
  descuentoId === undefined
    ? sql<boolean>`false`
    : sql<boolean>`EXISTS (SELECT 1 FROM descuento_asignaciones a WHERE a.descuento_id = ${descuentoId} AND ${column})`;

export async function findLines(db: Db, q: { descuentoId?: number; search?: string }) {
  return db
    .select({
      id: lineas.id,
      code: lineas.code,
      name: lineas.name,
      assigned: assignedFlag(q.descuentoId, sql`a.linea_id = "lineas"."id"`),
    })
    .from(lineas)
    .where(q.search ? or(ilike(lineas.name, containsPattern(q.search)), ilike(lineas.code, containsPattern(q.search))) : undefined)
    .orderBy(lineas.position, lineas.name)
    .limit(500);
}

export async function findSublines(db: Db, q: { descuentoId?: number; search?: string; lineaId?: number }, limit: number, offset: number) {
  const where = and(
    q.lineaId ? eq(sublineas.lineaId, q.lineaId) : undefined,
    q.search ? or(ilike(sublineas.name, containsPattern(q.search)), ilike(sublineas.code, containsPattern(q.search))) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: sublineas.id,
        code: sublineas.code,
        name: sublineas.name,
        lineaId: sublineas.lineaId,
        lineName: lineas.name,
        assigned: assignedFlag(q.descuentoId, sql`a.sublinea_id = "sublineas"."id"`),
      })
      .from(sublineas)
      .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
      .where(where)
      .orderBy(lineas.position, lineas.name, sublineas.position, sublineas.name)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(sublineas).where(where),
  ]);
  return { rows, total };
}

export async function findModels(
  db: Db,
  q: { descuentoId?: number; search?: string; sublineaId?: number; onlyAssigned?: boolean },
  limit: number,
  offset: number,
) {
  const assigned = assignedFlag(q.descuentoId, sql`a.model_code = "modelos"."code"`);
  const where = and(
    q.sublineaId ? eq(modelos.sublineaId, q.sublineaId) : undefined,
    q.search ? or(ilike(modelos.code, containsPattern(q.search)), ilike(modelos.name, containsPattern(q.search))) : undefined,
    q.onlyAssigned && q.descuentoId !== undefined ? assigned : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        code: modelos.code,
        name: modelos.name,
        colorName: colores.name,
        lineName: lineas.name,
        subLineName: sublineas.name,
        price: modelos.price,
        assigned,
      })
      .from(modelos)
      .innerJoin(colores, eq(colores.code, modelos.colorCode))
      .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
      .innerJoin(lineas, eq(lineas.id, sublineas.lineaId))
      .where(where)
      .orderBy(modelos.code)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(modelos).where(where),
  ]);
  return { rows, total };
}

// ── what applies today ──────────────────────────────────────────────────────

/** Valid on the Caracas day `today` (aaaa-mm-dd). */
const validOn = (today: string) =>
  sql`${descuentos.active} AND ${descuentos.validFrom} <= ${today}::date AND (${descuentos.validTo} IS NULL OR ${descuentos.validTo} >= ${today}::date)`;

/**
 * Discounts assigned to each of the given models through the model, its sub-line or its line:
 * the automatic ones valid today, or the given ones (a coupon's scope). An assignment names exactly
 * one of the three, so the three index lookups per model (UNION ALL) find each one once; a join on
 * «model OR sub-line OR line» could use no index and compared every assignment with every model.
 */
export async function assignedToModels(db: Db, modelCodes: string[], which: { automaticOn: string } | { ids: number[] }) {
  if (modelCodes.length === 0) return [];
  const chosen =
    'ids' in which
      ? which.ids.length
        ? inArray(descuentos.id, which.ids)
        : sql`false`
      : and(eq(descuentos.aplicacion, 'automatico'), validOn(which.automaticOn));
  const result = (await db.execute(sql`
    SELECT m.code AS "model", ${descuentos.id} AS "id", ${descuentos.name} AS "name", ${descuentos.kind} AS "kind", ${descuentos.value}::text AS "value"
      FROM ${modelos} m
      JOIN ${sublineas} s ON s.id = m.sublinea_id
      CROSS JOIN LATERAL (
        SELECT x.descuento_id FROM ${descuentoAsignaciones} x WHERE x.model_code = m.code
        UNION ALL SELECT x.descuento_id FROM ${descuentoAsignaciones} x WHERE x.sublinea_id = m.sublinea_id
        UNION ALL SELECT x.descuento_id FROM ${descuentoAsignaciones} x WHERE x.linea_id = s.linea_id) a
      JOIN ${descuentos} ON ${descuentos.id} = a.descuento_id AND ${chosen}
     WHERE m.code IN (${sql.join(
       modelCodes.map((c) => sql`${c}`),
       sql`, `,
     )})`)) as unknown as { rows: { model: string; id: number; name: string; kind: string; value: string }[] };
  return result.rows;
}

/** Whether a discount is assigned to anything at all (a coupon without scope reaches the whole cart). */
export async function hasAssignments(db: Db, descuentoId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: descuentoAsignaciones.id })
    .from(descuentoAsignaciones)
    .where(eq(descuentoAsignaciones.descuentoId, descuentoId))
    .limit(1);
  return Boolean(row);
}

/** Payment-method discounts valid today. */
export async function findPaymentDiscounts(db: Db, today: string) {
  return db
    .select({
      id: descuentos.id,
      name: descuentos.name,
      kind: descuentos.kind,
      value: descuentos.value,
      paymentMethod: descuentos.paymentMethod,
    })
    .from(descuentos)
    .where(and(eq(descuentos.aplicacion, 'metodo-pago'), isNotNull(descuentos.paymentMethod), validOn(today)));
}

/** Today in Caracas (UTC−4 all year, as domain/dates.ts), read by the statement itself. */
const caracasToday = sql`((now() AT TIME ZONE 'UTC') - interval '4 hours')::date`;

/** The models, sub-lines or lines (`column` of descuento_asignaciones) with an automatic discount valid today. */
const automaticallyDiscounted = (column: 'model_code' | 'sublinea_id' | 'linea_id') =>
  sql`SELECT a.${sql.raw(column)} FROM descuento_asignaciones a JOIN descuentos d ON d.id = a.descuento_id
       WHERE a.${sql.raw(column)} IS NOT NULL AND d.aplicacion = 'automatico' AND d.active AND d.valid_from <= ${caracasToday}
         AND (d.valid_to IS NULL OR d.valid_to >= ${caracasToday})`;

/**
 * Whether an automatic discount valid today is assigned to a catalogue model (through the model, its
 * sub-line or its line): the condition of the catalogue's «promociones» list. Three uncorrelated
 * IN lists, each read once and hashed, so the whole catalogue is filtered by lookups (an EXISTS
 * per model searched the assignments again for every model).
 */
export function automaticDiscountExistsSql(cols: { model: SQLWrapper; sublinea: SQLWrapper; linea: SQLWrapper }) {
  return sql<boolean>`(${cols.model} IN (${automaticallyDiscounted('model_code')})
    OR ${cols.sublinea} IN (${automaticallyDiscounted('sublinea_id')})
    OR ${cols.linea} IN (${automaticallyDiscounted('linea_id')}))`;
}

// ── coupon uses ─────────────────────────────────────────────────────────────

/**
 * Takes one use of the coupon if it has any left: the row lock this takes makes every order using
 * the same coupon wait here until the one before it commits, so counts read after it are exact.
 */
export async function takeCouponUse(tx: Db, descuentoId: number): Promise<boolean> {
  const rows = await tx
    .update(descuentos)
    .set({ uses: sql`${descuentos.uses} + 1` })
    .where(and(eq(descuentos.id, descuentoId), sql`(${descuentos.maxUses} IS NULL OR ${descuentos.uses} < ${descuentos.maxUses})`))
    .returning({ id: descuentos.id });
  return rows.length > 0;
}

/** Uses of a coupon by a customer: orders with the e-mail, or by the account. */
export async function countCustomerUses(db: Db, descuentoId: number, email: string, userId: number | null): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(cuponUsos)
    .where(
      and(
        eq(cuponUsos.descuentoId, descuentoId),
        or(eq(cuponUsos.email, email), userId !== null ? eq(cuponUsos.userId, userId) : undefined),
      ),
    );
  return n;
}

export async function insertUse(tx: Db, use: typeof cuponUsos.$inferInsert): Promise<void> {
  await tx.insert(cuponUsos).values(use);
}

/** An annulled order gives its coupon use back. */
export async function releaseUse(tx: Db, orderId: number): Promise<void> {
  const released = await tx.delete(cuponUsos).where(eq(cuponUsos.orderId, orderId)).returning({ descuentoId: cuponUsos.descuentoId });
  for (const { descuentoId } of released) {
    await tx
      .update(descuentos)
      .set({ uses: sql`greatest(${descuentos.uses} - 1, 0)` })
      .where(eq(descuentos.id, descuentoId));
  }
}
