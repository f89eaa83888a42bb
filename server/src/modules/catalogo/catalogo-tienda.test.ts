// What the storefront's lists and article page ask of the catalogue: one card per style with its
// colours, the price with IVA equal to the cart's, and each size's stores nearest to the shopper first.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCard, ArticleDetail } from '#domain/contracts/catalogo.ts';
import { distanciaEntreEstados } from '#domain/tiendas-cercanas.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Answer<T> = { success: boolean; data: T; meta?: Record<string, number | null>; message?: string; errors?: Record<string, string[]> };

async function get<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Answer<T> };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

describe('listas de la tienda: una tarjeta por modelo', () => {
  it('cada sub-línea de /linea cuenta lo mismo que su lista («N artículos», estilos y no colores)', async () => {
    const { body } = await get<{ code: string; sublineas: { code: string; models: number }[] }[]>('/api/catalogo/lineas');
    let checked = 0;
    let differsFromColours = false;
    for (const line of body.data.slice(0, 2)) {
      for (const sub of line.sublineas.slice(0, 4)) {
        const list = await get<ArticleCard[]>(
          `/api/catalogo/articulos?linea=${line.code}&sublinea=${sub.code}&agrupar_colores=true&per_page=24`,
        );
        expect(sub.models, `${line.code}/${sub.code}`).toBe(list.body.meta?.total);
        const [{ colours }] = await rows<{ colours: number }>(
          sql`SELECT count(*)::int AS colours FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
                WHERE l.code = ${line.code} AND s.code = ${sub.code} AND m.active`,
        );
        if (colours !== sub.models) differsFromColours = true;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2);
    // The demo has styles in several colours: counting models (colours) would differ.
    expect(differsFromColours).toBe(true);
  });

  it('con agrupar_colores cada estilo sale una vez, con todos sus colores como muestras, y el total cuenta estilos', async () => {
    const { status, body } = await get<ArticleCard[]>('/api/catalogo/articulos?linea=DAM&agrupar_colores=true&per_page=24');
    expect(status).toBe(200);
    const [{ styles }] = await rows<{ styles: number }>(
      sql`SELECT count(DISTINCT m.base_code)::int AS styles FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id WHERE l.code = 'DAM' AND m.active`,
    );
    expect(body.meta).toMatchObject({ per_page: 24, total: styles, current_page: 1 });
    const bases = body.data.map((card) => card.model.slice(0, -4));
    expect(new Set(bases).size).toBe(bases.length);
    expect(body.data.length).toBe(Math.min(24, styles));
    for (const card of body.data) {
      const [{ colors }] = await rows<{ colors: number }>(
        sql`SELECT count(*)::int AS colors FROM modelos WHERE base_code = ${card.model.slice(0, -4)} AND active`,
      );
      expect(card.colors).toHaveLength(colors);
      expect(card.colors.map((c) => c.model)).toContain(card.model);
      for (const swatch of card.colors) expect(swatch.path).toContain(`/articulos/${swatch.model}`);
    }
    // Every page together holds every style once.
    const rest = await get<ArticleCard[]>(`/api/catalogo/articulos?linea=DAM&agrupar_colores=true&per_page=24&page=2`);
    const all = [...bases, ...rest.body.data.map((c) => c.model.slice(0, -4))];
    if (styles <= 48) expect(new Set(all).size).toBe(styles);
  });

  it('sin per_page la API sigue en 6 por página y una tarjeta por color', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?linea=DAM');
    const [{ models }] = await rows<{ models: number }>(
      sql`SELECT count(*)::int AS models FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id WHERE l.code = 'DAM' AND m.active`,
    );
    expect(body.data).toHaveLength(6);
    expect(body.meta).toMatchObject({ per_page: 6, total: models });
  });

  it('filtrando por color, la tarjeta del estilo es la de ese color', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?linea=DAM&color=NEGR&agrupar_colores=true&per_page=60');
    expect(body.data.length).toBeGreaterThan(0);
    for (const card of body.data) expect(card.colorCode).toBe('NEGR');
  });

  it('ordenado por precio, los estilos siguen el precio de su tarjeta', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?agrupar_colores=1&sort_by=precio&sort_desc=false&per_page=60');
    const prices = body.data.map((c) => Number(c.finalPrice));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('agrupar_colores inválido da 422 en español', async () => {
    const { status, body } = await get('/api/catalogo/articulos?agrupar_colores=quizas');
    expect(status).toBe(422);
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors ?? {})).toContain('agrupar_colores');
  });
});

