// A counter (or wholesale) sale's payments against its total, as pure rules shared by the server and
// the "Nueva venta" page: each payment's USD equivalent at the document's rate, its IGTF, the total
// with the IGTF, what is still owed and the change («vuelto») given from cash.
//
// The IGTF is 3 % (ajustes_venta) of what each foreign-currency payment leaves in the store, so the
// total depends on the payments: total = base + IVA + Σ IGTF, and a contado sale is settled when
// Σ USD kept = total exactly. Cash handed over beyond that is change, given from the last cash
// payment listed (the bill handed over last); any other excess is refused.
import { addCents, assertCents, formatUsd, subtractCents, usdToVesCents, vesToUsdCents } from './money.ts';
import {
  type IgtfSettings,
  igtfOf,
  SALE_PAYMENT_METHODS,
  type SaleCondition,
  type SaleLineInput,
  type SalePaymentMethod,
  type SaleTotals,
  saleTotals,
} from './ventas.ts';

/** The most change a sale may give, in USD cents (or its equivalent in bolívares). */
export const MAX_CHANGE_USD_CENTS = 10_000;

/** Cash at the counter: the only payments that can give change. */
export const CASH_METHODS: readonly SalePaymentMethod[] = ['efectivo', 'efectivo-bs'];

export function currencyOf(method: SalePaymentMethod): 'USD' | 'VES' {
  return SALE_PAYMENT_METHODS[method].currency;
}

/** A payment as typed: cents in the method's own currency (Bs. for VES methods). */
export type CounterPayment = { method: SalePaymentMethod; amountCents: number };

export type SettledPayment = {
  method: SalePaymentMethod;
  currency: 'USD' | 'VES';
  /** Handed over, in its own currency. */
  amountCents: number;
  /** Given back from it (vuelto), in its own currency. */
  changeCents: number;
  /** What it leaves in the store, in USD at the rate. */
  amountUsdCents: number;
  igtfCents: number;
};

export type Settlement = {
  totals: SaleTotals;
  payments: SettledPayment[];
  /** Σ USD kept from the payments. */
  paidCents: number;
  /** Total − paid (a nota's balance; 0 on a settled factura). */
  owedCents: number;
  /** The change in USD and Bs. (its payment's own currency is the one handed back). */
  changeUsdCents: number;
};

export type SettlementOutcome = { ok: true; settlement: Settlement } | { ok: false; motivo: string };

const usd = formatUsd;

function usdOf(method: SalePaymentMethod, amountCents: number, rate: string): number {
  return currencyOf(method) === 'USD' ? amountCents : vesToUsdCents(amountCents, rate);
}

/**
 * The kept part of a cash payment that makes the sale come out exact, when the other payments leave
 * `neededCents` to cover (before this payment's own IGTF): the smallest amount in its currency whose
 * USD, less its IGTF, reaches what is needed. Null when even all of it does not.
 */
function keptToCover(method: SalePaymentMethod, handedCents: number, neededCents: number, rate: string, igtf: IgtfSettings) {
  const covers = (kept: number) => {
    const keptUsd = usdOf(method, kept, rate);
    return keptUsd - igtfOf(method, keptUsd, igtf) >= neededCents;
  };
  if (!covers(handedCents)) return null;
  // Bolívares carry no IGTF: keep the total's own figure in Bs. (as the document shows it) when it covers.
  if (currencyOf(method) === 'VES') {
    const natural = usdToVesCents(neededCents, rate);
    if (natural <= handedCents && covers(natural)) return natural;
  }
  // covers() only goes from false to true as the amount grows: the first true by bisection.
  let low = 0;
  let high = handedCents;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (covers(middle)) high = middle;
    else low = middle;
  }
  return covers(low) ? low : high;
}

function settled(method: SalePaymentMethod, amountCents: number, keptCents: number, rate: string, igtf: IgtfSettings): SettledPayment {
  const amountUsdCents = usdOf(method, keptCents, rate);
  return {
    method,
    currency: currencyOf(method),
    amountCents,
    changeCents: subtractCents(amountCents, keptCents),
    amountUsdCents,
    igtfCents: igtfOf(method, amountUsdCents, igtf),
  };
}

/**
 * Settles the payments of a sale against its lines. Contado: the payments must cover the total
 * exactly (cash over it is change). Crédito: they are a down payment, at most the total.
 */
