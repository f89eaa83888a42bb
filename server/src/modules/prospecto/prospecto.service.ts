// Prospect requests: registered by staff with the articles asked for, quoted with the catalogue's
// price and promotion of the moment (saved with the quote, so a later price change does not move
// it), re-quoted while open, and processed once under the row's lock: noted as an order of the
// customer (found or created in clientes by cédula or RIF) or discarded.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ProspectDetail, ProspectStatus, ProspectView } from '#domain/contracts/prospecto.ts';
import { fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { saleTotals } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { articulos, modelos } from '#server/modules/catalogo/catalogo.schema.ts';
import { tasaDelDia } from '#server/modules/general/general.service.ts';
import { inventario } from '#server/modules/inventario/inventario.schema.ts';
import { findOrCreateCliente } from '#server/modules/ventas/ventas.documentos.repo.ts';
import type { VentaEscrita } from '#server/modules/ventas/ventas.reacciones.ts';
import { clientes } from '#server/modules/ventas/ventas.schema.ts';
import { prospectoLineas, prospectos } from './prospecto.schema.ts';

type Actor = { id: number };
type Item = { articleCode: string; quantity: number };

const NOT_FOUND = 'La solicitud no existe.';

function totalsOf(lines: Array<{ price: string; promotion: string; quantity: number }>) {
  return saleTotals(
    lines.map((l) => ({ priceCents: toCents(l.price), promotionCents: toCents(l.promotion), quantity: l.quantity, discountCents: 0 })),
  );
}

/** Each article asked for, priced from the catalogue now; an unknown or inactive article is refused by its code. */
async function priced(tx: Db, items: Item[]) {
  const codes = items.map((i) => i.articleCode);
  const found = await tx
    .select({ code: articulos.code, name: modelos.name, price: modelos.price, promotion: modelos.promotion, active: modelos.active })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .where(inArray(articulos.code, codes));
  const byCode = new Map(found.map((f) => [f.code, f]));
  const missing = codes.filter((c) => !byCode.get(c)?.active);
  if (missing.length) {
    throw new ReglaNegocio(
      `${missing.length === 1 ? 'El artículo' : 'Los artículos'} ${missing.join(', ')} no ${missing.length === 1 ? 'está' : 'están'} a la venta en el catálogo.`,
    );
  }
  return items.map((i) => {
    const f = byCode.get(i.articleCode) as (typeof found)[number];
    return { articleCode: i.articleCode, name: f.name, quantity: i.quantity, price: f.price, promotion: f.promotion };
  });
}

async function writeLines(tx: Db, prospectoId: number, items: Item[]) {
  const lines = await priced(tx, items);
  await tx.delete(prospectoLineas).where(eq(prospectoLineas.prospectoId, prospectoId));
  await tx.insert(prospectoLineas).values(lines.map((l) => ({ ...l, prospectoId })));
}

const creator = sql<
  string | null
>`(SELECT COALESCE(NULLIF(u.full_name, ''), u.nickname) FROM usuarios u WHERE u.id = ${prospectos.createdBy})`;
const processor = sql<
  string | null
>`(SELECT COALESCE(NULLIF(u.full_name, ''), u.nickname) FROM usuarios u WHERE u.id = ${prospectos.processedBy})`;

async function rowsWithTotals(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      p: prospectos,
      createdBy: creator,
      processedBy: processor,
      clientDni: clientes.dni,
      clientName: clientes.name,
    })
    .from(prospectos)
    .leftJoin(clientes, eq(clientes.id, prospectos.clienteId))
    .where(where)
    .orderBy(desc(prospectos.createdAt), desc(prospectos.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.p.id);
  const lines = ids.length
    ? await db.select().from(prospectoLineas).where(inArray(prospectoLineas.prospectoId, ids)).orderBy(asc(prospectoLineas.id))
    : [];
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.prospectoId === r.p.id) }));
}

function view(r: Awaited<ReturnType<typeof rowsWithTotals>>[number]): ProspectView {
  const totals = totalsOf(r.lines);
  return {
    id: r.p.id,
    name: r.p.name,
    dni: r.p.dni,
    phone: r.p.phone,
    email: r.p.email,
    note: r.p.note,
    status: r.p.status as ProspectStatus,
    result: r.p.result,
    client: r.p.clienteId && r.clientDni ? { id: r.p.clienteId, dni: r.clientDni, name: r.clientName ?? '' } : null,
    createdBy: r.createdBy,
    createdAt: r.p.createdAt.toISOString(),
    processedBy: r.processedBy,
    processedAt: r.p.processedAt ? r.p.processedAt.toISOString() : null,
    units: r.lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: fromCents(totals.subtotalCents),
    iva: fromCents(totals.ivaCents),
    total: fromCents(totals.totalCents),
  };
}

export async function detalle(db: Db, id: number): Promise<ProspectDetail> {
  const [row] = await rowsWithTotals(db, eq(prospectos.id, id), 1, 0);
  if (!row) throw new NoEncontrado(NOT_FOUND);
  const { amount: rate } = await tasaDelDia(db);
  const base = view(row);
  return {
    ...base,
    lines: row.lines.map((l) => ({
      articleCode: l.articleCode,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      promotion: l.promotion,
      net: fromCents((toCents(l.price) - toCents(l.promotion)) * l.quantity),
    })),
    rate,
    totalVes: fromCents(usdToVesCents(toCents(base.total), rate)),
  };
}

