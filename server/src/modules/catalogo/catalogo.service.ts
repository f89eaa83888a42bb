// Catalogue use cases: what a shopper browses, searches and checks for stock.

import { colorCodeOf, sizeCodeOf } from '#domain/article-code.ts';
import { decodeCursor, encodeCursor } from '#domain/catalogo-cursor.ts';
import { articlePath, modelImageUrl, modelPicture, modelPictureSrcSet, photoSrcSet, photoUrl } from '#domain/catalogo-urls.ts';
import { COUNT_LIMIT, cappedMeta, NARROW_COUNT_LIMIT } from '#domain/conteo-acotado.ts';
import type { SaleOption } from '#domain/contracts/catalogo.ts';
import { fromCents, toCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { pvpCents } from '#domain/precio-al-publico.ts';
import { normalizeSearch } from '#domain/text.ts';
import { ordenarTiendasParaComprador } from '#domain/tiendas-cercanas.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { bestUnitDiscounts } from '#server/modules/descuento/descuento.service.ts';
import type { CardRow, ModelFilter, ModelSort } from './catalogo.repo.ts';
import * as repo from './catalogo.repo.ts';

const NEW_POOL = 24;
const RANDOM_COUNT = 6;
/** A model is «Nuevo» this many days after it was created, unless the staff marked it in or out. */
const NEW_DAYS = 30;

type Swatch = { model: string; colorCode: string; name: string; hex: string; path: string };

function isNew(row: CardRow, now = Date.now()): boolean {
  return row.nuevo ?? now - row.createdAt.getTime() < NEW_DAYS * 86_400_000;
}

/** `discountCents`: the automatic discount per unit (descuento module), taken off the promotion price as the cart does. */
function toCard(row: CardRow, sizes: string[] = [], discountCents = 0, colors: Swatch[] = []) {
  const finalCents = toCents(row.price) - toCents(row.promotion) - discountCents;
  return {
    model: row.model,
    name: row.name,
    price: row.price,
    promotion: row.promotion,
    discount: fromCents(discountCents),
    finalPrice: fromCents(finalCents),
    pvp: fromCents(pvpCents(finalCents)),
    onPromotion: toCents(row.promotion) > 0 || discountCents > 0,
    colorCode: row.colorCode,
    colorName: row.colorName,
    colorHex: row.colorHex,
    lineCode: row.lineCode,
    lineName: row.lineName,
    subLineCode: row.subLineCode,
    subLineName: row.subLineName,
    image: modelPicture(row.model, row.photo),
    imageSrcSet: modelPictureSrcSet(row.model, row.photo),
    path: articlePath(row.lineCode, row.subLineCode, row.model),
    sizes,
    inStock: sizes.length > 0,
    isNew: isNew(row),
    colors,
  };
}

async function withSizes(db: Db, rows: CardRow[]) {
  const [sizes, discounts, colorRows] = await Promise.all([
    repo.findSizesInStock(
      db,
      rows.map((r) => r.model),
    ),
    unitDiscountsOf(db, rows),
    repo.findColorsOfStyles(db, [...new Set(rows.map((r) => r.baseCode))]),
  ]);
  const colorsOf = (row: CardRow): Swatch[] =>
    colorRows
      .filter((c) => c.baseCode === row.baseCode)
      .map((c) => ({
        model: c.model,
        colorCode: c.colorCode,
        name: c.name,
        hex: c.hex,
        path: articlePath(row.lineCode, row.subLineCode, c.model),
      }));
  return rows.map((row) => toCard(row, sizes.get(row.model) ?? [], discounts.get(row.model), colorsOf(row)));
}

/** The automatic discount per unit of each model shown (only for those rows, not the whole list). */
function unitDiscountsOf(db: Db, rows: readonly CardRow[]) {
  return bestUnitDiscounts(
    db,
    rows.map((r) => ({ model: r.model, unitCents: toCents(r.price) - toCents(r.promotion) })),
  );
}

export type ArticleQuery = {
  page: number;
  perPage: number;
  sortBy?: ModelSort;
  sortDesc?: boolean;
  search?: string;
  linea?: string;
  sublinea?: string;
  color?: string[];
  talla?: string;
  precioMin?: string;
  precioMax?: string;
  promocion?: boolean;
  opcion?: SaleOption;
  /** One card per style (its colours as swatches) instead of one per colour. */
  groupColors?: boolean;
  /** Keyset: the `meta.next_cursor` of the previous page (of the same list: grouped or per colour). */
  despues?: string;
};

export type ListOptions = {
  /** Count exactly up to this many results; past it `meta.total_is_estimate` (tests force a small one). */
  countLimit?: number;
};

export async function listArticles(db: Db, q: ArticleQuery, options: ListOptions = {}) {
  const filter: ModelFilter = {
    lineCode: q.linea,
    subLineCode: q.sublinea,
    colorCodes: q.color,
    sizeCode: q.talla,
    minPrice: q.precioMin,
    maxPrice: q.precioMax,
    onlyPromotions: q.promocion || q.opcion === 'promociones',
    searchTerms: searchTerms(q.search),
    lista: q.opcion === 'lo-nuevo' ? 'nuevo' : q.opcion === 'mas-vendidos' ? 'vendidos' : undefined,
  };
  const narrow = Boolean(filter.searchTerms?.length || filter.sizeCode || filter.minPrice || filter.maxPrice);
  const countLimit = options.countLimit ?? (narrow ? NARROW_COUNT_LIMIT : COUNT_LIMIT);
  const sort: ModelSort = q.sortBy ?? (q.opcion === 'mas-vendidos' ? 'vendidos' : 'nuevo');
  const descending = q.sortDesc ?? true;
  const offset = offsetOf(q.page, q.perPage);
  const after = q.despues ? decodeCursor(q.despues, sort, descending, filter.lista !== undefined) : undefined;
  if (after === null) throw new ReglaNegocio('«despues» no es válido para este orden: vuelva a la primera página.');
  // Grouped (the storefront's lists): one card per style, the colour that sorts first standing for it; the
  // cursor is that colour's place in the same order, so both lists page the same way (decision 0031-escala).
  const { rows, total } = await repo.findModelPage(db, filter, sort, descending, q.perPage, offset, {
    countUpTo: countLimit + 1,
    after,
    onePerStyle: q.groupColors,
  });
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === q.perPage
      ? encodeCursor({ sort, desc: descending, marked: filter.lista ? last.marked : null, key: last.sortKey, code: last.model })
      : null;
  return {
    items: await withSizes(db, rows),
    meta: { ...cappedMeta(q.page, q.perPage, total, countLimit, rows.length), next_cursor: nextCursor },
  };
}

function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return normalizeSearch(search)
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .slice(0, 8);
}

