// Queries of the contact inquiries and their replies, no rules.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Conteo } from '#domain/panel-pendientes.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { contarPendientes } from '#server/db/pendientes.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { contactoInformes, contactoRespuestas } from './contacto.schema.ts';

export type InformeValues = { name: string; email: string; phone: string; subject: string; message: string };

export async function insertInforme(db: Db, values: InformeValues): Promise<number> {
  const [row] = await db.insert(contactoInformes).values(values).returning({ id: contactoInformes.id });
  return row.id;
}

const informeColumns = {
  id: contactoInformes.id,
  name: contactoInformes.name,
  email: contactoInformes.email,
  phone: contactoInformes.phone,
  subject: contactoInformes.subject,
  message: contactoInformes.message,
  readed: contactoInformes.readed,
  readedAt: contactoInformes.readedAt,
  createdAt: contactoInformes.createdAt,
};

export type InformeRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  readed: boolean;
  readedAt: Date | null;
  createdAt: Date;
};

export type InformeFilter = { readed?: boolean; search?: string };

export async function listInformes(db: Db, filter: InformeFilter, limit: number, offset: number) {
  const conditions: SQL[] = [];
  if (filter.readed !== undefined) conditions.push(eq(contactoInformes.readed, filter.readed));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(contactoInformes.name, pattern), ilike(contactoInformes.email, pattern), ilike(contactoInformes.subject, pattern)) as SQL,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(informeColumns)
      .from(contactoInformes)
      .where(where)
      .orderBy(desc(contactoInformes.createdAt), desc(contactoInformes.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contactoInformes).where(where),
  ]);
  return { rows, total };
}

export async function findInforme(db: Db, id: number): Promise<InformeRow | null> {
  const [row] = await db.select(informeColumns).from(contactoInformes).where(eq(contactoInformes.id, id));
  return row ?? null;
}

export async function countUnread(db: Db): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(contactoInformes).where(eq(contactoInformes.readed, false));
  return total;
}

export async function setReaded(db: Db, id: number, readed: boolean, userId: number): Promise<boolean> {
  const rows = await db
    .update(contactoInformes)
    .set(readed ? { readed, readedAt: new Date(), readedBy: userId } : { readed, readedAt: null, readedBy: null })
    .where(eq(contactoInformes.id, id))
    .returning({ id: contactoInformes.id });
  return rows.length > 0;
}

export async function insertReply(db: Db, informeId: number, message: string, userId: number): Promise<void> {
  await db.insert(contactoRespuestas).values({ informeId, message, userId });
}

export async function repliesOf(db: Db, informeIds: number[]) {
  if (informeIds.length === 0) return [];
  return db
    .select({
      id: contactoRespuestas.id,
      informeId: contactoRespuestas.informeId,
      message: contactoRespuestas.message,
      user: usuarios.nickname,
      createdAt: contactoRespuestas.createdAt,
    })
    .from(contactoRespuestas)
    .leftJoin(usuarios, eq(usuarios.id, contactoRespuestas.userId))
    .where(inArray(contactoRespuestas.informeId, informeIds))
    .orderBy(asc(contactoRespuestas.createdAt), asc(contactoRespuestas.id));
}

/** Unread messages and the oldest one's arrival (index contacto_informes_fecha: readed, created_at). */
export function pendientesSinLeer(db: Db): Promise<Conteo> {
  return contarPendientes(db, contactoInformes, contactoInformes.createdAt, eq(contactoInformes.readed, false));
}
