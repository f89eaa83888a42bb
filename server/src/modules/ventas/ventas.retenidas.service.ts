// A credit sale held for authorisation (docs/dominio.md «Venta retenida»): the seller sends a
// credit sale with the limit asked for the customer; the customer is registered and the units held;
// admin or administración approve it (the customer gets that limit and the nota de entrega is
// written, taking the held units) or refuse it with a reason (the units go back).
import type { RetenerVenta, RetenidaStatus, VentaRetenida } from '#domain/contracts/ventas-venta.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { fromCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { hasAnyRole } from '#domain/roles.ts';
import { dueDateOf, settleSale } from '#domain/venta-mostrador.ts';
import { normalizeDni } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { Conflicto, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import type { Serializable } from '#server/http/contract.ts';
import { igtfDeVentas } from '#server/modules/config/config.service.ts';
import { tasaDelDia } from '#server/modules/general/general.service.ts';
import { holdStock, releaseRetenidaHolds } from '#server/modules/inventario/inventario.service.ts';
import { preciosDeVenta } from './ventas.articulos.service.ts';
import { findOrCreateCliente } from './ventas.documentos.repo.ts';
import * as repo from './ventas.retenidas.repo.ts';
import * as ventaRepo from './ventas.venta.repo.ts';
import { documentoView, escribirVenta, hashRequest, salesmanOf } from './ventas.venta.service.ts';

const DUPLICATE_KEY = 'Esa clave de idempotencia ya se usó para otra venta.';
/** Who decide a held sale (and see every one). */
export const DECIDEN = ['admin', 'administracion'] as const;

function view(v: repo.RetenidaView): Serializable<VentaRetenida> {
  const r = v.row;
  return {
    id: r.id,
    status: r.status as RetenidaStatus,
    cliente: v.cliente,
    tienda: v.tienda,
    vendedor: v.vendedor,
    seller: v.seller,
    lines: r.lines,
    total: r.total,
    requestedLimit: r.requestedLimit,
    requestedDays: r.requestedDays,
    note: r.note,
    reason: r.reason,
    decidedBy: v.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    ventaNumber: v.ventaNumber,
    createdAt: r.createdAt.toISOString(),
  };
}

async function viewOf(db: Db, id: number): Promise<Serializable<VentaRetenida>> {
  const row = await repo.findView(db, id);
  if (!row) throw new NoEncontrado('La venta retenida no existe.');
  return view(row);
}

function mergedLines(lines: RetenerVenta['lines']) {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.articleCode, (merged.get(l.articleCode) ?? 0) + l.quantity);
  return [...merged].map(([articleCode, quantity]) => ({ articleCode, quantity }));
}

/**
 * Holds a credit sale for authorisation once per idempotency key. The customer is registered first
 * (it exists whatever is decided); the units are held in the store, so nobody sells them while the
 * sale waits. Nothing is held unless every line is there.
 */
export async function retenerVenta(
  db: Db,
  input: RetenerVenta,
  idempotencyKey: string,
  user: SessionUser,
): Promise<{ created: boolean; retenida: Serializable<VentaRetenida> }> {
  const requestHash = hashRequest(input);
  const replay = async (existing: repo.RetenidaRow) => {
    if (existing.requestHash !== requestHash) throw new ReglaNegocio(DUPLICATE_KEY);
    return { created: false, retenida: await viewOf(db, existing.id) };
  };
  const earlier = await repo.findByIdempotencyKey(db, idempotencyKey);
  if (earlier) return replay(earlier);

  const dni = normalizeDni(input.cliente.dni);
  const wanted = mergedLines(input.lines);
  const [store, known, vendedorId, rate, igtf, lines] = await Promise.all([
    ventaRepo.findStore(db, input.tiendaId),
    ventaRepo.findClienteByDni(db, dni),
    salesmanOf(db, { ...input, condition: 'credito', payments: [] }, user),
    tasaDelDia(db),
    igtfDeVentas(db),
    preciosDeVenta(db, wanted),
  ]);
  if (!store?.active) throw new ReglaNegocio('La tienda elegida no existe o no está activa.');
  const name = input.cliente.name?.trim() || known?.name;
  if (!name) throw new ReglaNegocio(`El cliente ${dni} no está registrado: escriba su nombre para registrarlo con la venta.`);
  const outcome = settleSale(lines, [], { rate: rate.amount, igtf, condition: 'credito' });
  if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);

  const clienteInput = {
    dni,
    name,
    email: input.cliente.email,
    phone: input.cliente.phone,
    state: input.cliente.state,
    city: input.cliente.city,
    address: input.cliente.address,
  };
  // The customer exists from here on, whatever happens to the sale.
  await findOrCreateCliente(db, clienteInput);
  try {
    const saved = await db.transaction(async (tx) => {
      await ventaRepo.lockIdempotencyKey(tx, `retenida:${idempotencyKey}`);
      const first = await repo.findByIdempotencyKey(tx, idempotencyKey);
      if (first) return { row: first, repeated: true };
      const cliente = await findOrCreateCliente(tx, clienteInput);
      const row = await repo.insertRetenida(tx, {
        clienteId: cliente.id,
        tiendaId: store.id,
        vendedorId,
        userId: user.id,
        lines: wanted,
        note: input.note,
        prospectoId: input.prospectoId ?? null,
        total: fromCents(outcome.settlement.totals.totalCents),
        requestedLimit: input.creditLimit,
        requestedDays: input.creditDays,
        idempotencyKey,
        requestHash,
      });
      // The last write: the stock rows it locks are held only until the commit.
      const held = await holdStock(
        tx,
        wanted.map((l) => ({ ...l, tiendaId: store.id })),
        { retenidaId: row.id },
      );
      if (!held.ok) {
        const names = held.missing.map((m) => m.articleCode).join(', ');
        throw new ReglaNegocio(
          `No hay existencia libre suficiente en ${store.name} de: ${names}. Ajuste las cantidades o elija otra tienda.`,
        );
      }
      return { row, repeated: false };
    });
    if (saved.repeated) return replay(saved.row);
    return { created: true, retenida: await viewOf(db, saved.row.id) };
  } catch (error) {
    if (isUniqueViolation(error, 'ventas_retenidas_idempotency_key')) {
      const winner = await repo.findByIdempotencyKey(db, idempotencyKey);
      if (winner) return replay(winner);
    }
    throw error;
  }
}

