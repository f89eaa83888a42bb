// The first `count` active articles of a bench database, with `stock` units each in its first store,
// so no bench order is refused for lack of stock.
import type pg from 'pg';

export async function stockFirstArticles(
  db: Pick<pg.Pool, 'query'>,
  count: number,
  stock: number,
): Promise<{ codes: string[]; tiendaId: number }> {
  const codes = (
    await db.query<{ code: string }>(
      'SELECT a.code FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY a.code LIMIT $1',
      [count],
    )
  ).rows.map((r) => r.code);
  const tiendaId = (await db.query<{ id: number }>('SELECT id FROM tiendas ORDER BY id LIMIT 1')).rows[0].id;
  for (const code of codes) {
    await db.query(
      `INSERT INTO inventario (article_code, tienda_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (article_code, tienda_id) DO UPDATE SET quantity = $3, held = 0`,
      [code, tiendaId, stock],
    );
  }
  return { codes, tiendaId };
}
