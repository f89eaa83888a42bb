// Stock movements: entries, exits, transfers and physical counts, each written to the ledger in
// the same transaction as the stock it changes, so on hand is always the sum of its movements.
// Rows are locked in the order holdStock uses (article, store): a movement racing a checkout waits
// its turn and never deadlocks, and never takes units that are held for a cart or an order.
import type { LedgerRow, MovementInput, StockLevelRow } from '#domain/contracts/almacen.ts';
import {
  type LedgerKind,
  type Movement,
  planMovements,
  problemMessage,
  type StockLevel,
  stockKey,
  touchedStock,
} from '#domain/existencia.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import * as repo from './inventario.repo.ts';

/** One movement of a batch; `reference` and `note` default to the batch's. */
export type MovementLine = Movement & { reference?: string; note?: string };

/** Who records a batch, and what it is (a supplier's document, an import's file name…). */
export type MovementBatch = { userId: number | null; reference?: string; note?: string };

export type LineProblem = { index: number; message: string };

/** A batch refused as a whole (400), with every problem by the index of its movement. */
export class MovimientosRechazados extends ReglaNegocio {
  readonly problems: LineProblem[];
  constructor(problems: LineProblem[]) {
    const shown = problems.slice(0, 3).map((p) => p.message);
    const more = problems.length > 3 ? ` Y ${problems.length - 3} problemas más.` : '';
    super(`${shown.join(' ')}${more}`);
    this.problems = problems;
  }
}

export type RecordedBatch = {
  /** Ledger row ids, in the order of the movements (a transfer has two). */
  ids: number[];
  /** On hand and held of every touched (article, store) after the batch. */
  levels: Map<string, StockLevel>;
};

/**
 * Records a batch of movements within the caller's transaction (`tx` must be one): every movement
 * or none. Checks that each article and store exists and that a store receiving goods is active,
 * locks the stock rows, applies the movements in order (domain/existencia.ts) and writes the new
 * quantities and one ledger row per change. Refuses with MovimientosRechazados listing every
 * problem by index, so an import can report each bad row. One statement per step whatever the
 * size of the batch.
 */
export async function registrarMovimientos(tx: Db, lines: MovementLine[], batch: MovementBatch): Promise<RecordedBatch> {
  if (lines.length === 0) return { ids: [], levels: new Map() };
  const storeIds = [...new Set(lines.flatMap((l) => (l.kind === 'traslado' ? [l.tiendaId, l.toTiendaId] : [l.tiendaId])))];
  const [articles, stores] = await Promise.all([
    repo.findArticleCodes(tx, [...new Set(lines.map((l) => l.articleCode))]),
    repo.findStoresById(tx, storeIds),
  ]);
  const storeById = new Map(stores.map((s) => [s.id, s]));
  const storeName = (id: number) => storeById.get(id)?.name ?? `la tienda ${id}`;
  const problems: LineProblem[] = [];
  lines.forEach((line, index) => {
    if (!articles.has(line.articleCode)) problems.push({ index, message: `El artículo ${line.articleCode} no existe.` });
    for (const id of line.kind === 'traslado' ? [line.tiendaId, line.toTiendaId] : [line.tiendaId]) {
      if (!storeById.has(id)) problems.push({ index, message: `La tienda ${id} no existe.` });
    }
    const receiving = line.kind === 'entrada' ? line.tiendaId : line.kind === 'traslado' ? line.toTiendaId : null;
    if (receiving !== null && storeById.get(receiving)?.active === false) {
      problems.push({ index, message: `${storeName(receiving)} está inactiva: actívela antes de recibir mercancía.` });
    }
  });
  if (problems.length > 0) throw new MovimientosRechazados(problems);

  const locked = await repo.lockStock(tx, touchedStock(lines));
  const rowByKey = new Map(locked.map((r) => [stockKey(r.articleCode, r.tiendaId), r]));
  const plan = planMovements(
    new Map(locked.map((r) => [stockKey(r.articleCode, r.tiendaId), { quantity: r.quantity, held: r.held }])),
    lines,
  );
  if (!plan.ok) throw new MovimientosRechazados(plan.problems.map((p) => ({ index: p.index, message: problemMessage(p, storeName) })));

  // The last entry with a lote sets the row's lote and day of manufacture.
  const lastLote = new Map<string, { lote: string; manufacturedAt: string | null }>();
  for (const e of plan.entries) {
    if (e.kind === 'entrada' && (e.lote || e.manufacturedAt)) lastLote.set(stockKey(e.articleCode, e.tiendaId), e);
  }
  await repo.setStockQuantities(
    tx,
    [...plan.levels].flatMap(([key, level]) => {
      const row = rowByKey.get(key);
      if (!row) return [];
      const lote = lastLote.get(key);
      return [{ id: row.id, quantity: level.quantity, lote: lote?.lote ?? '', manufacturedAt: lote?.manufacturedAt ?? null }];
    }),
  );
  const ids = await repo.insertLedgerRows(
    tx,
    plan.entries.map((e) => ({
      articleCode: e.articleCode,
      tiendaId: e.tiendaId,
      kind: e.kind,
      quantity: e.quantity,
      balance: e.balance,
      otherTiendaId: e.otherTiendaId,
      lote: e.lote,
      manufacturedAt: e.manufacturedAt,
      reference: lines[e.index].reference || batch.reference || '',
      note: lines[e.index].note || batch.note || '',
      userId: batch.userId,
    })),
  );
  return { ids, levels: plan.levels };
}

