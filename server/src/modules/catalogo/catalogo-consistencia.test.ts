// The public catalogue agrees with the database: every list, filter, order, search and stock
// figure is checked against a plain SQL answer over the same demo store.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCard, ArticleDetail, Line, SubLine } from '#domain/contracts/catalogo.ts';
import { toCents } from '#domain/money.ts';
import { normalizeSearch } from '#domain/text.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { getJson, rows } from '#test/inject.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = <T>(url: string) => getJson<T>(t, url);

const ACTIVE = sql`FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
  WHERE m.active AND s.active AND l.active`;

/** Codes of the active models matching `where`, in the given order. */
async function modelCodes(where: SQL = sql`TRUE`, order: SQL = sql`m.created_at DESC, m.code ASC`): Promise<string[]> {
  const result = await rows<{ code: string }>(t, sql`SELECT m.code ${ACTIVE} AND ${where} ORDER BY ${order}`);
  return result.map((r) => r.code);
}

/** Sizes with stock to sell in an active store, per model, in size order. */
async function sizesInStock(): Promise<Map<string, string[]>> {
  const result = await rows<{ model: string; sizes: string }>(
    t,
    sql`SELECT a.model_code AS model, string_agg(DISTINCT a.size_code || ':' || lpad(z.position::text, 3, '0'), ',') AS sizes
        FROM articulos a
        JOIN tallas z ON z.code = a.size_code
        JOIN inventario i ON i.article_code = a.code
        JOIN tiendas st ON st.id = i.tienda_id AND st.active
        WHERE i.quantity > i.held
        GROUP BY a.model_code`,
  );
  return new Map(
    result.map((r) => [
      r.model,
      r.sizes
        .split(',')
        .map((s) => s.split(':'))
        .sort((a, b) => a[1].localeCompare(b[1]))
        .map(([code]) => code),
    ]),
  );
}

/** Every card of a list, walking its pages of 100. */
async function allCards(url: string): Promise<ArticleCard[]> {
  const glue = url.includes('?') ? '&' : '?';
  const cards: ArticleCard[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get<ArticleCard[]>(`${url}${glue}per_page=100&page=${page}`);
    expect(status, url).toBe(200);
    cards.push(...body.data);
    if (page >= (body.meta?.last_page ?? 1)) return cards;
  }
}

async function firstColorOf(baseCode: string): Promise<string> {
  const [row] = await rows<{ code: string }>(t, sql`SELECT code FROM modelos WHERE base_code = ${baseCode} ORDER BY code LIMIT 1`);
  return row.code;
}

