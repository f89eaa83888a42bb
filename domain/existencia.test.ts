import { describe, expect, it } from 'vitest';
import { mulberry32 } from './azar.ts';
import {
  formatUnits,
  MAX_UNITS_ON_HAND,
  type Movement,
  planMovements,
  problemMessage,
  type StockLevel,
  stockKey,
  touchedStock,
} from './existencia.ts';

const A = 'CFRA001NEGRMD';
const levels = (entries: [string, number, StockLevel][]) => new Map(entries.map(([a, t, l]) => [stockKey(a, t), l]));
const names = (id: number) => `Tienda ${id}`;

describe('movimientos de existencia', () => {
  it('una entrada suma, una salida resta y cada fila lleva el saldo que deja', () => {
    const plan = planMovements(levels([[A, 1, { quantity: 5, held: 0 }]]), [
      { kind: 'entrada', articleCode: A, tiendaId: 1, quantity: 3, lote: 'L1', manufacturedAt: '2026-01-10' },
      { kind: 'salida', articleCode: A, tiendaId: 1, quantity: 6 },
    ]);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.entries.map((e) => [e.kind, e.quantity, e.balance, e.lote, e.manufacturedAt])).toEqual([
      ['entrada', 3, 8, 'L1', '2026-01-10'],
      ['salida', -6, 2, '', null],
    ]);
    expect(plan.levels.get(stockKey(A, 1))).toEqual({ quantity: 2, held: 0 });
  });

  it('una devolución de un cliente suma a la tienda con su propia fila del libro', () => {
    const plan = planMovements(levels([[A, 1, { quantity: 2, held: 2 }]]), [
      { kind: 'devolucion', articleCode: A, tiendaId: 1, quantity: 3 },
    ]);
    expect(plan.ok && plan.entries.map((e) => [e.kind, e.quantity, e.balance, e.lote])).toEqual([['devolucion', 3, 5, '']]);
    expect(plan.ok && plan.levels.get(stockKey(A, 1))).toEqual({ quantity: 5, held: 2 });
  });

  it('un traslado escribe dos filas, una por tienda, cada una nombrando la otra', () => {
    const plan = planMovements(levels([[A, 1, { quantity: 4, held: 1 }]]), [
      { kind: 'traslado', articleCode: A, tiendaId: 1, toTiendaId: 2, quantity: 3 },
    ]);
    expect(plan.ok && plan.entries.map((e) => [e.tiendaId, e.quantity, e.balance, e.otherTiendaId])).toEqual([
      [1, -3, 1, 2],
      [2, 3, 3, 1],
    ]);
  });

  it('no se saca más de lo libre (en mano − apartado): el problema nombra artículo y tienda', () => {
    const plan = planMovements(levels([[A, 1, { quantity: 4, held: 2 }]]), [{ kind: 'salida', articleCode: A, tiendaId: 1, quantity: 3 }]);
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.problems).toEqual([{ index: 0, motivo: 'sin-existencia', articleCode: A, tiendaId: 1, wanted: 3, onHand: 4, held: 2 }]);
    expect(problemMessage(plan.problems[0], names)).toBe(
      `No hay suficientes unidades libres de ${A} en Tienda 1: quedan 2 unidades (4 unidades en mano, 2 unidades apartadas para carritos u órdenes) y se piden 3 unidades.`,
    );
  });

  it('un traslado sin existencia en el origen o hacia la misma tienda se rechaza', () => {
    const plan = planMovements(new Map(), [
      { kind: 'traslado', articleCode: A, tiendaId: 1, toTiendaId: 2, quantity: 1 },
      { kind: 'traslado', articleCode: A, tiendaId: 1, toTiendaId: 1, quantity: 1 },
    ]);
    expect(!plan.ok && plan.problems.map((p) => p.motivo)).toEqual(['sin-existencia', 'misma-tienda']);
  });

  it('el conteo fija lo contado escribiendo la diferencia (también cero), nunca por debajo de lo apartado', () => {
    const start = levels([[A, 1, { quantity: 7, held: 2 }]]);
    const down = planMovements(start, [{ kind: 'conteo', articleCode: A, tiendaId: 1, counted: 4 }]);
    expect(down.ok && down.entries.map((e) => [e.quantity, e.balance])).toEqual([[-3, 4]]);
    const same = planMovements(start, [{ kind: 'conteo', articleCode: A, tiendaId: 1, counted: 7 }]);
    expect(same.ok && same.entries.map((e) => [e.quantity, e.balance])).toEqual([[0, 7]]);
    const below = planMovements(start, [{ kind: 'conteo', articleCode: A, tiendaId: 1, counted: 1 }]);
    expect(!below.ok && below.problems[0].motivo).toBe('conteo-menor-que-apartado');
    expect(!below.ok && problemMessage(below.problems[0], names)).toContain(`El conteo de ${A} en Tienda 1 (1 unidad)`);
  });

  it('un lote se juzga en orden: lo que entra primero puede salir después; cada movimiento malo se informa con su índice', () => {
    const plan = planMovements(new Map(), [
      { kind: 'entrada', articleCode: A, tiendaId: 1, quantity: 2 },
      { kind: 'salida', articleCode: A, tiendaId: 1, quantity: 2 },
      { kind: 'salida', articleCode: A, tiendaId: 1, quantity: 1 },
      { kind: 'entrada', articleCode: A, tiendaId: 1, quantity: MAX_UNITS_ON_HAND },
    ]);
    expect(!plan.ok && plan.problems.map((p) => [p.index, p.motivo])).toEqual([
      [2, 'sin-existencia'],
      [3, 'demasiadas-unidades'],
    ]);
  });

  it('las filas tocadas incluyen el destino de un traslado, una vez cada una', () => {
    expect(
      touchedStock([
        { kind: 'traslado', articleCode: A, tiendaId: 1, toTiendaId: 2, quantity: 1 },
        { kind: 'salida', articleCode: A, tiendaId: 2, quantity: 1 },
      ]),
    ).toEqual([
      { articleCode: A, tiendaId: 1 },
      { articleCode: A, tiendaId: 2 },
    ]);
  });

  it('escribe las unidades como en Venezuela', () => {
    expect(formatUnits(1234567)).toBe('1.234.567');
    expect(formatUnits(999)).toBe('999');
  });
});