/** Lo nuevo / más vendidos: up to six random models among the newest or best-selling. */
export async function randomArticles(db: Db, kind: 'lo-nuevo' | 'mas-vendidos', lineCode?: string) {
  const rows = await repo.findRandomModels(db, { lineCode }, kind === 'lo-nuevo' ? 'nuevo' : 'vendidos', NEW_POOL, RANDOM_COUNT);
  return withSizes(db, rows);
}

export async function listLines(db: Db) {
  const lines = await repo.findLines(db);
  const sublines = await repo.findSublinesWithCounts(
    db,
    lines.map((l) => l.id),
  );
  return lines.map((line) => {
    const own = sublines.filter((s) => s.lineId === line.id);
    const sample = own.find((s) => s.sampleModel)?.sampleModel;
    return { ...lineFields(line), image: sample ? modelImageUrl(sample) : null, sublineas: own.map(toSubline) };
  });
}

function lineFields(line: { id: number; code: string; name: string; url: string; description: string }) {
  return { id: line.id, code: line.code, name: line.name, url: line.url, description: line.description };
}

function toSubline(s: Awaited<ReturnType<typeof repo.findSublinesWithCounts>>[number]) {
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    url: s.url,
    models: s.models,
    image: s.sampleModel ? modelImageUrl(s.sampleModel) : null,
  };
}

export async function getLine(db: Db, codeOrUrl: string, subLineCode?: string) {
  const line = await repo.findLineByCodeOrUrl(db, codeOrUrl);
  if (!line) throw new NoEncontrado('La línea solicitada no existe.');
  const [sublines, facets] = await Promise.all([repo.findSublinesWithCounts(db, [line.id]), repo.findFacets(db, line.id, subLineCode)]);
  if (subLineCode && !sublines.some((s) => s.code === subLineCode)) {
    throw new NoEncontrado('La sub-línea solicitada no existe.');
  }
  return { ...lineFields(line), sublineas: sublines.map(toSubline), filtros: facets };
}

type ListTarget = 'sublines' | 'latest' | 'bestSeller';

/** v2: active sub-lines of a line, and its newest and best-selling models, each paginated. */
export async function subLineLists(db: Db, lineCode: string, pages: Record<ListTarget, number>, perPage: number) {
  const line = await repo.findLineByCodeOrUrl(db, lineCode);
  if (!line) throw new NoEncontrado('La línea solicitada no existe.');
  const sublines = (await repo.findSublinesWithCounts(db, [line.id])).map(toSubline);
  const subPage = sublines.slice(offsetOf(pages.sublines, perPage), offsetOf(pages.sublines, perPage) + perPage);
  const [latest, best] = await Promise.all([
    repo.findModelPage(db, { lineCode: line.code, lista: 'nuevo' }, 'nuevo', true, perPage, offsetOf(pages.latest, perPage)),
    repo.findModelPage(db, { lineCode: line.code, lista: 'vendidos' }, 'vendidos', true, perPage, offsetOf(pages.bestSeller, perPage)),
  ]);
  return {
    line: lineFields(line),
    sublines: {
      allActiveSublines: subPage,
      allActiveLatest: await withSizes(db, latest.rows),
      allActiveBestSeller: await withSizes(db, best.rows),
      pagination: {
        sublines: metaFor(pages.sublines, perPage, sublines.length),
        latest: metaFor(pages.latest, perPage, latest.total),
        bestSeller: metaFor(pages.bestSeller, perPage, best.total),
      },
    },
  };
}