describe('listado de artículos', () => {
  it('recorrer las páginas de 6 en 6 da cada modelo activo una sola vez, lo más nuevo primero', async () => {
    const expected = await modelCodes();
    const lastPage = Math.ceil(expected.length / 6);
    const seen: string[] = [];
    for (let page = 1; page <= lastPage; page++) {
      const { body } = await get<ArticleCard[]>(`/api/catalogo/articulos?page=${page}`);
      expect(body.meta).toEqual({
        current_page: page,
        per_page: 6,
        total: expected.length,
        from: (page - 1) * 6 + 1,
        to: Math.min(page * 6, expected.length),
        last_page: lastPage,
        next_cursor: page < lastPage ? expect.any(String) : null,
      });
      seen.push(...body.data.map((a) => a.model));
    }
    expect(seen).toEqual(expected);
  });

  it('una página más allá de la última viene vacía, con from y to nulos', async () => {
    const total = (await modelCodes()).length;
    const { status, body } = await get<ArticleCard[]>('/api/catalogo/articulos?page=999');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual({
      current_page: 999,
      per_page: 6,
      total,
      from: null,
      to: null,
      last_page: Math.ceil(total / 6),
      next_cursor: null,
    });
  });

  it('cada tarjeta trae precio final, imagen, enlace y las tallas con existencia en tiendas activas', async () => {
    const cards = await allCards('/api/catalogo/articulos');
    const stock = await sizesInStock();
    expect(cards.length).toBe((await modelCodes()).length);
    for (const card of cards) {
      expect(toCents(card.finalPrice), card.model).toBe(toCents(card.price) - toCents(card.promotion));
      expect(card.onPromotion).toBe(toCents(card.promotion) > 0);
      expect(card.image).toBe(`/imagenes/modelos/${card.model}-640.webp`);
      expect(card.path).toBe(`/linea/${card.lineCode}/sub-lineas/${card.subLineCode}/articulos/${card.model}`);
      expect(card.sizes, card.model).toEqual(stock.get(card.model) ?? []);
      expect(card.inStock).toBe(card.sizes.length > 0);
    }
  });

  it('filtra por cada línea: todos sus modelos y solo ellos', async () => {
    for (const line of ['DAM', 'CAB', 'NIN', 'CAL']) {
      const cards = await allCards(`/api/catalogo/articulos?linea=${line.toLowerCase()}`);
      expect(cards.map((a) => a.model).sort(), line).toEqual((await modelCodes(sql`l.code = ${line}`)).sort());
      expect(cards.every((a) => a.lineCode === line)).toBe(true);
    }
  });

  it('filtra por sub-línea aunque no se indique la línea', async () => {
    const cards = await allCards('/api/catalogo/articulos?sublinea=jea');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((a) => a.model).sort()).toEqual((await modelCodes(sql`s.code = 'JEA'`)).sort());
    expect(cards.every((a) => a.subLineCode === 'JEA' && a.lineCode === 'DAM')).toBe(true);
  });

  it('filtra por uno o varios colores, sin distinguir mayúsculas', async () => {
    const cards = await allCards('/api/catalogo/articulos?color=negr,rojo');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((a) => a.model).sort()).toEqual((await modelCodes(sql`m.color_code IN ('NEGR', 'ROJO')`)).sort());
    expect(cards.every((a) => a.colorCode === 'NEGR' || a.colorCode === 'ROJO')).toBe(true);
  });

  it('filtra por talla: exactamente los modelos con existencia en esa talla', async () => {
    const stock = await sizesInStock();
    for (const size of ['MD', '38', '04', '42']) {
      const cards = await allCards(`/api/catalogo/articulos?talla=${size.toLowerCase()}`);
      const expected = [...stock].filter(([, sizes]) => sizes.includes(size)).map(([model]) => model);
      expect(cards.length, size).toBeGreaterThan(0);
      expect(cards.map((a) => a.model).sort(), size).toEqual(expected.sort());
      for (const card of cards) expect(card.sizes).toContain(size);
    }
  });

  it('el rango de precio se aplica al precio final (con promoción), con límites incluidos y coma decimal', async () => {
    const [promo] = await rows<{ code: string; final: string; price: string }>(
      t,
      sql`SELECT m.code, (m.price - m.promotion)::text AS final, m.price::text AS price ${ACTIVE} AND m.promotion > 0
          ORDER BY m.code LIMIT 1`,
    );
    expect(toCents(promo.price)).toBeGreaterThan(toCents(promo.final));
    const cents = toCents(promo.final);
    const max = promo.final.replace('.', ',');
    const cards = await allCards(`/api/catalogo/articulos?precio_max=${max}&precio_min=${promo.final}`);
    // The list price is above the range: only the final price puts the model in it.
    expect(cards.map((a) => a.model)).toContain(promo.code);
    expect(cards.every((a) => toCents(a.finalPrice) === cents)).toBe(true);

    const wide = await allCards('/api/catalogo/articulos?precio_min=15.5&precio_max=30');
    expect(wide.map((a) => a.model).sort()).toEqual((await modelCodes(sql`(m.price - m.promotion) BETWEEN 15.5 AND 30`)).sort());
    for (const a of wide) {
      expect(toCents(a.finalPrice)).toBeGreaterThanOrEqual(1550);
      expect(toCents(a.finalPrice)).toBeLessThanOrEqual(3000);
    }
  });

  it('los filtros se combinan: el resultado es la intersección', async () => {
    const cards = await allCards('/api/catalogo/articulos?linea=DAM&talla=MD&precio_max=40&promocion=false');
    const stock = await sizesInStock();
    const expected = (await modelCodes(sql`l.code = 'DAM' AND (m.price - m.promotion) <= 40`)).filter((code) =>
      stock.get(code)?.includes('MD'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(cards.map((a) => a.model).sort()).toEqual(expected.sort());
  });

  it('solo promociones, por promocion=1 o por opcion=promociones: exactamente los modelos con descuento', async () => {
    const expected = (await modelCodes(sql`m.promotion > 0`)).sort();
    expect(expected.length).toBeGreaterThan(0);
    for (const url of ['/api/catalogo/articulos?promocion=1', '/api/catalogo/articulos?opcion=promociones']) {
      const cards = await allCards(url);
      expect(cards.map((a) => a.model).sort(), url).toEqual(expected);
    }
  });

  it('ordena por precio final en ambos sentidos a lo largo de todas las páginas', async () => {
    const asc = await allCards('/api/catalogo/articulos?sort_by=precio&sort_desc=false');
    expect(asc.map((a) => a.model)).toEqual(await modelCodes(sql`TRUE`, sql`(m.price - m.promotion) ASC, m.code ASC`));
    const ascCents = asc.map((a) => toCents(a.finalPrice));
    expect(ascCents).toEqual([...ascCents].sort((a, b) => a - b));

    const desc = await allCards('/api/catalogo/articulos?sort_by=precio&sort_desc=true');
    expect(desc.map((a) => a.model)).toEqual(await modelCodes(sql`TRUE`, sql`(m.price - m.promotion) DESC, m.code ASC`));
    const descCents = desc.map((a) => toCents(a.finalPrice));
    expect(descCents).toEqual([...descCents].sort((a, b) => b - a));
  });

  it('ordena por nombre y por más vendidos; opcion=mas-vendidos usa ese orden por defecto', async () => {
    const byName = await allCards('/api/catalogo/articulos?sort_by=nombre&sort_desc=false');
    expect(byName.map((a) => a.model)).toEqual(await modelCodes(sql`TRUE`, sql`m.name ASC, m.code ASC`));
    const bestSellers = await modelCodes(sql`TRUE`, sql`m.sold_count DESC, m.code ASC`);
    expect((await allCards('/api/catalogo/articulos?sort_by=vendidos')).map((a) => a.model)).toEqual(bestSellers);
    expect((await allCards('/api/catalogo/articulos?opcion=mas-vendidos')).map((a) => a.model)).toEqual(bestSellers);
  });

  it('cada parámetro inválido da 422 con su nombre en el mapa de errores y mensajes en español', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=101', 'per_page'],
      ['per_page=2.5', 'per_page'],
      ['color=ROJ', 'color'],
      ['color=NEGR,', 'color'],
      ['talla=XXL', 'talla'],
      ['precio_min=abc', 'precio_min'],
      ['precio_max=1.234,567', 'precio_max'],
      ['precio_max=-5', 'precio_max'],
      ['sort_by=random', 'sort_by'],
      ['sort_desc=quizas', 'sort_desc'],
      ['promocion=si', 'promocion'],
      ['opcion=ofertas', 'opcion'],
      ['linea=DAM%27--', 'linea'],
      ['linea=DAM&linea=CAB', 'linea'],
      ['sublinea=A%20B', 'sublinea'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await get(`/api/catalogo/articulos?${query}`);
      expect(status, query).toBe(422);
      expect(body).toMatchObject({ success: false, message: 'Los datos enviados no son válidos.' });
      expect(Object.keys(body.errors ?? {}), query).toEqual([field]);
      for (const message of body.errors?.[field] ?? []) {
        expect(message, query).not.toMatch(/invalid|expected|required|must|received/i);
        expect(message.length).toBeGreaterThan(5);
      }
    }
  });

  it('un carácter nulo u otro control en la búsqueda no rompe el servidor', async () => {
    for (const url of [
      '/api/catalogo/articulos?search=%00',
      '/api/catalogo/articulos?search=ca%00misa',
      '/api/catalogo/buscar-articulos?search=ab%00',
      '/api/catalogo/buscar-articulos?search=%01%02%03',
    ]) {
      const { status, body } = await get<ArticleCard[]>(url);
      expect([200, 422], url).toContain(status);
      expect(body.success).toBe(status === 200);
    }
  });
});

