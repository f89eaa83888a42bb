// Stock movements through the API: entries, exits, transfers and counts, the ledger and its
// filters, an order's dispatch as a 'venta' movement, the ledger adding up to on hand after any mix
// of operations, and a transfer racing many checkouts (PostgreSQL: BUYERS_AT_ONCE real buyers).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '#domain/azar.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { BUYERS_AT_ONCE, type OrdenesDriver, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { BUYER, DELIVERY, otroComprador, reportadoExacto } from '#test/ordenes.ts';
import { MovimientosRechazados, registrarMovimientos } from './inventario.movimientos.service.ts';

let t: TestApp;
let api: OrdenesDriver;
let stores: { id: number; code: string; name: string }[] = [];
let articles: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
  stores = await rows(t, sql`SELECT id, code, name FROM tiendas ORDER BY id`);
  articles = (
    await rows<{ code: string }>(
      t,
      sql`SELECT a.code FROM articulos a JOIN modelos m ON m.code = a.model_code AND m.active WHERE a.code LIKE 'DBLU%' ORDER BY a.code LIMIT 12`,
    )
  ).map((r) => r.code);
});

afterAll(async () => {
  await t?.close();
});

const store = (code: string) => {
  const found = stores.find((s) => s.code === code);
  if (!found) throw new Error(code);
  return found;
};
const mover = (body: object, role = 'inventario') => api.call(role, 'POST', '/api/almacen/movimientos', body);

async function level(article: string, tiendaId: number) {
  const [row] = await rows<{ quantity: number; held: number }>(
    t,
    sql`SELECT quantity, held FROM inventario WHERE article_code = ${article} AND tienda_id = ${tiendaId}`,
  );
  return row ?? { quantity: 0, held: 0 };
}

/** Every (article, store) whose ledger does not add up to its on hand, or whose last balance is not it. */
async function ledgerMismatches() {
  return rows<{ article_code: string; tienda_id: number; quantity: number | null; ledger: number | null }>(
    t,
    sql`WITH sums AS (SELECT article_code, tienda_id, sum(quantity)::int AS ledger FROM movimientos_inventario GROUP BY 1, 2),
             last AS (SELECT DISTINCT ON (article_code, tienda_id) article_code, tienda_id, balance FROM movimientos_inventario
                       ORDER BY article_code, tienda_id, id DESC)
        SELECT coalesce(i.article_code, s.article_code) AS article_code, coalesce(i.tienda_id, s.tienda_id) AS tienda_id,
               i.quantity, s.ledger
          FROM inventario i
          FULL JOIN sums s ON s.article_code = i.article_code AND s.tienda_id = i.tienda_id
          LEFT JOIN last l ON l.article_code = i.article_code AND l.tienda_id = i.tienda_id
         WHERE coalesce(i.quantity, 0) <> coalesce(s.ledger, 0) OR (l.balance IS NOT NULL AND l.balance <> i.quantity)`,
  );
}

/** Sets an article's on hand in a store with a count (so the ledger records it), holds left alone. */
async function contar(article: string, tiendaId: number, counted: number) {
  const response = await mover({ kind: 'conteo', articleCode: article, tiendaId, counted });
  if (response.statusCode !== 201) throw new Error(`conteo ${article}: ${response.statusCode} ${response.body}`);
}

/** The order's whole path to dispatch: payment reported and confirmed, inventory confirmed, dispatched. */
async function despachar(code: string, token: string) {
  const payment = { method: 'zelle', reference: `Z${code.replace(/\D/g, '')}`, amount: '10.00', date: '2026-11-20' };
  const reported = await api.registrarPago(code, payment, { token });
  await reportadoExacto(t, code);
  const steps = [
    reported,
    await api.confirmarPago(code, true),
    await api.call('inventario', 'PATCH', '/api/orden-compra/confirmar-inventario', { code }),
    await api.call('despacho', 'PATCH', '/api/orden-compra/despachar', { code }),
  ];
  return steps.map((r) => r.statusCode);
}

