// The IGTF (impuesto a las grandes transacciones financieras), one rule for every channel: a web
// order, a counter sale, an abono. A payment in divisas (US dollars) carries the IGTF when the
// store charges it: the store's rate (basis points, 300 = 3 %) of what that payment is worth in
// USD, rounded half-up once per payment. Bolívares never carry it. Paying X in divisas therefore
// takes the smallest A with A − IGTF(A) ≥ X, and then A = X + IGTF(A) exactly.
import { assertCents, percentOfCents } from './money.ts';

/** Whether the store charges the IGTF and at what rate (basis points: 300 = 3 %). */
export type IgtfSettings = { charged: boolean; basisPoints: number };
export const DEFAULT_IGTF: IgtfSettings = { charged: true, basisPoints: 300 };

/** The IGTF of one payment: only a payment in divisas, only when the store charges it. */
export function igtfDePago(currency: 'USD' | 'VES', amountUsdCents: number, settings: IgtfSettings): number {
  assertCents(amountUsdCents);
  if (!settings.charged || currency !== 'USD' || amountUsdCents <= 0) return 0;
  return percentOfCents(amountUsdCents, settings.basisPoints);
}

/**
 * The IGTF a payment in divisas adds to cover `neededCents`: with A the smallest amount such that
 * A − IGTF(A) ≥ neededCents, the IGTF is IGTF(A) and A = neededCents + IGTF(A).
 */
export function igtfParaCubrir(neededCents: number, settings: IgtfSettings): number {
  assertCents(neededCents);
  if (!settings.charged || neededCents <= 0 || settings.basisPoints <= 0) return 0;
  const r = settings.basisPoints / 10_000;
  // A first guess just below the answer, then up a cent at a time (a step or two at most).
  let amount = Math.max(neededCents, Math.floor(neededCents / (1 - r)) - 2);
  while (amount - percentOfCents(amount, settings.basisPoints) < neededCents) amount++;
  return amount - neededCents;
}

/** The rate as a person reads it: «3 %», «2,5 %». */
export function igtfTasaTexto(settings: Pick<IgtfSettings, 'basisPoints'>): string {
  const percent = (settings.basisPoints / 100)
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
  return `${percent} %`;
}
