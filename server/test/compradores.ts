// Many distinct buyers ordering from a few articles, for the tests and benches that need contention
// on the same stock rows (the PostgreSQL durability test, the checkout bench).

export type BuyerLine = { articleCode: string; tiendaId: number; quantity: number };

/**
 * The n-th buyer's checkout body: one or two of `articles` in one store, one or two units each, its
 * own name and e-mail (bodies differ, as real ones do). The same n always gives the same order.
 */
export function buyerOrder(n: number, articles: string[], tiendaId: number): { lines: BuyerLine[]; body: object } {
  const first = n % articles.length;
  const picked = n % 3 === 0 && articles.length > 1 ? [first, (first + 1) % articles.length] : [first];
  const lines = picked.map((i, j) => ({ articleCode: articles[i], tiendaId, quantity: 1 + ((n + j) % 2) }));
  const buyer = {
    fullName: `Comprador ${n}`,
    email: `comprador${n}@correo.com`,
    // Each buyer its own phone too: open unpaid orders are limited per e-mail, cédula and phone.
    phone: `0414-${String(n % 10_000_000).padStart(7, '0')}`,
    dni: `V-${10_000_000 + n}`,
    state: 'Carabobo',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, casa 12',
  };
  return {
    lines,
    body: {
      user: buyer,
      delivery: { ...buyer, contact: buyer.fullName, agency: 'mrw' },
      items: lines.map((l) => ({ articleCode: l.articleCode, stores: [{ tiendaId: l.tiendaId, quantity: l.quantity }] })),
      payment: { method: 'pago-pendiente' },
    },
  };
}

/** A distinct client address per buyer, sent as X-Forwarded-For to a server with TRUST_PROXY=true. */
export function buyerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