function orderFor(lines: { article: string; tiendaId: number; quantity: number }[], n: number) {
  const byArticle = new Map<string, { tiendaId: number; quantity: number }[]>();
  for (const l of lines) byArticle.set(l.article, [...(byArticle.get(l.article) ?? []), { tiendaId: l.tiendaId, quantity: l.quantity }]);
  return {
    user: { ...BUYER, ...otroComprador(n) },
    delivery: DELIVERY,
    items: [...byArticle].map(([articleCode, s]) => ({ articleCode, stores: s })),
    payment: { method: 'pago-pendiente' },
  };
}

describe('el libro empieza cuadrado', () => {
  it('la existencia de la demostración es el movimiento inicial de cada fila', async () => {
    expect(await ledgerMismatches()).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM movimientos_inventario WHERE kind <> 'inicial'`);
    expect(n).toBe(0);
  });
});

describe('movimientos', () => {
  it('una entrada suma con su lote y fecha de fabricación, y queda en el libro con quién la hizo', async () => {
    const [a] = articles;
    const ccs = store('CCS');
    const before = await level(a, ccs.id);
    const response = await mover({
      kind: 'entrada',
      articleCode: a.toLowerCase(),
      tiendaId: String(ccs.id),
      quantity: '12',
      lote: 'L202605',
      manufacturedAt: '2026-03-15',
      reference: 'Factura proveedor 0042',
    });
    expect(response.statusCode).toBe(201);
    const { movimientos, existencia } = response.json().data;
    expect(movimientos).toHaveLength(1);
    expect(movimientos[0]).toMatchObject({
      kind: 'entrada',
      articleCode: a,
      tienda: { id: ccs.id, code: 'CCS', name: ccs.name },
      otherTienda: null,
      quantity: 12,
      balance: before.quantity + 12,
      lote: 'L202605',
      manufacturedAt: '2026-03-15',
      reference: 'Factura proveedor 0042',
      user: { nickname: expect.any(String) },
    });
    expect(existencia).toEqual([
      expect.objectContaining({ tiendaId: ccs.id, quantity: before.quantity + 12, held: before.held, lote: 'L202605' }),
    ]);
    expect((await level(a, ccs.id)).quantity).toBe(before.quantity + 12);
  });

  it('una salida mayor que lo libre (en mano − apartado) es un 400 que nombra artículo y tienda; con el motivo y lo libre, sale', async () => {
    const [, a] = articles;
    const val = store('VAL');
    await contar(a, val.id, 3);
    await api.registrarOrden(orderFor([{ article: a, tiendaId: val.id, quantity: 2 }], 1), 'salida-apartado-1');
    const refused = await mover({ kind: 'salida', articleCode: a, tiendaId: val.id, quantity: 2, note: 'Mercancía dañada' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `No hay suficientes unidades libres de ${a} en ${val.name}: quedan 1 unidad (3 unidades en mano, 2 unidades apartadas para carritos u órdenes) y se piden 2 unidades.`,
    );
    const noReason = await mover({ kind: 'salida', articleCode: a, tiendaId: val.id, quantity: 1 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.note).toEqual(['El motivo de la salida es obligatorio']);
    const out = await mover({ kind: 'salida', articleCode: a, tiendaId: val.id, quantity: 1, note: 'Mercancía dañada' });
    expect(out.statusCode).toBe(201);
    expect(out.json().data.movimientos[0]).toMatchObject({ kind: 'salida', quantity: -1, balance: 2, note: 'Mercancía dañada' });
    expect(await level(a, val.id)).toEqual({ quantity: 2, held: 2 });
  });

  it('un traslado mueve lo libre de una tienda a otra (dos filas del libro) y crea la fila de destino si no existía', async () => {
    const [, , a] = articles;
    const [ccs, lec] = [store('CCS'), store('LEC')];
    await contar(a, ccs.id, 5);
    await t.database.db.execute(sql`DELETE FROM movimientos_inventario WHERE article_code = ${a} AND tienda_id = ${lec.id}`);
    await t.database.db.execute(sql`DELETE FROM inventario WHERE article_code = ${a} AND tienda_id = ${lec.id}`);
    const moved = await mover({ kind: 'traslado', articleCode: a, tiendaId: ccs.id, toTiendaId: lec.id, quantity: 4 });
    expect(moved.statusCode).toBe(201);
    const { movimientos, existencia } = moved.json().data;
    expect(
      movimientos.map((m: { tienda: { code: string }; otherTienda: { code: string }; quantity: number; balance: number }) => [
        m.tienda.code,
        m.otherTienda.code,
        m.quantity,
        m.balance,
      ]),
    ).toEqual([
      ['CCS', 'LEC', -4, 1],
      ['LEC', 'CCS', 4, 4],
    ]);
    expect(existencia.map((s: { code: string; quantity: number }) => [s.code, s.quantity]).sort()).toEqual([
      ['CCS', 1],
      ['LEC', 4],
    ]);
    const tooMuch = await mover({ kind: 'traslado', articleCode: a, tiendaId: ccs.id, toTiendaId: lec.id, quantity: 2 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain(`de ${a} en ${ccs.name}`);
    const same = await mover({ kind: 'traslado', articleCode: a, tiendaId: ccs.id, toTiendaId: String(ccs.id), quantity: 1 });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.toTiendaId).toEqual(['Elija una tienda de destino distinta de la de origen']);
  });

  it('no se recibe mercancía en una tienda inactiva, pero sí se saca de ella', async () => {
    const [, , , a] = articles;
    const [ccs, bqt] = [store('CCS'), store('BQT')];
    await contar(a, bqt.id, 2);
    await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: bqt.id, active: false });
    try {
      const into = await mover({ kind: 'entrada', articleCode: a, tiendaId: bqt.id, quantity: 1 });
      expect(into.statusCode).toBe(400);
      expect(into.json().message).toBe(`${bqt.name} está inactiva: actívela antes de recibir mercancía.`);
      const out = await mover({ kind: 'traslado', articleCode: a, tiendaId: bqt.id, toTiendaId: ccs.id, quantity: 2 });
      expect(out.statusCode).toBe(201);
    } finally {
      await api.call('admin', 'PATCH', '/api/configuracion/almacen', { id: bqt.id, active: true });
    }
  });

  it('el conteo físico fija lo contado escribiendo la diferencia; igual escribe 0; por debajo de lo apartado no se puede', async () => {
    const [, , , , a] = articles;
    const mcb = store('MCB');
    await contar(a, mcb.id, 9);
    const down = await mover({ kind: 'conteo', articleCode: a, tiendaId: mcb.id, counted: '6', note: 'Inventario de fin de mes' });
    expect(down.json().data.movimientos[0]).toMatchObject({ kind: 'conteo', quantity: -3, balance: 6 });
    const same = await mover({ kind: 'conteo', articleCode: a, tiendaId: mcb.id, counted: 6 });
    expect(same.json().data.movimientos[0]).toMatchObject({ quantity: 0, balance: 6 });
    await api.registrarOrden(orderFor([{ article: a, tiendaId: mcb.id, quantity: 4 }], 2), 'conteo-apartado-1');
    const below = await mover({ kind: 'conteo', articleCode: a, tiendaId: mcb.id, counted: 3 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(
      `El conteo de ${a} en ${mcb.name} (3 unidades) es menor que lo apartado para carritos u órdenes (4 unidades): despache o anule esas órdenes antes de ajustar.`,
    );
    expect(await level(a, mcb.id)).toEqual({ quantity: 6, held: 4 });
  });

  it('rechaza datos inválidos con mensajes en español (422), y artículos o tiendas que no existen (400)', async () => {
    const [a] = articles;
    const ccs = store('CCS');
    const cases: [object, Record<string, string[]>][] = [
      [{ kind: 'regalo', articleCode: a, tiendaId: ccs.id }, { kind: ['Elija el tipo de movimiento: entrada, salida, traslado o conteo'] }],
      [{ articleCode: a, tiendaId: ccs.id, quantity: 1 }, { kind: ['Elija el tipo de movimiento: entrada, salida, traslado o conteo'] }],
      [{ kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 0 }, { quantity: ['La cantidad debe ser al menos 1'] }],
      [{ kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 'dos' }, { quantity: ['La cantidad debe ser un número entero'] }],
      [{ kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 1.5 }, { quantity: ['La cantidad debe ser un número entero'] }],
      [{ kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 100_001 }, { quantity: ['La cantidad no puede pasar de 100000'] }],
      [
        { kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 1, manufacturedAt: '2099-01-01' },
        { manufacturedAt: ['La fecha de fabricación no puede ser futura'] },
      ],
      [
        { kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 1, manufacturedAt: '2026-02-30' },
        { manufacturedAt: ['La fecha de fabricación no existe'] },
      ],
      [
        { kind: 'conteo', articleCode: 'x!', tiendaId: 'abc', counted: -1 },
        {
          articleCode: ['El código de artículo no es válido'],
          tiendaId: ['La tienda debe ser un número'],
          counted: ['Lo contado debe ser al menos 0'],
        },
      ],
      [{ kind: 'traslado', articleCode: a, tiendaId: ccs.id, quantity: 1 }, { toTiendaId: ['La tienda de destino debe ser un número'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await mover(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const unknownArticle = await mover({ kind: 'entrada', articleCode: 'ZZZZ9999ZZ', tiendaId: ccs.id, quantity: 1 });
    expect(unknownArticle.statusCode).toBe(400);
    expect(unknownArticle.json().message).toBe('El artículo ZZZZ9999ZZ no existe.');
    const unknownStore = await mover({ kind: 'salida', articleCode: a, tiendaId: 999999, quantity: 1, note: 'Prueba' });
    expect(unknownStore.statusCode).toBe(400);
    expect(unknownStore.json().message).toBe('La tienda 999999 no existe.');
  });

  it('solo admin e inventario registran y leen movimientos', async () => {
    const [a] = articles;
    const body = { kind: 'entrada', articleCode: a, tiendaId: store('CCS').id, quantity: 1 };
    for (const role of ['cliente', 'vendedor-admin', 'administracion', 'despacho']) {
      expect((await mover(body, role)).statusCode, role).toBe(403);
      expect((await api.call(role, 'GET', '/api/almacen/movimientos')).statusCode, role).toBe(403);
      expect((await api.call(role, 'GET', `/api/almacen/existencia?articleCode=${a}`)).statusCode, role).toBe(403);
    }
    expect((await mover(body, 'anonimo')).statusCode).toBe(401);
    expect((await mover(body, 'admin')).statusCode).toBe(201);
  });
});

describe('libro y existencia por tienda', () => {
  it('el libro va del más reciente al más antiguo, se pagina y filtra por artículo, tienda, tipo y fechas', async () => {
    const [, , a] = articles;
    const all = await api.call('inventario', 'GET', `/api/almacen/movimientos?articleCode=${a}&per_page=2`);
    expect(all.statusCode).toBe(200);
    const { data, meta } = all.json();
    expect(meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(meta.total).toBeGreaterThanOrEqual(4);
    expect(data[0].id).toBeGreaterThan(data[1].id);
    expect(data.every((m: { articleCode: string }) => m.articleCode === a)).toBe(true);
    expect(data[0].articleName).toMatch(/ · .+ · /);

    const lec = store('LEC');
    const transfers = await api.call('inventario', 'GET', `/api/almacen/movimientos?articleCode=${a}&tiendaId=${lec.id}&kind=traslado`);
    expect(transfers.json().data.map((m: { quantity: number; otherTienda: { code: string } }) => [m.quantity, m.otherTienda.code])).toEqual(
      [[4, 'CCS']],
    );
    const today = new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
    const todays = await api.call('inventario', 'GET', `/api/almacen/movimientos?kind=entrada&desde=${today}&hasta=${today}`);
    expect(todays.json().meta.total).toBeGreaterThanOrEqual(1);
    const future = await api.call('inventario', 'GET', '/api/almacen/movimientos?desde=2099-01-01');
    expect(future.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const empties = await api.call('inventario', 'GET', '/api/almacen/movimientos?articleCode=&tiendaId=&kind=&desde=&hasta=&page=');
    expect(empties.statusCode).toBe(200);

    const bad = await api.call('inventario', 'GET', '/api/almacen/movimientos?desde=2026-05-10&hasta=2026-05-01&kind=robo&tiendaId=x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      kind: ['Tipo de movimiento desconocido'],
      tiendaId: ['La tienda no es válida'],
    });
    const backwards = await api.call('inventario', 'GET', '/api/almacen/movimientos?desde=2026-05-10&hasta=2026-05-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.hasta).toEqual(['La fecha hasta no puede ser anterior a la fecha desde']);
  });

  it('la existencia de un artículo lista cada tienda con en mano, apartado y libre, y sus totales', async () => {
    const [, , , , a] = articles;
    const response = await api.call('inventario', 'GET', `/api/almacen/existencia?articleCode=${a}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.stores).toHaveLength(stores.length);
    const mcb = data.stores.find((s: { code: string }) => s.code === 'MCB');
    expect(mcb).toMatchObject({ quantity: 6, held: 4, available: 2, active: true, sellsWeb: true, kind: 'tienda' });
    expect(data.quantity).toBe(data.stores.reduce((n: number, s: { quantity: number }) => n + s.quantity, 0));
    expect(data.available).toBe(data.quantity - data.held);
    const unknown = await api.call('inventario', 'GET', '/api/almacen/existencia?articleCode=ZZZZ9999ZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('El artículo ZZZZ9999ZZ no existe.');
    expect((await api.call('inventario', 'GET', '/api/almacen/existencia')).statusCode).toBe(422);
  });
});

