// Stores and warehouses: the list of the back office, creating and editing one, and the stores a
// shopper may visit (/nuestras-tiendas).
import type { PublicStore, Store, StoreInput, StorePatch } from '#domain/contracts/almacen.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import * as repo from './inventario.repo.ts';

function storeView(r: repo.StoreRow): Store {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind === 'almacen' ? 'almacen' : 'tienda',
    state: r.state,
    city: r.city,
    address: r.address,
    phone: r.phone,
    hours: r.hours,
    mapUrl: r.mapUrl,
    ships: r.ships,
    sellsWeb: r.sellsWeb,
    active: r.active,
  };
}

const codeTaken = (code: string) => new ReglaNegocio(`Ya existe una tienda con el código ${code}.`);

export async function tiendas(
  db: Db,
  q: {
    page: number;
    per_page: number;
    search?: string;
    filter?: repo.StoreFilter['filter'];
    sort_by: repo.StoreFilter['sortBy'];
    sort_desc?: boolean;
  },
) {
  const { rows, total } = await repo.findStores(
    db,
    { search: q.search || undefined, filter: q.filter, sortBy: q.sort_by, descending: q.sort_desc ?? false },
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  return { items: rows.map(storeView), meta: metaFor(q.page, q.per_page, total) };
}

export async function registrarTienda(db: Db, input: StoreInput): Promise<Store> {
  const row = await repo.insertStore(db, input);
  if (!row) throw codeTaken(input.code);
  return storeView(row);
}

/** Edits some fields of a store; its code stays unique (the unique index decides, also between two edits at once). */
export async function actualizarTienda(db: Db, { id, ...changes }: StorePatch): Promise<Store> {
  let row: repo.StoreRow | undefined;
  try {
    row = await repo.updateStore(db, id, changes);
  } catch (error) {
    if (changes.code && isUniqueViolation(error)) throw codeTaken(changes.code);
    throw error;
  }
  if (!row) throw new NoEncontrado('La tienda no existe.');
  return storeView(row);
}

export async function nuestrasTiendas(db: Db): Promise<PublicStore[]> {
  return repo.findVisitableStores(db);
}