export function settleSale(
  lines: SaleLineInput[],
  payments: readonly CounterPayment[],
  options: { rate: string; igtf: IgtfSettings; condition: SaleCondition },
): SettlementOutcome {
  const { rate, igtf, condition } = options;
  const base = saleTotals(lines);
  for (const p of payments) {
    assertCents(p.amountCents, 'monto del pago');
    if (p.amountCents <= 0) return { ok: false, motivo: 'Cada pago debe ser mayor que cero.' };
    if (usdOf(p.method, p.amountCents, rate) <= 0) {
      return { ok: false, motivo: `El pago de ${SALE_PAYMENT_METHODS[p.method].label} es demasiado pequeño para la tasa del día.` };
    }
  }
  let result = payments.map((p) => settled(p.method, p.amountCents, p.amountCents, rate, igtf));
  const totalOf = (list: SettledPayment[]) => addCents(base.totalCents, ...list.map((p) => p.igtfCents));
  const paidOf = (list: SettledPayment[]) => addCents(0, ...list.map((p) => p.amountUsdCents));

  if (paidOf(result) > totalOf(result)) {
    const cashIndex = result.map((p) => p.method).findLastIndex((m) => CASH_METHODS.includes(m));
    if (cashIndex < 0) {
      return {
        ok: false,
        motivo: `Los pagos suman ${usd(paidOf(result))}, más que el total de ${usd(totalOf(result))}. Solo el efectivo puede dar vuelto: corrija los montos.`,
      };
    }
    const others = result.filter((_, i) => i !== cashIndex);
    const needed = subtractCents(totalOf(others), paidOf(others));
    const cash = payments[cashIndex];
    if (needed <= 0) {
      return {
        ok: false,
        motivo: `Los otros pagos ya cubren el total de ${usd(totalOf(others))}: quite el pago de ${SALE_PAYMENT_METHODS[cash.method].label}.`,
      };
    }
    const kept = keptToCover(cash.method, cash.amountCents, needed, rate, igtf);
    if (kept === null) throw new Error('El efectivo cubría el total y ya no lo cubre');
    result = result.map((p, i) => (i === cashIndex ? settled(cash.method, cash.amountCents, kept, rate, igtf) : p));
  }

  const totals = saleTotals(lines, { igtfCents: addCents(0, ...result.map((p) => p.igtfCents)) });
  const paidCents = paidOf(result);
  // A Bs. amount can only land on whole USD cents when the rate is 1 or more; below that, a cent over is refused.
  if (paidCents > totals.totalCents) {
    return { ok: false, motivo: `Los pagos suman ${usd(paidCents)}, más que el total de ${usd(totals.totalCents)}: corrija los montos.` };
  }
  const owedCents = subtractCents(totals.totalCents, paidCents);
  if (condition === 'contado' && owedCents > 0) {
    return {
      ok: false,
      motivo: `Los pagos suman ${usd(paidCents)} y el total es ${usd(totals.totalCents)}: faltan ${usd(owedCents)} para una venta de contado.`,
    };
  }
  const change = result.find((p) => p.changeCents > 0);
  const changeUsdCents = change ? usdOf(change.method, change.changeCents, rate) : 0;
  // Nobody hands over more than a banknote too many: a larger change is a typo in the amount.
  if (changeUsdCents > MAX_CHANGE_USD_CENTS) {
    return {
      ok: false,
      motivo: `El vuelto sería de ${usd(changeUsdCents)}: revise el monto del efectivo (el vuelto no puede pasar de ${usd(MAX_CHANGE_USD_CENTS)}).`,
    };
  }
  return { ok: true, settlement: { totals, payments: result, paidCents, owedCents, changeUsdCents } };
}

/**
 * What one more payment with `method` must be, in its own currency, to cover `owedCents` (USD) left
 * after the other payments, counting its own IGTF: what the page fills in for «Completar».
 */
export function amountToCover(method: SalePaymentMethod, owedCents: number, rate: string, igtf: IgtfSettings): number {
  assertCents(owedCents);
  if (owedCents <= 0) return 0;
  if (currencyOf(method) === 'VES') {
    let ves = usdToVesCents(owedCents, rate);
    while (vesToUsdCents(ves, rate) < owedCents) ves += 1;
    return ves;
  }
  const basisPoints = igtf.charged && SALE_PAYMENT_METHODS[method].foreign ? igtf.basisPoints : 0;
  if (basisPoints >= 10_000) throw new RangeError('Con un IGTF de 100 % ningún pago en divisas cubre la venta');
  // owed / (1 − IGTF), less a few cents for the rounding, then up to the first amount that covers.
  let cents = Math.max(owedCents, Math.floor((owedCents * 10_000) / (10_000 - basisPoints)) - 2);
  while (cents - igtfOf(method, cents, igtf) < owedCents) cents += 1;
  return cents;
}

/** A nota's due date: the Caracas day of the sale plus the customer's credit days (aaaa-mm-dd). */
export function dueDateOf(saleDay: string, creditDays: number): string {
  if (!Number.isSafeInteger(creditDays) || creditDays < 0) throw new RangeError(`Días de crédito inválidos: ${creditDays}`);
  const day = new Date(`${saleDay}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Fecha inválida: ${saleDay}`);
  return new Date(day.getTime() + creditDays * 86_400_000).toISOString().slice(0, 10);
}