function movementOf(input: MovementInput): MovementLine {
  const common = { articleCode: input.articleCode, tiendaId: input.tiendaId, reference: input.reference, note: input.note };
  switch (input.kind) {
    case 'entrada':
      return { ...common, kind: 'entrada', quantity: input.quantity, lote: input.lote, manufacturedAt: input.manufacturedAt ?? null };
    case 'salida':
      return { ...common, kind: 'salida', quantity: input.quantity };
    case 'traslado':
      return { ...common, kind: 'traslado', quantity: input.quantity, toTiendaId: input.toTiendaId };
    case 'conteo':
      return { ...common, kind: 'conteo', counted: input.counted };
  }
}

function stockLevelView(r: Awaited<ReturnType<typeof repo.findStockRows>>[number]): StockLevelRow {
  return {
    tiendaId: r.tienda_id,
    code: r.code,
    name: r.name,
    kind: r.kind === 'almacen' ? 'almacen' : 'tienda',
    active: r.active,
    sellsWeb: r.sells_web,
    quantity: r.quantity,
    held: r.held,
    available: r.quantity - r.held,
    lote: r.lote,
    manufacturedAt: r.manufactured_at ? new Date(r.manufactured_at).toISOString() : null,
  };
}

/** One movement typed by staff: the ledger rows it wrote and the stock it left in each touched store. */
export async function registrarMovimiento(db: Db, input: MovementInput, userId: number | null) {
  return db.transaction(async (tx) => {
    const line = movementOf(input);
    const { ids } = await registrarMovimientos(tx, [line], { userId });
    const [{ rows }, stock] = await Promise.all([
      repo.findLedger(tx, { ids }, ids.length, 0),
      repo.findStockRows(tx, touchedStock([line])),
    ]);
    // In the order they were written (the ledger lists the newest first).
    return { movimientos: rows.map(ledgerView).sort((x, y) => x.id - y.id), existencia: stock.map(stockLevelView) };
  });
}

export function ledgerView(r: repo.LedgerListRow): LedgerRow {
  return {
    id: r.id,
    kind: r.kind as LedgerKind,
    articleCode: r.articleCode,
    articleName: `${r.modelName} · ${r.colorName} · ${r.sizeLabel}`,
    tienda: { id: r.tiendaId, code: r.tiendaCode, name: r.tiendaName },
    otherTienda:
      r.otherId !== null && r.otherCode !== null && r.otherName !== null ? { id: r.otherId, code: r.otherCode, name: r.otherName } : null,
    quantity: r.quantity,
    balance: r.balance,
    lote: r.lote,
    manufacturedAt: r.manufacturedAt,
    reference: r.reference,
    note: r.note,
    user: r.userId !== null && r.nickname !== null ? { id: r.userId, nickname: r.nickname } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Midnight of a Caracas day (UTC−4, no daylight saving) as an instant. */
const caracasMidnight = (day: string) => new Date(`${day}T04:00:00.000Z`);

export type LedgerQuery = {
  page: number;
  per_page: number;
  articleCode?: string;
  tiendaId?: number;
  kind?: LedgerKind;
  desde?: string;
  hasta?: string;
};

/** The ledger, newest first; `desde` and `hasta` are Caracas days, both included. */
export async function libroDeMovimientos(db: Db, q: LedgerQuery) {
  const filter: repo.LedgerFilter = {
    articleCode: q.articleCode,
    tiendaId: q.tiendaId,
    kind: q.kind,
    from: q.desde ? caracasMidnight(q.desde) : undefined,
    until: q.hasta ? new Date(caracasMidnight(q.hasta).getTime() + 86_400_000) : undefined,
  };
  const { rows, total } = await repo.findLedger(db, filter, q.per_page, offsetOf(q.page, q.per_page));
  return { items: rows.map(ledgerView), meta: metaFor(q.page, q.per_page, total) };
}

/** An article's stock in every store: on hand, held, free. */
export async function existenciaDelArticulo(db: Db, articleCode: string) {
  const [article, stores] = await Promise.all([repo.findArticle(db, articleCode), repo.findStockPerStore(db, articleCode)]);
  if (!article) throw new NoEncontrado(`El artículo ${articleCode} no existe.`);
  const rows: StockLevelRow[] = stores.map((s) => ({
    tiendaId: s.tiendaId,
    code: s.code,
    name: s.name,
    kind: s.kind === 'almacen' ? 'almacen' : 'tienda',
    active: s.active,
    sellsWeb: s.sellsWeb,
    quantity: s.quantity,
    held: s.held,
    available: s.quantity - s.held,
    lote: s.lote,
    manufacturedAt: s.manufacturedAt ? s.manufacturedAt.toISOString() : null,
  }));
  const sum = (pick: (r: StockLevelRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return {
    articleCode: article.code,
    name: article.name,
    colorName: article.colorName,
    sizeLabel: article.sizeLabel,
    quantity: sum((r) => r.quantity),
    held: sum((r) => r.held),
    available: sum((r) => r.available),
    stores: rows,
  };
}
