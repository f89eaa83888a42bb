// Deep pages and bounded counts of the catalogue list (issue 13, decision 0025): walking the pages with
// `despues` (keyset) gives exactly the rows of walking them by number, and past the bound the count is flagged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '#domain/catalogo-cursor.ts';
import { NARROW_COUNT_LIMIT } from '#domain/conteo-acotado.ts';
import type { ArticleCard } from '#domain/contracts/catalogo.ts';
import type { ListMeta } from '#domain/contracts/contract.ts';
import { listArticles } from '#server/modules/catalogo/catalogo.service.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Answer<T> = { success: boolean; data: T; meta: ListMeta; message?: string };

async function get<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Answer<T> };
}

async function walkByNumber(query: string, perPage = 24) {
  const codes: string[] = [];
  for (let page = 1; ; page++) {
    const { body } = await get<ArticleCard[]>(`/api/catalogo/articulos?per_page=${perPage}&page=${page}&${query}`);
    codes.push(...body.data.map((card) => card.model));
    if (page >= body.meta.last_page) return { codes, total: body.meta.total };
  }
}

async function walkByCursor(query: string, perPage = 24) {
  const codes: string[] = [];
  let cursor: string | null | undefined;
  for (let page = 1; page === 1 || cursor; page++) {
    const after = cursor ? `&despues=${encodeURIComponent(cursor)}` : '';
    const { status, body } = await get<ArticleCard[]>(`/api/catalogo/articulos?per_page=${perPage}&page=${page}&${query}${after}`);
    expect(status).toBe(200);
    codes.push(...body.data.map((card) => card.model));
    cursor = body.meta.next_cursor;
  }
  return codes;
}

describe('páginas con «despues» (keyset)', () => {
  const orders: [string, number][] = [
    ['sort_by=nuevo&sort_desc=true', 24],
    ['sort_by=precio&sort_desc=false', 24],
    ['sort_by=precio&sort_desc=true', 24],
    ['sort_by=nombre&sort_desc=false', 24],
    ['sort_by=vendidos&sort_desc=true', 24],
    ['opcion=lo-nuevo', 24],
    ['opcion=mas-vendidos', 24],
    ['linea=DAM&color=NEGR,BLAN&sort_by=precio&sort_desc=false', 2],
  ];
  it.each(orders)('%s: los mismos artículos en el mismo orden que por número de página', async (query, perPage) => {
    const byNumber = await walkByNumber(query, perPage);
    const byCursor = await walkByCursor(query, perPage);
    expect(byNumber.codes.length).toBe(byNumber.total);
    expect(byNumber.codes.length).toBeGreaterThan(perPage);
    expect(byCursor).toEqual(byNumber.codes);
  });

  it('un «despues» alterado o de otro orden se rechaza con 400 y un mensaje claro', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?sort_by=precio&sort_desc=false');
    const cursor = body.meta.next_cursor as string;
    const otherOrder = await get(`/api/catalogo/articulos?sort_by=nombre&despues=${encodeURIComponent(cursor)}`);
    expect(otherOrder.status).toBe(400);
    expect(otherOrder.body.message).toMatch(/despues/);
    const forged = encodeCursor({ sort: 'precio', desc: false, marked: null, key: '1; DROP TABLE modelos', code: 'X' });
    expect((await get(`/api/catalogo/articulos?sort_by=precio&sort_desc=false&despues=${forged}`)).status).toBe(400);
    expect((await get('/api/catalogo/articulos?despues=%%%no-es-base64')).status).toBe(400);
    const grouped = await get(`/api/catalogo/articulos?agrupar_colores=true&sort_by=nombre&despues=${encodeURIComponent(cursor)}`);
    expect(grouped.status).toBe(400);
    expect(grouped.body.message).toMatch(/despues/);
  });

  it('el cursor de una fecha inexistente no llega a la base', () => {
    const bad = encodeCursor({ sort: 'nuevo', desc: true, marked: null, key: '2026-13-45 99:00:00+00', code: 'A' });
    expect(decodeCursor(bad, 'nuevo', true, false)).toBeNull();
  });
});

/** The style of a card: its model code without the colour (4 characters). */
const styleOf = (model: string) => model.slice(0, -4);