describe('despachar una orden', () => {
  it('escribe una venta por línea con el código de la orden y descuenta lo que había en mano', async () => {
    const [, , , , , a] = articles;
    const [ccs, val] = [store('CCS'), store('VAL')];
    await contar(a, ccs.id, 4);
    await contar(a, val.id, 4);
    const { code, token } = await api.registrarOrden(
      orderFor(
        [
          { article: a, tiendaId: ccs.id, quantity: 2 },
          { article: a, tiendaId: val.id, quantity: 1 },
        ],
        3,
      ),
      'despacho-venta-1',
    );
    expect(await despachar(code, token)).toEqual([200, 200, 200, 200]);
    const sales = await api.call('inventario', 'GET', `/api/almacen/movimientos?articleCode=${a}&kind=venta`);
    expect(
      sales
        .json()
        .data.map((m: { tienda: { code: string }; quantity: number; balance: number; reference: string }) => [
          m.tienda.code,
          m.quantity,
          m.balance,
          m.reference,
        ])
        .sort(),
    ).toEqual([
      ['CCS', -2, 2, code],
      ['VAL', -1, 3, code],
    ]);
    expect(sales.json().data[0].user).toMatchObject({ nickname: expect.any(String) });
    expect(await level(a, ccs.id)).toEqual({ quantity: 2, held: 0 });
  });
});