describe('lo nuevo y lo más vendido de la portada', () => {
  it('nunca repiten un modelo en dos colores', async () => {
    for (const list of ['lo-nuevo', 'mas-vendidos']) {
      for (let round = 0; round < 5; round++) {
        const { status, body } = await get<ArticleCard[]>(`/api/catalogo/articulos/${list}`);
        expect(status).toBe(200);
        expect(body.data.length).toBeGreaterThan(0);
        const bases = body.data.map((card) => card.model.slice(0, -4));
        expect(new Set(bases).size, list).toBe(bases.length);
      }
    }
  });
});

describe('precio de venta al público', () => {
  it('el precio de la tarjeta (con IVA) es lo que cuesta una unidad en el carrito', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?promocion=true&per_page=3');
    const cards = [...body.data, ...(await get<ArticleCard[]>('/api/catalogo/articulos?per_page=3')).body.data];
    expect(cards.some((c) => c.onPromotion)).toBe(true);
    for (const card of cards) {
      const detail = (await get<ArticleDetail>(`/api/v2/catalogo/article/${card.model}`)).body.data;
      expect(detail.pvp).toBe(card.pvp);
      const size = detail.sizes.find((s) => s.stock > 0);
      if (!size) continue;
      const store = size.stores[0];
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v2/carrito/agregar-item',
        payload: { articleCode: size.article, stores: [{ tiendaId: store.id, quantity: 1 }] },
      });
      expect(added.statusCode).toBe(200);
      const totals = added.json().data.totals as { total: string; iva: string; subtotal: string };
      expect(totals.total).toBe(card.pvp);
      expect(totals.subtotal).toBe(card.finalPrice);
    }
  });
});

describe('tiendas sugeridas en el artículo', () => {
  async function articleWithStockInSeveralStores() {
    const [row] = await rows<{
      model: string;
    }>(sql`SELECT a.model_code AS model FROM articulos a JOIN inventario i ON i.article_code = a.code
      WHERE i.quantity > i.held GROUP BY a.code, a.model_code HAVING count(*) >= 3 ORDER BY a.code LIMIT 1`);
    return row.model;
  }

  it('con el estado del comprador, cada talla trae primero la tienda con existencia más cercana', async () => {
    const model = await articleWithStockInSeveralStores();
    for (const estado of ['Lara', 'Zulia', 'Anzoátegui', 'Miranda']) {
      const { status, body } = await get<ArticleDetail>(`/api/v2/catalogo/article/${model}?estado=${encodeURIComponent(estado)}`);
      expect(status).toBe(200);
      for (const size of body.data.sizes) {
        const withStock = size.stores.filter((s) => s.quantity > 0);
        if (withStock.length === 0) continue;
        // Stores with stock come first, and the first one is the nearest of them.
        expect(size.stores.slice(0, withStock.length).every((s) => s.quantity > 0)).toBe(true);
        const nearest = Math.min(...withStock.map((s) => distanciaEntreEstados(estado, s.state)));
        expect(distanciaEntreEstados(estado, size.stores[0].state)).toBe(nearest);
      }
    }
  });

  it('sin estado, primero la tienda con más existencia', async () => {
    const model = await articleWithStockInSeveralStores();
    const { body } = await get<ArticleDetail>(`/api/v2/catalogo/article/${model}`);
    for (const size of body.data.sizes) {
      const quantities = size.stores.map((s) => s.quantity);
      expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    }
  });

  it('un estado que no es de Venezuela da 422 en español', async () => {
    const model = await articleWithStockInSeveralStores();
    const { status, body } = await get(`/api/v2/catalogo/article/${model}?estado=Narnia`);
    expect(status).toBe(422);
    expect(body.errors?.estado).toEqual(['Elija un estado de Venezuela']);
    // Names every object inherits are no state either (they once answered 500).
    for (const inherited of ['constructor', '__proto__', 'toString']) {
      const answer = await get(`/api/v2/catalogo/article/${model}?estado=${inherited}`);
      expect(answer.status, inherited).toBe(422);
      expect(answer.body.errors?.estado, inherited).toEqual(['Elija un estado de Venezuela']);
    }
  });
});
