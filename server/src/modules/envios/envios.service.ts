// The shipping an order carries, quoted from the rate of its agency and state (docs/decisions/0027).
import { quoteShipping, type ShippingQuote } from '#domain/envios.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './envios.repo.ts';

/** The quote of one delivery: a pickup reads no rate; a shipment reads only its agency and state. */
export async function quoteFor(db: Db, delivery: { shipping: string; agency: string; state: string }): Promise<ShippingQuote> {
  if (delivery.shipping === 'retiro-en-tienda') return quoteShipping([], delivery);
  return quoteShipping(await repo.findRate(db, delivery.agency, delivery.state), delivery);
}
