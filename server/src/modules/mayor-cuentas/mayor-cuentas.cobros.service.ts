// Receivables (cuentas por cobrar, issue 10 part B): lists of documents by balance and age, a
// customer's statement, and the changes of a note's balance: abonos (register, approve, reject),
// discounts and returns. Every change locks the document's row first (then the abono or the line,
// then the stock), applies the pure rule of domain/abono.ts to what it read under the lock and
// writes the result; the table's CHECK refuses any balance the rule would get wrong.

import { and, eq, inArray } from 'drizzle-orm';
import {
  type AbonoStep,
  abonoRecibido,
  aprobarAbono as aprobarRegla,
  isDescuentoReference,
  montoEnDivisasParaCubrir,
  type NotaEntrega,
  normalizeReference,
  notaEntrega,
  type PaymentStatus,
  rechazarAbono,
  registrarDevolucion,
  registrarAbono as registrarRegla,
} from '#domain/abono.ts';
import type {
  AbonoView,
  AgingAmounts,
  Bill,
  BillWithAbonos,
  ListadoType,
  Receivable,
  ReceivableClient,
  ReceivableTotals,
  StatementEntry,
} from '#domain/contracts/mayor-cuentas.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import type { IgtfSettings } from '#domain/igtf.ts';
import { addCents, type Currency, formatUsd, fromCents, toCents, usdToVesCents, vesToUsdCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import {
  AGING_BUCKETS,
  type AgingBucket,
  agingBucket,
  daysOverdue,
  SALE_KIND_LABELS,
  SALE_PAYMENT_METHODS,
  type SaleKind,
  type SalePaymentMethod,
  type SaleSource,
  saleTotals,
} from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { Conflicto, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { igtfDeVentas } from '#server/modules/config/config.service.ts';
import { tasaDelDia } from '#server/modules/general/general.service.ts';
import { registrarMovimientos } from '#server/modules/inventario/inventario.movimientos.service.ts';
import { liberarReferencias, referenciaEnUso, reservarReferencias } from '#server/modules/ventas/ventas.referencias.repo.ts';
import { abonos, ventas } from '#server/modules/ventas/ventas.schema.ts';
import * as repo from './mayor-cuentas.cobros.repo.ts';

const NOTE_NOT_FOUND = 'La nota de entrega no existe.';
const DOCUMENT_NOT_FOUND = 'La nota de entrega o factura no existe.';

export type Actor = { id: number };

function today(): string {
  return caracasIsoDate(new Date());
}

// ── views ───────────────────────────────────────────────────────────────────

/** A document as the receivables show it; what it still owes in Bs. is at `todayRate`, its total in Bs. at its own. */
function receivableView(row: repo.DocumentRow, day: string, todayRate: string): Receivable {
  const owes = toCents(row.outstandingBalance) > 0;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as SaleKind,
    source: row.source as SaleSource,
    purchaseId: row.purchaseId,
    orderCode: row.orderCode,
    client: { id: row.clientId, dni: row.clientDni, name: row.clientName, phone: row.clientPhone },
    store: { id: row.storeId, name: row.storeName },
    seller: row.seller,
    createdAt: row.createdAt.toISOString(),
    dueDate: row.dueDate,
    daysOverdue: owes ? daysOverdue(row.dueDay, day) : 0,
    aging: owes ? agingBucket(row.dueDay, day) : 'al-dia',
    rate: row.rate,
    total: row.total,
    discount: row.discount,
    balancePaid: row.balancePaid,
    outstandingBalance: row.outstandingBalance,
    creditInFavor: row.creditInFavor,
    ivaRetenido: row.ivaRetenido,
    totalVes: row.totalVes,
    outstandingBalanceVes: fromCents(usdToVesCents(toCents(row.outstandingBalance), todayRate)),
    paymentStatus: row.paymentStatus as PaymentStatus,
    pendingAbonos: Number(row.pendingAbonos),
  };
}

function billView(row: repo.DocumentRow, day: string, todayRate: string): Bill {
  return {
    ...receivableView(row, day, todayRate),
    subtotal: row.subtotal,
    descuento: row.descuento,
    devoluciones: row.devoluciones,
    baseImponible: row.baseImponible,
    iva: row.iva,
    igtf: row.igtf,
    comision: row.comision,
    envio: row.envio,
  };
}

function abonoView(row: repo.AbonoRow): AbonoView {
  return {
    id: row.id,
    step: row.step as AbonoStep,
    deliveryNote: row.deliveryNote,
    reference: row.reference,
    total: row.total,
    igtf: row.igtf,
    method: row.method,
    currency: row.currency as Currency,
    amount: row.amount,
    rate: row.rate,
    bankCode: row.bankCode,
    paidOn: row.paidOn,
    note: row.note,
    reviewNote: row.reviewNote,
    registeredBy: row.registeredBy,
    registeredAt: row.registeredAt.toISOString(),
    updatedBy: row.step === 'pendiente' ? null : row.updatedBy,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
    athorizedBy: row.step === 'aprobado' ? row.updatedBy : null,
  };
}

async function billById(db: Db, id: number): Promise<Bill> {
  const [row, tasa] = await Promise.all([repo.findDocument(db, eq(ventas.id, id)), tasaDelDia(db)]);
  if (!row) throw new NoEncontrado(DOCUMENT_NOT_FOUND);
  return billView(row, today(), tasa.amount);
}

async function abonoById(db: Db, id: number): Promise<AbonoView> {
  const [row] = await repo.findAbonos(db, eq(abonos.id, id));
  if (!row) throw new NoEncontrado('El abono no existe.');
  return abonoView(row);
}

// ── lists ───────────────────────────────────────────────────────────────────

export type ListadoQuery = {
  page: number;
  perPage: number;
  sortBy?: repo.SortKey;
  sortDesc?: boolean;
  filters: repo.DocumentFilters;
};

export async function listado(db: Db, type: ListadoType, q: ListadoQuery) {
  const day = today();
  const where = repo.documentConditions(type, q.filters, day);
  const byDue = type === 'pendientes' || type === 'vencidas';
  const sortBy = q.sortBy ?? (byDue ? 'vencimiento' : 'fecha');
  const sortDesc = q.sortDesc ?? !(sortBy === 'vencimiento' || sortBy === 'cliente' || sortBy === 'numero');
  const { amount: todayRate } = await tasaDelDia(db);
  const [rows, totals] = await Promise.all([
    repo.listDocuments(db, where, { by: sortBy, desc: sortDesc }, q.perPage, offsetOf(q.page, q.perPage)),
    repo.documentTotals(db, where, todayRate),
  ]);
  return {
    items: rows.map((r) => receivableView(r, day, todayRate)),
    meta: metaFor(q.page, q.perPage, Number(totals.documents)),
    totals: { ...totals, documents: Number(totals.documents) } satisfies ReceivableTotals,
    todayRate,
  };
}

function emptyAging(): Record<AgingBucket, number> {
  return Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
}

function agingText(cents: Record<AgingBucket, number>): AgingAmounts {
  return Object.fromEntries(AGING_BUCKETS.map((b) => [b, fromCents(cents[b])])) as AgingAmounts;
}

/** One row per customer who owes, with what they owe split by age (domain/ventas.ts agingBucket). */
export async function listadoClientes(db: Db, q: Omit<ListadoQuery, 'sortBy' | 'sortDesc'>) {
  const day = today();
  const where = repo.documentConditions('clientes', q.filters, day);
  const { amount: todayRate } = await tasaDelDia(db);
  const [{ rows, total }, totals, owed] = await Promise.all([
    repo.listClients(db, where, q.perPage, offsetOf(q.page, q.perPage)),
    repo.documentTotals(db, where, todayRate),
    repo.owedByDueDay(db, where),
  ]);
  const all = emptyAging();
  for (const o of owed) {
    const bucket = agingBucket(o.dueDay, day);
    all[bucket] = addCents(all[bucket], toCents(o.owed));
  }
  // The split of each customer on the page only (by the partial index on cliente_id, due_date).
  const byClient = new Map<number, Record<AgingBucket, number>>();
  const pageOwed = await repo.owedByClientAndDueDay(
    db,
    where,
    rows.map((r) => r.id),
  );
  for (const o of pageOwed) {
    const bucket = agingBucket(o.dueDay, day);
    const cents = toCents(o.owed);
    const mine = byClient.get(o.clientId) ?? emptyAging();
    mine[bucket] = addCents(mine[bucket], cents);
    byClient.set(o.clientId, mine);
  }
  const items: ReceivableClient[] = rows.map((r) => ({
    client: { id: r.id, dni: r.dni, name: r.name, phone: r.phone },
    documents: Number(r.documents),
    total: r.total,
    balancePaid: r.balancePaid,
    outstandingBalance: r.outstandingBalance,
    creditInFavor: r.creditInFavor,
    aging: agingText(byClient.get(r.id) ?? emptyAging()),
  }));
  return {
    items,
    meta: metaFor(q.page, q.perPage, total),
    totals: { ...totals, documents: Number(totals.documents), aging: agingText(all) },
  };
}

// ── the lists as files ──────────────────────────────────────────────────────

export const EXPORT_MAX_ROWS = 100_000;

const tooMany = () => new ReglaNegocio(`La lista pasa de ${EXPORT_MAX_ROWS.toLocaleString('es-VE')} filas: acorte el rango de fechas.`);

/** Every row of the list (the same order as on screen), refused above EXPORT_MAX_ROWS. */
export async function listadoParaExportar(db: Db, type: ListadoType, q: Omit<ListadoQuery, 'page' | 'perPage'>) {
  const list = await listado(db, type, { ...q, page: 1, perPage: EXPORT_MAX_ROWS + 1 });
  if (list.items.length > EXPORT_MAX_ROWS) throw tooMany();
  return list;
}

export async function clientesParaExportar(db: Db, filters: repo.DocumentFilters) {
  const list = await listadoClientes(db, { page: 1, perPage: EXPORT_MAX_ROWS + 1, filters });
  if (list.items.length > EXPORT_MAX_ROWS) throw tooMany();
  return list;
}

export function exportFileName(type: ListadoType | 'clientes', format: 'xlsx' | 'csv', filters: repo.DocumentFilters): string {
  return `cuentas-por-cobrar_${type}_${filters.dateFrom ?? 'inicio'}_${filters.dateTo ?? 'hoy'}.${format}`;
}

// ── one note, one customer ──────────────────────────────────────────────────

export async function verAbonos(db: Db, clientId: number, number: string): Promise<BillWithAbonos> {
  const row = await repo.findDocument(db, and(eq(ventas.number, number), eq(ventas.clienteId, clientId)));
  if (!row) throw new NoEncontrado('Ese cliente no tiene una nota de entrega o factura con ese número.');
  const [lines, abonoRows, returns, tasa] = await Promise.all([
    repo.findLines(db, row.id),
    repo.findAbonos(db, eq(abonos.ventaId, row.id)),
    repo.findDevoluciones(db, [row.id]),
    tasaDelDia(db),
  ]);
  return {
    bill: billView(row, today(), tasa.amount),
    lines: lines.map(lineView),
    abonos: abonoRows.map(abonoView),
    devoluciones: returns.map(devolucionView),
  };
}

function devolucionView(d: Awaited<ReturnType<typeof repo.findDevoluciones>>[number]) {
  return {
    id: d.id,
    lineId: d.lineId,
    articleCode: d.articleCode,
    name: d.name,
    quantity: d.quantity,
    amount: d.amount,
    note: d.note,
    by: d.by,
    at: d.at.toISOString(),
  };
}

function lineView(l: Awaited<ReturnType<typeof repo.findLines>>[number]) {
  return {
    id: l.id,
    articleCode: l.articleCode,
    name: l.name,
    store: { id: l.storeId, name: l.storeName },
    quantity: l.quantity,
    returnedQuantity: l.returnedQuantity,
    price: l.price,
    promotion: l.promotion,
    discount: l.discount,
    net: l.net,
  };
}

function methodLabel(method: string): string {
  return SALE_PAYMENT_METHODS[method as SalePaymentMethod]?.label ?? method;
}

/**
 * The customer's documents and statement: each document (its total before returns), what was
 * paid with it, each abono and discount (a rejected one also as its reversal), each return, and
 * the running balance; the last balance is what they owe less their credit in favour.
 */
export async function facturaCliente(db: Db, clientId: number) {
  const client = await repo.findCliente(db, clientId);
  if (!client) throw new NoEncontrado('El cliente no existe.');
  const day = today();
  const documents = await repo.findClientDocuments(db, clientId);
  const ids = documents.map((d) => d.id);
  const [abonoRows, returns] = await Promise.all([
    ids.length ? repo.findAbonos(db, inArray(abonos.ventaId, ids)) : Promise.resolve([]),
    repo.findDevoluciones(db, ids),
  ]);
  type Entry = Omit<StatementEntry, 'balance' | 'debit' | 'credit'> & { at: string; debitCents: number; creditCents: number };
  const entries: Entry[] = [];
  for (const doc of documents) {
    const mine = abonoRows.filter((a) => a.ventaId === doc.id);
    const myReturns = returns.filter((r) => r.ventaId === doc.id);
    const returnedCents = addCents(...myReturns.map((r) => toCents(r.amount)));
    const standing = mine.filter((a) => a.step !== 'rechazado');
    const paidByAbonos = addCents(...standing.filter((a) => !isDescuentoReference(a.reference)).map((a) => toCents(a.total)));
    const discountByAbonos = addCents(...standing.filter((a) => isDescuentoReference(a.reference)).map((a) => toCents(a.total)));
    const kindLabel = SALE_KIND_LABELS[doc.kind as SaleKind];
    const at = doc.createdAt.toISOString();
    const due = doc.kind === 'nota-entrega' && doc.dueDate ? ` (vence el ${formatDate(`${doc.dueDate}T12:00:00-04:00`)})` : '';
    entries.push({
      at,
      kind: 'documento',
      document: doc.number,
      description: `${kindLabel}${due}`,
      debitCents: toCents(doc.total) + returnedCents,
      creditCents: 0,
    });
    const paidWithSale = toCents(doc.balancePaid) + toCents(doc.creditInFavor) - paidByAbonos;
    if (paidWithSale > 0) {
      entries.push({
        at,
        kind: 'pago',
        document: doc.number,
        description: 'Pagado con la venta',
        debitCents: 0,
        creditCents: paidWithSale,
      });
    }
    // The IVA a contribuyente especial retained lowers what the document owes (docs/dominio.md §Libros fiscales).
    if (toCents(doc.ivaRetenido) > 0) {
      entries.push({
        at,
        kind: 'retencion',
        document: doc.number,
        description: 'Retención de IVA (comprobante del cliente)',
        debitCents: 0,
        creditCents: toCents(doc.ivaRetenido),
      });
    }
    for (const a of mine) {
      const descuento = isDescuentoReference(a.reference);
      const what = descuento ? 'Descuento' : `Abono ${methodLabel(a.method)} ref. ${a.reference}`;
      const state = a.step === 'pendiente' ? ' (pendiente)' : '';
      const igtf = toCents(a.igtf) > 0 ? ` · IGTF ${formatUsd(toCents(a.igtf))} aparte del saldo` : '';
      entries.push({
        at: a.registeredAt.toISOString(),
        kind: descuento ? 'descuento' : 'abono',
        document: doc.number,
        description: `${what}${igtf}${state}`,
        debitCents: 0,
        creditCents: toCents(a.total),
      });
      if (a.step === 'rechazado') {
        entries.push({
          at: (a.updatedAt ?? a.registeredAt).toISOString(),
          kind: 'rechazo',
          document: doc.number,
          description: `${descuento ? 'Descuento' : 'Abono'} rechazado${a.updatedBy ? ` por ${a.updatedBy}` : ''}${a.reviewNote ? `: ${a.reviewNote}` : ''}`,
          debitCents: toCents(a.total),
          creditCents: 0,
        });
      }
    }
    for (const r of myReturns) {
      entries.push({
        at: r.at.toISOString(),
        kind: 'devolucion',
        document: doc.number,
        description: `Devolución de ${r.quantity} × ${r.name}${r.note ? `: ${r.note}` : ''}`,
        debitCents: 0,
        creditCents: toCents(r.amount),
      });
    }
    // A return on a note with nothing paid takes what passes the balance from its discount.
    const discountTaken = discountByAbonos - toCents(doc.discount);
    if (discountTaken > 0 && myReturns.length > 0) {
      entries.push({
        at: myReturns[myReturns.length - 1].at.toISOString(),
        kind: 'ajuste',
        document: doc.number,
        description: 'Descuento ajustado por la devolución',
        debitCents: discountTaken,
        creditCents: 0,
      });
    }
  }
  const order = new Map(entries.map((e, i) => [e, i]));
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : (order.get(a) ?? 0) - (order.get(b) ?? 0)));
  let balance = 0;
  const statement: StatementEntry[] = entries.map(({ debitCents, creditCents, ...e }) => {
    balance += debitCents - creditCents;
    return { ...e, debit: fromCents(debitCents), credit: fromCents(creditCents), balance: fromCents(balance) };
  });
  const { amount: todayRate } = await tasaDelDia(db);
  const totals = await repo.documentTotals(db, eq(ventas.clienteId, clientId), todayRate);
  return {
    client: {
      id: client.id,
      dni: client.dni,
      name: client.name,
      phone: client.phone,
      creditLimit: client.creditLimit,
      creditDays: client.creditDays,
    },
    documents: documents.map((d) => receivableView(d, day, todayRate)),
    statement,
    totals: { ...totals, documents: Number(totals.documents) },
  };
}

