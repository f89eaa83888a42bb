import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cuentasBancarias, empresaSecciones, footer, infoPagina, paginas, tasasCambio } from '../../db/schema.ts';

export async function findInfoPagina(db: Db) {
  const [row] = await db.select().from(infoPagina).where(eq(infoPagina.id, 1)).limit(1);
  return row;
}

export async function findEmpresaSecciones(db: Db) {
  return db.select().from(empresaSecciones).orderBy(asc(empresaSecciones.id));
}

export async function findLatestRate(db: Db) {
  const [row] = await db
    .select({ currency: tasasCambio.currency, amount: tasasCambio.amount, createdAt: tasasCambio.createdAt })
    .from(tasasCambio)
    .orderBy(desc(tasasCambio.createdAt), desc(tasasCambio.id))
    .limit(1);
  return row;
}

export async function findBankAccounts(db: Db, limit: number, offset: number) {
  const where = eq(cuentasBancarias.status, true);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(cuentasBancarias).where(where).orderBy(asc(cuentasBancarias.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(cuentasBancarias).where(where),
  ]);
  return { rows, total };
}

export async function findFooter(db: Db) {
  const [row] = await db.select().from(footer).where(eq(footer.id, 1)).limit(1);
  return row;
}

export async function findPagina(db: Db, slug: string) {
  const [row] = await db.select().from(paginas).where(eq(paginas.slug, slug)).limit(1);
  return row;
}

export async function findPaginas(db: Db) {
  return db.select({ slug: paginas.slug, title: paginas.title, updatedAt: paginas.updatedAt }).from(paginas).orderBy(asc(paginas.slug));
}
