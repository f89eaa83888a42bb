// Random sales documents written with the real writer (insertDocument), for the report tests: random
// stores, sellers, customers, rates, lines (with discounts and returns), payments (USD and VES, IGTF
// on foreign ones) and dates inside a window. Each document is returned with what it should add up
// to, computed with the pure rules (domain/ventas.ts), so a test can compare the reports with it.
import { asc, eq, sql } from 'drizzle-orm';
import { mulberry32 } from '#domain/azar.ts';
import { fromCents, usdToVesCents } from '#domain/money.ts';
import {
  DEFAULT_IGTF,
  igtfOf,
  SALE_PAYMENT_METHODS,
  type SaleCondition,
  type SaleLineInput,
  type SalePaymentMethod,
  type SaleTotals,
  saleLine,
  saleTotals,
} from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { vendedores } from '#server/modules/auth/auth.schema.ts';
import { articulos, modelos, sublineas } from '#server/modules/catalogo/catalogo.schema.ts';
import { tiendas } from '#server/modules/inventario/inventario.schema.ts';
import { findOrCreateCliente, insertDocument } from '#server/modules/ventas/ventas.documentos.repo.ts';
import { abonos, ventaLineas, ventas } from '#server/modules/ventas/ventas.schema.ts';

export type GeneratedDoc = {
  id: number;
  number: string;
  condition: SaleCondition;
  tiendaId: number;
  vendedorId: number | null;
  clienteId: number;
  rate: string;
  createdAt: Date;
  lines: (SaleLineInput & { articleCode: string; lineaId: number })[];
  totals: SaleTotals;
  /** Methods of its payments with the sale and of its approved abonos. */
  methods: string[];
  paymentsCount: number;
};

const METHODS = Object.keys(SALE_PAYMENT_METHODS) as SalePaymentMethod[];