// ── changes of a note's balance ─────────────────────────────────────────────

type VentaRow = typeof ventas.$inferSelect;

/**
 * The note as the balance rules read it. The IVA a customer retained (ventas.iva_retenido,
 * docs/dominio.md §Libros fiscales) is no longer owed, so the rules see the total less it, and
 * balanceOf adds it back: saldo = total − descuento − abonado − retenido.
 */
function noteOf(row: VentaRow): NotaEntrega & { ivaRetenidoCents: number } {
  const ivaRetenidoCents = toCents(row.ivaRetenido);
  return {
    ...notaEntrega({
      totalCents: toCents(row.total) - ivaRetenidoCents,
      discountCents: toCents(row.discount),
      balancePaidCents: toCents(row.balancePaid),
    }),
    ivaRetenidoCents,
  };
}

function balanceOf(note: NotaEntrega, ivaRetenidoCents = 0) {
  return {
    total: fromCents(note.totalCents + ivaRetenidoCents),
    discount: fromCents(note.discountCents),
    balancePaid: fromCents(note.balancePaidCents),
    outstandingBalance: fromCents(note.outstandingBalanceCents),
    paymentStatus: note.paymentStatus,
  };
}

async function lockNote(tx: Db, number: string): Promise<VentaRow> {
  const row = await repo.lockDocument(tx, number);
  if (!row) throw new NoEncontrado(NOTE_NOT_FOUND);
  if (row.voidedAt) throw new Conflicto(`La nota de entrega ${row.number} está anulada.`);
  if (row.kind !== 'nota-entrega') {
    throw new ReglaNegocio(`${row.number} es una factura de contado: los abonos y descuentos se registran en notas de entrega.`);
  }
  return row;
}

