// What the PDF of a sales document (factura, nota de entrega) and of a customer's statement
// (estado de cuenta) says, as text: every figure formatted in USD and in bolívares at the
// document's frozen rate. The server only draws these rows; here they can be tested without a PDF.
import { ABONO_STEP_LABELS, type AbonoStep, PAYMENT_STATUS_LABELS, type PaymentStatus } from './abono.ts';
import { formatDate, formatDateTime } from './dates.ts';
import { igtfTasaTexto } from './igtf.ts';
import {
  addCents,
  formatAmount,
  formatRate,
  formatRatePerUsd,
  formatUsd,
  formatVes,
  percentOfCents,
  toCents,
  usdToVesCents,
} from './money.ts';
import { RESUMEN_COBRO_LABELS } from './resumen-cobro.ts';
import { IVA_BASIS_POINTS } from './vat.ts';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type AgingBucket,
  agingBucket,
  SALE_CONDITION_LABELS,
  SALE_KIND_LABELS,
  SALE_PAYMENT_METHODS,
  type SaleCondition,
  type SaleKind,
  type SaleTotals,
  totalsInVes,
} from './ventas.ts';

export type Empresa = { razonSocial: string; rif: string; address: string; phone1: string; phone2: string; email: string };

export type ClientePdf = { name: string; dni: string; address: string; city: string; state: string; phone: string; email: string };

/**
 * Who gave the document its número de control: the store itself (internal: the document is not the
 * fiscal invoice), the imprenta digital (with when and who), or nobody yet (a factura waiting for
 * the printer). See docs/dominio.md §Documentos fiscales e imprenta digital.
 */
export type ControlPdf =
  | { kind: 'interno'; numeroControl: string }
  | { kind: 'por-emitir' }
  | {
      kind: 'imprenta';
      numeroControl: string;
      asignadoEn: Date | string;
      imprenta: { razonSocial: string; rif: string; providencia: string };
    };

export type DocumentoPdfInput = {
  empresa: Empresa;
  documento: {
    number: string;
    control: ControlPdf;
    kind: SaleKind;
    condition: SaleCondition;
    createdAt: Date | string;
    dueDate: string | null;
    rate: string;
    /** The IGTF rate the sale was charged at (300 = 3 %); null when the sale did not keep it. */
    igtfBasisPoints: number | null;
    tienda: string;
    vendedor: string | null;
    note: string;
    /** A voided sale: when and why (its PDF must say so, or a printed copy could still be used). */
    voided: { at: Date | string; reason: string } | null;
  };
  cliente: ClientePdf;
  totals: SaleTotals;
  /** Nota de entrega: its balance. */
  balance: { discountCents: number; balancePaidCents: number; outstandingCents: number; creditInFavorCents: number; status: PaymentStatus };
  lineas: {
    articleCode: string;
    name: string;
    quantity: number;
    returnedQuantity: number;
    priceCents: number;
    promotionCents: number;
    discountCents: number;
    netCents: number;
  }[];
  pagos: { method: string; currency: string; amount: string; reference: string; amountUsdCents: number }[];
  /** `igtfCents`: the IGTF of an abono in divisas, charged apart from the balance. */
  abonos: { date: Date | string; method: string; reference: string; step: AbonoStep; totalCents: number; igtfCents: number }[];
  /**
   * A contribuyente especial's retention (docs/dominio.md §Libros fiscales): its share, and what it retained
   * with its comprobante once recorded (0 and null before). Left out for any other customer.
   */
  retencionIva?: { basisPoints: number; retenidoCents: number; comprobante: string | null } | null;
};

/** A figure in both currencies. */
export type MoneyRow = { label: string; usd: string; ves: string; strong?: boolean };