describe('búsqueda', () => {
  it('"nino" encuentra exactamente los modelos cuyo texto contiene Niño/Niños, con o sin acento y mayúsculas', async () => {
    const expected = (await modelCodes(sql`m.search_text LIKE '%nino%'`)).sort();
    expect(expected.length).toBeGreaterThan(10);
    for (const term of ['nino', 'NIÑO', 'Niño']) {
      const cards = await allCards(`/api/catalogo/buscar-articulos?search=${encodeURIComponent(term)}`);
      expect(cards.map((a) => a.model).sort(), term).toEqual(expected);
      for (const a of cards) {
        expect(normalizeSearch(`${a.name} ${a.colorName} ${a.subLineName} ${a.lineName} ${a.model}`)).toContain('nino');
      }
    }
    const names = new Set((await allCards('/api/catalogo/buscar-articulos?search=nino')).map((a) => a.lineName));
    expect(names.has('Niños')).toBe(true);
  });

  it('varias palabras deben estar todas, en cualquier orden', async () => {
    const both = await allCards('/api/catalogo/buscar-articulos?search=nino%20franela');
    const franelas = await allCards('/api/catalogo/buscar-articulos?search=franela');
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(franelas.length);
    expect(both.map((a) => a.model).sort()).toEqual(
      (await modelCodes(sql`m.search_text LIKE '%nino%' AND m.search_text LIKE '%franela%'`)).sort(),
    );
  });

  it('la búsqueda se combina con los filtros del listado', async () => {
    const cards = await allCards('/api/catalogo/buscar-articulos?search=franela&linea=CAB');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((a) => a.model).sort()).toEqual((await modelCodes(sql`m.search_text LIKE '%franela%' AND l.code = 'CAB'`)).sort());
  });
});

