import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCard, ArticleDetail, Line, LineWithFilters } from '#domain/contracts/catalogo.ts';
import { toCents } from '#domain/money.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function get<T = unknown>(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return {
    status: response.statusCode,
    body: response.json() as {
      success: boolean;
      data: T;
      meta?: Record<string, number | null>;
      message?: string;
      errors?: Record<string, string[]>;
    },
  };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

describe('líneas', () => {
  it('lista las líneas activas con sus sub-líneas y la cantidad de estilos de cada una', async () => {
    const { status, body } = await get<Line[]>('/api/catalogo/lineas');
    expect(status).toBe(200);
    expect(body.data.map((l) => l.code)).toEqual(['DAM', 'CAB', 'NIN', 'CAL']);
    const subCount = body.data.reduce((n, l) => n + l.sublineas.length, 0);
    expect(subCount).toBeGreaterThanOrEqual(12);
    // Styles, as their lists count them (a model in several colours counts once): the demo's 165
    // models are 55 styles.
    const styleCount = body.data.flatMap((l) => l.sublineas).reduce((n, s) => n + s.models, 0);
    const [{ styles }] = await rows<{ styles: number }>(
      sql`SELECT coalesce(sum(n), 0)::int AS styles FROM (
            SELECT count(DISTINCT m.base_code) AS n FROM modelos m
              JOIN sublineas s ON s.id = m.sublinea_id AND s.active
              JOIN lineas l ON l.id = s.linea_id AND l.active
             WHERE m.active GROUP BY s.id) per_subline`,
    );
    expect(styleCount).toBe(styles);
    const v2 = await get<Line[]>('/api/v2/catalogo/lineas');
    expect(v2.body.data).toEqual(body.data);
  });

  it('una línea por código o por url trae las opciones de filtro; una desconocida da 404 en español', async () => {
    const byCode = await get<LineWithFilters>('/api/catalogo/linea?linea=DAM');
    const byUrl = await get<LineWithFilters>('/api/catalogo/linea?linea=damas');
    expect(byCode.status).toBe(200);
    expect(byUrl.body.data.code).toBe('DAM');
    expect(byCode.body.data.filtros.colors.length).toBeGreaterThan(3);
    expect(byCode.body.data.filtros.sizes.map((s) => s.code)).toContain('MD');
    const missing = await get('/api/catalogo/linea?linea=XYZ');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('La línea solicitada no existe.');
  });
});