export async function ventasRetenidas(db: Db, q: { status: RetenidaStatus | 'todas'; page: number; perPage: number }, user: SessionUser) {
  const mine = hasAnyRole(user.roles, DECIDEN) ? undefined : user.id;
  const { rows, total } = await repo.listViews(db, { status: q.status, userId: mine }, q.perPage, offsetOf(q.page, q.perPage));
  return { items: rows.map(view), meta: metaFor(q.page, q.perPage, total) };
}

const DECIDED: Record<string, string> = { aprobada: 'aprobada', rechazada: 'rechazada' };

async function lockPending(tx: Db, id: number) {
  const row = await repo.lockRetenida(tx, id);
  if (!row) throw new NoEncontrado('La venta retenida no existe.');
  if (row.status !== 'pendiente') throw new Conflicto(`Esa venta retenida ya fue ${DECIDED[row.status] ?? row.status}.`);
  return row;
}

/**
 * Approves a held sale: the customer gets the limit and days asked for, the held units are let go
 * and the nota de entrega takes them in the same transaction (priced and at the rate of the day it
 * is written), authorised by whoever approved it.
 */
export async function aprobarRetenida(db: Db, id: number, user: SessionUser) {
  const now = new Date();
  const { retenidaId, venta } = await db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const [store, rate, igtf, lines] = await Promise.all([
      ventaRepo.findStore(tx, row.tiendaId),
      tasaDelDia(tx),
      igtfDeVentas(tx),
      preciosDeVenta(tx, row.lines),
    ]);
    if (!store?.active) throw new ReglaNegocio('La tienda de la venta ya no está activa: rechácela y véndala desde otra.');
    const outcome = settleSale(lines, [], { rate: rate.amount, igtf, condition: 'credito' });
    if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
    await ventaRepo.updateCredit(tx, row.clienteId, row.requestedLimit, row.requestedDays);
    await releaseRetenidaHolds(tx, row.id, now);
    const venta = await escribirVenta(tx, {
      condition: 'credito',
      clienteId: row.clienteId,
      vendedorId: row.vendedorId,
      store,
      userId: row.userId ?? user.id,
      actor: user,
      rate: rate.amount,
      igtf,
      lines,
      settlement: outcome.settlement,
      payments: [],
      claims: [],
      dueDate: dueDateOf(caracasIsoDate(now), row.requestedDays),
      authorizedBy: user.id,
      note: row.note,
      prospectoId: row.prospectoId ?? undefined,
      idempotencyKey: `retenida-${row.id}`,
      requestHash: row.requestHash,
      now,
    });
    await repo.decide(tx, row.id, { status: 'aprobada', reason: '', decidedBy: user.id, decidedAt: now, ventaId: venta.id });
    return { retenidaId: row.id, venta };
  });
  return { retenida: await viewOf(db, retenidaId), documento: await documentoView(db, venta) };
}

/** Refuses a held sale with its reason: the held units go back to the store; the customer stays. */
export async function rechazarRetenida(db: Db, input: { id: number; motivo: string }, user: SessionUser) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id);
    await releaseRetenidaHolds(tx, row.id, now);
    await repo.decide(tx, row.id, { status: 'rechazada', reason: input.motivo, decidedBy: user.id, decidedAt: now });
  });
  return viewOf(db, input.id);
}

/** The home's card: held sales waiting for a decision, and since when the oldest waits. */
export function retenidasPorAutorizar(db: Db) {
  return repo.pendientesPorAutorizar(db);
}
