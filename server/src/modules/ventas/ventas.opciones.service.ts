// Option lists ({ value, label, … }) for pickers: salesmen, customers with their credit, web orders.
import { formatUsd, toCents } from '#domain/money.ts';
import type { Db } from '#server/db/client.ts';
import { buscar as buscarOrdenes } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import * as repo from './ventas.venta.repo.ts';
import { opcionesDeClientes } from './ventas.venta.service.ts';

export async function vendedores(db: Db, search: string | undefined, limit: number) {
  const rows = await repo.findVendedores(db, search, limit);
  return rows.map((v) => ({ value: v.id, label: `${v.code} · ${v.name}`, code: v.code, name: v.name, userId: v.userId }));
}

export async function clientes(db: Db, search: string | undefined, limit: number) {
  const rows = await opcionesDeClientes(db, search, limit);
  return rows.map(({ id, ...c }) => ({ value: id, label: `${c.name} (${c.dni})`, ...c }));
}

export async function ordenes(db: Db, search: string | undefined, limit: number) {
  const { items } = await buscarOrdenes(db, { search }, 1, limit);
  return items.map((o) => ({
    value: o.code,
    label: `${o.code} · ${o.buyer} · ${formatUsd(toCents(o.total))}`,
    step: o.step,
    buyer: o.buyer,
    total: o.total,
  }));
}