describe('lo nuevo y más vendidos', () => {
  it('por línea: hasta 6 modelos distintos de esa línea, entre sus 24 más nuevos o más vendidos', async () => {
    for (const line of ['NIN', 'CAL']) {
      const newest = await modelCodes(sql`l.code = ${line}`, sql`m.created_at DESC, m.code ASC LIMIT 24`);
      const best = await modelCodes(sql`l.code = ${line}`, sql`m.sold_count DESC, m.code ASC LIMIT 24`);
      for (let round = 0; round < 3; round++) {
        const nuevos = (await get<ArticleCard[]>(`/api/catalogo/articulos/lo-nuevo?linea=${line}`)).body.data;
        const vendidos = (await get<ArticleCard[]>(`/api/catalogo/articulos/mas-vendidos?linea=${line}`)).body.data;
        for (const [list, pool] of [
          [nuevos, newest],
          [vendidos, best],
        ] as const) {
          expect(list.length).toBe(6);
          expect(new Set(list.map((a) => a.model)).size).toBe(list.length);
          for (const a of list) {
            expect(a.lineCode).toBe(line);
            expect(pool).toContain(a.model);
          }
        }
      }
    }
  });
});

describe('sub-líneas v2', () => {
  it('cada lista pagina por su cuenta: sub-líneas, lo más nuevo y lo más vendido', async () => {
    const line = (await get<Line[]>('/api/catalogo/lineas')).body.data.find((l) => l.code === 'DAM') as Line;
    const { status, body } = await get<{
      line: { code: string };
      sublines: {
        allActiveSublines: SubLine[];
        allActiveLatest: ArticleCard[];
        allActiveBestSeller: ArticleCard[];
        pagination: Record<'sublines' | 'latest' | 'bestSeller', unknown>;
      };
    }>('/api/v2/catalogo/sublinea?linea=damas&per_page=2&page_sublines=2&page_latest=3');
    expect(status).toBe(200);
    expect(body.data.line.code).toBe('DAM');
    const lists = body.data.sublines;
    expect(lists.allActiveSublines.map((s) => s.code)).toEqual(line.sublineas.slice(2, 4).map((s) => s.code));
    expect(lists.pagination.sublines).toEqual({ current_page: 2, per_page: 2, total: 5, from: 3, to: 4, last_page: 3 });

    const newest = await modelCodes(sql`l.code = 'DAM'`);
    expect(lists.allActiveLatest.map((a) => a.model)).toEqual(newest.slice(4, 6));
    expect(lists.pagination.latest).toEqual({
      current_page: 3,
      per_page: 2,
      total: newest.length,
      from: 5,
      to: 6,
      last_page: Math.ceil(newest.length / 2),
    });
    const best = await modelCodes(sql`l.code = 'DAM'`, sql`m.sold_count DESC, m.code ASC`);
    expect(lists.allActiveBestSeller.map((a) => a.model)).toEqual(best.slice(0, 2));
    expect(lists.pagination.bestSeller).toMatchObject({ current_page: 1, per_page: 2, total: best.length });
  });

  it('de 12 en 12 por defecto', async () => {
    const { body } = await get<{ sublines: { allActiveLatest: ArticleCard[]; pagination: { latest: { per_page: number } } } }>(
      '/api/v2/catalogo/sublinea?linea=CAB&page_latest=2',
    );
    const newest = await modelCodes(sql`l.code = 'CAB'`);
    expect(body.data.sublines.pagination.latest.per_page).toBe(12);
    expect(body.data.sublines.allActiveLatest.map((a) => a.model)).toEqual(newest.slice(12, 24));
  });

  it('las tarjetas de sub-líneas traen sus tallas con existencia, igual que el listado de artículos', async () => {
    const stock = await sizesInStock();
    const { body } = await get<{ sublines: { allActiveLatest: ArticleCard[]; allActiveBestSeller: ArticleCard[] } }>(
      '/api/v2/catalogo/sublinea?linea=DAM',
    );
    const cards = [...body.data.sublines.allActiveLatest, ...body.data.sublines.allActiveBestSeller];
    expect(cards.some((a) => (stock.get(a.model) ?? []).length > 0)).toBe(true);
    for (const card of cards) {
      expect(card.sizes, card.model).toEqual(stock.get(card.model) ?? []);
      expect(card.inStock, card.model).toBe((stock.get(card.model) ?? []).length > 0);
    }
  });

  it('una línea desconocida da 404 y sin línea 422', async () => {
    const missing = await get('/api/v2/catalogo/sublinea?linea=XYZ');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('La línea solicitada no existe.');
    const none = await get('/api/v2/catalogo/sublinea');
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors ?? {})).toEqual(['linea']);
  });
});

