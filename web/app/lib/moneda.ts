// The shopper's display currency, kept in a cookie so server-rendered prices match the choice.
import type { Currency } from '#domain/money.ts';

export const CURRENCY_COOKIE = 'moneda';

export function readCurrency(cookieHeader: string | null): Currency {
  const match = cookieHeader?.match(/(?:^|;\s*)moneda=(USD|VES)/);
  return match?.[1] === 'VES' ? 'VES' : 'USD';
}
