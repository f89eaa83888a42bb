// Fixed lists and limits of the store (docs/dominio.md §Listas fijas, §Tamaños de página y límites).
import type { Currency } from './money.ts';

export type Option<T extends string = string> = { value: T; label: string };

/**
 * [value, label] pairs for a select, in the order of the ids. Its calls below are marked pure, so the
 * browser build can drop a list no code of the page uses.
 */
export function toOptions<T extends string>(ids: readonly T[], labels: Record<T, string>): Option<T>[] {
  return ids.map((value) => ({ value, label: labels[value] }));
}

export const SHIPPING_AGENCY_IDS = ['tealca', 'fedex', 'domesa', 'mrw', 'dhl', 'zoom', 'liberty'] as const;
export type ShippingAgencyId = (typeof SHIPPING_AGENCY_IDS)[number];
export const SHIPPING_AGENCY_LABELS: Record<ShippingAgencyId, string> = {
  tealca: 'TEALCA',
  fedex: 'FedEx',
  domesa: 'DOMESA',
  mrw: 'MRW',
  dhl: 'DHL',
  zoom: 'Zoom',
  liberty: 'Liberty',
};

export const PAY_SHIPPING_IDS = ['delivery-gratis', 'cobro-a-destino', 'pagado-por-el-cliente'] as const;
export type PayShippingId = (typeof PAY_SHIPPING_IDS)[number];
export const PAY_SHIPPING_LABELS: Record<PayShippingId, string> = {
  'delivery-gratis': 'Delivery gratis',
  'cobro-a-destino': 'Cobro a destino',
  'pagado-por-el-cliente': 'Pagado por el cliente',
};
export const PAY_SHIPPING_OPTIONS = /* @__PURE__ */ toOptions(PAY_SHIPPING_IDS, PAY_SHIPPING_LABELS);
export const DEFAULT_PAY_SHIPPING: PayShippingId = 'delivery-gratis';

