// Purchase orders for load tests (`npm run db:seed -- --scale [models] --ordenes N`): N web orders over
// the scale catalogue (articles of models «B…»), spread over two years, every step and every payment
// method, with their lines, payments and step history. Set-based SQL only: the articles are numbered
// once into a temporary table and each order picks its lines by number (a hash join, no per-row OFFSET).
import { type SQL, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_IDS } from '#domain/store-constants.ts';
import type { Db } from '#server/db/client.ts';

// The path an order walks; «anulada» leaves it after «pendiente» or «pago-por-confirmar».
const PATH = ['pendiente', 'pago-por-confirmar', 'pago-confirmado', 'inventario-confirmado', 'despachada', 'entregada'];

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Inserts `orders` orders (idempotency keys «escala-1»…«escala-N»; skipped if already there). Out of
 * every 20: 1 pending, 1 with a payment to confirm, 1 paid, 1 inventory-confirmed, 1 dispatched,
 * 2 cancelled and 13 delivered. Seeded pending orders never expire and hold no stock (the jobs leave
 * them alone); they count in no buyer's limit of unpaid orders (no unpaid keys).
 */
export async function seedScaleOrders(db: Db, orders = 100_000): Promise<number> {
  const added = await insertOrders(db, orders);
  // As autovacuum would soon after: the visibility map lets the bounded counts read indexes only.
  if (added) await db.execute(sql`VACUUM ANALYZE ordenes_compra, orden_detalles, orden_pagos, orden_historial`);
  return added;
}

