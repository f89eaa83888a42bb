// A handful of demo sales (facturas and notas de entrega) in the 60 days before `now`, across the
// stores, the sellers and the payment methods, so the sales reports show something on a fresh
// `npm start`. Deterministic (fixed seed). They are written with the real writer (insertDocument)
// but take no stock: the demo's ledger of stock movements stays as the catalogue seeded it.
import { asc, eq } from 'drizzle-orm';
import { mulberry32 } from '#domain/azar.ts';
import { fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { DEFAULT_IGTF, igtfOf, type SaleLineInput, type SalePaymentMethod, saleLine, saleTotals } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { vendedores } from '#server/modules/auth/auth.schema.ts';
import { articulos, modelos } from '#server/modules/catalogo/catalogo.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { findOrCreateCliente, insertDocument } from '#server/modules/ventas/ventas.documentos.repo.ts';

const DEMO_CLIENTES = [
  { dni: 'V-14523678', name: 'Carolina Márquez', phone: '0414-555-0142', state: 'Distrito Capital', city: 'Caracas' },
  { dni: 'J-40123456-7', name: 'Inversiones El Llano C.A.', phone: '0241-555-0190', state: 'Carabobo', city: 'Valencia' },
  { dni: 'V-18765432', name: 'Pedro Villalobos', phone: '0424-555-0178', state: 'Zulia', city: 'Maracaibo' },
  { dni: 'J-29876543-0', name: 'Modas Zuliana S.A.', phone: '0261-555-0111', state: 'Zulia', city: 'Maracaibo' },
];

const CONTADO_METHODS: SalePaymentMethod[] = ['efectivo', 'zelle', 'pago-movil', 'transferencia', 'punto-de-venta', 'efectivo-bs'];
const DEMO_SALES = 14;

/** The demo's sales; `now` anchors their dates (the demo seed's clock). */
export async function seedDemoVentas(tx: Db, now: Date): Promise<number> {
  const random = mulberry32(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const stores = await tx.select({ id: tiendas.id }).from(tiendas).where(eq(tiendas.kind, 'tienda')).orderBy(asc(tiendas.id));
  const sellers = await tx.select({ id: vendedores.id }).from(vendedores).orderBy(asc(vendedores.id));
  const articles = await tx
    .select({ code: articulos.code, name: modelos.name, price: modelos.price, promotion: modelos.promotion })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .orderBy(asc(articulos.code))
    .limit(60);
  if (stores.length === 0 || articles.length === 0) return 0;
  const customers = [];
  for (const c of DEMO_CLIENTES) customers.push(await findOrCreateCliente(tx, { ...c, address: `${c.city}, ${c.state}` }));
  // The sales keep the day's order: the oldest first, so each store's numbers grow with the dates.
  const days = Array.from({ length: DEMO_SALES }, () => 1 + Math.floor(random() * 59)).sort((a, b) => b - a);
  for (const [i, daysAgo] of days.entries()) {
    const credit = i % 4 === 3;
    const customer = credit ? customers[1 + 2 * Math.floor(random() * 2)] : pick(customers);
    const tiendaId = stores[i % stores.length].id;
    const rate = (300 + Math.floor(random() * 2500) / 100).toFixed(4);
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const article = pick(articles);
      const quantity = credit ? 3 + Math.floor(random() * 6) : 1 + Math.floor(random() * 2);
      const input: SaleLineInput = {
        priceCents: toCents(article.price),
        promotionCents: toCents(article.promotion),
        quantity,
        discountCents: credit ? Math.floor((toCents(article.price) - toCents(article.promotion)) * quantity * 0.05) : 0,
      };
      return { article, input, tiendaId };
    });
    const base = saleTotals(lines.map((l) => l.input));
    const method = credit ? 'transferencia' : CONTADO_METHODS[i % CONTADO_METHODS.length];
    // Contado: paid in full with one method (a foreign one adds its IGTF); crédito: a third down.
    const paidBase = credit ? Math.floor(base.totalCents / 3) : base.totalCents;
    const igtfCents = credit ? 0 : igtfOf(method, paidBase, DEFAULT_IGTF);
    const totals = saleTotals(
      lines.map((l) => l.input),
      { igtfCents },
    );
    const paidCents = credit ? paidBase : totals.totalCents;
    const currency = method === 'efectivo' || method === 'zelle' ? 'USD' : 'VES';
    const amountCents = currency === 'USD' ? paidCents : usdToVesCents(paidCents, rate);
    const createdAt = new Date(now.getTime() - daysAgo * 86_400_000 - Math.floor(random() * 8) * 3_600_000);
    await insertDocument(tx, {
      condition: credit ? 'credito' : 'contado',
      source: 'mostrador',
      clienteId: customer.id,
      vendedorId: i % 5 === 4 ? null : sellers.length > 0 ? sellers[i % sellers.length].id : null,
      tiendaId,
      userId: null,
      rate,
      totals,
      paidCents,
      dueDate: credit ? new Date(createdAt.getTime() + 30 * 86_400_000).toISOString().slice(0, 10) : null,
      note: 'Venta de demostración',
      createdAt,
      lines: lines.map(({ article, input }) => ({
        articleCode: article.code,
        name: article.name,
        tiendaId,
        quantity: input.quantity,
        priceCents: input.priceCents,
        promotionCents: input.promotionCents,
        discountCents: input.discountCents,
        netCents: saleLine(input).netCents,
      })),
      payments:
        paidCents > 0
          ? [
              {
                method,
                currency,
                amount: fromCents(amountCents),
                amountUsdCents: paidCents,
                rate,
                reference:
                  method === 'pago-movil' || method === 'transferencia' || method === 'punto-de-venta' || method === 'zelle'
                    ? `DEMO${100_000 + i}`
                    : '',
                bankCode: method === 'pago-movil' || method === 'transferencia' || method === 'punto-de-venta' ? '0134' : '',
                igtfCents,
              },
            ]
          : [],
    });
  }
  return days.length;
}