/** `count` documents dated between `from` and `to` (instants), from the seed `seed`. */
export async function generateSales(db: Db, count: number, window: { from: Date; to: Date }, seed = 7): Promise<GeneratedDoc[]> {
  const random = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const stores = await db.select({ id: tiendas.id }).from(tiendas).orderBy(asc(tiendas.id));
  const sellers = await db.select({ id: vendedores.id }).from(vendedores).orderBy(asc(vendedores.id));
  const articles = await db
    .select({ code: articulos.code, name: modelos.name, lineaId: sublineas.lineaId })
    .from(articulos)
    .innerJoin(modelos, eq(modelos.code, articulos.modelCode))
    .innerJoin(sublineas, eq(sublineas.id, modelos.sublineaId))
    .orderBy(sql`md5(${articulos.code})`)
    .limit(200);
  const customers = [];
  for (let i = 0; i < 25; i++) {
    customers.push(await findOrCreateCliente(db, { dni: `V-${30_000_000 + i * 7919}`, name: `Cliente de prueba ${i + 1}` }));
  }
  const span = window.to.getTime() - window.from.getTime();
  const docs: GeneratedDoc[] = [];
  for (let i = 0; i < count; i++) {
    const condition: SaleCondition = random() < 0.7 ? 'contado' : 'credito';
    const tiendaId = pick(stores).id;
    const rate = (int(3_000_000, 6_500_000) / 10_000).toFixed(4);
    const lines = Array.from({ length: int(1, 4) }, () => {
      const article = pick(articles);
      const priceCents = int(500, 12_000);
      const promotionCents = random() < 0.3 ? int(0, Math.floor(priceCents / 3)) : 0;
      const quantity = int(1, 5);
      const gross = (priceCents - promotionCents) * quantity;
      const discountCents = random() < 0.4 ? int(0, Math.floor(gross / 5)) : 0;
      const returnedQuantity = random() < 0.1 ? int(1, quantity) : 0;
      return {
        articleCode: article.code,
        name: article.name,
        lineaId: article.lineaId,
        priceCents,
        promotionCents,
        quantity,
        discountCents,
        returnedQuantity,
      };
    });
    // One document in four carries a shipping charge (as a web order's does, decision 0027), with no
    // draw of its own so the rest of the sequence stays as it was.
    const envioCents = i % 4 === 3 ? 350 + (i % 7) * 125 : 0;
    const plain = saleTotals(lines, { envioCents });
    // Contado: paid in full with one or two methods (a foreign one pays its own IGTF on top);
    // crédito: a down payment or nothing.
    const due = condition === 'contado' ? plain.totalCents : random() < 0.5 ? Math.floor(plain.totalCents * random() * 0.5) : 0;
    const parts = due > 0 ? (random() < 0.3 && due > 1 ? [Math.floor(due / 2), due - Math.floor(due / 2)] : [due]) : [];
    const payments = parts
      .filter((cents) => cents > 0)
      .map((cents) => {
        const method = pick(METHODS);
        const igtfCents = igtfOf(method, cents, DEFAULT_IGTF);
        const usdCents = cents + igtfCents;
        const currency = SALE_PAYMENT_METHODS[method].currency;
        const stays = currency === 'USD' ? usdCents : usdToVesCents(usdCents, rate);
        // Cash is sometimes handed over in excess and the difference given back (vuelto).
        const changeCents = method.startsWith('efectivo') && random() < 0.5 ? int(1, 2_000) : 0;
        return {
          method,
          currency,
          amount: fromCents(stays + changeCents),
          change: fromCents(changeCents),
          amountUsdCents: usdCents,
          rate,
          reference: SALE_PAYMENT_METHODS[method].reference ? `R${seed}${i}${method.length}${int(1000, 9999)}` : '',
          bankCode: SALE_PAYMENT_METHODS[method].bank ? '0134' : '',
          igtfCents,
        };
      });
    const igtfCents = payments.reduce((s, p) => s + p.igtfCents, 0);
    const totals = saleTotals(lines, { igtfCents, envioCents });
    const paidCents = payments.reduce((s, p) => s + p.amountUsdCents, 0);
    const clienteId = pick(customers).id;
    const vendedorId = random() < 0.15 ? null : pick(sellers).id;
    const createdAt = new Date(window.from.getTime() + Math.floor(random() * span));
    const venta = await insertDocument(db, {
      condition,
      source: 'mostrador',
      clienteId,
      vendedorId,
      tiendaId,
      userId: null,
      rate,
      totals,
      paidCents,
      dueDate: condition === 'credito' ? new Date(createdAt.getTime() + 30 * 86_400_000).toISOString().slice(0, 10) : null,
      createdAt,
      lines: lines.map((l) => ({
        articleCode: l.articleCode,
        name: l.name,
        tiendaId,
        quantity: l.quantity,
        priceCents: l.priceCents,
        promotionCents: l.promotionCents,
        discountCents: l.discountCents,
        netCents: saleLine(l).netCents,
      })),
      payments,
    });
    // The writer records sold units; the returns come later (PATCH devoluciones): mark them as such.
    const returned = lines.filter((l) => l.returnedQuantity > 0);
    if (returned.length > 0) {
      const stored = await db
        .select({ id: ventaLineas.id })
        .from(ventaLineas)
        .where(eq(ventaLineas.ventaId, venta.id))
        .orderBy(asc(ventaLineas.id));
      for (const [j, l] of lines.entries()) {
        if (l.returnedQuantity > 0)
          await db.update(ventaLineas).set({ returnedQuantity: l.returnedQuantity }).where(eq(ventaLineas.id, stored[j].id));
      }
    }
    const methods = payments.map((p) => p.method as string);
    let paymentsCount = payments.length;
    // Some notas get abonos: approved ones count as money received, pending and rejected ones do not.
    const outstanding = totals.totalCents - paidCents;
    if (condition === 'credito' && outstanding > 2 && random() < 0.6) {
      const step = pick(['aprobado', 'aprobado', 'pendiente', 'rechazado'] as const);
      const method = pick(METHODS);
      const cents = int(1, Math.floor(outstanding / 2));
      const currency = SALE_PAYMENT_METHODS[method].currency;
      await db.insert(abonos).values({
        ventaId: venta.id,
        step,
        method,
        currency,
        amount: fromCents(currency === 'USD' ? cents : usdToVesCents(cents, rate)),
        total: fromCents(cents),
        rate,
        reference: `AB${seed}${i}`,
        createdAt: new Date(createdAt.getTime() + 3_600_000),
      });
      if (step !== 'rechazado') {
        await db
          .update(ventas)
          .set({
            balancePaid: sql`${ventas.balancePaid} + ${fromCents(cents)}::numeric`,
            outstandingBalance: sql`${ventas.outstandingBalance} - ${fromCents(cents)}::numeric`,
            paymentStatus: 'abonada',
          })
          .where(eq(ventas.id, venta.id));
      }
      if (step === 'aprobado') {
        methods.push(method);
        paymentsCount++;
      }
    }
    docs.push({
      id: venta.id,
      number: venta.number,
      condition,
      tiendaId,
      vendedorId,
      clienteId,
      rate,
      createdAt,
      lines,
      totals,
      methods,
      paymentsCount,
    });
  }
  return docs;
}