function insertOrders(db: Db, orders: number): Promise<number> {
  return db.transaction(async (tx) => {
    const one = async <T>(query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows[0];
    const { n: existing } = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ordenes_compra WHERE idempotency_key LIKE 'escala-%'`,
    );
    if (existing > 0) return 0;
    // The rows are consistent by construction: a superuser (PGlite always; PostgreSQL as postgres) skips
    // the per-row foreign-key triggers for this transaction only, which are most of the time of the
    // ~700.000 rows. Another role keeps them (slower, same rows).
    const { superuser } = await one<{ superuser: boolean }>(sql`SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`);
    if (superuser) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
      CREATE TEMP TABLE escala_articulos ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY a.code))::int AS i, a.code, m.name, m.price, m.promotion
      FROM articulos a JOIN modelos m ON m.code = a.model_code
      WHERE m.code LIKE 'B%'`);
    await tx.execute(sql`ALTER TABLE escala_articulos ADD PRIMARY KEY (i)`);
    const { total } = await one<{ total: number }>(sql`SELECT count(*)::int AS total FROM escala_articulos`);
    if (total === 0) throw new Error('Primero el catálogo grande: no hay artículos «B…» (seedScale).');
    const { tienda } = await one<{ tienda: number }>(sql`SELECT min(id)::int AS tienda FROM tiendas`);

    // One or two lines per order (n, line), each with 1–3 units of an article chosen by number.
    await tx.execute(sql`
      CREATE TEMP TABLE escala_lineas ON COMMIT DROP AS
      SELECT o.n, l.line, a.code, a.name, a.price, a.promotion, 1 + ((o.n + l.line) % 3) AS quantity,
             round((a.price - a.promotion) * (1 + ((o.n + l.line) % 3)), 2) AS net
      FROM generate_series(1, ${orders}) AS o(n)
      JOIN generate_series(1, 2) AS l(line) ON l.line <= 1 + o.n % 2
      JOIN escala_articulos a ON a.i = 1 + ((o.n::bigint * 7919 + l.line * 104729) % ${total})`);

    // step: position in the cycle of 20; created over the last two years (730 days, minute by minute).
    await tx.execute(sql`
      CREATE TEMP TABLE escala_ordenes ON COMMIT DROP AS
      SELECT o.n,
             CASE o.n % 20 WHEN 0 THEN 'pendiente' WHEN 1 THEN 'pago-por-confirmar' WHEN 2 THEN 'pago-confirmado'
               WHEN 3 THEN 'inventario-confirmado' WHEN 4 THEN 'despachada' WHEN 5 THEN 'anulada' WHEN 6 THEN 'anulada'
               ELSE 'entregada' END AS step,
             (${textArray(PAYMENT_METHOD_IDS)})[1 + (o.n / 20) % ${PAYMENT_METHOD_IDS.length}] AS method,
             date_trunc('minute', now()) - ((o.n::bigint * 7907) % (730 * 24 * 60)) * interval '1 minute' - interval '1 day' AS created_at,
             s.subtotal, round(s.subtotal * 0.16, 2) AS iva, (36 + (o.n % 400) / 10.0)::numeric(14, 4) AS rate
      FROM generate_series(1, ${orders}) AS o(n)
      JOIN (SELECT n, sum(net) AS subtotal FROM escala_lineas GROUP BY n) s ON s.n = o.n`);

    await tx.execute(sql`
      INSERT INTO ordenes_compra (code, step, buyer, delivery, payment_method, subtotal, iva, shipping, total, rate,
        tracking_number, idempotency_key, request_hash, payment_due_at, client_ip, created_at, updated_at)
      SELECT 'OC-' || lpad(nextval('ordenes_compra_id_seq')::text, 6, '0'), e.step,
             jsonb_build_object('fullName', 'Comprador de prueba ' || e.n, 'email', 'comprador.' || e.n || '@correo.com',
               'phone', '0414-' || lpad((e.n % 10000000)::text, 7, '0'), 'dni', 'V-' || (10000000 + e.n),
               'state', 'Carabobo', 'city', 'Valencia', 'address', 'Calle ' || (e.n % 200) || ', casa ' || (e.n % 90)),
             jsonb_build_object('contact', 'Comprador de prueba ' || e.n, 'phone', '0414-' || lpad((e.n % 10000000)::text, 7, '0'),
               'dni', 'V-' || (10000000 + e.n), 'state', 'Carabobo', 'city', 'Valencia', 'address', 'Calle ' || (e.n % 200),
               'agency', (ARRAY['mrw', 'zoom', 'tealca'])[1 + e.n % 3], 'shipping', 'envio', 'payShipping', 'pagado-por-el-cliente',
               'daysMin', 2, 'daysMax', 5, 'pickupTiendaId', NULL, 'pickupStore', NULL),
             e.method, e.subtotal, e.iva, 5, e.subtotal + e.iva + 5, e.rate,
             CASE WHEN e.step IN ('despachada', 'entregada') THEN 'G' || lpad(e.n::text, 9, '0') END,
             'escala-' || e.n, md5(e.n::text), e.created_at + interval '2 hours', '10.0.' || (e.n % 250) || '.' || (e.n % 200),
             e.created_at, e.created_at + interval '1 hour' * CASE e.step WHEN 'pendiente' THEN 0 ELSE 30 END
      FROM escala_ordenes e
      ORDER BY e.created_at, e.n`);

    // The orders' ids by n, read once from their idempotency keys.
    await tx.execute(sql`
      CREATE TEMP TABLE escala_ids ON COMMIT DROP AS
      SELECT substr(o.idempotency_key, 8)::int AS n, o.id, o.step, o.payment_method, o.total, o.rate, o.created_at
      FROM ordenes_compra o WHERE o.idempotency_key LIKE 'escala-%'`);

    await tx.execute(sql`
      INSERT INTO orden_detalles (order_id, article_code, name, tienda_id, quantity, price, promotion, net, iva)
      SELECT i.id, l.code, l.name, ${tienda}, l.quantity, l.price, l.promotion, l.net, round(l.net * 0.16, 2)
      FROM escala_lineas l JOIN escala_ids i ON i.n = l.n
      ORDER BY i.id, l.line`);

    // A payment for every order past «pendiente» (a cancelled one: its payment was rejected), in Bs.
    // at the order's rate for the methods paid in bolívares; references are unique by construction.
    await tx.execute(sql`
      INSERT INTO orden_pagos (order_id, method, reference, bank_code, amount, paid_on, status, created_at)
      SELECT i.id, i.payment_method, 'ESC' || i.n,
             CASE WHEN i.payment_method IN ('pago-movil', 'transferencia') THEN (ARRAY['0102', '0105', '0134'])[1 + i.n % 3] ELSE '' END,
             CASE WHEN i.payment_method IN ('pago-movil', 'transferencia') THEN round(i.total * i.rate, 2) ELSE i.total END,
             to_char(i.created_at AT TIME ZONE 'America/Caracas', 'YYYY-MM-DD'),
             CASE i.step WHEN 'pago-por-confirmar' THEN 'reportado' WHEN 'anulada' THEN 'rechazado' ELSE 'aprobado' END,
             i.created_at + interval '1 hour'
      FROM escala_ids i WHERE i.step <> 'pendiente'
      ORDER BY i.id`);

    // The history: each step of the path up to the order's own, six hours apart; a cancelled order
    // was cancelled after «pendiente» (odd n) or after its payment was reported (even n).
    await tx.execute(sql`
      INSERT INTO orden_historial (order_id, from_step, to_step, note, at)
      SELECT i.id, CASE WHEN k = 1 THEN NULL ELSE p.steps[k - 1] END, p.steps[k], '', i.created_at + (k - 1) * interval '6 hours'
      FROM escala_ids i
      CROSS JOIN LATERAL (SELECT CASE
          WHEN i.step = 'anulada' AND i.n % 2 = 1 THEN ARRAY['pendiente', 'anulada']
          WHEN i.step = 'anulada' THEN ARRAY['pendiente', 'pago-por-confirmar', 'anulada']
          ELSE (${textArray(PATH)})[1:array_position(${textArray(PATH)}, i.step)] END AS steps) p
      CROSS JOIN LATERAL generate_series(1, cardinality(p.steps)) AS k
      ORDER BY i.id, k`);
    return orders;
  });
}
