// The sales reports (docs/api.md §Reportes de ventas): the documents and their totals, a document's detail in both
// currencies, the summary per store, the chart series, the payments received and the exports. One
// filter (ventas.reportes.repo salesWhere) feeds them all, so every figure agrees with the others.
import type { PaymentStatus } from '#domain/abono.ts';
import type {
  FacturaDetalle,
  Figures,
  PaymentFilters,
  ResumenDescuentos,
  ResumenMetodo,
  SalesFilters,
  SheetFormat,
  VentasTotales,
} from '#domain/contracts/ventas-reportes.ts';
import { fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { type SaleCondition, type SaleKind, type SaleSource, type SaleTotals, totalsInVes } from '#domain/ventas.ts';
import { paymentMethodLabel } from '#domain/ventas-reportes.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import * as repo from './ventas.reportes.repo.ts';

/** A sum from SQL ("1234.5", "0") as the API's decimal with 2 places. */
const money = (value: string | null | undefined): string => fromCents(toCents(value ?? '0'));

/** The report's filter for this caller: «mias» narrows to the seller linked to the user (none: nothing). */
export async function salesWhere(db: Db, filters: SalesFilters, userId: number): Promise<repo.SalesWhere> {
  const f = filters.filter_advance;
  const where: repo.SalesWhere = {
    from: f.date_from,
    to: f.date_to,
    tiendaId: f.tienda,
    vendedorId: f.vendedor,
    clienteId: f.cliente,
    numero: f.numero,
    method: f.payment_method,
    condition: f.condicion,
    search: filters.search || undefined,
  };
  if (filters.alcance === 'mias') where.ownVendedorId = await repo.sellerOfUser(db, userId);
  return where;
}

function ventaFila(r: repo.SaleRow) {
  return {
    ...r,
    kind: r.kind as SaleKind,
    condition: r.condition as SaleCondition,
    source: r.source as SaleSource,
    paymentStatus: r.paymentStatus as PaymentStatus,
    totalVes: fromCents(usdToVesCents(toCents(r.total), r.rate)),
  };
}

export async function listar(
  db: Db,
  where: repo.SalesWhere,
  q: { page: number; per_page: number; sort_by?: repo.SalesSort; sort_desc?: boolean },
) {
  const sort = q.sort_by ?? 'fecha';
  const descending = q.sort_desc ?? sort !== 'cliente';
  const [rows, total] = await Promise.all([
    repo.findSales(db, where, sort, descending, q.per_page, offsetOf(q.page, q.per_page)),
    repo.countSales(db, where),
  ]);
  return { items: rows.map(ventaFila), meta: metaFor(q.page, q.per_page, total) };
}

function figuresOf(sums: repo.FigureSums): Figures {
  return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, money(v)])) as Figures;
}

export async function totales(db: Db, where: repo.SalesWhere): Promise<VentasTotales> {
  const { documentos, facturas, notas, ...sums } = await repo.sumSales(db, where);
  return { documentos, facturas, notas, ...figuresOf(sums) };
}

export async function porTienda(db: Db, where: repo.SalesWhere) {
  const rows = await repo.sumByStore(db, where);
  return rows.map((r) => ({
    ...r,
    baseImponibleUsd: money(r.baseImponibleUsd),
    baseImponibleVes: money(r.baseImponibleVes),
    ivaUsd: money(r.ivaUsd),
    ivaVes: money(r.ivaVes),
    igtfUsd: money(r.igtfUsd),
    igtfVes: money(r.igtfVes),
    totalUsd: money(r.totalUsd),
    totalVes: money(r.totalVes),
  }));
}

export async function graficos(db: Db, where: repo.SalesWhere) {
  const serie = <R extends repo.SeriesRow>(r: R): R => ({ ...r, totalUsd: money(r.totalUsd), totalVes: money(r.totalVes) });
  const [porDia, porTienda, porVendedor, porLinea, porMetodo] = await Promise.all([
    repo.seriesByDay(db, where),
    repo.seriesByStore(db, where),
    repo.seriesBySeller(db, where),
    repo.seriesByLinea(db, where),
    repo.seriesByMethod(db, where),
  ]);
  return {
    porDia: porDia.map((r) => ({ ...serie(r), label: `${r.key.slice(8, 10)}/${r.key.slice(5, 7)}/${r.key.slice(0, 4)}` })),
    porTienda: porTienda.map(serie),
    porVendedor: porVendedor.map(serie),
    porLinea: porLinea.map(serie),
    porMetodo: porMetodo.map((r) => ({ ...r, label: paymentMethodLabel(r.key), amountUsd: money(r.amountUsd) })),
  };
}

const SEARCH_LIMIT = 20;

export const buscarVendedor = (db: Db, search?: string) => repo.searchSellers(db, search || undefined, SEARCH_LIMIT);
export const buscarCliente = (db: Db, search?: string) => repo.searchCustomers(db, search || undefined, SEARCH_LIMIT);