describe('propiedad: el libro cuadra', () => {
  it('para 500 lotes al azar (sin los movimientos rechazados), en mano = inicial + suma de sus filas, nunca negativo ni bajo lo apartado, y cada saldo es la suma corrida', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const next = mulberry32(seed);
      const int = (max: number) => Math.floor(next() * (max + 1));
      const articles = ['ART00001XS', 'ART00001MD'];
      const start = new Map<string, StockLevel>();
      for (const a of articles)
        for (const t of [1, 2, 3]) {
          const quantity = int(6);
          start.set(stockKey(a, t), { quantity, held: int(quantity) });
        }
      const movements: Movement[] = Array.from({ length: 1 + int(8) }, () => {
        const articleCode = articles[int(1)];
        const tiendaId = 1 + int(2);
        const kind = (['entrada', 'salida', 'traslado', 'conteo'] as const)[int(3)];
        if (kind === 'entrada') return { kind, articleCode, tiendaId, quantity: 1 + int(5) };
        if (kind === 'salida') return { kind, articleCode, tiendaId, quantity: 1 + int(5) };
        if (kind === 'traslado') return { kind, articleCode, tiendaId, quantity: 1 + int(5), toTiendaId: 1 + int(2) };
        return { kind, articleCode, tiendaId, counted: int(8) };
      });
      // A refused batch is planned again without its refused movements, until what is left fits.
      let batch = movements;
      let plan = planMovements(start, batch);
      while (!plan.ok) {
        const refused = new Set(plan.problems.map((p) => p.index));
        for (const p of plan.problems) expect(problemMessage(p, names)).toContain(p.articleCode);
        batch = batch.filter((_, i) => !refused.has(i));
        plan = planMovements(start, batch);
      }
      const running = new Map([...start].map(([k, l]) => [k, l.quantity]));
      for (const e of plan.entries) {
        const key = stockKey(e.articleCode, e.tiendaId);
        running.set(key, (running.get(key) ?? 0) + e.quantity);
        expect(e.balance, `semilla ${seed}`).toBe(running.get(key));
        expect(e.balance).toBeGreaterThanOrEqual(0);
      }
      for (const [key, level] of plan.levels) {
        expect(level.quantity, `semilla ${seed}`).toBe(running.get(key) ?? 0);
        expect(level.quantity).toBeGreaterThanOrEqual(level.held);
        expect(level.held).toBe(start.get(key)?.held ?? 0);
      }
    }
  });
});
