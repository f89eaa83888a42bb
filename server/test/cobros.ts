// Test setup of the receivables: a credit sale (nota de entrega) or a paid factura written with the
// real writer (ventas.documentos.repo insertDocument), its lines priced by domain/ventas.ts. It takes
// no stock: the tests of returns compare the stock before and after.
import { sql } from 'drizzle-orm';
import { type SaleLineInput, saleLine, saleTotals } from '#domain/ventas.ts';
import { findOrCreateCliente, insertDocument } from '#server/modules/ventas/ventas.documentos.repo.ts';
import type { TestApp } from './build-test-app.ts';
import { rows } from './inject.ts';

export type SaleLineSetup = { articleCode: string; tiendaId: number; quantity: number; priceCents: number; discountCents?: number };

export type SaleSetup = {
  dni: string;
  name?: string;
  condition?: 'credito' | 'contado';
  lines: SaleLineSetup[];
  /** Paid with the sale (contado: the total unless told). */
  paidCents?: number;
  dueDate?: string | null;
  createdAt?: Date;
  rate?: string;
};

export type SaleCreated = { id: number; number: string; clienteId: number; totalCents: number; lineIds: number[] };

export async function registrarVenta(t: TestApp, setup: SaleSetup): Promise<SaleCreated> {
  const inputs: SaleLineInput[] = setup.lines.map((l) => ({
    priceCents: l.priceCents,
    promotionCents: 0,
    quantity: l.quantity,
    discountCents: l.discountCents ?? 0,
  }));
  const totals = saleTotals(inputs);
  const condition = setup.condition ?? 'credito';
  const venta = await t.database.db.transaction(async (tx) => {
    const cliente = await findOrCreateCliente(tx, { dni: setup.dni, name: setup.name ?? `Cliente ${setup.dni}` });
    return insertDocument(tx, {
      condition,
      source: 'mostrador',
      clienteId: cliente.id,
      tiendaId: setup.lines[0].tiendaId,
      userId: null,
      rate: setup.rate ?? '40.0000',
      totals,
      paidCents: setup.paidCents ?? (condition === 'contado' ? totals.totalCents : 0),
      dueDate: setup.dueDate === undefined ? (condition === 'credito' ? '2099-12-31' : null) : setup.dueDate,
      createdAt: setup.createdAt,
      lines: setup.lines.map((l, i) => ({
        articleCode: l.articleCode,
        name: `Artículo ${l.articleCode}`,
        tiendaId: l.tiendaId,
        quantity: l.quantity,
        priceCents: l.priceCents,
        promotionCents: 0,
        discountCents: l.discountCents ?? 0,
        netCents: saleLine(inputs[i]).netCents,
      })),
      payments: [],
    });
  });
  const lines = await rows<{ id: number }>(t, sql`SELECT id FROM venta_lineas WHERE venta_id = ${venta.id} ORDER BY id`);
  return { id: venta.id, number: venta.number, clienteId: venta.clienteId, totalCents: totals.totalCents, lineIds: lines.map((l) => l.id) };
}

export type StoredNote = {
  total: string;
  discount: string;
  balance_paid: string;
  outstanding_balance: string;
  credit_in_favor: string;
  payment_status: string;
};

export async function storedNote(t: TestApp, id: number): Promise<StoredNote> {
  const [row] = await rows<StoredNote>(
    t,
    sql`SELECT total::text, discount::text, balance_paid::text, outstanding_balance::text, credit_in_favor::text, payment_status
          FROM ventas WHERE id = ${id}`,
  );
  return row;
}

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await rows<{ id: number }>(t, sql`SELECT id FROM usuarios WHERE email = ${email}`);
  return row.id;
}