export async function listar(db: Db, q: { page: number; perPage: number; search?: string; status?: ProspectStatus }) {
  const text = q.search?.trim();
  const where = and(
    q.status ? eq(prospectos.status, q.status) : undefined,
    text
      ? or(
          ilike(prospectos.name, containsPattern(text)),
          ilike(prospectos.dni, containsPattern(text)),
          ilike(prospectos.phone, containsPattern(text)),
          ilike(prospectos.email, containsPattern(text)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    rowsWithTotals(db, where, q.perPage, offsetOf(q.page, q.perPage)),
    db.select({ n: count() }).from(prospectos).where(where),
  ]);
  return { items: rows.map(view), meta: metaFor(q.page, q.perPage, total.n) };
}

export async function buscarArticulo(db: Db, search: string) {
  const text = containsPattern(search.trim());
  const free = db
    .select({
      code: inventario.articleCode,
      available: sql<number>`SUM(GREATEST(${inventario.quantity} - ${inventario.held}, 0))::int`.as('available'),
    })
    .from(inventario)
    .groupBy(inventario.articleCode)
    .as('free');
  const rows = await db
    .select({
      articleCode: articulos.code,
      name: modelos.name,
      price: modelos.price,
      promotion: modelos.promotion,
      available: sql<number>`COALESCE(${free.available}, 0)`,
    })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .leftJoin(free, eq(free.code, articulos.code))
    .where(and(eq(modelos.active, true), or(ilike(articulos.code, text), ilike(modelos.name, text))))
    .orderBy(asc(articulos.code))
    .limit(20);
  return rows.map((r) => ({ ...r, available: Number(r.available) }));
}

type Solicitud =
  | { accion: 'registrar'; name: string; dni?: string; phone: string; email?: string; note: string; items: Item[] }
  | { accion: 'cotizar'; id: number; items: Item[] }
  | { accion: 'procesar'; id: number; resultado: 'pedido' | 'descartada'; note: string };

async function lockOpen(tx: Db, id: number) {
  const [row] = await tx.select().from(prospectos).where(eq(prospectos.id, id)).for('update');
  if (!row) throw new NoEncontrado(NOT_FOUND);
  if (row.status !== 'cotizada') {
    const done = { pedido: 'anotada como pedido', vendida: `procesada como venta (${row.result})`, descartada: 'descartada' };
    throw new ReglaNegocio(`La solicitud #${row.id} ya fue ${done[row.status as keyof typeof done] ?? 'procesada'}.`);
  }
  return row;
}

/** «Procesar como venta»: in the sale's transaction, the request is marked vendida with the sale's number, once. */
/** A staff sale made for a prospect closes it (a reaction to ventaEscrita, registered by the app). */
export async function alEscribirVenta(tx: Db, venta: VentaEscrita): Promise<void> {
  if (venta.prospectoId !== undefined) await marcarVendida(tx, venta.prospectoId, venta, venta.actor);
}

async function marcarVendida(tx: Db, id: number, venta: { number: string; clienteId: number }, user: Actor): Promise<void> {
  const row = await lockOpen(tx, id);
  const now = new Date();
  await tx
    .update(prospectos)
    .set({ status: 'vendida', clienteId: venta.clienteId, result: venta.number, processedBy: user.id, processedAt: now, updatedAt: now })
    .where(eq(prospectos.id, row.id));
}

/**
 * A request that arrives from the store (the /franchise form), with no articles yet: the sales
 * staff find it in Prospectos, quote it and process it like one they entered.
 */
export async function registrarInteresado(tx: Db, who: { name: string; email: string; phone: string; note: string }): Promise<number> {
  const [row] = await tx
    .insert(prospectos)
    .values({ name: who.name, email: who.email, phone: who.phone.slice(0, 30), note: who.note })
    .returning({ id: prospectos.id });
  return row.id;
}

export async function procesar(db: Db, input: Solicitud, user: Actor): Promise<ProspectDetail> {
  const id = await db.transaction(async (tx) => {
    if (input.accion === 'registrar') {
      const [row] = await tx
        .insert(prospectos)
        .values({
          name: input.name,
          dni: input.dni ?? '',
          phone: input.phone,
          email: input.email ?? '',
          note: input.note,
          createdBy: user.id,
        })
        .returning({ id: prospectos.id });
      await writeLines(tx, row.id, input.items);
      return row.id;
    }
    const row = await lockOpen(tx, input.id);
    if (input.accion === 'cotizar') {
      await writeLines(tx, row.id, input.items);
      await tx.update(prospectos).set({ updatedAt: new Date() }).where(eq(prospectos.id, row.id));
      return row.id;
    }
    let clienteId: number | null = null;
    let result = input.note;
    if (input.resultado === 'pedido') {
      if (!row.dni) throw new ReglaNegocio('Para anotar el pedido, la solicitud necesita la cédula o RIF del cliente.');
      const cliente = await findOrCreateCliente(tx, { dni: row.dni, name: row.name, phone: row.phone, email: row.email || undefined });
      clienteId = cliente.id;
      const [{ units }] = await tx
        .select({ units: sql<number>`COALESCE(SUM(${prospectoLineas.quantity}), 0)::int` })
        .from(prospectoLineas)
        .where(eq(prospectoLineas.prospectoId, row.id));
      result = `Pedido de ${cliente.name} (${cliente.dni}): ${Number(units)} unidades según la cotización.${input.note ? ` ${input.note}` : ''}`;
    }
    await tx
      .update(prospectos)
      .set({ status: input.resultado, clienteId, result, processedBy: user.id, processedAt: new Date(), updatedAt: new Date() })
      .where(eq(prospectos.id, row.id));
    return row.id;
  });
  return detalle(db, id);
}