export type AbonoInput = {
  deliveryNote: string;
  method: SalePaymentMethod;
  currency?: Currency;
  amount: string;
  reference: string;
  bankCode?: string;
  paidOn?: string;
  note: string;
};

/** Writes a pending abono and its effect on the note, with the note's row locked. */
async function writeAbono(tx: Db, row: VentaRow, input: AbonoInput, user: Actor, rate: string, igtf: IgtfSettings): Promise<number> {
  const method = SALE_PAYMENT_METHODS[input.method];
  const currency = method.currency;
  const amountCents = toCents(input.amount);
  const worthCents = currency === 'USD' ? amountCents : vesToUsdCents(amountCents, rate);
  if (worthCents <= 0) throw new ReglaNegocio('El monto es demasiado pequeño: en dólares no llega a un céntimo.');
  const descuento = isDescuentoReference(input.reference);
  // In divisas the IGTF is charged on what was received and only the rest goes to the note.
  const { igtfCents, toNoteCents: totalCents } = abonoRecibido(currency, worthCents, igtf, input.reference);
  const note = noteOf(row);
  if (igtfCents > 0 && totalCents > note.outstandingBalanceCents && note.outstandingBalanceCents > 0) {
    const owed = note.outstandingBalanceCents;
    throw new ReglaNegocio(
      `El abono (${formatUsd(amountCents)}, con ${formatUsd(igtfCents)} de IGTF) abonaría ${formatUsd(totalCents)} y supera el saldo pendiente (${formatUsd(owed)}): en divisas el saldo se cubre con ${formatUsd(montoEnDivisasParaCubrir(owed, igtf))}, IGTF incluido.`,
    );
  }
  const outcome = registrarRegla(note, { totalCents, reference: input.reference });
  if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
  const bankCode = method.bank && !descuento ? (input.bankCode ?? '') : '';
  const reference = descuento ? 'descuento' : normalizeReference(input.reference);
  const id = await repo.insertAbono(tx, {
    ventaId: row.id,
    method: input.method,
    currency,
    amount: fromCents(amountCents),
    total: fromCents(totalCents),
    igtf: fromCents(igtfCents),
    rate,
    reference,
    bankCode,
    paidOn: input.paidOn ?? null,
    note: input.note,
    registeredBy: user.id,
  });
  await repo.updateDocument(tx, row.id, balanceOf(outcome.note, toCents(row.ivaRetenido)));
  // Cash has no bank reference to check; a discount is not a payment.
  if (method.reference && !descuento) {
    await reservarReferencias(tx, [{ method: input.method, bankCode, reference, source: 'abono', sourceId: id }]);
  }
  return id;
}

