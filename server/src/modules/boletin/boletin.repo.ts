// Queries of the newsletter: subscribers, campaigns and the per-recipient log.
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { EstadoSuscriptor } from '#domain/contracts/boletin.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { boletinCampanas, boletinEnvios, boletinSuscriptores } from '#server/modules/boletin/boletin.schema.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';

const suscriptorCols = {
  id: boletinSuscriptores.id,
  email: boletinSuscriptores.email,
  estado: boletinSuscriptores.estado,
  createdAt: boletinSuscriptores.createdAt,
  confirmedAt: boletinSuscriptores.confirmedAt,
  unsubscribedAt: boletinSuscriptores.unsubscribedAt,
};
export type SuscriptorRow = {
  id: number;
  email: string;
  estado: EstadoSuscriptor;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
};

/**
 * A new address is «pendiente»; one that had unsubscribed becomes «pendiente» again (it confirms
 * anew); a pending or confirmed one stays as it is. One statement, so two sign-ups at once cannot clash.
 */
export async function upsertPendiente(tx: Db, email: string): Promise<{ id: number; estado: EstadoSuscriptor }> {
  const [row] = await tx
    .insert(boletinSuscriptores)
    .values({ email })
    .onConflictDoUpdate({
      target: boletinSuscriptores.email,
      set: {
        estado: sql`CASE WHEN ${boletinSuscriptores.estado} = 'desuscrito' THEN 'pendiente' ELSE ${boletinSuscriptores.estado} END`,
      },
    })
    .returning({ id: boletinSuscriptores.id, estado: boletinSuscriptores.estado });
  return row;
}

export async function findSuscriptor(db: Db, id: number): Promise<SuscriptorRow | undefined> {
  const [row] = await db.select(suscriptorCols).from(boletinSuscriptores).where(eq(boletinSuscriptores.id, id)).limit(1);
  return row;
}

export async function setEstado(db: Db, id: number, estado: EstadoSuscriptor, from: readonly EstadoSuscriptor[]): Promise<void> {
  const now = new Date();
  await db
    .update(boletinSuscriptores)
    .set({
      estado,
      ...(estado === 'confirmado' ? { confirmedAt: now, unsubscribedAt: null } : {}),
      ...(estado === 'desuscrito' ? { unsubscribedAt: now } : {}),
    })
    .where(and(eq(boletinSuscriptores.id, id), inArray(boletinSuscriptores.estado, [...from])));
}