export type DocumentoPdfModel = {
  title: string;
  fileName: string;
  empresa: string[];
  /** Number, control number, date… beside the title. */
  meta: [string, string][];
  cliente: [string, string][];
  columns: readonly string[];
  rows: string[][];
  totals: MoneyRow[];
  rateNote: string;
  /** Factura: how it was paid. */
  pagos: string[][];
  /** Nota de entrega: abonos and balance. */
  abonos: string[][];
  balance: MoneyRow[];
  note: string;
  /** «DOCUMENTO ANULADO el …: motivo», printed in red under the header; null when it stands. */
  voidNotice: string | null;
  /** Who numbered its control number, under the header; `warning`: printed in red (not yet a fiscal invoice). */
  fiscalNotice: { text: string; warning: boolean };
};

/** The control number's line in the header box, and the sentence that says who gave it. */
export function controlTexto(control: ControlPdf, kind: SaleKind): { numero: string; aviso: { text: string; warning: boolean } } {
  const documento = kind === 'factura' ? 'la factura' : 'el documento';
  if (control.kind === 'imprenta') {
    const { razonSocial, rif, providencia } = control.imprenta;
    const autorizada = providencia ? `, ${providencia}` : '';
    return {
      numero: control.numeroControl,
      aviso: {
        text: `Número de control asignado el ${formatDateTime(control.asignadoEn)} por la imprenta digital ${razonSocial} (RIF ${rif}${autorizada}).`,
        warning: false,
      },
    };
  }
  if (control.kind === 'por-emitir') {
    return {
      numero: 'por asignar',
      aviso: {
        text: `FACTURA POR EMITIR: la imprenta digital aún no le asignó su número de control. Este documento todavía no es la factura fiscal.`,
        warning: true,
      },
    };
  }
  return {
    numero: control.numeroControl,
    aviso: {
      text: `El número de control de este documento es interno de la tienda, no asignado por una imprenta digital: no es ${documento} fiscal.`,
      warning: false,
    },
  };
}

/** «IGTF 3 % (pagos en divisas)», «IGTF 2,5 %…» with the rate the sale applied; without it, no rate. */
export function igtfLabel(basisPoints: number | null): string {
  if (basisPoints === null) return 'IGTF (pagos en divisas)';
  return `IGTF ${igtfTasaTexto({ basisPoints })} (pagos en divisas)`;
}

export function empresaLines(empresa: Empresa): string[] {
  const phones = [empresa.phone1, empresa.phone2].filter(Boolean).join(' / ');
  return [
    empresa.razonSocial || 'Razón social sin registrar',
    `RIF: ${empresa.rif || 'sin registrar'}`,
    empresa.address,
    phones ? `Teléfonos: ${phones}` : '',
    empresa.email,
  ].filter(Boolean);
}

function clienteRows(cliente: ClientePdf): [string, string][] {
  // A demo or web address often already ends with the city and state: not twice.
  const lower = cliente.address.toLowerCase();
  const extra = [cliente.city, cliente.state].filter((part) => part && !lower.includes(part.toLowerCase()));
  const place = [cliente.address, ...extra].filter(Boolean).join(', ');
  return [
    ['Nombre o razón social', cliente.name],
    ['Cédula / RIF', cliente.dni],
    ['Dirección', place || '—'],
    ['Teléfono', cliente.phone || '—'],
  ];
}

const money = (label: string, usdCents: number, vesCents: number, strong = false): MoneyRow => ({
  label,
  usd: formatUsd(usdCents),
  ves: formatVes(vesCents),
  strong,
});

export const DOCUMENT_COLUMNS = ['Código', 'Descripción', 'Cant.', 'Precio unit. $', 'Descuento $', 'Monto $', 'Monto Bs.'] as const;

