// Stock movements as pure rules: what each kind of movement does to the on-hand units of an
// article in a store, and whether a batch of them fits what is there (never below the units held
// for carts and orders). The server locks the stock rows, runs `planMovements` on what it read and
// writes the ledger rows it returns, all in one transaction.

/** What staff record by hand (or an import): entry, exit, transfer, physical count. */
export const MOVEMENT_KINDS = ['entrada', 'salida', 'traslado', 'conteo'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Every kind of ledger row: also the stock a store started with, a sale (an order's dispatch or a
 * counter sale) and the units a customer gave back. */
export const LEDGER_KINDS = ['inicial', ...MOVEMENT_KINDS, 'venta', 'devolucion'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  inicial: 'Existencia inicial',
  entrada: 'Entrada',
  salida: 'Salida',
  traslado: 'Traslado',
  conteo: 'Conteo físico',
  venta: 'Venta',
  devolucion: 'Devolución',
};

/** The most units one movement may move, and the most a store may hold of one article. */
export const MAX_UNITS_PER_MOVEMENT = 100_000;
export const MAX_UNITS_ON_HAND = 10_000_000;

type Common = { articleCode: string; tiendaId: number };

export type Movement =
  | (Common & { kind: 'entrada'; quantity: number; lote?: string; manufacturedAt?: string | null })
  | (Common & { kind: 'salida'; quantity: number })
  | (Common & { kind: 'traslado'; quantity: number; toTiendaId: number })
  | (Common & { kind: 'conteo'; counted: number })
  /** Units a customer gave back on a sale: they come in like an entry (registered by the sale's return). */
  | (Common & { kind: 'devolucion'; quantity: number });

/** On hand and held (for carts and orders) of one article in one store. */
export type StockLevel = { quantity: number; held: number };

/** A ledger row to write: `quantity` is the change of on hand, `balance` what is on hand after it. */
export type LedgerEntry = {
  /** The movement of the batch it comes from (a transfer gives two rows). */
  index: number;
  kind: Movement['kind'];
  articleCode: string;
  tiendaId: number;
  quantity: number;
  balance: number;
  otherTiendaId: number | null;
  lote: string;
  manufacturedAt: string | null;
};

export type MovementProblem =
  /** An exit or the sending side of a transfer wants more than the free units (on hand − held). */
  | { index: number; motivo: 'sin-existencia'; articleCode: string; tiendaId: number; wanted: number; onHand: number; held: number }
  /** A count below what is held: those units are promised to carts or orders. */
  | { index: number; motivo: 'conteo-menor-que-apartado'; articleCode: string; tiendaId: number; counted: number; held: number }
  | { index: number; motivo: 'misma-tienda'; articleCode: string; tiendaId: number }
  | { index: number; motivo: 'demasiadas-unidades'; articleCode: string; tiendaId: number; wanted: number };

export type MovementPlan =
  | { ok: true; entries: LedgerEntry[]; levels: Map<string, StockLevel> }
  | { ok: false; problems: MovementProblem[] };

export function stockKey(articleCode: string, tiendaId: number): string {
  return `${articleCode}\u0000${tiendaId}`;
}

/** The (article, store) rows a batch touches: each must be read (and locked) before planning. */
export function touchedStock(movements: readonly Movement[]): { articleCode: string; tiendaId: number }[] {
  const seen = new Map<string, { articleCode: string; tiendaId: number }>();
  for (const m of movements) {
    seen.set(stockKey(m.articleCode, m.tiendaId), { articleCode: m.articleCode, tiendaId: m.tiendaId });
    if (m.kind === 'traslado') seen.set(stockKey(m.articleCode, m.toTiendaId), { articleCode: m.articleCode, tiendaId: m.toTiendaId });
  }
  return [...seen.values()];
}

/**
 * Applies the movements in order to `levels` (rows missing from it have nothing), every problem
 * listed, or the ledger rows to write and the levels that result. A movement that fails leaves
 * the levels as they were, so the next ones are judged on what the valid ones left.
 */
export function planMovements(levels: ReadonlyMap<string, StockLevel>, movements: readonly Movement[]): MovementPlan {
  const current = new Map<string, StockLevel>();
  for (const [key, level] of levels) current.set(key, { ...level });
  const level = (articleCode: string, tiendaId: number) => {
    const key = stockKey(articleCode, tiendaId);
    let found = current.get(key);
    if (!found) {
      found = { quantity: 0, held: 0 };
      current.set(key, found);
    }
    return found;
  };
  const entries: LedgerEntry[] = [];
  const problems: MovementProblem[] = [];
  for (const [index, m] of movements.entries()) {
    const outcome = applyOne(index, m, level);
    if (Array.isArray(outcome)) entries.push(...outcome);
    else problems.push(outcome);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries, levels: current };
}

/** One movement on the levels: the ledger rows it writes (the levels are updated), or why it cannot be. */
function applyOne(
  index: number,
  m: Movement,
  level: (articleCode: string, tiendaId: number) => StockLevel,
): LedgerEntry[] | MovementProblem {
  const { articleCode, tiendaId } = m;
  const here = level(articleCode, tiendaId);
  const row = (store: number, change: number, balance: number, other: number | null): LedgerEntry => ({
    index,
    kind: m.kind,
    articleCode,
    tiendaId: store,
    quantity: change,
    balance,
    otherTiendaId: other,
    lote: m.kind === 'entrada' ? (m.lote ?? '') : '',
    manufacturedAt: m.kind === 'entrada' ? (m.manufacturedAt ?? null) : null,
  });
  const tooMany = (wanted: number): MovementProblem => ({ index, motivo: 'demasiadas-unidades', articleCode, tiendaId, wanted });
  switch (m.kind) {
    case 'entrada':
    case 'devolucion': {
      if (m.quantity > MAX_UNITS_PER_MOVEMENT || here.quantity + m.quantity > MAX_UNITS_ON_HAND) return tooMany(m.quantity);
      here.quantity += m.quantity;
      return [row(tiendaId, m.quantity, here.quantity, null)];
    }
    case 'salida':
    case 'traslado': {
      if (m.kind === 'traslado' && m.toTiendaId === tiendaId) return { index, motivo: 'misma-tienda', articleCode, tiendaId };
      if (m.quantity > MAX_UNITS_PER_MOVEMENT) return tooMany(m.quantity);
      if (m.quantity > here.quantity - here.held) {
        return { index, motivo: 'sin-existencia', articleCode, tiendaId, wanted: m.quantity, onHand: here.quantity, held: here.held };
      }
      if (m.kind === 'salida') {
        here.quantity -= m.quantity;
        return [row(tiendaId, -m.quantity, here.quantity, null)];
      }
      const there = level(articleCode, m.toTiendaId);
      if (there.quantity + m.quantity > MAX_UNITS_ON_HAND) return tooMany(m.quantity);
      here.quantity -= m.quantity;
      there.quantity += m.quantity;
      return [row(tiendaId, -m.quantity, here.quantity, m.toTiendaId), row(m.toTiendaId, m.quantity, there.quantity, tiendaId)];
    }
    case 'conteo': {
      if (m.counted > MAX_UNITS_ON_HAND) return tooMany(m.counted);
      if (m.counted < here.held)
        return { index, motivo: 'conteo-menor-que-apartado', articleCode, tiendaId, counted: m.counted, held: here.held };
      const change = m.counted - here.quantity;
      here.quantity = m.counted;
      return [row(tiendaId, change, here.quantity, null)];
    }
  }
}

/** 1234567 → "1.234.567", as es-VE writes it (by hand, without ICU data). */
export function formatUnits(n: number): string {
  const digits = String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return n < 0 ? `-${digits}` : digits;
}

const units = (n: number) => (n === 1 ? '1 unidad' : `${formatUnits(n)} unidades`);

/** The Spanish message of a problem, naming the article and the store (by their names for people). */
export function problemMessage(problem: MovementProblem, storeName: (tiendaId: number) => string): string {
  const where = `de ${problem.articleCode} en ${storeName(problem.tiendaId)}`;
  switch (problem.motivo) {
    case 'sin-existencia': {
      const free = Math.max(problem.onHand - problem.held, 0);
      const heldNote =
        problem.held > 0 ? ` (${units(problem.onHand)} en mano, ${units(problem.held)} apartadas para carritos u órdenes)` : '';
      return `No hay suficientes unidades libres ${where}: quedan ${units(free)}${heldNote} y se piden ${units(problem.wanted)}.`;
    }
    case 'conteo-menor-que-apartado':
      return `El conteo ${where} (${units(problem.counted)}) es menor que lo apartado para carritos u órdenes (${units(problem.held)}): despache o anule esas órdenes antes de ajustar.`;
    case 'misma-tienda':
      return `El traslado ${where} debe ir a otra tienda.`;
    case 'demasiadas-unidades':
      return `La cantidad ${where} es demasiado grande (${units(problem.wanted)}).`;
  }
}