export async function listSuscriptores(db: Db, filter: { estado?: EstadoSuscriptor; search?: string }, limit: number, offset: number) {
  const where = and(
    filter.estado ? eq(boletinSuscriptores.estado, filter.estado) : undefined,
    filter.search ? ilike(boletinSuscriptores.email, containsPattern(filter.search)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select(suscriptorCols).from(boletinSuscriptores).where(where).orderBy(desc(boletinSuscriptores.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(boletinSuscriptores).where(where),
  ]);
  return { rows, total };
}

export function countConfirmados(db: Db) {
  return db
    .select({ total: count() })
    .from(boletinSuscriptores)
    .where(eq(boletinSuscriptores.estado, 'confirmado'))
    .then(([r]) => r.total);
}

/** The next confirmed subscribers after `cursor`, in id order: whoever unsubscribed meanwhile is not among them. */
export function nextConfirmados(tx: Db, cursor: number, limit: number) {
  return tx
    .select({ id: boletinSuscriptores.id, email: boletinSuscriptores.email })
    .from(boletinSuscriptores)
    .where(and(eq(boletinSuscriptores.estado, 'confirmado'), gt(boletinSuscriptores.id, cursor)))
    .orderBy(asc(boletinSuscriptores.id))
    .limit(limit);
}

// Spelled out: inside a subquery Drizzle would leave the outer table's «id» unqualified.
const enviadosSql = sql<number>`(SELECT count(*)::int FROM boletin_envios AS e WHERE e.campana_id = "boletin_campanas"."id")`;

const campanaCols = {
  id: boletinCampanas.id,
  asunto: boletinCampanas.asunto,
  contenido: boletinCampanas.contenido,
  productos: boletinCampanas.productos,
  estado: boletinCampanas.estado,
  programadaPara: boletinCampanas.programadaPara,
  total: boletinCampanas.total,
  enviados: enviadosSql,
  cursor: boletinCampanas.cursor,
  createdAt: boletinCampanas.createdAt,
  startedAt: boletinCampanas.startedAt,
  finishedAt: boletinCampanas.finishedAt,
};
export type CampanaRow = Awaited<ReturnType<typeof findCampana>> & {};

export async function findCampana(db: Db, id: number) {
  const [row] = await db.select(campanaCols).from(boletinCampanas).where(eq(boletinCampanas.id, id)).limit(1);
  return row;
}

export async function listCampanas(db: Db, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db.select(campanaCols).from(boletinCampanas).orderBy(desc(boletinCampanas.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(boletinCampanas),
  ]);
  return { rows, total };
}

export async function insertCampana(db: Db, values: { asunto: string; contenido: string; productos: string[]; createdBy: number }) {
  const [row] = await db.insert(boletinCampanas).values(values).returning({ id: boletinCampanas.id });
  return row.id;
}

/** Not started yet: its text and its time may still change. */
const SIN_EMPEZAR = ['borrador', 'programada'] as const;

/** Changes a campaign that has not started; false when it has (or does not exist). */
export async function updateBorrador(db: Db, id: number, values: { asunto: string; contenido: string; productos: string[] }) {
  const rows = await db
    .update(boletinCampanas)
    .set(values)
    .where(and(eq(boletinCampanas.id, id), inArray(boletinCampanas.estado, [...SIN_EMPEZAR])))
    .returning({ id: boletinCampanas.id });
  return rows.length > 0;
}

const startValues = (now: Date) => ({
  estado: 'enviando' as const,
  startedAt: now,
  programadaPara: null,
  total: sql`(SELECT count(*)::int FROM ${boletinSuscriptores} WHERE ${boletinSuscriptores.estado} = 'confirmado')`,
});

/** Draft or scheduled → sending, with the confirmed count as its total; false when it had started. */
export async function startSending(db: Db, id: number, now: Date) {
  const rows = await db
    .update(boletinCampanas)
    .set(startValues(now))
    .where(and(eq(boletinCampanas.id, id), inArray(boletinCampanas.estado, [...SIN_EMPEZAR])))
    .returning({ id: boletinCampanas.id });
  return rows.length > 0;
}

/** Schedules (or reschedules) a campaign that has not started; false when it has. */
export async function schedule(db: Db, id: number, at: Date) {
  const rows = await db
    .update(boletinCampanas)
    .set({ estado: 'programada', programadaPara: at })
    .where(and(eq(boletinCampanas.id, id), inArray(boletinCampanas.estado, [...SIN_EMPEZAR])))
    .returning({ id: boletinCampanas.id });
  return rows.length > 0;
}

/** A scheduled campaign back to draft; false when it was not scheduled (it started, or never was). */
export async function unschedule(db: Db, id: number) {
  const rows = await db
    .update(boletinCampanas)
    .set({ estado: 'borrador', programadaPara: null })
    .where(and(eq(boletinCampanas.id, id), eq(boletinCampanas.estado, 'programada')))
    .returning({ id: boletinCampanas.id });
  return rows.length > 0;
}

/**
 * Every scheduled campaign whose time came starts sending; their ids. One conditional UPDATE: a
 * second process (or a cancel at the same moment) finds the row changed and does nothing.
 */
export async function startDue(db: Db, now: Date) {
  const rows = await db
    .update(boletinCampanas)
    .set(startValues(now))
    .where(and(eq(boletinCampanas.estado, 'programada'), lte(boletinCampanas.programadaPara, now)))
    .returning({ id: boletinCampanas.id });
  return rows.map((r) => r.id);
}

/** The oldest campaign being sent that no other process is sending right now, locked until the transaction ends. */
export async function lockNextSending(tx: Db) {
  const [row] = await tx
    .select({
      id: boletinCampanas.id,
      asunto: boletinCampanas.asunto,
      contenido: boletinCampanas.contenido,
      productos: boletinCampanas.productos,
      cursor: boletinCampanas.cursor,
    })
    .from(boletinCampanas)
    .where(eq(boletinCampanas.estado, 'enviando'))
    .orderBy(asc(boletinCampanas.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function insertEnvios(tx: Db, campanaId: number, rows: { id: number; email: string }[]) {
  if (rows.length === 0) return;
  await tx
    .insert(boletinEnvios)
    .values(rows.map((r) => ({ campanaId, suscriptorId: r.id, email: r.email })))
    .onConflictDoNothing();
}

/** Ties each new log row to its outbox row (the mails of a campaign have the kind `kind`). */
export async function linkCorreos(tx: Db, campanaId: number, kind: string) {
  await tx.execute(sql`
    UPDATE ${boletinEnvios} AS e SET correo_id = c.id
      FROM ${correos} AS c
     WHERE e.campana_id = ${campanaId} AND e.correo_id IS NULL AND c.kind = ${kind} AND c."to" = e.email`);
}

export async function advanceCursor(tx: Db, id: number, cursor: number) {
  await tx.update(boletinCampanas).set({ cursor }).where(eq(boletinCampanas.id, id));
}

export async function finishSending(tx: Db, id: number, now: Date) {
  await tx
    .update(boletinCampanas)
    .set({
      estado: 'enviada',
      finishedAt: now,
      total: sql`(SELECT count(*)::int FROM ${boletinEnvios} WHERE ${boletinEnvios.campanaId} = ${id})`,
    })
    .where(eq(boletinCampanas.id, id));
}

export async function listEnvios(db: Db, campanaId: number, limit: number, offset: number) {
  const where = eq(boletinEnvios.campanaId, campanaId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: boletinEnvios.id, email: boletinEnvios.email, correoId: boletinEnvios.correoId, createdAt: boletinEnvios.createdAt })
      .from(boletinEnvios)
      .where(where)
      .orderBy(asc(boletinEnvios.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(boletinEnvios).where(where),
  ]);
  return { rows, total };
}