export function documentoPdfModel(input: DocumentoPdfInput): DocumentoPdfModel {
  const { documento: d, totals, balance } = input;
  const ves = totalsInVes(totals, d.rate);
  const isNota = d.kind === 'nota-entrega';
  const ivaPercent = `${IVA_BASIS_POINTS / 100} %`;
  const control = controlTexto(d.control, d.kind);
  const meta: [string, string][] = [
    [isNota ? 'Nota de entrega N°' : 'Factura N°', d.number],
    ['N° de control', control.numero],
    ['Fecha de emisión', formatDate(d.createdAt)],
    ['Condición', SALE_CONDITION_LABELS[d.condition]],
  ];
  if (isNota && d.dueDate) meta.push(['Vence', formatDate(d.dueDate)]);
  if (d.voided) meta.push(['Estado', 'ANULADA']);
  const cliente = clienteRows(input.cliente);
  cliente.push(['Vendedor', d.vendedor ?? '—'], ['Tienda', d.tienda]);

  const rows = input.lineas.map((l) => {
    const returned = l.returnedQuantity > 0 ? ` (devueltas: ${l.returnedQuantity})` : '';
    return [
      l.articleCode,
      `${l.name}${returned}`,
      String(l.quantity),
      formatAmount(l.priceCents - l.promotionCents),
      formatAmount(l.discountCents),
      formatAmount(l.netCents),
      formatAmount(usdToVesCents(l.netCents, d.rate)),
    ];
  });

  // The IGTF really charged: the sale's payments and the approved abonos in divisas (apart from the balance).
  const abonosIgtfCents = addCents(...input.abonos.filter((a) => a.step === 'aprobado').map((a) => a.igtfCents));
  const igtfCents = addCents(totals.igtfCents, abonosIgtfCents);
  const igtfRate = abonosIgtfCents > 0 && !d.igtfBasisPoints ? null : d.igtfBasisPoints;
  const totalRows: MoneyRow[] = [
    money('Subtotal', totals.subtotalCents, ves.subtotalCents),
    money('Descuento', totals.descuentoCents, ves.descuentoCents),
    money('Devoluciones', totals.devolucionesCents, ves.devolucionesCents),
    money('Base imponible', totals.baseImponibleCents, ves.baseImponibleCents),
    money(`IVA ${ivaPercent}`, totals.ivaCents, ves.ivaCents),
    money(igtfLabel(igtfRate), igtfCents, addCents(ves.igtfCents, usdToVesCents(abonosIgtfCents, d.rate))),
  ];
  if (totals.comisionCents > 0) totalRows.push(money('Comisión de pago en línea', totals.comisionCents, ves.comisionCents));
  if (totals.envioCents > 0) totalRows.push(money('Envío', totals.envioCents, ves.envioCents));
  totalRows.push(
    money('TOTAL', addCents(totals.totalCents, abonosIgtfCents), addCents(ves.totalCents, usdToVesCents(abonosIgtfCents, d.rate)), true),
  );

  const retencion = input.retencionIva;
  if (retencion && !d.voided) {
    const share = `${retencion.basisPoints / 100} %`;
    if (retencion.comprobante) {
      // The comprobante goes with the document's data; the line stays short enough for its column.
      meta.push(['Retención N°', retencion.comprobante]);
      totalRows.push(money(`IVA retenido ${share}`, retencion.retenidoCents, usdToVesCents(retencion.retenidoCents, d.rate)));
    } else {
      const cents = percentOfCents(totals.ivaCents, retencion.basisPoints);
      totalRows.push(money(`IVA a retener ${share}`, cents, usdToVesCents(cents, d.rate)));
    }
  }

  const pagos = input.pagos.map((p) => {
    const method = SALE_PAYMENT_METHODS[p.method as keyof typeof SALE_PAYMENT_METHODS]?.label ?? p.method;
    const amount = p.currency === 'VES' ? formatVes(toCents(p.amount)) : formatUsd(toCents(p.amount));
    return [method, p.reference || '—', amount, formatUsd(p.amountUsdCents)];
  });

  const abonos = input.abonos.map((a) => [
    formatDate(a.date),
    SALE_PAYMENT_METHODS[a.method as keyof typeof SALE_PAYMENT_METHODS]?.label ?? a.method,
    a.reference,
    ABONO_STEP_LABELS[a.step],
    formatUsd(a.totalCents),
    formatUsd(a.igtfCents),
  ]);

  const balanceRows: MoneyRow[] = [];
  if (isNota) {
    const vesOf = (cents: number) => usdToVesCents(cents, d.rate);
    balanceRows.push(
      money('Total de la nota', totals.totalCents, ves.totalCents),
      money('Abonado', balance.balancePaidCents, vesOf(balance.balancePaidCents)),
      money('Descuentos sobre el saldo', balance.discountCents, vesOf(balance.discountCents)),
      ...(retencion?.retenidoCents ? [money('IVA retenido', retencion.retenidoCents, vesOf(retencion.retenidoCents))] : []),
      money(`Saldo pendiente (${PAYMENT_STATUS_LABELS[balance.status]})`, balance.outstandingCents, vesOf(balance.outstandingCents), true),
    );
    if (abonosIgtfCents > 0) {
      balanceRows.push(money('IGTF aparte del saldo', abonosIgtfCents, vesOf(abonosIgtfCents)));
    }
  }
  if (balance.creditInFavorCents > 0) {
    balanceRows.push(money('Saldo a favor del cliente', balance.creditInFavorCents, usdToVesCents(balance.creditInFavorCents, d.rate)));
  }

  return {
    title: SALE_KIND_LABELS[d.kind].toUpperCase(),
    fileName: `${d.number}.pdf`,
    empresa: empresaLines(input.empresa),
    meta,
    cliente,
    columns: DOCUMENT_COLUMNS,
    rows,
    totals: totalRows,
    rateNote: `Tasa de cambio del día de la venta: Bs. ${formatRate(d.rate)} por US$ 1. Los montos en bolívares son cada cifra en dólares por esa tasa.`,
    pagos,
    abonos,
    balance: balanceRows,
    note: d.note,
    voidNotice: d.voided ? `DOCUMENTO ANULADO el ${formatDate(d.voided.at)}. Motivo: ${d.voided.reason}. No tiene validez.` : null,
    fiscalNotice: control.aviso,
  };
}