export const PAYMENT_METHOD_IDS = [
  'uphold',
  'paypal',
  'tarjeta',
  'zelle',
  'efectivo',
  'pago-movil',
  'transferencia',
  'pago-pendiente',
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/**
 * icon: a Tabler icon name. takesReference: the payment carries a reference number (the
 * provider's id for uphold/paypal). needsBank: the reference is unique per bank.
 * cardCommission: the 5,8 % + 0,30 USD commission is added. currency: what the buyer pays in.
 */
export type PaymentMethod = {
  label: string;
  icon: string;
  takesReference: boolean;
  needsBank: boolean;
  cardCommission: boolean;
  currency: Currency;
};

export const PAYMENT_METHODS: Record<PaymentMethodId, PaymentMethod> = {
  uphold: { label: 'Uphold', icon: 'wallet', takesReference: true, needsBank: false, cardCommission: true, currency: 'USD' },
  paypal: { label: 'PayPal', icon: 'brand-paypal', takesReference: true, needsBank: false, cardCommission: true, currency: 'USD' },
  // Paid only online, on the card provider's page (docs/decisions/0036): never reported by hand.
  tarjeta: {
    label: 'Tarjeta de débito o crédito',
    icon: 'credit-card',
    takesReference: false,
    needsBank: false,
    cardCommission: true,
    currency: 'USD',
  },
  zelle: { label: 'Zelle', icon: 'currency-dollar', takesReference: true, needsBank: false, cardCommission: false, currency: 'USD' },
  efectivo: { label: 'Efectivo', icon: 'cash', takesReference: false, needsBank: false, cardCommission: false, currency: 'USD' },
  'pago-movil': {
    label: 'Pago móvil',
    icon: 'device-mobile',
    takesReference: true,
    needsBank: true,
    cardCommission: false,
    currency: 'VES',
  },
  transferencia: {
    label: 'Transferencia',
    icon: 'building-bank',
    takesReference: true,
    needsBank: true,
    cardCommission: false,
    currency: 'VES',
  },
  'pago-pendiente': {
    label: 'Pago pendiente',
    icon: 'clock',
    takesReference: false,
    needsBank: false,
    cardCommission: false,
    currency: 'USD',
  },
};

/**
 * Caps of a web order, so orders nobody pays cannot take the catalogue off sale: units of one
 * article (all its stores together), and units of the whole order. Every web order holds its
 * units until staff confirm its payment, and a reported reference is only a claim until then, so
 * the cap holds whatever the payment method; larger purchases are made with the store's staff.
 */
export const MAX_UNITS_PER_LINE = 10;
export const MAX_UNITS_WEB_ORDER = 20;

export const SALE_LINE_KEYS = ['lo-nuevo', 'mas-vendidos', 'promociones'] as const;
export type SaleLineKey = (typeof SALE_LINE_KEYS)[number];

export const CHECKOUT_STEPS = [
  { step: 1, key: 'carrito', label: 'Carrito', progress: 20 },
  { step: 2, key: 'datos', label: 'Sus datos', progress: 40 },
  { step: 3, key: 'envio', label: 'Envío', progress: 60 },
  { step: 4, key: 'pago', label: 'Pago', progress: 80 },
  { step: 5, key: 'confirmacion', label: 'Confirmación', progress: 100 },
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]['step'];

/** The step of ?paso=N: anything else is step 1. */
export function checkoutStepOf(value: string | null): CheckoutStep {
  const step = Number(value);
  return (Number.isInteger(step) && step >= 1 && step <= 5 ? step : 1) as CheckoutStep;
}

/** Next/back stay within steps 1–5. */
export function moveCheckoutStep(step: CheckoutStep, direction: 'siguiente' | 'anterior'): CheckoutStep {
  const target = step + (direction === 'siguiente' ? 1 : -1);
  return Math.min(5, Math.max(1, target)) as CheckoutStep;
}

export const TOAST_TIMEOUT_MS = 5000;
export { LOADING_BAR } from './barra-de-carga.ts';
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const FETCH_MIN_DELAY_MS = 200;
export const ACCESS_COOKIE_DAYS = 365;
/** Lo nuevo and más vendidos show up to this many random articles. */
export const SHOWCASE_RANDOM_LIMIT = 6;

export const DEFAULT_EXCHANGE_RATE = { currency: 'USD', amount: '1' } as const;
export const DEFAULT_DISPLAY_CURRENCY: Currency = 'USD';

export const CHILD_RELATIONSHIP_IDS = ['hijo', 'sobrino', 'nieto', 'hermano', 'ahijado'] as const;
export type ChildRelationship = (typeof CHILD_RELATIONSHIP_IDS)[number];
export const CHILD_RELATIONSHIP_LABELS: Record<ChildRelationship, string> = {
  hijo: 'Hijo',
  sobrino: 'Sobrino',
  nieto: 'Nieto',
  hermano: 'Hermano',
  ahijado: 'Ahijado',
};

export const GENDER_IDS = ['masculino', 'femenino'] as const;
export type Gender = (typeof GENDER_IDS)[number];
export const GENDER_LABELS: Record<Gender, string> = { masculino: 'Masculino', femenino: 'Femenino' };

export const SHIPPING_AGENCY_OPTIONS = /* @__PURE__ */ toOptions(SHIPPING_AGENCY_IDS, SHIPPING_AGENCY_LABELS);
export const CHILD_RELATIONSHIP_OPTIONS = /* @__PURE__ */ toOptions(CHILD_RELATIONSHIP_IDS, CHILD_RELATIONSHIP_LABELS);
const CHILD_RELATIONSHIP_FEMININE: Record<ChildRelationship, string> = {
  hijo: 'Hija',
  sobrino: 'Sobrina',
  nieto: 'Nieta',
  hermano: 'Hermana',
  ahijado: 'Ahijada',
};
const CHILD_RELATIONSHIP_BOTH: Record<ChildRelationship, string> = {
  hijo: 'Hijo o hija',
  sobrino: 'Sobrino o sobrina',
  nieto: 'Nieto o nieta',
  hermano: 'Hermano o hermana',
  ahijado: 'Ahijado o ahijada',
};

/**
 * The kinships in the form that agrees with the child's sex (hija, sobrina… with «Femenino»); both
 * forms before one is chosen. The value kept is the same either way (`hijo`, `sobrino`…).
 */
export function childRelationshipOptions(gender: string): Option<ChildRelationship>[] {
  const labels =
    gender === 'femenino' ? CHILD_RELATIONSHIP_FEMININE : gender === 'masculino' ? CHILD_RELATIONSHIP_LABELS : CHILD_RELATIONSHIP_BOTH;
  return toOptions(CHILD_RELATIONSHIP_IDS, labels);
}

/** «Sobrina» for a girl kept as `sobrino`: how a saved child's kinship reads. */
export function childRelationshipLabel(relationship: string, gender: string): string {
  return childRelationshipOptions(gender).find((o) => o.value === relationship)?.label ?? relationship;
}
export const GENDER_OPTIONS = /* @__PURE__ */ toOptions(GENDER_IDS, GENDER_LABELS);