export async function registrarAbono(db: Db, input: AbonoInput, user: Actor) {
  const [{ amount: rate }, igtf] = await Promise.all([tasaDelDia(db), igtfDeVentas(db)]);
  const { id, ventaId } = await db.transaction(async (tx) => {
    const row = await lockNote(tx, input.deliveryNote);
    return { id: await writeAbono(tx, row, input, user, rate, igtf), ventaId: row.id };
  });
  return { abono: await abonoById(db, id), bill: await billById(db, ventaId) };
}

/** Approves or rejects a pending abono, once: the note's row, then the abono's, are locked first. */
export async function aprobarAbono(db: Db, input: { id: number; step: 'aprobado' | 'rechazado'; note?: string }, user: Actor) {
  const ventaId = await repo.findAbonoVenta(db, input.id);
  if (ventaId === undefined) throw new NoEncontrado('El abono no existe.');
  await db.transaction(async (tx) => {
    const row = await repo.lockDocumentById(tx, ventaId);
    const abono = await repo.lockAbono(tx, input.id);
    if (!row || !abono) throw new NoEncontrado('El abono no existe.');
    const current = { totalCents: toCents(abono.total), reference: abono.reference, step: abono.step as AbonoStep };
    // The reason (required to reject) is kept apart from the note written when it was registered.
    const review = input.note ? { reviewNote: input.note } : {};
    if (input.step === 'aprobado') {
      const outcome = aprobarRegla(current);
      if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
      await repo.updateAbono(tx, abono.id, { step: 'aprobado', updatedBy: user.id, updatedAt: new Date(), ...review });
      return;
    }
    const outcome = rechazarAbono(noteOf(row), current);
    if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
    await repo.updateDocument(tx, row.id, balanceOf(outcome.note, toCents(row.ivaRetenido)));
    await repo.updateAbono(tx, abono.id, { step: 'rechazado', updatedBy: user.id, updatedAt: new Date(), ...review });
    await liberarReferencias(tx, 'abono', [abono.id]);
  });
  return { abono: await abonoById(db, input.id), bill: await billById(db, ventaId) };
}