// ── estado de cuenta ────────────────────────────────────────────────────────

export type EstadoCuentaInput = {
  empresa: Empresa;
  cliente: ClientePdf;
  /** Caracas day the statement is made (aaaa-mm-dd). */
  today: string;
  /** The tasa del día the balances are shown at, and since when it rules (null: never set). */
  todayRate: { amount: string; date: Date | string | null };
  notas: {
    number: string;
    controlNumber: string;
    createdAt: Date | string;
    dueDate: string | null;
    rate: string;
    totalCents: number;
    discountCents: number;
    balancePaidCents: number;
    outstandingCents: number;
    status: PaymentStatus;
  }[];
  /** The abonos registered on those notas, oldest first. */
  abonos: {
    date: Date | string;
    nota: string;
    method: string;
    reference: string;
    step: AbonoStep;
    totalCents: number;
    igtfCents: number;
  }[];
};

export type EstadoCuentaModel = {
  title: string;
  fileName: string;
  empresa: string[];
  meta: [string, string][];
  cliente: [string, string][];
  columns: readonly string[];
  rows: string[][];
  abonos: string[][];
  aging: MoneyRow[];
  totals: MoneyRow[];
  rateNote: string;
};

export const STATEMENT_COLUMNS = [
  'Fecha',
  'Nota de entrega',
  'N° control',
  'Vence',
  'Total $',
  'Desc. $',
  'Abonado $',
  'Saldo $',
  'Bs. de la nota',
  'Saldo Bs. hoy',
  'Antigüedad',
] as const;

/**
 * The statement: what is owed is owed in dollars, so every balance (each note's, by age, the total)
 * is shown in Bs. at today's rate, the one the customer pays with today; each note's own Bs. (its
 * total at the rate of its day) stays as history, with that rate, and is never a balance.
 */