describe('registrarMovimientos (lotes, para la importación)', () => {
  it('un lote con filas malas no aplica nada y nombra cada fila mala por su índice', async () => {
    const [a, b] = articles.slice(6, 8);
    const ccs = store('CCS');
    const before = [await level(a, ccs.id), await level(b, ccs.id)];
    const attempt = t.database.db.transaction((tx) =>
      registrarMovimientos(
        tx,
        [
          { kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 5 },
          { kind: 'salida', articleCode: b, tiendaId: ccs.id, quantity: 9999 },
          { kind: 'entrada', articleCode: 'ZZZZ9999ZZ', tiendaId: ccs.id, quantity: 1 },
        ],
        { userId: null, reference: 'hoja.xlsx' },
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(MovimientosRechazados);
    const error = (await attempt.catch((e: unknown) => e)) as MovimientosRechazados;
    expect(error.problems.map((p) => p.index)).toEqual([2]);
    expect(error.problems[0].message).toBe('El artículo ZZZZ9999ZZ no existe.');
    // Once every row exists, the stock is judged: the exit of row 1 is the problem.
    const second = (await t.database.db
      .transaction((tx) =>
        registrarMovimientos(
          tx,
          [
            { kind: 'entrada', articleCode: a, tiendaId: ccs.id, quantity: 5 },
            { kind: 'salida', articleCode: b, tiendaId: ccs.id, quantity: 9999, note: 'x' },
          ],
          { userId: null },
        ),
      )
      .catch((e: unknown) => e)) as MovimientosRechazados;
    expect(second.problems.map((p) => p.index)).toEqual([1]);
    expect(second.problems[0].message).toContain(`de ${b} en ${ccs.name}`);
    expect([await level(a, ccs.id), await level(b, ccs.id)]).toEqual(before);
  });

  it('un lote de 2.000 movimientos es una sola transacción, con la referencia del lote en cada fila', async () => {
    const codes = (await rows<{ code: string }>(t, sql`SELECT a.code FROM articulos a ORDER BY a.code DESC LIMIT 400`)).map((r) => r.code);
    const lines = codes.flatMap((articleCode) => stores.map((s) => ({ kind: 'conteo' as const, articleCode, tiendaId: s.id, counted: 7 })));
    expect(lines.length).toBeGreaterThanOrEqual(2000);
    const { ids } = await t.database.db.transaction((tx) =>
      registrarMovimientos(tx, lines, { userId: null, reference: 'conteo-general.csv' }),
    );
    expect(ids).toHaveLength(lines.length);
    const [{ n, refs }] = await rows<{ n: number; refs: number }>(
      t,
      sql`SELECT count(*)::int AS n, count(DISTINCT reference)::int AS refs FROM inventario i
            JOIN movimientos_inventario m ON m.id = ANY(${sql.param(ids)}::int[]) AND m.article_code = i.article_code AND m.tienda_id = i.tienda_id
           WHERE i.quantity = 7`,
    );
    expect(n).toBe(lines.length);
    expect(refs).toBe(1);
    expect(await ledgerMismatches()).toEqual([]);
  });
});

describe('propiedad: en mano es siempre la suma del libro', () => {
  it('tras 120 operaciones al azar (entradas, salidas, traslados, conteos, órdenes, anulaciones, despachos, reservas del carrito), cada fila cuadra', async () => {
    const next = mulberry32(20260522);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const pool = articles.slice(6, 10);
    const active = stores.slice(0, 3).map((s) => s.id);
    const open: { code: string; token: string }[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const articleCode = pick(pool);
      const tiendaId = pick(active);
      const quantity = 1 + Math.floor(next() * 4);
      const roll = next();
      let status: number;
      if (roll < 0.2) status = (await mover({ kind: 'entrada', articleCode, tiendaId, quantity })).statusCode;
      else if (roll < 0.3) status = (await mover({ kind: 'salida', articleCode, tiendaId, quantity, note: 'Ajuste' })).statusCode;
      else if (roll < 0.45)
        status = (
          await mover({ kind: 'traslado', articleCode, tiendaId, toTiendaId: pick(active.filter((s) => s !== tiendaId)), quantity })
        ).statusCode;
      else if (roll < 0.55) status = (await mover({ kind: 'conteo', articleCode, tiendaId, counted: Math.floor(next() * 8) })).statusCode;
      else if (roll < 0.75) {
        const response = await api.registrar(
          orderFor([{ article: articleCode, tiendaId, quantity: 1 }], 100 + (i % 40)),
          `mezcla-${i}-xxxx`,
        );
        status = response.statusCode;
        if (status === 201) open.push({ code: response.json().data.orderCode, token: response.json().data.token });
      } else if (roll < 0.85 && open.length > 0) {
        const { code } = open.splice(Math.floor(next() * open.length), 1)[0];
        status = (await api.call('admin', 'PATCH', '/api/orden-compra/anular', { code })).statusCode;
      } else if (roll < 0.95 && open.length > 0) {
        const { code, token } = open.splice(Math.floor(next() * open.length), 1)[0];
        status = Math.max(...(await despachar(code, token)));
      } else {
        status = (
          await t.app.inject({
            method: 'POST',
            url: '/api/carrito/bloquear/item/tiendas',
            payload: { articleCode, stores: [{ tiendaId, quantity: 1 }] },
          })
        ).statusCode;
      }
      statuses.push(status);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201 || s === 200).length).toBeGreaterThan(40);
    expect(await ledgerMismatches()).toEqual([]);
    const [{ negative }] = await rows<{ negative: number }>(
      t,
      sql`SELECT count(*)::int AS negative FROM inventario WHERE quantity < held OR held < 0`,
    );
    expect(negative).toBe(0);
    // 120 operations one after another: on PostgreSQL under a busy machine, past the default 30 s.
  }, 120_000);
});

describe('concurrencia', () => {
  it(`traslados en ambos sentidos compitiendo con ${BUYERS_AT_ONCE} compras de las mismas filas: sin sobreventa, sin bloqueo mutuo y el libro cuadra`, async () => {
    const a = articles[10];
    const [one, two] = [store('CCS'), store('VAL')];
    await contar(a, one.id, 40);
    await contar(a, two.id, 40);
    // Each buyer takes one unit from each store in one order; transfers lock the same two rows
    // from either side. Without one locking order for both, they would wait on each other in a circle.
    const buyers = Array.from({ length: BUYERS_AT_ONCE }, (_, i) =>
      api.registrar(
        orderFor(
          [
            { article: a, tiendaId: one.id, quantity: 1 },
            { article: a, tiendaId: two.id, quantity: 1 },
          ],
          1000 + i,
        ),
        `carrera-traslado-${i}-xxxx`,
      ),
    );
    const transfers = Array.from({ length: 40 }, (_, i) =>
      mover({ kind: 'traslado', articleCode: a, tiendaId: i % 2 ? one.id : two.id, toTiendaId: i % 2 ? two.id : one.id, quantity: 1 }),
    );
    const [bought, moved] = await Promise.all([Promise.all(buyers), Promise.all(transfers)]);
    const statuses = [...bought, ...moved].map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 400)).toEqual([]);
    const created = bought.filter((r) => r.statusCode === 201).length;
    for (const r of [...bought, ...moved].filter((x) => x.statusCode === 400)) expect(r.json().message).toContain(a);
    const [x, y] = [await level(a, one.id), await level(a, two.id)];
    // Transfers keep the total; every order holds one unit in each store.
    expect(x.quantity + y.quantity).toBe(80);
    expect(x.held).toBe(created);
    expect(y.held).toBe(created);
    expect(x.held).toBeLessThanOrEqual(x.quantity);
    expect(y.held).toBeLessThanOrEqual(y.quantity);
    expect(created).toBeGreaterThan(0);
    expect(await ledgerMismatches()).toEqual([]);
  });
});