/** A discount granted by admin or administracion: an abono with the reference 'descuento', approved at once. */
export async function aplicarDescuento(db: Db, input: { deliveryNote: string; amount: string; note: string }, user: Actor) {
  const { amount: rate } = await tasaDelDia(db);
  const { id, ventaId } = await db.transaction(async (tx) => {
    const row = await lockNote(tx, input.deliveryNote);
    const id = await writeAbono(
      tx,
      row,
      { deliveryNote: input.deliveryNote, method: 'efectivo', amount: input.amount, reference: 'descuento', note: input.note },
      user,
      rate,
      { charged: false, basisPoints: 0 },
    );
    await repo.updateAbono(tx, id, { method: 'descuento', rate: row.rate, step: 'aprobado', updatedBy: user.id, updatedAt: new Date() });
    return { id, ventaId: row.id };
  });
  return { abono: await abonoById(db, id), bill: await billById(db, ventaId) };
}

function totalsOf(lines: Awaited<ReturnType<typeof repo.linesForTotals>>, row: VentaRow, returned: Map<number, number>) {
  try {
    return saleTotals(
      lines.map((l) => ({
        priceCents: toCents(l.price),
        promotionCents: toCents(l.promotion),
        quantity: l.quantity,
        discountCents: toCents(l.discount),
        returnedQuantity: returned.get(l.id) ?? l.returnedQuantity,
      })),
      { igtfCents: toCents(row.igtf), comisionCents: toCents(row.comision), envioCents: toCents(row.envio) },
    );
  } catch (error) {
    if (error instanceof RangeError)
      throw new ReglaNegocio(`Las líneas de ${row.number} no permiten calcular la devolución: ${error.message}.`);
    throw error;
  }
}