describe('artículos', () => {
  it('pagina de 6 en 6 por defecto con meta coherente', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos');
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM modelos WHERE active`);
    expect(body.data).toHaveLength(6);
    expect(body.meta).toEqual({
      current_page: 1,
      per_page: 6,
      total: n,
      from: 1,
      to: 6,
      last_page: Math.ceil(n / 6),
      next_cursor: expect.any(String),
    });
    const last = await get<ArticleCard[]>(`/api/catalogo/articulos?page=${Math.ceil(n / 6)}`);
    expect(last.body.data.length).toBe(n - 6 * (Math.ceil(n / 6) - 1));
  });

  it('filtra por línea, sub-línea y color', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?linea=CAB&sublinea=CAM&color=NEGR,BLAN&per_page=100');
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id WHERE s.code = 'CAM' AND m.color_code IN ('NEGR','BLAN')`,
    );
    expect(body.data).toHaveLength(n);
    for (const a of body.data) {
      expect(a.lineCode).toBe('CAB');
      expect(a.subLineCode).toBe('CAM');
      expect(['NEGR', 'BLAN']).toContain(a.colorCode);
    }
  });

  it('filtra por talla mostrando solo modelos con existencia en esa talla', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?talla=38&per_page=100');
    expect(body.data.length).toBeGreaterThan(0);
    for (const a of body.data) expect(a.sizes).toContain('38');
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(DISTINCT a.model_code)::int AS n FROM articulos a JOIN inventario i ON i.article_code = a.code WHERE a.size_code = '38' AND i.quantity > i.held`,
    );
    expect(body.meta?.total).toBe(n);
  });

  it('filtra por rango de precio final y ordena por precio en ambos sentidos', async () => {
    const asc = await get<ArticleCard[]>('/api/catalogo/articulos?precio_min=20&precio_max=40&sort_by=precio&sort_desc=false&per_page=100');
    const prices = asc.body.data.map((a) => toCents(a.finalPrice));
    expect(prices.length).toBeGreaterThan(3);
    for (const p of prices) {
      expect(p).toBeGreaterThanOrEqual(2000);
      expect(p).toBeLessThanOrEqual(4000);
    }
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await get<ArticleCard[]>('/api/catalogo/articulos?precio_min=20&precio_max=40&sort_by=precio&sort_desc=true&per_page=100');
    expect(desc.body.data.map((a) => toCents(a.finalPrice))).toEqual([...prices].sort((a, b) => b - a));
  });

  it('solo promociones: todos con descuento y precio final = precio − promoción', async () => {
    for (const url of ['/api/catalogo/articulos?promocion=true&per_page=100', '/api/catalogo/articulos?opcion=promociones&per_page=100']) {
      const { body } = await get<ArticleCard[]>(url);
      expect(body.data.length).toBeGreaterThan(0);
      for (const a of body.data) {
        expect(a.onPromotion).toBe(true);
        expect(toCents(a.finalPrice)).toBe(toCents(a.price) - toCents(a.promotion));
      }
    }
  });

  it('parámetros inválidos dan 422 con el mapa de errores en español, nunca 500', async () => {
    for (const url of [
      '/api/catalogo/articulos?page=0',
      '/api/catalogo/articulos?per_page=1000',
      '/api/catalogo/articulos?color=ROJ',
      '/api/catalogo/articulos?talla=XXL',
      '/api/catalogo/articulos?precio_min=abc',
      '/api/catalogo/articulos?sort_by=random',
      "/api/catalogo/articulos?linea=DAM'--",
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(422);
      expect(body.success).toBe(false);
      expect(body.message).toBe('Los datos enviados no son válidos.');
      expect(Object.keys(body.errors ?? {}).length, url).toBeGreaterThan(0);
    }
    const sort = await get('/api/catalogo/articulos?sort_by=random');
    expect(sort.body.errors?.sort_by?.[0]).toBe('sort_by debe ser precio, nombre, nuevo o vendidos');
  });

  it('lo nuevo da hasta 6 modelos al azar entre los 24 más nuevos; más vendidos entre los 24 más vendidos', async () => {
    const newest = await rows<{ code: string }>(sql`SELECT code FROM modelos ORDER BY created_at DESC, code ASC LIMIT 24`);
    const best = await rows<{ code: string }>(sql`SELECT code FROM modelos ORDER BY sold_count DESC, code ASC LIMIT 24`);
    const nuevos = await get<ArticleCard[]>('/api/catalogo/articulos/lo-nuevo');
    const vendidos = await get<ArticleCard[]>('/api/catalogo/articulos/mas-vendidos');
    expect(nuevos.body.data).toHaveLength(6);
    expect(vendidos.body.data).toHaveLength(6);
    for (const a of nuevos.body.data) expect(newest.map((r) => r.code)).toContain(a.model);
    for (const a of vendidos.body.data) expect(best.map((r) => r.code)).toContain(a.model);
  });

  it('la búsqueda no distingue acentos ni mayúsculas: "nino" encuentra la línea Niños', async () => {
    const { status, body } = await get<ArticleCard[]>('/api/catalogo/buscar-articulos?search=NINO&per_page=100');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((a) => a.lineName === 'Niños' || /niñ/i.test(a.name) || /niñ/i.test(a.subLineName))).toBe(true);
    const accent = await get<ArticleCard[]>('/api/catalogo/buscar-articulos?search=pantalón');
    const plain = await get<ArticleCard[]>('/api/catalogo/buscar-articulos?search=pantalon');
    expect(accent.body.meta?.total).toBe(plain.body.meta?.total);
    expect(plain.body.meta?.total).toBeGreaterThan(0);
    const short = await get('/api/catalogo/buscar-articulos?search=a');
    expect(short.status).toBe(422);
    const wildcard = await get<ArticleCard[]>('/api/catalogo/buscar-articulos?search=%25%25');
    expect(wildcard.body.meta?.total).toBe(0);
  });
});

describe('sub-líneas v2', () => {
  it('trae sub-líneas activas, lo más nuevo y lo más vendido, cada lista con su paginación de 12', async () => {
    const { status, body } = await get<{
      sublines: Record<string, unknown> & { pagination: Record<string, { per_page: number; total: number; current_page: number }> };
    }>('/api/v2/catalogo/sublinea?linea=DAM&page_latest=2');
    expect(status).toBe(200);
    const lists = body.data.sublines as unknown as {
      allActiveSublines: unknown[];
      allActiveLatest: ArticleCard[];
      allActiveBestSeller: ArticleCard[];
    };
    expect(lists.allActiveSublines.length).toBe(5);
    expect(lists.allActiveLatest.length).toBe(12);
    expect(lists.allActiveBestSeller.length).toBe(12);
    expect(body.data.sublines.pagination.latest.current_page).toBe(2);
    expect(body.data.sublines.pagination.bestSeller.per_page).toBe(12);
    expect(lists.allActiveLatest.every((a) => a.lineCode === 'DAM')).toBe(true);
    const sold = lists.allActiveBestSeller.map((a) => a.model);
    const expected = await rows<{ code: string }>(
      sql`SELECT m.code FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id WHERE l.code = 'DAM' ORDER BY m.sold_count DESC, m.code ASC LIMIT 12`,
    );
    expect(sold).toEqual(expected.map((r) => r.code));
  });
});

describe('detalle de artículo y existencia', () => {
  it('un modelo trae sus colores hermanos y sus tallas con existencia por tienda', async () => {
    const { body } = await get<ArticleDetail>(`/api/v2/catalogo/article/DVES001${await firstColor('DVES001')}`);
    const detail = body.data;
    expect(detail.colors.length).toBe(3);
    for (const c of detail.colors) expect(c.model.slice(0, -4)).toBe('DVES001');
    expect(detail.sizes.map((s) => s.code)).toEqual(['XS', 'SM', 'MD', 'LG', 'XL', '2X']);
    for (const size of detail.sizes) {
      expect(size.article).toBe(detail.model + size.code);
      expect(size.stock).toBe(size.stores.reduce((n, s) => n + s.quantity, 0));
    }
    expect(detail.selectedSize).toBeNull();
  });

  it('por código de artículo marca la talla elegida; uno inexistente da 404', async () => {
    const color = await firstColor('ZDEP001');
    const { body } = await get<ArticleDetail>(`/api/v2/catalogo/article/ZDEP001${color}37`);
    expect(body.data.selectedSize).toBe('37');
    expect(body.data.selectedArticle).toBe(`ZDEP001${color}37`);
    const missing = await get('/api/v2/catalogo/article/NOEXISTE');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('El artículo solicitado no existe.');
  });

  it('disponibilidad por tienda de un artículo suma lo disponible; otra línea da 404', async () => {
    const color = await firstColor('CFRA001');
    const article = `CFRA001${color}MD`;
    const { status, body } = await get<{ total: number; stores: { storeId: number; available: number }[] }>(
      `/api/catalogo/linea/caballeros/articulo/${article}/disponibilidad`,
    );
    expect(status).toBe(200);
    const [{ total }] = await rows<{ total: number }>(
      sql`SELECT coalesce(sum(quantity - held), 0)::int AS total FROM inventario WHERE article_code = ${article}`,
    );
    expect(body.data.total).toBe(total);
    expect(body.data.stores.every((s) => s.available >= 0)).toBe(true);
    const wrongLine = await get(`/api/catalogo/linea/damas/articulo/${article}/disponibilidad`);
    expect(wrongLine.status).toBe(404);
  });

  it('PATCH v2/inventario revisa el carrito contra la existencia y valida el cuerpo', async () => {
    const color = await firstColor('CFRA001');
    const article = `CFRA001${color}MD`;
    const [{ total }] = await rows<{ total: number }>(
      sql`SELECT coalesce(sum(quantity - held), 0)::int AS total FROM inventario WHERE article_code = ${article}`,
    );
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/inventario',
      payload: { articulos: [{ articleCode: article, quantity: total + 1 }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ articleCode: article, available: total, ok: false });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/inventario',
      payload: { articulos: [{ articleCode: article, quantity: 0 }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['articulos.0.quantity']).toEqual(['La cantidad mínima es 1']);
  });
});

async function firstColor(baseCode: string): Promise<string> {
  const [row] = await rows<{ color_code: string }>(
    sql`SELECT color_code FROM modelos WHERE base_code = ${baseCode} ORDER BY color_code LIMIT 1`,
  );
  return row.color_code;
}