export async function buscarDocumento(db: Db, where: repo.SalesWhere) {
  const rows = await repo.searchDocuments(db, where, SEARCH_LIMIT);
  return rows.map((r) => ({ ...r, kind: r.kind as SaleKind }));
}

// ── one document ────────────────────────────────────────────────────────────

export async function detalleFactura(db: Db, by: { id?: number; numero?: string }): Promise<FacturaDetalle> {
  const found = await repo.findDocument(db, by);
  if (!found) throw new NoEncontrado(by.numero ? `El documento ${by.numero} no existe.` : 'El documento no existe.');
  const { venta: v, cliente, tienda, vendedor } = found;
  const [lines, { sale, credit }, voidedBy] = await Promise.all([
    repo.documentLines(db, v.id),
    repo.documentPayments(db, v.id),
    repo.staffName(db, v.voidedBy),
  ]);
  const rate = v.rate;
  const ves = (usd: string) => fromCents(usdToVesCents(toCents(usd), rate));
  const totals: SaleTotals = {
    subtotalCents: toCents(v.subtotal),
    descuentoCents: toCents(v.descuento),
    devolucionesCents: toCents(v.devoluciones),
    baseImponibleCents: toCents(v.baseImponible),
    ivaCents: toCents(v.iva),
    igtfCents: toCents(v.igtf),
    comisionCents: toCents(v.comision),
    envioCents: toCents(v.envio),
    totalCents: toCents(v.total),
  };
  const inVes = totalsInVes(totals, rate);
  const pair = (key: keyof SaleTotals) => [fromCents(totals[key]), fromCents(inVes[key])] as const;
  const [subtotalUsd, subtotalVes] = pair('subtotalCents');
  const [descuentoUsd, descuentoVes] = pair('descuentoCents');
  const [devolucionesUsd, devolucionesVes] = pair('devolucionesCents');
  const [baseImponibleUsd, baseImponibleVes] = pair('baseImponibleCents');
  const [ivaUsd, ivaVes] = pair('ivaCents');
  const [igtfUsd, igtfVes] = pair('igtfCents');
  const [comisionUsd, comisionVes] = pair('comisionCents');
  const [envioUsd, envioVes] = pair('envioCents');
  const [totalUsd, totalVes] = pair('totalCents');
  const isNota = v.kind === 'nota-entrega';
  return {
    bill: {
      id: v.id,
      number: v.number,
      kind: v.kind as SaleKind,
      condition: v.condition as SaleCondition,
      source: v.source as SaleSource,
      date: v.createdAt.toISOString(),
      customer: cliente,
      seller: vendedor?.id ? { id: vendedor.id, code: vendedor.code, name: vendedor.name } : null,
      store: tienda,
      rate,
      taxUsd: ivaUsd,
      taxVes: ivaVes,
      totalUsd,
      totalVes,
      note: v.note,
      voided: v.voidedAt ? { at: v.voidedAt.toISOString(), by: voidedBy, reason: v.voidReason ?? '' } : null,
    },
    items: lines.map((l) => ({
      articleCode: l.articleCode,
      name: l.name,
      quantity: l.quantity,
      returnedQuantity: l.returnedQuantity,
      priceUsd: l.price,
      priceVes: ves(l.price),
      promotionUsd: l.promotion,
      promotionVes: ves(l.promotion),
      discountUsd: l.discount,
      discountVes: ves(l.discount),
      netUsd: l.net,
      netVes: ves(l.net),
    })),
    payments: [
      ...sale.map((p) => ({
        origen: 'venta' as const,
        id: p.id,
        date: p.createdAt.toISOString(),
        method: p.method,
        methodLabel: paymentMethodLabel(p.method),
        currency: p.currency,
        // What stays: what the customer handed over less the change given back (vuelto).
        amount: fromCents(toCents(p.amount) - toCents(p.change)),
        amountUsd: p.amountUsd,
        rate: p.rate,
        igtfUsd: p.igtf,
        igtfVes: ves(p.igtf),
        reference: p.reference,
        step: 'aprobado',
      })),
      ...credit.map((a) => ({
        origen: 'abono' as const,
        id: a.id,
        date: a.createdAt.toISOString(),
        method: a.method,
        methodLabel: paymentMethodLabel(a.method),
        currency: a.currency,
        amount: a.amount,
        // What was received: what went to the note and its IGTF (docs/dominio.md §IGTF).
        amountUsd: fromCents(toCents(a.total) + toCents(a.igtf)),
        rate: a.rate,
        igtfUsd: a.igtf,
        igtfVes: ves(a.igtf),
        reference: a.reference,
        step: a.step,
      })),
    ],
    totals: {
      subtotalUsd,
      subtotalVes,
      descuentoUsd,
      descuentoVes,
      devolucionesUsd,
      devolucionesVes,
      baseImponibleUsd,
      baseImponibleVes,
      ivaUsd,
      ivaVes,
      igtfUsd,
      igtfVes,
      comisionUsd,
      comisionVes,
      envioUsd,
      envioVes,
      totalUsd,
      totalVes,
    },
    balance: isNota
      ? {
          totalUsd,
          discountUsd: v.discount,
          balancePaidUsd: v.balancePaid,
          outstandingBalanceUsd: v.outstandingBalance,
          outstandingBalanceVes: ves(v.outstandingBalance),
          creditInFavorUsd: v.creditInFavor,
          paymentStatus: v.paymentStatus as PaymentStatus,
          dueDate: v.dueDate,
        }
      : null,
  };
}