/**
 * Units of a line given back: they return to the line's store through the stock ledger (kind
 * 'devolucion', reference the document's number), the document's totals are recomputed with
 * saleTotals and the balance follows decision 0014 (domain/abono.ts registrarDevolucion).
 */
export async function devolver(db: Db, input: { deliveryNote: string; lineId: number; quantity: number; note: string }, user: Actor) {
  const result = await db.transaction(async (tx) => {
    const row = await repo.lockDocument(tx, input.deliveryNote);
    if (!row) throw new NoEncontrado(DOCUMENT_NOT_FOUND);
    if (row.voidedAt) throw new Conflicto(`${row.number} está anulada: sus unidades ya volvieron a la tienda.`);
    const line = await repo.lockLine(tx, row.id, input.lineId);
    if (!line) throw new NoEncontrado(`${row.number} no tiene esa línea.`);
    const returnable = line.quantity - line.returnedQuantity;
    if (input.quantity > returnable) {
      throw new ReglaNegocio(
        returnable === 0
          ? `Ya se devolvieron todas las unidades de ${line.name} (${line.quantity}).`
          : `Solo se pueden devolver ${returnable} de ${line.quantity} unidades de ${line.name}.`,
      );
    }
    const lines = await repo.linesForTotals(tx, row.id);
    const before = totalsOf(lines, row, new Map());
    const after = totalsOf(lines, row, new Map([[line.id, line.returnedQuantity + input.quantity]]));
    const amountCents = before.totalCents - after.totalCents;
    let split = { fromOutstandingCents: 0, fromPaidCents: 0, fromDiscountCents: 0 };
    let balance: Partial<typeof ventas.$inferInsert> = {};
    if (amountCents > 0) {
      const outcome = registrarDevolucion(noteOf(row), amountCents, {
        creditInFavorCents: toCents(row.creditInFavor),
        pendingAbonos: (await repo.countPendingAbonos(tx, row.id)) > 0,
      });
      if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
      split = outcome;
      balance = { ...balanceOf(outcome.note, toCents(row.ivaRetenido)), creditInFavor: fromCents(outcome.creditInFavorCents) };
    }
    const shift = (stored: string, from: number, to: number) => fromCents(toCents(stored) + (to - from));
    await repo.updateDocument(tx, row.id, {
      ...balance,
      devoluciones: shift(row.devoluciones, before.devolucionesCents, after.devolucionesCents),
      baseImponible: shift(row.baseImponible, before.baseImponibleCents, after.baseImponibleCents),
      iva: shift(row.iva, before.ivaCents, after.ivaCents),
    });
    await repo.setReturnedQuantity(tx, line.id, line.returnedQuantity + input.quantity);
    const devolucionId = await repo.insertDevolucion(tx, {
      ventaId: row.id,
      lineaId: line.id,
      quantity: input.quantity,
      amount: fromCents(amountCents),
      note: input.note,
      userId: user.id,
    });
    // Last: the stock rows it locks are held only until the commit (after the note and the line).
    await registrarMovimientos(
      tx,
      [{ kind: 'devolucion', articleCode: line.articleCode, tiendaId: line.tiendaId, quantity: input.quantity }],
      { userId: user.id, reference: row.number, note: input.note || `Devolución de ${row.number}` },
    );
    return { ventaId: row.id, devolucionId, split };
  });
  const bill = await billById(db, result.ventaId);
  const [devolucion] = (await repo.findDevoluciones(db, [result.ventaId])).filter((d) => d.id === result.devolucionId);
  return {
    bill,
    devolucion: devolucionView(devolucion),
    fromOutstanding: fromCents(result.split.fromOutstandingCents),
    toCreditInFavor: fromCents(result.split.fromPaidCents),
    fromDiscount: fromCents(result.split.fromDiscountCents),
  };
}

