// Pure rules of the sales reports: the label of any payment method a sale, an abono or a web order
// may carry, the instants that bound a range of Caracas days, and the quick ranges of the filters.
import { PAYMENT_METHODS } from './store-constants.ts';
import { SALE_PAYMENT_METHODS } from './ventas.ts';

/** The Spanish name of a payment method, whichever list it comes from; unknown ids read as written. */
export function paymentMethodLabel(method: string): string {
  if (Object.hasOwn(SALE_PAYMENT_METHODS, method)) return SALE_PAYMENT_METHODS[method as keyof typeof SALE_PAYMENT_METHODS].label;
  if (Object.hasOwn(PAYMENT_METHODS, method)) return PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS].label;
  return method;
}

/** Every method a sale or an abono may be paid with, for the filters. */
export const REPORT_PAYMENT_METHODS: { value: string; label: string }[] = Object.entries(SALE_PAYMENT_METHODS).map(([value, m]) => ({
  value,
  label: m.label,
}));

/** The first instant of a Caracas day (UTC−4, no daylight saving). */
export function caracasDayStart(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00.000-04:00`);
}

/** The first instant after a Caracas day: a range is [start of from, start of the day after to). */
export function caracasDayEnd(isoDay: string): Date {
  return new Date(caracasDayStart(isoDay).getTime() + 86_400_000);
}

function shiftDays(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type DayRange = { label: string; from: string; to: string };

/** Quick ranges for the filters, from today (a Caracas day aaaa-mm-dd); a week starts on Monday. */
export function rangePresets(today: string): DayRange[] {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = shiftDays(monthStart, -1);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return [
    { label: 'Hoy', from: today, to: today },
    { label: 'Esta semana', from: shiftDays(today, -((weekday + 6) % 7)), to: today },
    { label: 'Este mes', from: monthStart, to: today },
    { label: 'Mes pasado', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
    { label: 'Últimos 90 días', from: shiftDays(today, -89), to: today },
  ];
}
