// Shipping rates by agency and state: what the checkout quotes and the server charges.
import { SHIPPING_AGENCY_IDS, type ShippingAgencyId } from './store-constants.ts';
import { VENEZUELAN_STATES } from './venezuela.ts';

/** costUsd null: the agency collects the shipping from the buyer on delivery («por cobrar en destino»). */
export type ShippingRate = {
  agency: ShippingAgencyId;
  state: string;
  costUsd: string | null;
  daysMin: number;
  daysMax: number;
};

export type ShippingQuote =
  | { kind: 'retiro'; costUsd: '0.00' }
  | { kind: 'pagado'; costUsd: string; daysMin: number; daysMax: number }
  | { kind: 'por-cobrar'; costUsd: '0.00'; daysMin: number; daysMax: number }
  | { kind: 'sin-tarifa' };

/**
 * The shipping the order carries. A pickup at a store is free; a shipment takes the rate of its
 * agency and state; «por cobrar» adds nothing to the order (the agency charges on delivery).
 */
export function quoteShipping(
  rates: readonly ShippingRate[],
  delivery: { shipping: string; agency: string; state: string },
): ShippingQuote {
  if (delivery.shipping === 'retiro-en-tienda') return { kind: 'retiro', costUsd: '0.00' };
  const rate = rates.find((r) => r.agency === delivery.agency && r.state === delivery.state);
  if (!rate) return { kind: 'sin-tarifa' };
  if (rate.costUsd === null) return { kind: 'por-cobrar', costUsd: '0.00', daysMin: rate.daysMin, daysMax: rate.daysMax };
  return { kind: 'pagado', costUsd: rate.costUsd, daysMin: rate.daysMin, daysMax: rate.daysMax };
}

/** What the order charges for a quote, in cents (0 for a pickup and «por cobrar»); null without a rate. */
export function shippingCentsOf(quote: ShippingQuote): number | null {
  if (quote.kind === 'sin-tarifa') return null;
  return Math.round(Number(quote.costUsd) * 100);
}

/** Who pays the shipping, as the order keeps it (delivery.payShipping): decided by the rate, not the buyer. */
export function payShippingOf(quote: ShippingQuote): 'pagado-por-el-cliente' | 'cobro-a-destino' | '' {
  if (quote.kind === 'pagado') return 'pagado-por-el-cliente';
  if (quote.kind === 'por-cobrar') return 'cobro-a-destino';
  return '';
}

/** «2 a 4 días hábiles», «1 día hábil»: the estimate as the buyer reads it. */
export function shippingEstimate(daysMin: number, daysMax: number): string {
  if (daysMin === daysMax) return `${daysMin} ${daysMin === 1 ? 'día hábil' : 'días hábiles'}`;
  return `${daysMin} a ${daysMax} días hábiles`;
}

/** The refusal of a shipment no rate covers (the order is not created). */
export function noShippingRateMessage(agencyLabel: string, state: string): string {
  return `${agencyLabel} no tiene una tarifa de envío para ${state}. Elija otra agencia o el retiro en tienda.`;
}

/** An order's shipping as it was saved (delivery + the shipping column), for every page and mail. */
export type OrderShipping = {
  shipping: string;
  agencyLabel: string;
  payShipping: string;
  daysMin?: number | null;
  daysMax?: number | null;
};

/**
 * The shipping row of an order: its label («Envío MRW») and what it shows instead of an amount
 * («Sin costo» for a pickup, «Por cobrar en destino») or null when the amount is shown; the
 * estimate when the order kept one.
 */
export function shippingRow(order: OrderShipping): { label: string; instead: string | null; estimate: string | null } {
  if (order.shipping === 'retiro-en-tienda') return { label: 'Retiro en tienda', instead: 'Sin costo', estimate: null };
  // A WhatsApp order (decision 0033): the store and the buyer agree the shipping in the chat.
  if (order.shipping === 'por-acordar') return { label: 'Envío', instead: 'Por acordar por WhatsApp', estimate: null };
  const estimate = order.daysMin != null && order.daysMax != null ? shippingEstimate(order.daysMin, order.daysMax) : null;
  const label = order.agencyLabel ? `Envío ${order.agencyLabel}` : 'Envío';
  return { label, instead: order.payShipping === 'cobro-a-destino' ? 'Por cobrar en destino' : null, estimate };
}

/** «1–2 días», «1 día»: the estimate as the checkout shows it. */
export function formatShippingDays(daysMin: number, daysMax: number): string {
  if (daysMin === daysMax) return `${daysMin} ${daysMin === 1 ? 'día' : 'días'}`;
  return `${daysMin}–${daysMax} días`;
}

/** A Spanish message for the first problem of an edited rate, or null when it is valid. */
export function shippingRateProblem(rate: ShippingRate): string | null {
  if (!SHIPPING_AGENCY_IDS.includes(rate.agency)) return 'La agencia no existe';
  if (!VENEZUELAN_STATES.some((s) => s.name === rate.state)) return `El estado «${rate.state}» no existe`;
  if (rate.costUsd !== null && !/^\d{1,6}(\.\d{1,2})?$/.test(rate.costUsd)) return 'El costo debe ser un monto en dólares, como 4.50';
  if (!Number.isInteger(rate.daysMin) || rate.daysMin < 0 || rate.daysMin > 60) return 'Los días mínimos van de 0 a 60';
  if (!Number.isInteger(rate.daysMax) || rate.daysMax < rate.daysMin || rate.daysMax > 60)
    return 'Los días máximos van de los mínimos a 60';
  return null;
}

// Demo rates: the centre (Caracas and around) is cheap and quick, the far states cost more and take
// longer, and some agencies only collect on delivery where they have no prepaid service.
const ZONE_OF_STATE: Record<string, 0 | 1 | 2 | 3> = {
  'Distrito Capital': 0,
  Miranda: 0,
  'La Guaira': 0,
  Aragua: 1,
  Carabobo: 1,
  Lara: 1,
  Yaracuy: 1,
  Anzoátegui: 1,
  Guárico: 1,
  Cojedes: 1,
  Portuguesa: 2,
  Falcón: 2,
  Barinas: 2,
  Mérida: 2,
  Trujillo: 2,
  Táchira: 2,
  Zulia: 2,
  Monagas: 2,
  Sucre: 2,
  'Nueva Esparta': 2,
  Bolívar: 2,
  Apure: 3,
  Amazonas: 3,
  'Delta Amacuro': 3,
  'Dependencias Federales': 3,
};
const ZONE_COST_USD = ['3.50', '5.00', '7.00', '11.00'] as const;
const ZONE_DAYS = [
  [1, 2],
  [2, 3],
  [3, 5],
  [5, 8],
] as const;
const AGENCY_EXTRA_CENTS: Record<ShippingAgencyId, number | null> = {
  mrw: 0,
  zoom: 50,
  tealca: 0,
  domesa: 100,
  fedex: 400,
  dhl: 500,
  liberty: null,
};

export function demoShippingRates(): ShippingRate[] {
  return SHIPPING_AGENCY_IDS.flatMap((agency) =>
    VENEZUELAN_STATES.map(({ name }) => {
      const zone = ZONE_OF_STATE[name] ?? 3;
      const extra = AGENCY_EXTRA_CENTS[agency];
      const cents = Math.round(Number(ZONE_COST_USD[zone]) * 100) + (extra ?? 0);
      const [daysMin, daysMax] = ZONE_DAYS[zone];
      const costUsd = extra === null || (zone === 3 && agency === 'tealca') ? null : (cents / 100).toFixed(2);
      return { agency, state: name, costUsd, daysMin, daysMax };
    }),
  );
}
