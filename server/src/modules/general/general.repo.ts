import { and, asc, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import {
  cuentasBancarias,
  empresaDatos,
  empresaSecciones,
  footer,
  infoPagina,
  paginas,
  tasasCambio,
} from '#server/modules/general/general.schema.ts';

export type BankAccountRow = typeof cuentasBancarias.$inferSelect;

export async function findInfoPagina(db: Db) {
  const [row] = await db.select().from(infoPagina).where(eq(infoPagina.id, 1)).limit(1);
  return row;
}

/** Writes the given page settings on the one row, creating it with the defaults for the rest. */
export async function upsertInfoPagina(db: Db, changes: Partial<typeof infoPagina.$inferInsert>) {
  await db
    .insert(infoPagina)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: infoPagina.id, set: changes });
}

/** Writes the given footer fields on the one row, creating it with the defaults for the rest. */
export async function upsertFooter(db: Db, changes: Partial<typeof footer.$inferInsert>) {
  await db
    .insert(footer)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: footer.id, set: changes });
}

export async function findEmpresaSecciones(db: Db) {
  return db.select().from(empresaSecciones).orderBy(asc(empresaSecciones.id));
}

/** Writes one company section, creating its row (with its default title) the first time. */
export async function upsertEmpresaSeccion(
  db: Db,
  section: string,
  defaults: { title: string },
  changes: { title?: string; content?: string },
) {
  await db
    .insert(empresaSecciones)
    .values({ section, title: changes.title ?? defaults.title, content: changes.content ?? '' })
    .onConflictDoUpdate({ target: empresaSecciones.section, set: changes });
}

export async function findEmpresaDatos(db: Db) {
  const [row] = await db.select().from(empresaDatos).where(eq(empresaDatos.id, 1)).limit(1);
  return row;
}

/** Writes the one row of legal data (created on the first save). */
export async function upsertEmpresaDatos(db: Db, values: Omit<typeof empresaDatos.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(empresaDatos)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: empresaDatos.id, set: values })
    .returning();
  return row;
}

export async function findLatestRate(db: Db) {
  const [row] = await db
    .select({
      currency: tasasCambio.currency,
      amount: tasasCambio.amount,
      source: tasasCambio.source,
      valueDate: tasasCambio.valueDate,
      createdAt: tasasCambio.createdAt,
    })
    .from(tasasCambio)
    .orderBy(desc(tasasCambio.createdAt), desc(tasasCambio.id))
    .limit(1);
  return row;
}

/** The rate in force at the end of the Caracas day `isoDay`: the last one set before the next day began. */
export async function findRateAt(db: Db, before: Date) {
  const [row] = await db
    .select({ amount: tasasCambio.amount })
    .from(tasasCambio)
    .where(lt(tasasCambio.createdAt, before))
    .orderBy(desc(tasasCambio.createdAt), desc(tasasCambio.id))
    .limit(1);
  return row ?? null;
}

export async function insertRate(db: Db, values: { amount: string; note: string; userId: number }) {
  const [row] = await db
    .insert(tasasCambio)
    .values({ currency: 'USD', ...values })
    .returning();
  return row;
}

/** The BCV's rate for its fecha valor; false when that publication was already stored. */
export async function insertBcvRate(db: Db, values: { amount: string; valueDate: string }): Promise<boolean> {
  const rows = await db
    .insert(tasasCambio)
    .values({ currency: 'USD', amount: values.amount, valueDate: values.valueDate, source: 'bcv', note: 'Banco Central de Venezuela' })
    .onConflictDoNothing()
    .returning({ id: tasasCambio.id });
  return rows.length > 0;
}

export async function findRateHistory(db: Db, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: tasasCambio.id,
        currency: tasasCambio.currency,
        amount: tasasCambio.amount,
        note: tasasCambio.note,
        source: tasasCambio.source,
        valueDate: tasasCambio.valueDate,
        createdAt: tasasCambio.createdAt,
        userId: tasasCambio.userId,
        nickname: usuarios.nickname,
        email: usuarios.email,
      })
      .from(tasasCambio)
      .leftJoin(usuarios, eq(usuarios.id, tasasCambio.userId))
      .orderBy(desc(tasasCambio.createdAt), desc(tasasCambio.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(tasasCambio),
  ]);
  return { rows, total };
}

export type BankAccountFilter = { activeOnly: boolean; method?: string; search?: string };

export async function findBankAccounts(db: Db, filter: BankAccountFilter, limit: number, offset: number) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.activeOnly) conditions.push(eq(cuentasBancarias.status, true));
  if (filter.method) conditions.push(eq(cuentasBancarias.method, filter.method));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(cuentasBancarias.companyAccountName, pattern),
        ilike(cuentasBancarias.bankName, pattern),
        ilike(cuentasBancarias.rif, pattern),
        ilike(cuentasBancarias.accountNumber, pattern),
        ilike(cuentasBancarias.phone, pattern),
        ilike(cuentasBancarias.companyAccountEmail, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(cuentasBancarias).where(where).orderBy(asc(cuentasBancarias.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(cuentasBancarias).where(where),
  ]);
  return { rows, total };
}

export async function findActiveBankAccounts(db: Db, method?: string) {
  const where = and(eq(cuentasBancarias.status, true), method ? eq(cuentasBancarias.method, method) : undefined);
  return db.select().from(cuentasBancarias).where(where).orderBy(asc(cuentasBancarias.id));
}

export async function findBankAccount(db: Db, id: number) {
  const [row] = await db.select().from(cuentasBancarias).where(eq(cuentasBancarias.id, id)).limit(1);
  return row;
}

export async function insertBankAccount(db: Db, values: typeof cuentasBancarias.$inferInsert) {
  const [row] = await db.insert(cuentasBancarias).values(values).returning();
  return row;
}

export async function updateBankAccount(db: Db, id: number, values: Partial<typeof cuentasBancarias.$inferInsert>) {
  const [row] = await db.update(cuentasBancarias).set(values).where(eq(cuentasBancarias.id, id)).returning();
  return row;
}

export async function findFooter(db: Db) {
  const [row] = await db.select().from(footer).where(eq(footer.id, 1)).limit(1);
  return row;
}

export async function findPagina(db: Db, slug: string) {
  const [row] = await db.select().from(paginas).where(eq(paginas.slug, slug)).limit(1);
  return row;
}

/** Inserts a page; false when one with that slug already exists. */
export async function insertPagina(db: Db, row: { slug: string; title: string; content: string }) {
  const created = await db.insert(paginas).values(row).onConflictDoNothing().returning({ slug: paginas.slug });
  return created.length > 0;
}

export async function updatePagina(db: Db, slug: string, changes: { title?: string; content?: string }) {
  const updated = await db
    .update(paginas)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paginas.slug, slug))
    .returning({ slug: paginas.slug });
  return updated.length > 0;
}

export async function deletePagina(db: Db, slug: string) {
  const deleted = await db.delete(paginas).where(eq(paginas.slug, slug)).returning({ slug: paginas.slug });
  return deleted.length > 0;
}

export async function findPaginas(db: Db) {
  return db.select({ slug: paginas.slug, title: paginas.title, updatedAt: paginas.updatedAt }).from(paginas).orderBy(asc(paginas.slug));
}