describe('lista agrupada (una tarjeta por estilo) por número y con «despues»', () => {
  const grouped: [string, number][] = [
    ['sort_by=nuevo&sort_desc=true', 5],
    ['sort_by=nuevo&sort_desc=false', 5],
    ['sort_by=precio&sort_desc=false', 5],
    ['sort_by=precio&sort_desc=true', 5],
    ['sort_by=nombre&sort_desc=false', 5],
    ['sort_by=nombre&sort_desc=true', 5],
    ['sort_by=vendidos&sort_desc=true', 5],
    ['opcion=lo-nuevo', 4],
    ['opcion=mas-vendidos', 4],
    ['linea=DAM&sort_by=precio&sort_desc=true', 3],
    ['linea=DAM&sublinea=BLU&sort_by=nombre&sort_desc=false', 2],
    ['linea=DAM&color=NEGR,BLAN,ROJO&sort_by=precio&sort_desc=false', 2],
    ['precio_min=20&precio_max=40&sort_by=nuevo&sort_desc=true', 3],
    ['talla=MD&sort_by=vendidos&sort_desc=true', 4],
  ];
  it.each(grouped)(
    '%s: cada estilo una vez, con el color que ordena primero, en el orden de la lista por color',
    async (query, perPage) => {
      // The oracle: the per-colour list in the same order, keeping the first colour of each style.
      const perColour = await walkByNumber(query, 7);
      const seen = new Set<string>();
      const expected = perColour.codes.filter((model) => !seen.has(styleOf(model)) && seen.add(styleOf(model)));
      expect(seen.size).toBeLessThan(perColour.codes.length); // some style has several colours in this list
      const byNumber = await walkByNumber(`agrupar_colores=true&${query}`, perPage);
      expect(byNumber.codes).toEqual(expected);
      expect(byNumber.total).toBe(expected.length);
      expect(await walkByCursor(`agrupar_colores=true&${query}`, perPage)).toEqual(expected);
    },
  );

  it('el cursor de la última página es nulo y el de una página llena lleva a la siguiente', async () => {
    const { body } = await get<ArticleCard[]>('/api/catalogo/articulos?agrupar_colores=true&linea=DAM&per_page=3');
    expect(body.meta.next_cursor).toEqual(expect.any(String));
    const next = await get<ArticleCard[]>(
      `/api/catalogo/articulos?agrupar_colores=true&linea=DAM&per_page=3&page=2&despues=${encodeURIComponent(body.meta.next_cursor as string)}`,
    );
    const byNumber = await get<ArticleCard[]>('/api/catalogo/articulos?agrupar_colores=true&linea=DAM&per_page=3&page=2');
    expect(next.body.data.map((c) => c.model)).toEqual(byNumber.body.data.map((c) => c.model));
    const all = await get<ArticleCard[]>('/api/catalogo/articulos?agrupar_colores=true&linea=DAM&per_page=100');
    expect(all.body.meta.next_cursor).toBeNull();
  });
});

describe('conteo acotado', () => {
  it('por debajo del límite el total es exacto y sin marca de estimado', async () => {
    const byNumber = await walkByNumber('linea=DAM');
    const { meta } = await listArticles(t.database.db, { page: 1, perPage: 6, linea: 'DAM' }, { countLimit: byNumber.total });
    expect(meta.total).toBe(byNumber.total);
    expect(meta).not.toHaveProperty('total_is_estimate');
    expect(meta.last_page).toBe(Math.ceil(byNumber.total / 6));
  });

  it('pasado el límite el total es el límite, marcado como estimado, y siempre hay una página más', async () => {
    const { meta } = await listArticles(t.database.db, { page: 1, perPage: 6 }, { countLimit: 10 });
    expect(meta).toMatchObject({ total: 10, total_is_estimate: true, from: 1, to: 6, last_page: 2 });
    const deep = await listArticles(t.database.db, { page: 5, perPage: 6 }, { countLimit: 10 });
    expect(deep.meta).toMatchObject({ total: 10, total_is_estimate: true, from: 25, to: 30, last_page: 6 });
    const grouped = await listArticles(t.database.db, { page: 1, perPage: 6, groupColors: true }, { countLimit: 10 });
    expect(grouped.meta).toMatchObject({ total: 10, total_is_estimate: true });
  });

  it('una búsqueda cuenta hasta 100 («más de 100»); la misma cantidad sin búsqueda se cuenta exacta', async () => {
    const all = await listArticles(t.database.db, { page: 1, perPage: 6 });
    expect(all.meta.total).toBeGreaterThan(NARROW_COUNT_LIMIT);
    expect(all.meta).not.toHaveProperty('total_is_estimate');
    // «a» is in almost every model's name or colour.
    const common = await listArticles(t.database.db, { page: 1, perPage: 6, search: 'a' });
    expect(common.meta).toMatchObject({ total: NARROW_COUNT_LIMIT, total_is_estimate: true, to: 6 });
    const rare = await listArticles(t.database.db, { page: 1, perPage: 6, search: 'carolina' });
    expect(rare.meta.total).toBeLessThan(NARROW_COUNT_LIMIT);
    expect(rare.meta).not.toHaveProperty('total_is_estimate');
  });

  it('un filtro por talla en existencia o por precio también cuenta hasta 100; por color solo, hasta 1.000', async () => {
    const all = await listArticles(t.database.db, { page: 1, perPage: 6 });
    const porTalla = await listArticles(t.database.db, { page: 1, perPage: 6, talla: 'MD' });
    // The demo has fewer than 100 models with MD in stock: below the bound the count stays exact.
    const exacto = await listArticles(t.database.db, { page: 1, perPage: 6, talla: 'MD' }, { countLimit: 100_000 });
    expect(exacto.meta.total).toBeLessThan(NARROW_COUNT_LIMIT);
    expect(porTalla.meta.total).toBe(exacto.meta.total);
    expect(porTalla.meta).not.toHaveProperty('total_is_estimate');
    const porPrecio = await listArticles(t.database.db, { page: 1, perPage: 6, precioMin: '1', precioMax: '100000' });
    expect(porPrecio.meta).toMatchObject({ total: NARROW_COUNT_LIMIT, total_is_estimate: true });
    // Every model has a price: without the bound it would be the whole catalogue.
    expect(all.meta.total).toBeGreaterThan(NARROW_COUNT_LIMIT);
    const colores = await listArticles(t.database.db, { page: 1, perPage: 6, color: ['NEGR', 'BLAN', 'AZMA', 'VINO', 'JEAN', 'VERD'] });
    expect(colores.meta).not.toHaveProperty('total_is_estimate');
  });

  it('las tarjetas agrupadas cuentan estilos exactos por debajo del límite', async () => {
    const { meta, items } = await listArticles(t.database.db, { page: 1, perPage: 60, groupColors: true, linea: 'DAM' });
    const styles = new Set(items.map((card) => card.model.slice(0, -4)));
    if (meta.total <= 60) expect(meta.total).toBe(styles.size);
    expect(meta).not.toHaveProperty('total_is_estimate');
  });
});
