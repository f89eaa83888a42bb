// Sales documents (factura for contado, nota de entrega for crédito): their numbers, the payment
// methods staff take at the counter, the IGTF and the totals of a sale document (docs/dominio.md §Documentos de venta y sus totales). All
// amounts are USD cents; VES is each figure × the rate frozen on the document, rounded once.
import { leerDocumento } from './identidad.ts';
import { type IgtfSettings, igtfDePago } from './igtf.ts';
import { addCents, assertCents, multiplyCents, percentOfCents, subtractCents, usdToVesCents } from './money.ts';
import { IVA_BASIS_POINTS } from './vat.ts';

export const SALE_KINDS = ['factura', 'nota-entrega'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const SALE_KIND_LABELS: Record<SaleKind, string> = { factura: 'Factura', 'nota-entrega': 'Nota de entrega' };

export const SALE_CONDITIONS = ['contado', 'credito'] as const;
export type SaleCondition = (typeof SALE_CONDITIONS)[number];
export const SALE_CONDITION_LABELS: Record<SaleCondition, string> = { contado: 'Contado', credito: 'Crédito' };

/** Where the sale came from: staff at a store (counter or wholesale) or a web order. */
export const SALE_SOURCES = ['mostrador', 'web'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

export function kindOf(condition: SaleCondition): SaleKind {
  return condition === 'contado' ? 'factura' : 'nota-entrega';
}

const NUMBER_PREFIX: Record<SaleKind, string> = { factura: 'F', 'nota-entrega': 'NE' };

/** F-CCS-000123, NE-CCS-000045: one series per store and kind. */
export function documentNumber(kind: SaleKind, storeCode: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Número de serie inválido: ${sequence}`);
  return `${NUMBER_PREFIX[kind]}-${storeCode.toUpperCase()}-${String(sequence).padStart(6, '0')}`;
}

/** The series of the número de control: one per store, shared by facturas and notas de entrega. */
export const CONTROL_SERIES = 'control';

/** Número de control of a document: 00-00000123 (the store's own series, both kinds). */
export function controlNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 99_999_999) {
    throw new RangeError(`Número de control inválido: ${sequence}`);
  }
  return `00-${String(sequence).padStart(8, '0')}`;
}

/**
 * How staff are paid at the counter. `foreign`: a foreign-currency payment, which may carry the
 * IGTF. `reference`: the payment needs a reference number; `bank`: unique per bank.
 */
export const SALE_PAYMENT_METHODS = {
  efectivo: { label: 'Efectivo en dólares', currency: 'USD', foreign: true, reference: false, bank: false },
  zelle: { label: 'Zelle', currency: 'USD', foreign: true, reference: true, bank: false },
  paypal: { label: 'PayPal', currency: 'USD', foreign: true, reference: true, bank: false },
  uphold: { label: 'Uphold', currency: 'USD', foreign: true, reference: true, bank: false },
  'efectivo-bs': { label: 'Efectivo en bolívares', currency: 'VES', foreign: false, reference: false, bank: false },
  'pago-movil': { label: 'Pago móvil', currency: 'VES', foreign: false, reference: true, bank: true },
  transferencia: { label: 'Transferencia', currency: 'VES', foreign: false, reference: true, bank: true },
  'punto-de-venta': { label: 'Punto de venta', currency: 'VES', foreign: false, reference: true, bank: true },
} as const;
export type SalePaymentMethod = keyof typeof SALE_PAYMENT_METHODS;
export const SALE_PAYMENT_METHOD_IDS = Object.keys(SALE_PAYMENT_METHODS) as SalePaymentMethod[];

export { DEFAULT_IGTF, type IgtfSettings } from './igtf.ts';

/** A counter payment's IGTF: the one rule of domain/igtf.ts, by the method's currency. */
export function igtfOf(method: SalePaymentMethod, amountUsdCents: number, settings: IgtfSettings): number {
  return igtfDePago(SALE_PAYMENT_METHODS[method].foreign ? 'USD' : 'VES', amountUsdCents, settings);
}

export type SaleLineInput = {
  priceCents: number;
  promotionCents: number;
  quantity: number;
  /** The whole line's discount (not per unit). */
  discountCents: number;
  /** Units given back (devoluciones). */
  returnedQuantity?: number;
};

export type SaleLine = {
  /** (price − promotion) × quantity, before the discount. */
  grossCents: number;
  discountCents: number;
  /** Gross − discount: the line's share of the base. */
  netCents: number;
  /** The net of the returned units (their share of the discount goes with them). */
  returnedCents: number;
};

export function saleLine(input: SaleLineInput): SaleLine {
  const { priceCents, promotionCents, quantity, discountCents } = input;
  const returned = input.returnedQuantity ?? 0;
  for (const [name, value] of [
    ['precio', priceCents],
    ['promoción', promotionCents],
    ['descuento', discountCents],
  ] as const) {
    assertCents(value, name);
    if (value < 0) throw new RangeError(`El ${name} no puede ser negativo`);
  }
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError('La cantidad debe ser un entero positivo');
  if (!Number.isSafeInteger(returned) || returned < 0 || returned > quantity) {
    throw new RangeError('Las unidades devueltas no pueden superar las vendidas');
  }
  if (promotionCents > priceCents) throw new RangeError('La promoción no puede superar el precio');
  const grossCents = multiplyCents(priceCents - promotionCents, quantity);
  if (discountCents > grossCents) throw new RangeError('El descuento no puede superar el monto de la línea');
  const netCents = subtractCents(grossCents, discountCents);
  // Returned units take their proportional share of the net, rounded half-up; all units → all of it.
  const returnedCents = returned === quantity ? netCents : Math.floor((netCents * returned * 2 + quantity) / (2 * quantity));
  return { grossCents, discountCents, netCents, returnedCents };
}

export type SaleTotals = {
  /** Σ (price − promotion) × quantity. */
  subtotalCents: number;
  descuentoCents: number;
  devolucionesCents: number;
  /** Subtotal − descuento − devoluciones: what the IVA is charged on. */
  baseImponibleCents: number;
  ivaCents: number;
  igtfCents: number;
  /** Card commission of a web order (0 at the counter). */
  comisionCents: number;
  /** Shipping a web order charged (0 at the counter): outside the base and the IVA (decision 0027). */
  envioCents: number;
  totalCents: number;
};

/**
 * docs/dominio.md §Documentos de venta y sus totales. IVA is 16 % of the base, rounded half-up once for the whole document;
 * the IGTF comes from the payments (igtfOf) and is added as its own line.
 */
export function saleTotals(
  lines: SaleLineInput[],
  extra: { igtfCents?: number; comisionCents?: number; envioCents?: number } = {},
): SaleTotals {
  const computed = lines.map(saleLine);
  const subtotalCents = addCents(...computed.map((l) => l.grossCents));
  const descuentoCents = addCents(...computed.map((l) => l.discountCents));
  const devolucionesCents = addCents(...computed.map((l) => l.returnedCents));
  const baseImponibleCents = subtractCents(subtractCents(subtotalCents, descuentoCents), devolucionesCents);
  const ivaCents = percentOfCents(baseImponibleCents, IVA_BASIS_POINTS);
  const igtfCents = extra.igtfCents ?? 0;
  const comisionCents = extra.comisionCents ?? 0;
  const envioCents = extra.envioCents ?? 0;
  assertCents(igtfCents, 'IGTF');
  assertCents(comisionCents, 'comisión');
  assertCents(envioCents, 'envío');
  const totalCents = addCents(baseImponibleCents, ivaCents, igtfCents, comisionCents, envioCents);
  return {
    subtotalCents,
    descuentoCents,
    devolucionesCents,
    baseImponibleCents,
    ivaCents,
    igtfCents,
    comisionCents,
    envioCents,
    totalCents,
  };
}

/** Every figure of the totals in bolívares at the document's frozen rate, each rounded once. */
export function totalsInVes(totals: SaleTotals, rate: string): Record<keyof SaleTotals, number> {
  const entries = Object.entries(totals).map(([key, cents]) => [key, usdToVesCents(cents, rate)]);
  return Object.fromEntries(entries) as Record<keyof SaleTotals, number>;
}

/** Age of an unpaid note by its due date, for cuentas por cobrar and por pagar. */
export const AGING_BUCKETS = ['al-dia', '1-30', '31-60', '61-90', 'mas-de-90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  'al-dia': 'Al día',
  '1-30': '1 a 30 días',
  '31-60': '31 a 60 días',
  '61-90': '61 a 90 días',
  'mas-de-90': 'Más de 90 días',
};

/** Days overdue counted on Caracas calendar days (ISO yyyy-mm-dd), due date itself still al día. */
export function daysOverdue(dueIsoDay: string, todayIsoDay: string): number {
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.max(0, Math.round((day(todayIsoDay) - day(dueIsoDay)) / 86_400_000));
}

export function agingBucket(dueIsoDay: string, todayIsoDay: string): AgingBucket {
  const days = daysOverdue(dueIsoDay, todayIsoDay);
  if (days === 0) return 'al-dia';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return 'mas-de-90';
}

/** Credit rules for a new nota de entrega (DOMAIN: limit in USD, overdue notes). */
export type CreditCheck = { limitCents: number; owedCents: number; hasOverdue: boolean; newSaleCents: number };

/** Why a credit sale needs an authorization, or null when it may go ahead. */
export function creditRefusal(check: CreditCheck): string | null {
  if (check.hasOverdue) return 'El cliente tiene notas de entrega vencidas: la venta a crédito necesita una autorización.';
  if (addCents(check.owedCents, check.newSaleCents) > check.limitCents) {
    return 'La venta supera el límite de crédito del cliente: necesita una autorización.';
  }
  return null;
}

/** One spelling per cédula or RIF for the customers table: «v 12.345.678» → «V-12345678», «j501234566» → «J-50123456-6». */
export function normalizeDni(raw: string): string {
  const lectura = leerDocumento(raw);
  if (!lectura.ok) throw new RangeError(`Cédula o RIF inválido: ${raw}`);
  return lectura.valor;
}

/**
 * How much a document's total goes down when `quantity` more units of line `index` are given
 * back: its totals before minus after (IVA included; IGTF, commission and shipping stay).
 */
export function montoDeDevolucion(lines: readonly SaleLineInput[], index: number, quantity: number): number {
  const line = lines[index];
  if (!line) throw new RangeError(`La línea ${index} no existe`);
  const before = saleTotals([...lines]);
  const after = saleTotals(lines.map((l, i) => (i === index ? { ...l, returnedQuantity: (l.returnedQuantity ?? 0) + quantity } : l)));
  return subtractCents(before.totalCents, after.totalCents);
}