// ── small lookups ───────────────────────────────────────────────────────────

export async function obtenerTasa(db: Db) {
  const [tasa, igtf] = await Promise.all([tasaDelDia(db), igtfDeVentas(db)]);
  return { ...tasa, igtf };
}

export async function verificarReferencia(db: Db, q: { method: SalePaymentMethod; bankCode: string; reference: string }) {
  const bankCode = SALE_PAYMENT_METHODS[q.method].bank ? q.bankCode : '';
  return { used: await referenciaEnUso(db, q.method, bankCode, q.reference) };
}

export async function buscarItem(db: Db, q: { deliveryNote: string; search: string }) {
  const row = await repo.findDocument(db, eq(ventas.number, q.deliveryNote));
  if (!row) throw new NoEncontrado(DOCUMENT_NOT_FOUND);
  const text = q.search.trim().toLowerCase();
  const lines = await repo.findLines(db, row.id);
  return lines
    .filter((l) => !text || l.articleCode.toLowerCase().includes(text) || l.name.toLowerCase().includes(text))
    .map((l) => ({ ...lineView(l), returnable: l.quantity - l.returnedQuantity }));
}

function documentHit(row: repo.DocumentRow) {
  return {
    id: row.id,
    number: row.number,
    client: { id: row.clientId, dni: row.clientDni, name: row.clientName, phone: row.clientPhone },
    createdAt: row.createdAt.toISOString(),
    total: row.total,
    outstandingBalance: row.outstandingBalance,
    paymentStatus: row.paymentStatus as PaymentStatus,
  };
}

export async function buscarDocumentos(db: Db, kind: 'factura' | 'nota-entrega', search: string) {
  return (await repo.searchDocuments(db, kind, search)).map(documentHit);
}

export const buscarClientes = repo.searchClients;
export const buscarVendedores = repo.searchSellers;

/** What waits on the dashboard's home: overdue notes and abonos to approve (docs/dominio.md §Lo pendiente en el inicio del panel). */
export function notasVencidasPendientes(db: Db, now = new Date()) {
  return repo.pendientesVencidas(db, caracasIsoDate(now));
}

export function abonosPorAprobar(db: Db) {
  return repo.pendientesAbonos(db);
}