/** The article page: a model (or one of its articles) with colours, sizes and stock per store. */
export async function articleDetail(db: Db, code: string, estado?: string) {
  const upper = code.toUpperCase();
  let model = await repo.findModel(db, upper);
  let selectedArticle: string | null = null;
  if (!model) {
    const article = await repo.findArticle(db, upper);
    if (article) {
      model = await repo.findModel(db, article.model);
      selectedArticle = article.code;
    } else if (upper.length > 2) {
      // A size this colour does not come in (after switching colour): show the model itself.
      model = await repo.findModel(db, upper.slice(0, -2));
    }
  }
  if (!model) throw new NoEncontrado('El artículo solicitado no existe.');
  const [colors, stockRows, discounts, photos] = await Promise.all([
    repo.findSiblingColors(db, model.baseCode),
    repo.findArticleStock(db, model.model),
    unitDiscountsOf(db, [model]),
    repo.findModelPhotos(db, model.model),
  ]);
  const sizes = new Map<
    string,
    {
      code: string;
      label: string;
      article: string;
      stock: number;
      stores: { id: number; name: string; city: string; state: string; quantity: number }[];
    }
  >();
  for (const row of stockRows) {
    const size = sizes.get(row.sizeCode) ?? { code: row.sizeCode, label: row.sizeLabel, article: row.article, stock: 0, stores: [] };
    if (row.storeId !== null && row.storeName) {
      size.stock += Math.max(0, row.available);
      size.stores.push({
        id: row.storeId,
        name: row.storeName,
        city: row.storeCity ?? '',
        state: row.storeState ?? '',
        quantity: Math.max(0, row.available),
      });
    }
    sizes.set(row.sizeCode, size);
  }
  const card = toCard(
    model,
    [...sizes.values()].filter((s) => s.stock > 0).map((s) => s.code),
    discounts.get(model.model),
  );
  return {
    ...card,
    description: model.description,
    lineUrl: model.lineUrl,
    subLineUrl: model.subLineUrl,
    colorCode: colorCodeOf(model.model),
    selectedArticle,
    selectedSize: selectedArticle ? sizeCodeOf(selectedArticle) : null,
    colors: colors.map((c) => ({
      ...c,
      path: articlePath(model.lineCode, model.subLineCode, c.model),
      image: modelImageUrl(c.model, 320),
    })),
    // Each size's stores in the order its units are taken by default: nearest to the shopper, then most stock.
    sizes: [...sizes.values()].map((size) => ({ ...size, stores: ordenarTiendasParaComprador(size.stores, estado) })),
    stock: [...sizes.values()].reduce((sum, s) => sum + s.stock, 0),
    // The gallery: every photo in the staff's order (empty: the page shows the drawing in `image`).
    photos: photos.map((p) => ({ id: p.id, image: photoUrl(p.key, 640), thumb: photoUrl(p.key, 320), srcSet: photoSrcSet(p.key) })),
  };
}

export async function availability(db: Db, lineUrl: string, articleCode: string) {
  const article = await repo.findArticle(db, articleCode.toUpperCase());
  if (!article || (article.lineUrl !== lineUrl.toLowerCase() && article.lineCode !== lineUrl.toUpperCase())) {
    throw new NoEncontrado('El artículo solicitado no existe en esta línea.');
  }
  const stores = await repo.findStockOfArticle(db, article.code);
  return {
    article: article.code,
    model: article.model,
    sizeCode: article.sizeCode,
    stores: stores.map((s) => ({ ...s, available: Math.max(0, s.available) })),
    total: stores.reduce((sum, s) => sum + Math.max(0, s.available), 0),
  };
}

export const findShippingStores = repo.findShippingStores;
export const findAllForSitemap = repo.findAllForSitemap;
export const findLinesForSitemap = listLines;

/** Re-checks cart lines against current stock (PATCH v2/inventario): what is still available. */
export async function recheckStock(db: Db, lines: { articleCode: string; quantity: number }[]) {
  const codes = [...new Set(lines.map((l) => l.articleCode.toUpperCase()))];
  const rows = await repo.findStockOfArticles(db, codes);
  return lines.map((line) => {
    const code = line.articleCode.toUpperCase();
    const stores = rows.filter((r) => r.articleCode === code).map((r) => ({ id: r.storeId, name: r.storeName, available: r.available }));
    const available = stores.reduce((sum, s) => sum + s.available, 0);
    return { articleCode: code, requested: line.quantity, available, ok: available >= line.quantity, stores };
  });
}
