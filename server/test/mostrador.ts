// Test setup of counter sales: an article priced 100.00 (116.00 with IVA) with no promotion nor
// automatic discount, counted into the CCS store through the stock ledger, at a rate of Bs. 40; and
// the check that the ledger still adds up to what is on hand.
import { sql } from 'drizzle-orm';
import type { TestApp } from './build-test-app.ts';
import type { OrdenesDriver } from './driver.ts';
import { rows } from './inject.ts';

/** The first active article, now at $ 100.00 with `units` free at CCS; returns its code and CCS's id. */
export async function articuloDeCien(t: TestApp, api: OrdenesDriver, units: number): Promise<{ article: string; ccs: number }> {
  const [{ id: ccs }] = await rows<{ id: number }>(t, sql`SELECT id FROM tiendas WHERE code = 'CCS'`);
  const [picked] = await rows<{ code: string; model: string }>(
    t,
    sql`SELECT a.code, m.code AS model FROM articulos a JOIN modelos m ON m.code = a.model_code WHERE m.active ORDER BY m.code, a.code LIMIT 1`,
  );
  await t.database.db.execute(sql`UPDATE modelos SET price = '100.00', promotion = '0' WHERE code = ${picked.model}`);
  await t.database.db.execute(sql`UPDATE descuentos SET active = false WHERE aplicacion = 'automatico'`);
  const rate = await api.call('administracion', 'POST', '/api/general/tasa-del-dia', { amount: '40.00', note: '' });
  if (rate.statusCode >= 300) throw new Error(`tasa del día: ${rate.statusCode} ${rate.body}`);
  const counted = await api.call('inventario', 'POST', '/api/almacen/movimientos', {
    kind: 'conteo',
    articleCode: picked.code,
    tiendaId: ccs,
    counted: units,
  });
  if (counted.statusCode !== 201) throw new Error(`conteo ${picked.code}: ${counted.statusCode} ${counted.body}`);
  return { article: picked.code, ccs };
}

/** Articles whose units on hand differ from the sum of their ledger movements (none, when all is well). */
export async function ledgerMismatches(t: TestApp) {
  return rows<{ article_code: string }>(
    t,
    sql`WITH sums AS (SELECT article_code, tienda_id, sum(quantity)::int AS ledger FROM movimientos_inventario GROUP BY 1, 2)
        SELECT coalesce(i.article_code, s.article_code) AS article_code FROM inventario i
          FULL JOIN sums s ON s.article_code = i.article_code AND s.tienda_id = i.tienda_id
         WHERE coalesce(i.quantity, 0) <> coalesce(s.ledger, 0)`,
  );
}
