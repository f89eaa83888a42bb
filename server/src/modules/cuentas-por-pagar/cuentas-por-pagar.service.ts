// Payables, one function per use case: register a supplier, a document, a payment (the document's
// row locked, refused above the balance), annul a payment, and the list with its totals, aging per
// supplier and its export. Balance rules live in domain/cuentas-por-pagar.ts.
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '#domain/abono.ts';
import type {
  AntiguedadProveedor,
  DocumentoPorPagar,
  PagoProveedor,
  Proveedor,
  TotalesPorPagar,
} from '#domain/contracts/cuentas-por-pagar.ts';
import {
  anularPago as anularPagoRule,
  appliedAmount,
  desgloseFiscal,
  methodCurrency,
  newPayable,
  PAYABLE_KIND_LABELS,
  type PayableKind,
  payableState,
  type RetencionBasisPoints,
  registrarPago as registrarPagoRule,
  retenerIva,
  type SupplierPaymentMethod,
  usdEquivalent,
} from '#domain/cuentas-por-pagar.ts';
import { caracasIsoDate, formatDate } from '#domain/dates.ts';
import type { IgtfSettings } from '#domain/igtf.ts';
import { addCents, type Currency, formatRate, formatUsd, fromCents, toCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { IVA_BASIS_POINTS } from '#domain/vat.ts';
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket, agingBucket, daysOverdue, igtfOf, normalizeDni } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { Conflicto, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { igtfDeVentas } from '#server/modules/config/config.service.ts';
import { csvStream, type SheetColumnSpec, type SheetValue, writeXlsx } from '#server/modules/configuracion/configuracion.importar.hoja.ts';
import { tasaDelDia } from '#server/modules/general/general.service.ts';
import * as repo from './cuentas-por-pagar.repo.ts';

/** The most one supplier document may be worth, in USD cents (100 millones de dólares). */
const MAX_DOCUMENT_USD_CENTS = 10_000_000_000;

type DocumentRow = NonNullable<Awaited<ReturnType<typeof repo.findDocumento>>>;

export function today(now = new Date()): string {
  return caracasIsoDate(now);
}

function proveedorView(row: repo.ProveedorRow): Proveedor {
  return {
    id: row.id,
    rif: row.rif,
    name: row.name,
    contact: row.contact,
    phone: row.phone,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

function documentoView(row: DocumentRow, day: string): DocumentoPorPagar {
  const currency = row.currency as Currency;
  const outstanding = toCents(row.outstandingBalance);
  return {
    ...row,
    kind: row.kind as PayableKind,
    currency,
    paymentStatus: row.paymentStatus as PaymentStatus,
    outstandingUsd: fromCents(usdEquivalent(outstanding, currency, row.rate)),
    exento: fromCents(toCents(row.total) - toCents(row.baseImponible) - toCents(row.iva)),
    aging: outstanding > 0 ? agingBucket(row.dueDate, day) : null,
    daysOverdue: outstanding > 0 ? daysOverdue(row.dueDate, day) : 0,
    createdAt: row.createdAt.toISOString(),
  };
}

// ── suppliers ───────────────────────────────────────────────────────────────

export async function proveedores(db: Db, q: { page: number; perPage: number; search?: string }) {
  const { rows, total } = await repo.listProveedores(db, q.search, q.perPage, offsetOf(q.page, q.perPage));
  return { items: rows.map(proveedorView), meta: metaFor(q.page, q.perPage, total) };
}

export async function registrarProveedor(
  db: Db,
  input: { rif: string; name: string; contact: string; phone: string; email: string },
  user: SessionUser,
): Promise<Proveedor> {
  const rif = normalizeDni(input.rif);
  const row = await repo.insertProveedor(db, { ...input, rif, createdBy: user.id });
  if (!row) throw new ReglaNegocio(`Ya existe un proveedor con el RIF ${rif}.`);
  return proveedorView(row);
}

// ── documents ───────────────────────────────────────────────────────────────

export async function registrarDocumento(
  db: Db,
  input: {
    proveedorId: number;
    number: string;
    controlNumber: string;
    kind: PayableKind;
    issuedOn: string;
    dueDate: string;
    currency: Currency;
    total: string;
    discount: string;
    baseImponible: string;
    rate?: string;
    note: string;
  },
  user: SessionUser,
): Promise<DocumentoPorPagar> {
  const proveedor = await repo.findProveedor(db, input.proveedorId);
  if (!proveedor) throw new ReglaNegocio('El proveedor no existe: regístrelo primero.');
  const rate = input.currency === 'VES' ? (input.rate ?? '') : '1';
  const totalCents = toCents(input.total);
  const made = newPayable(totalCents, toCents(input.discount));
  if (!made.ok) throw new ReglaNegocio(made.motivo);
  const fiscal = desgloseFiscal(totalCents, toCents(input.baseImponible), IVA_BASIS_POINTS, input.currency);
  if (!fiscal.ok) throw new ReglaNegocio(fiscal.motivo);
  const totalUsdCents = usdEquivalent(totalCents, input.currency, rate);
  if (totalUsdCents <= 0) throw new ReglaNegocio('El total en dólares a esa tasa es cero: revise el monto y la tasa.');
  // A bolívar total at a mistyped tiny rate would be billions of dollars (and overflow the list's sums).
  if (totalUsdCents > MAX_DOCUMENT_USD_CENTS) {
    throw new ReglaNegocio(`El total equivale a más de ${formatUsd(MAX_DOCUMENT_USD_CENTS)}: revise el monto y la tasa.`);
  }
  const row = await repo.insertDocumento(db, {
    proveedorId: proveedor.id,
    number: input.number,
    controlNumber: input.controlNumber,
    kind: input.kind,
    issuedOn: input.issuedOn,
    dueDate: input.dueDate,
    currency: input.currency,
    rate,
    total: fromCents(totalCents),
    totalUsd: fromCents(totalUsdCents),
    baseImponible: fromCents(fiscal.desglose.baseCents),
    ivaBasisPoints: IVA_BASIS_POINTS,
    iva: fromCents(fiscal.desglose.ivaCents),
    discount: fromCents(made.state.discountCents),
    balancePaid: '0',
    outstandingBalance: fromCents(made.state.outstandingBalanceCents),
    paymentStatus: made.state.paymentStatus,
    note: input.note,
    createdBy: user.id,
  });
  if (!row) throw new ReglaNegocio(`El proveedor ${proveedor.name} ya tiene un documento con el número ${input.number}.`);
  const saved = await repo.findDocumento(db, row.id);
  if (!saved) throw new NoEncontrado('El documento por pagar no existe.');
  return documentoView(saved, today());
}

export async function documento(
  db: Db,
  id: number,
  day = today(),
): Promise<DocumentoPorPagar & { pagos: PagoProveedor[]; igtfVigente: IgtfSettings }> {
  const row = await repo.findDocumento(db, id);
  if (!row) throw new NoEncontrado('El documento por pagar no existe.');
  const [pagos, igtfVigente] = await Promise.all([repo.pagosDe(db, id), igtfDeVentas(db)]);
  return {
    ...documentoView(row, day),
    igtfVigente,
    pagos: pagos.map((p) => ({
      ...p,
      method: p.method as SupplierPaymentMethod,
      currency: p.currency as Currency,
      annulled: p.annulledAt !== null,
      annulledAt: p.annulledAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

// ── payments ────────────────────────────────────────────────────────────────

export async function registrarPago(
  db: Db,
  input: {
    documentoId: number;
    method: SupplierPaymentMethod;
    amount: string;
    rate?: string;
    reference: string;
    bankCode: string;
    paidOn: string;
    note: string;
  },
  user: SessionUser,
) {
  if (input.paidOn > today()) throw new ReglaNegocio('La fecha del pago no puede ser posterior a hoy.');
  const currency = methodCurrency(input.method);
  const rate = input.rate ?? (await tasaDelDia(db)).amount;
  const igtf = await igtfDeVentas(db);
  const amountCents = toCents(input.amount);
  await db.transaction(async (tx) => {
    const doc = await repo.lockDocumento(tx, input.documentoId);
    if (!doc) throw new NoEncontrado('El documento por pagar no existe.');
    const owed = doc.currency as Currency;
    const applied = countedOn(amountCents, currency, owed, rate);
    if (applied <= 0 && amountCents > 0) {
      throw new ReglaNegocio('El pago equivale a cero en la moneda del documento a esa tasa: revise el monto y la tasa.');
    }
    const outcome = registrarPagoRule(stateOf(doc), applied, owed);
    if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
    await repo.updateBalance(tx, doc.id, balanceValues(outcome.state));
    await repo.insertPago(tx, {
      documentoId: doc.id,
      method: input.method,
      currency,
      amount: fromCents(amountCents),
      rate,
      applied: fromCents(applied),
      // In divisas the store pays the IGTF on top (domain/igtf.ts): the supplier's balance counts all it was paid.
      igtf: fromCents(igtfOf(input.method, currency === 'USD' ? amountCents : 0, igtf)),
      reference: input.reference.replace(/\s+/g, '').toUpperCase(),
      bankCode: input.bankCode,
      paidOn: input.paidOn,
      note: input.note,
      userId: user.id,
    });
  });
  return documento(db, input.documentoId);
}

export async function anularPago(db: Db, pagoId: number, motivo: string, user: SessionUser) {
  const pago = await repo.findPago(db, pagoId);
  if (!pago) throw new NoEncontrado('El pago no existe.');
  await db.transaction(async (tx) => {
    // The document first, as registrarPago does: the same lock order, and its balance one change at a time.
    const doc = await repo.lockDocumento(tx, pago.documentoId);
    if (!doc) throw new NoEncontrado('El documento por pagar no existe.');
    const note = motivo ? [pago.note, `Anulado: ${motivo}`].filter(Boolean).join(' · ') : pago.note;
    if (!(await repo.annulPago(tx, pago.id, user.id, note))) throw new ReglaNegocio('El pago ya estaba anulado.');
    const outcome = anularPagoRule(stateOf(doc), toCents(pago.applied));
    if (!outcome.ok) throw new ReglaNegocio(outcome.motivo);
    await repo.updateBalance(tx, doc.id, balanceValues(outcome.state));
  });
  return documento(db, pago.documentoId);
}

/** The IVA the store retained on the document (docs/dominio.md §Libros fiscales): IVA × share, once, lowering the balance. */
export async function registrarRetencion(
  db: Db,
  input: { documentoId: number; basisPoints: RetencionBasisPoints; comprobante: string; fecha: string },
) {
  if (input.fecha > today()) throw new ReglaNegocio('La fecha del comprobante no puede ser posterior a hoy.');
  await db.transaction(async (tx) => {
    const doc = await repo.lockDocumento(tx, input.documentoId);
    if (!doc) throw new NoEncontrado('El documento por pagar no existe.');
    if (input.fecha < doc.issuedOn) throw new ReglaNegocio('El comprobante no puede ser anterior a la fecha del documento.');
    const outcome = retenerIva(
      { ...stateOf(doc), ivaCents: toCents(doc.iva), ivaRetenidoCents: toCents(doc.ivaRetenido) },
      input.basisPoints,
      doc.currency as Currency,
    );
    if (!outcome.ok) {
      if (toCents(doc.ivaRetenido) > 0) throw new Conflicto(outcome.motivo);
      throw new ReglaNegocio(outcome.motivo);
    }
    const saved = await repo.setRetencion(tx, doc.id, {
      ivaRetenido: fromCents(outcome.retenidoCents),
      retencionBasisPoints: input.basisPoints,
      retencionComprobante: input.comprobante.toUpperCase(),
      retencionFecha: input.fecha,
      outstandingBalance: fromCents(outcome.state.outstandingBalanceCents),
      paymentStatus: outcome.state.paymentStatus,
    });
    if (!saved) throw new Conflicto('El documento ya tiene su retención de IVA registrada.');
  });
  return documento(db, input.documentoId);
}

/** appliedAmount, with an absurd amount × rate (past the safe integers) refused instead of failing. */
function countedOn(amountCents: number, paid: Currency, owed: Currency, rate: string): number {
  try {
    return appliedAmount(amountCents, paid, owed, rate);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) {
      throw new ReglaNegocio('El monto a esa tasa es demasiado grande: revise el monto y la tasa.');
    }
    throw error;
  }
}

/** The balance as the payment rules read it: the IVA the store retained is no longer owed, so it leaves the total. */
function stateOf(doc: repo.DocumentoRow) {
  return payableState({
    totalCents: toCents(doc.total) - toCents(doc.ivaRetenido),
    discountCents: toCents(doc.discount),
    balancePaidCents: toCents(doc.balancePaid),
  });
}

function balanceValues(state: ReturnType<typeof payableState>) {
  return {
    balancePaid: fromCents(state.balancePaidCents),
    outstandingBalance: fromCents(state.outstandingBalanceCents),
    paymentStatus: state.paymentStatus,
  };
}

// ── the list ────────────────────────────────────────────────────────────────

type Buckets = Record<AgingBucket, number>;
const noBuckets = (): Buckets => Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Buckets;
const bucketsOut = (b: Buckets) => Object.fromEntries(AGING_BUCKETS.map((k) => [k, fromCents(b[k])])) as Record<AgingBucket, string>;

/** Totals of the filtered documents and what each supplier owes per age (US$ equivalents). */
async function totalsAndAging(
  db: Db,
  f: repo.DocumentFilters,
  day: string,
): Promise<{ totals: TotalesPorPagar; aging: AntiguedadProveedor[] }> {
  const groups = await repo.balanceGroups(db, f, day);
  let documents = 0;
  let totalUsd = 0;
  let outstandingUsd = 0;
  let inUsd = 0;
  let inVes = 0;
  const buckets = noBuckets();
  const perSupplier = new Map<number, { rif: string; name: string; buckets: Buckets; total: number }>();
  for (const g of groups) {
    const currency = g.currency as Currency;
    const owed = toCents(g.outstanding);
    const owedUsd = usdEquivalent(owed, currency, g.rate);
    documents += g.documents;
    totalUsd = addCents(totalUsd, toCents(g.totalUsd));
    outstandingUsd = addCents(outstandingUsd, owedUsd);
    if (currency === 'USD') inUsd = addCents(inUsd, owed);
    else inVes = addCents(inVes, owed);
    if (owed <= 0) continue;
    const bucket = agingBucket(g.dueDate, day);
    buckets[bucket] = addCents(buckets[bucket], owedUsd);
    const supplier = perSupplier.get(g.proveedorId) ?? { rif: g.rif, name: g.name, buckets: noBuckets(), total: 0 };
    supplier.buckets[bucket] = addCents(supplier.buckets[bucket], owedUsd);
    supplier.total = addCents(supplier.total, owedUsd);
    perSupplier.set(g.proveedorId, supplier);
  }
  const aging = [...perSupplier.entries()]
    .sort(([, a], [, b]) => b.total - a.total || a.name.localeCompare(b.name, 'es'))
    .slice(0, 50)
    .map(([proveedorId, s]) => ({ proveedorId, rif: s.rif, name: s.name, buckets: bucketsOut(s.buckets), total: fromCents(s.total) }));
  return {
    totals: {
      documents,
      totalUsd: fromCents(totalUsd),
      outstandingUsd: fromCents(outstandingUsd),
      outstandingInUsd: fromCents(inUsd),
      outstandingInVes: fromCents(inVes),
      buckets: bucketsOut(buckets),
    },
    aging,
  };
}

export async function listar(db: Db, q: repo.DocumentFilters & { page: number; per_page: number }, day = today()) {
  const { page, per_page, ...filters } = q;
  const [rows, summary] = await Promise.all([
    repo.listDocumentos(db, filters, day, { limit: per_page, offset: offsetOf(page, per_page) }),
    totalsAndAging(db, filters, day),
  ]);
  return {
    items: rows.map((r) => documentoView(r, day)),
    meta: metaFor(page, per_page, summary.totals.documents),
    ...summary,
  };
}

// ── export ──────────────────────────────────────────────────────────────────

export const EXPORT_COLUMNS: SheetColumnSpec[] = [
  { header: 'Proveedor', kind: 'text', width: 30 },
  { header: 'RIF', kind: 'text', width: 14 },
  { header: 'Tipo', kind: 'text', width: 16 },
  { header: 'Número', kind: 'text', width: 16 },
  { header: 'Fecha', kind: 'text', width: 12 },
  { header: 'Vence', kind: 'text', width: 12 },
  { header: 'Moneda', kind: 'text', width: 8 },
  { header: 'Tasa', kind: 'text', width: 12 },
  { header: 'Total', kind: 'amount', width: 14 },
  { header: 'Descuento', kind: 'amount', width: 12 },
  { header: 'Pagado', kind: 'amount', width: 14 },
  { header: 'Saldo', kind: 'amount', width: 14 },
  { header: 'Total US$', kind: 'amount', width: 14 },
  { header: 'Saldo US$', kind: 'amount', width: 14 },
  { header: 'IGTF pagado US$', kind: 'amount', width: 14 },
  { header: 'Estado', kind: 'text', width: 12 },
  { header: 'Antigüedad', kind: 'text', width: 16 },
  // The fiscal breakdown and the store's retention, after the columns the list always had.
  { header: 'N° de control', kind: 'text', width: 16 },
  { header: 'Base imponible', kind: 'amount', width: 14 },
  { header: 'IVA', kind: 'amount', width: 12 },
  { header: 'Exento', kind: 'amount', width: 12 },
  { header: 'IVA retenido', kind: 'amount', width: 12 },
  { header: 'Comprobante de retención', kind: 'text', width: 18 },
];

function exportRow(doc: DocumentoPorPagar): SheetValue[] {
  const amount = (v: string) => Number(v);
  return [
    doc.proveedorName,
    doc.proveedorRif,
    PAYABLE_KIND_LABELS[doc.kind],
    doc.number,
    formatDate(doc.issuedOn),
    formatDate(doc.dueDate),
    doc.currency,
    formatRate(doc.rate),
    amount(doc.total),
    amount(doc.discount),
    amount(doc.balancePaid),
    amount(doc.outstandingBalance),
    amount(doc.totalUsd),
    amount(doc.outstandingUsd),
    amount(doc.igtfPaid),
    PAYMENT_STATUS_LABELS[doc.paymentStatus],
    doc.aging ? AGING_BUCKET_LABELS[doc.aging] : '',
    doc.controlNumber,
    amount(doc.baseImponible),
    amount(doc.iva),
    amount(doc.exento),
    amount(doc.ivaRetenido),
    doc.retencionComprobante ?? '',
  ];
}

export function exportFileName(format: 'xlsx' | 'csv', day = today()): string {
  return `cuentas-por-pagar_${day}.${format}`;
}

export async function exportar(db: Db, format: 'xlsx' | 'csv', filters: repo.DocumentFilters, out: Writable, day = today()) {
  const rows = await repo.listDocumentos(db, filters, day);
  async function* values(): AsyncGenerator<SheetValue[]> {
    for (const r of rows) yield exportRow(documentoView(r, day));
  }
  if (format === 'xlsx') {
    await writeXlsx(out, 'Cuentas por pagar', EXPORT_COLUMNS, values());
    return;
  }
  await pipeline(csvStream(EXPORT_COLUMNS, values()), out);
}