// ── payments received ───────────────────────────────────────────────────────

export function paymentsWhere(filters: PaymentFilters): repo.PaymentsWhere {
  const f = filters.filter_advance;
  return {
    from: f.date_from,
    to: f.date_to,
    tiendaId: f.tienda,
    method: f.payment_method,
    origen: f.origen,
    search: filters.search || undefined,
  };
}

function pagoFila(r: repo.PaymentRow) {
  return {
    ...r,
    date: r.date instanceof Date ? r.date.toISOString() : new Date(r.date).toISOString(),
    methodLabel: paymentMethodLabel(r.method),
    amount: money(r.amount),
    amountUsd: money(r.amountUsd),
    igtf: money(r.igtf),
  };
}

export async function resumenPagos(db: Db, where: repo.PaymentsWhere): Promise<ResumenMetodo[]> {
  const rows = await repo.sumPayments(db, where);
  return rows.map((r) => ({
    method: r.method,
    label: paymentMethodLabel(r.method),
    currency: r.currency,
    pagos: r.pagos,
    amount: money(r.amount),
    amountUsd: money(r.amountUsd),
    igtf: money(r.igtf),
  }));
}

/** The discounts granted with the same filters: their own line, never a payment. */
export async function resumenDescuentos(db: Db, where: repo.PaymentsWhere): Promise<ResumenDescuentos> {
  const sums = await repo.sumDiscounts(db, where);
  return { cantidad: sums.cantidad, amountUsd: money(sums.amountUsd) };
}

/** The refunds to buyers with the same filters: money out, on its own line under what was received. */
export async function resumenReembolsos(db: Db, where: repo.PaymentsWhere): Promise<ResumenDescuentos> {
  const sums = await repo.sumRefunds(db, where);
  return { cantidad: sums.cantidad, amountUsd: money(sums.amountUsd) };
}

export async function pagos(db: Db, where: repo.PaymentsWhere, page: number, perPage: number) {
  const [rows, resumen, descuentos, reembolsos] = await Promise.all([
    repo.findPayments(db, where, perPage, offsetOf(page, perPage)),
    resumenPagos(db, where),
    resumenDescuentos(db, where),
    resumenReembolsos(db, where),
  ]);
  const total = resumen.reduce((n, r) => n + r.pagos, 0);
  return { items: rows.map(pagoFila), meta: metaFor(page, perPage, total), resumen, descuentos, reembolsos };
}

// ── exports ─────────────────────────────────────────────────────────────────

/** The most rows one file carries; a longer range is refused with a message (400). */
export const EXPORT_MAX_ROWS = 100_000;

const tooMany = () => new ReglaNegocio(`El reporte pasa de ${EXPORT_MAX_ROWS.toLocaleString('es-VE')} filas: acorte el rango de fechas.`);

export async function ventasParaExportar(db: Db, where: repo.SalesWhere, sort: repo.SalesSort, descending: boolean) {
  const rows = await repo.findSales(db, where, sort, descending, EXPORT_MAX_ROWS + 1, 0);
  if (rows.length > EXPORT_MAX_ROWS) throw tooMany();
  const totals = await totales(db, where);
  return { rows: rows.map(ventaFila), totals };
}

export async function pagosParaExportar(db: Db, where: repo.PaymentsWhere) {
  const rows = await repo.findPayments(db, where, EXPORT_MAX_ROWS + 1, 0);
  if (rows.length > EXPORT_MAX_ROWS) throw tooMany();
  const [resumen, descuentos, reembolsos] = await Promise.all([
    resumenPagos(db, where),
    resumenDescuentos(db, where),
    resumenReembolsos(db, where),
  ]);
  return { rows: rows.map(pagoFila), resumen, descuentos, reembolsos };
}

export function exportFileName(what: 'ventas' | 'pagos', format: SheetFormat, range: { date_from?: string; date_to?: string }): string {
  return `${what}_${range.date_from ?? 'inicio'}_${range.date_to ?? 'hoy'}.${format}`;
}
