// The baseline of the checkout bench: bare node:http + pg doing only what any correct checkout must
// do on PostgreSQL, on tables of its own in the same database. One transaction per order inserts the
// order under its idempotency key (a repeated key answers 200), takes each line's units with a
// conditional UPDATE (rows in a fixed order, so the same contention and no deadlocks as the store)
// and inserts the lines. No validation, prices, session, rate limit, history, mail or ORM: the
// ratio against the store is what all of those cost on top of the writes that cannot be skipped.
// Arguments: database URL, port.
import http from 'node:http';
import pg from 'pg';

type Body = { items: { articleCode: string; stores: { tiendaId: number; quantity: number }[] }[] };

// The store's pool has the same size (server/src/db/client.ts).
const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });

async function checkout(key: string, body: Body): Promise<{ status: number; payload: string }> {
  const lines = body.items
    .flatMap((item) => item.stores.map((s) => ({ articleCode: item.articleCode, quantity: s.quantity })))
    .sort((a, b) => a.articleCode.localeCompare(b.articleCode));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const order = await client.query<{ id: number }>(
      'INSERT INTO bench_orden (idempotency_key, body) VALUES ($1, $2) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id',
      [key, body],
    );
    if (order.rowCount === 0) {
      await client.query('ROLLBACK');
      return { status: 200, payload: JSON.stringify({ success: true, data: { repeated: key } }) };
    }
    for (const line of lines) {
      const taken = await client.query('UPDATE bench_existencia SET held = held + $2 WHERE article_code = $1 AND quantity - held >= $2', [
        line.articleCode,
        line.quantity,
      ]);
      if (taken.rowCount === 0) {
        await client.query('ROLLBACK');
        return { status: 400, payload: JSON.stringify({ success: false, message: `Sin existencia de ${line.articleCode}` }) };
      }
    }
    await client.query('INSERT INTO bench_orden_linea (order_id, article_code, quantity) SELECT $1, * FROM unnest($2::text[], $3::int[])', [
      order.rows[0].id,
      lines.map((l) => l.articleCode),
      lines.map((l) => l.quantity),
    ]);
    await client.query('COMMIT');
    return { status: 201, payload: JSON.stringify({ success: true, data: { orderCode: `OC-${order.rows[0].id}` } }) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const key = String(req.headers['idempotency-key'] ?? '');
    Promise.resolve()
      .then(() => checkout(key, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body))
      .then(
        ({ status, payload }) => res.writeHead(status, { 'content-type': 'application/json' }).end(payload),
        () => res.writeHead(500).end(),
      );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('listo'));
process.on('SIGTERM', () => server.close(() => void pool.end()));