type StockRow = { article: string; size: string; store_id: number; store: string; available: number };

async function stockOf(model: string): Promise<StockRow[]> {
  return rows<StockRow>(
    t,
    sql`SELECT a.code AS article, a.size_code AS size, st.id AS store_id, st.name AS store,
               greatest(i.quantity - i.held, 0)::int AS available
        FROM articulos a
        JOIN inventario i ON i.article_code = a.code
        JOIN tiendas st ON st.id = i.tienda_id AND st.active
        WHERE a.model_code = ${model}
        ORDER BY st.name`,
  );
}

describe('detalle de artículo', () => {
  it('tallas en su orden y existencia por tienda iguales a la base, para un modelo de cada línea', async () => {
    for (const base of ['DBLU001', 'CPAN002', 'NSUE001', 'ZBOT002']) {
      const model = await firstColorOf(base);
      const { status, body } = await get<ArticleDetail>(`/api/v2/catalogo/article/${model}`);
      expect(status, model).toBe(200);
      const detail = body.data;
      const sizes = await rows<{ code: string }>(
        t,
        sql`SELECT a.size_code AS code FROM articulos a JOIN tallas z ON z.code = a.size_code
            WHERE a.model_code = ${model} ORDER BY z.position`,
      );
      expect(detail.sizes.map((s) => s.code)).toEqual(sizes.map((s) => s.code));
      const stock = await stockOf(model);
      for (const size of detail.sizes) {
        expect(size.article).toBe(`${model}${size.code}`);
        // Without the shopper's state, the store with most stock comes first (then by name).
        const expected = stock
          .filter((r) => r.size === size.code)
          .sort((a, b) => b.available - a.available || a.store.localeCompare(b.store, 'es'));
        expect(size.stores.map((s) => [s.id, s.name, s.quantity])).toEqual(expected.map((r) => [r.store_id, r.store, r.available]));
        expect(size.stock).toBe(expected.reduce((n, r) => n + r.available, 0));
      }
      expect(detail.stock).toBe(stock.reduce((n, r) => n + r.available, 0));
      expect(detail.inStock).toBe(detail.stock > 0);
    }
  });

  it('los colores son los modelos hermanos activos, cada uno con su enlace', async () => {
    const model = await firstColorOf('CCHA001');
    const { body } = await get<ArticleDetail>(`/api/v2/catalogo/article/${model}`);
    const siblings = await modelCodes(sql`m.base_code = 'CCHA001'`, sql`m.code`);
    expect(body.data.colors.map((c) => c.model).sort()).toEqual([...siblings].sort());
    expect(body.data.colors.map((c) => c.model)).toContain(model);
    for (const c of body.data.colors) {
      expect(c.colorCode).toBe(c.model.slice(-4));
      expect(c.path).toBe(`/linea/CAB/sub-lineas/CHA/articulos/${c.model}`);
    }
  });

  it('por ruta o por ?code=, en mayúsculas o minúsculas, el detalle es el mismo', async () => {
    const model = await firstColorOf('DJEA002');
    const byPath = await get<ArticleDetail>(`/api/v2/catalogo/article/${model}`);
    const byQuery = await get<ArticleDetail>(`/api/v2/catalogo/article?code=${model.toLowerCase()}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.data).toEqual(byPath.body.data);
    const article = await get<ArticleDetail>(`/api/v2/catalogo/article/${model.toLowerCase()}30`);
    expect(article.body.data).toMatchObject({ model, selectedArticle: `${model}30`, selectedSize: '30' });
  });

  it('una talla que ese color no trae muestra el modelo sin talla elegida; un código inválido da 422', async () => {
    const model = await firstColorOf('DJEA002');
    const { status, body } = await get<ArticleDetail>(`/api/v2/catalogo/article/${model}XS`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ model, selectedArticle: null, selectedSize: null });
    expect((await get('/api/v2/catalogo/article/DJEA002%20X')).status).toBe(422);
    expect((await get(`/api/v2/catalogo/article/${'A'.repeat(23)}`)).status).toBe(422);
  });
});

type Availability = {
  article: string;
  model: string;
  sizeCode: string;
  total: number;
  stores: { storeId: number; storeName: string; available: number }[];
};

describe('disponibilidad por tienda', () => {
  it('cada tienda activa con su existencia y el total como suma, por url o por código de línea', async () => {
    for (const [base, size, line] of [
      ['CFRA002', 'LG', 'caballeros'],
      ['NCON001', '06', 'NIN'],
      ['ZSAN003', '37', 'calzado'],
    ] as const) {
      const model = await firstColorOf(base);
      const article = `${model}${size}`;
      const { status, body } = await get<Availability>(`/api/catalogo/linea/${line}/articulo/${article.toLowerCase()}/disponibilidad`);
      expect(status, article).toBe(200);
      expect(body.data).toMatchObject({ article, model, sizeCode: size });
      const expected = (await stockOf(model)).filter((r) => r.article === article);
      expect(body.data.stores.map((s) => [s.storeId, s.available])).toEqual(expected.map((r) => [r.store_id, r.available]));
      expect(body.data.total).toBe(body.data.stores.reduce((n, s) => n + s.available, 0));
    }
  });

  it('un artículo de otra línea o inexistente da 404 en español', async () => {
    const article = `${await firstColorOf('CFRA002')}LG`;
    for (const url of [
      `/api/catalogo/linea/ninos/articulo/${article}/disponibilidad`,
      `/api/catalogo/linea/XYZ/articulo/${article}/disponibilidad`,
      '/api/catalogo/linea/caballeros/articulo/CFRA002NEGRZZ/disponibilidad',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body).toEqual({ success: false, message: 'El artículo solicitado no existe en esta línea.' });
    }
  });
});

// These change the database, so they run last.
describe('cuando la tienda cambia su catálogo', () => {
  it('una tienda desactivada deja de contar en la existencia de listados, filtros, detalle y disponibilidad', async () => {
    // The store holding the most stock that no other store has: the one whose loss changes most.
    const [store] = await rows<{ id: number; name: string }>(
      t,
      sql`SELECT st.id, st.name FROM tiendas st
          JOIN inventario i ON i.tienda_id = st.id AND i.quantity > i.held
          WHERE NOT EXISTS (SELECT 1 FROM inventario o WHERE o.article_code = i.article_code AND o.tienda_id <> st.id AND o.quantity > o.held)
          GROUP BY st.id, st.name ORDER BY count(*) DESC, st.id LIMIT 1`,
    );
    const before = await sizesInStock();
    await t.database.db.execute(sql`UPDATE tiendas SET active = false WHERE id = ${store.id}`);
    const after = await sizesInStock();
    const changed = [...before.keys()].filter((m) => JSON.stringify(before.get(m)) !== JSON.stringify(after.get(m) ?? []));
    expect(changed.length, 'la tienda elegida debe tener existencia única').toBeGreaterThan(0);

    try {
      // Each view is checked on its own (soft), so one failing does not hide the others.
      const cards = await allCards('/api/catalogo/articulos');
      const wrong = cards.filter((card) => JSON.stringify(card.sizes) !== JSON.stringify(after.get(card.model) ?? []));
      expect
        .soft(
          wrong.map((card) => card.model),
          'tarjetas con tallas de la tienda inactiva',
        )
        .toEqual([]);

      const size = (before.get(changed[0]) ?? []).find((code) => !(after.get(changed[0]) ?? []).includes(code)) as string;
      const bySize = await allCards(`/api/catalogo/articulos?talla=${size}`);
      expect.soft(bySize.map((a) => a.model).sort(), `filtro talla=${size}`).toEqual(
        [...after]
          .filter(([, s]) => s.includes(size))
          .map(([m]) => m)
          .sort(),
      );

      const detail = (await get<ArticleDetail>(`/api/v2/catalogo/article/${changed[0]}`)).body.data;
      expect.soft(detail.sizes.flatMap((s) => s.stores.map((st) => st.id))).not.toContain(store.id);
      expect.soft(detail.sizes.filter((s) => s.stock > 0).map((s) => s.code)).toEqual(after.get(changed[0]) ?? []);

      const [line] = await rows<{ url: string }>(
        t,
        sql`SELECT l.url FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id WHERE m.code = ${changed[0]}`,
      );
      const availability = await get<Availability>(`/api/catalogo/linea/${line.url}/articulo/${changed[0]}${size}/disponibilidad`);
      expect.soft(availability.body.data.stores.map((s) => s.storeId)).not.toContain(store.id);
      expect.soft(availability.body.data.total).toBe(0);
    } finally {
      await t.database.db.execute(sql`UPDATE tiendas SET active = true WHERE id = ${store.id}`);
    }
  });

  it('un modelo desactivado sale de los listados y su detalle da 404', async () => {
    const model = await firstColorOf('DFAL001');
    const total = (await modelCodes()).length;
    await t.database.db.execute(sql`UPDATE modelos SET active = false WHERE code = ${model}`);
    const list = await get<ArticleCard[]>('/api/catalogo/articulos');
    expect(list.body.meta?.total).toBe(total - 1);
    expect((await allCards('/api/catalogo/articulos?sublinea=FAL')).map((a) => a.model)).not.toContain(model);
    expect((await get(`/api/v2/catalogo/article/${model}`)).status).toBe(404);
    const siblings = (await get<ArticleDetail>(`/api/v2/catalogo/article/${(await modelCodes(sql`m.base_code = 'DFAL001'`))[0]}`)).body
      .data;
    expect(siblings.colors.map((c) => c.model)).not.toContain(model);
  });

  it('una sub-línea desactivada desaparece de las líneas, de los listados y de sus páginas de artículo', async () => {
    const models = await modelCodes(sql`s.code = 'PIJ'`);
    expect(models.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`UPDATE sublineas SET active = false WHERE code = 'PIJ'`);
    const lines = (await get<Line[]>('/api/catalogo/lineas')).body.data;
    expect(lines.find((l) => l.code === 'DAM')?.sublineas.map((s) => s.code)).not.toContain('PIJ');
    expect((await get<ArticleCard[]>('/api/catalogo/articulos?sublinea=PIJ')).body.meta?.total).toBe(0);
    expect((await get('/api/catalogo/linea?linea=DAM&sublinea=PIJ')).status).toBe(404);
    const detail = await get(`/api/v2/catalogo/article/${models[0]}`);
    expect.soft(detail.status, 'detalle de un modelo de la sub-línea inactiva').toBe(404);
    const availability = await get(`/api/catalogo/linea/damas/articulo/${models[0]}MD/disponibilidad`);
    expect.soft(availability.status, 'disponibilidad de un artículo de la sub-línea inactiva').toBe(404);
  });
});