export function estadoCuentaModel(input: EstadoCuentaInput): EstadoCuentaModel {
  const byBucket = new Map<AgingBucket, { usd: number; ves: number }>(AGING_BUCKETS.map((b) => [b, { usd: 0, ves: 0 }]));
  const todayRate = input.todayRate.amount;
  let totalUsd = 0;
  let paidUsd = 0;
  let discountUsd = 0;
  let owedUsd = 0;
  let owedVes = 0;
  const rows = input.notas.map((n) => {
    const owedVesCents = usdToVesCents(n.outstandingCents, todayRate);
    const bucket = n.outstandingCents > 0 && n.dueDate ? agingBucket(n.dueDate, input.today) : null;
    if (bucket) {
      const sum = byBucket.get(bucket) ?? { usd: 0, ves: 0 };
      byBucket.set(bucket, { usd: addCents(sum.usd, n.outstandingCents), ves: addCents(sum.ves, owedVesCents) });
    }
    totalUsd = addCents(totalUsd, n.totalCents);
    paidUsd = addCents(paidUsd, n.balancePaidCents);
    discountUsd = addCents(discountUsd, n.discountCents);
    owedUsd = addCents(owedUsd, n.outstandingCents);
    owedVes = addCents(owedVes, owedVesCents);
    return [
      formatDate(n.createdAt),
      n.number,
      n.controlNumber,
      n.dueDate ? formatDate(n.dueDate) : '—',
      formatAmount(n.totalCents),
      // Each row adds up as the summary does: total − descuento − abonado = saldo.
      formatAmount(n.discountCents),
      formatAmount(n.balancePaidCents),
      formatAmount(n.outstandingCents),
      `${formatAmount(usdToVesCents(n.totalCents, n.rate))} a ${formatRate(n.rate)}`,
      formatAmount(owedVesCents),
      bucket ? AGING_BUCKET_LABELS[bucket] : PAYMENT_STATUS_LABELS[n.status],
    ];
  });
  const aging = AGING_BUCKETS.map((b) => {
    const sum = byBucket.get(b) ?? { usd: 0, ves: 0 };
    return money(AGING_BUCKET_LABELS[b], sum.usd, sum.ves);
  });
  const rateText = `${formatRatePerUsd(todayRate)}${input.todayRate.date ? `, vigente desde el ${formatDate(input.todayRate.date)}` : ''}`;
  return {
    title: 'ESTADO DE CUENTA',
    fileName: `estado-de-cuenta_${input.cliente.dni}_${input.today}.pdf`,
    empresa: empresaLines(input.empresa),
    meta: [
      ['Fecha', formatDate(input.today)],
      ['Notas de entrega', String(input.notas.length)],
      ['Tasa de hoy', rateText],
    ],
    cliente: clienteRows(input.cliente),
    columns: STATEMENT_COLUMNS,
    rows,
    abonos: input.abonos.map((a) => [
      formatDate(a.date),
      a.nota,
      SALE_PAYMENT_METHODS[a.method as keyof typeof SALE_PAYMENT_METHODS]?.label ?? a.method,
      a.reference,
      ABONO_STEP_LABELS[a.step],
      formatUsd(a.totalCents),
      formatUsd(a.igtfCents),
    ]),
    aging,
    totals: [
      { label: 'Total de las notas', usd: formatUsd(totalUsd), ves: '', strong: false },
      // Discounts and payments each on their own line: total − descuentos − abonado = saldo. The
      // sign is an ASCII hyphen: the PDF's Helvetica (WinAnsi) has no U+2212.
      { label: RESUMEN_COBRO_LABELS.descuento, usd: `- ${formatUsd(discountUsd)}`, ves: '', strong: false },
      { label: RESUMEN_COBRO_LABELS.abonado, usd: `- ${formatUsd(paidUsd)}`, ves: '', strong: false },
      money('SALDO PENDIENTE', owedUsd, owedVes, true),
    ],
    rateNote:
      `El saldo se debe en dólares. Los saldos en bolívares están a la tasa de hoy (${formatDate(input.today)}), ${rateText}: ` +
      'es lo que se paga en bolívares hoy; otro día, a la tasa de ese día. «Bs. de la nota» es el total histórico de cada nota ' +
      'a la tasa de su día, no lo que se debe.',
  };
}
