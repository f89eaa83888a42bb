// Catalogue administration, one function per use case: líneas and sub-líneas (create, edit, order,
// activate), models with their articles (create, edit, add sizes), photos, the bulk change of
// prices and promotions, and the history where every change is written (who, when, before → after).
import { createHash, randomUUID } from 'node:crypto';
import { buildArticleCode, isValidModel } from '#domain/article-code.ts';
import {
  applyBulkChange,
  BULK_CHANGE_LABELS,
  type BulkChange,
  type BulkOutcome,
  changesSomething,
  formatPercent,
  MAX_PRICE_CENTS,
  type ModelPricing,
  parsePercent,
} from '#domain/cambio-masivo.ts';
import { type HistoryField, type HistorySource, overrideOf, overrideValue } from '#domain/catalogo-historial.ts';
import { articlePath, modelPicture, photoSrcSet, photoUrl } from '#domain/catalogo-urls.ts';
import type {
  CambioMasivoInput,
  CambioMasivoResultado,
  Foto,
  LineaAdmin,
  ProductoCambios,
  ProductoDetalle,
  ProductoFila,
  ProductoNuevo,
  ProductQuery,
  SublineaAdmin,
} from '#domain/contracts/configuracion.ts';
import { FOTO_LIMITS, PRENDAS } from '#domain/contracts/configuracion.ts';
import { formatUsd, fromCents, toCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { normalizeSearch, slugify } from '#domain/text.ts';
import { transactionWithEffects } from '#server/db/after-commit.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/violaciones.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { type EncodedPhoto, newPhotoKey, removePhotoFiles, savePhotoFiles } from '#server/modules/imagenes/fotos.ts';
import type { UploadStore } from '#server/modules/uploads/store.ts';
import * as repo from './configuracion.repo.ts';

/** Who makes a change, and from where. */
export type Autor = { userId: number | null; source?: HistorySource; batch?: string | null };

export type HistoryEntry = {
  entity: 'linea' | 'sublinea' | 'modelo' | 'articulo';
  entityKey: string;
  lineaId: number | null;
  modelCode?: string | null;
  field: HistoryField;
  oldValue: string | null;
  newValue: string | null;
};

/**
 * Writes history rows in the caller's transaction. The import of spreadsheets writes through here
 * too, with its own `source` ('importacion') and a `batch` per import.
 */
export async function registrarHistorial(db: Db, autor: Autor, entries: HistoryEntry[]): Promise<void> {
  await repo.insertHistory(
    db,
    entries.map((e) => ({
      ...e,
      modelCode: e.modelCode ?? null,
      source: autor.source ?? 'panel',
      batch: autor.batch ?? null,
      userId: autor.userId,
    })),
  );
}

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** One entry per field whose value changes. */
function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: Partial<Record<keyof T, HistoryField>>,
  base: Omit<HistoryEntry, 'field' | 'oldValue' | 'newValue'>,
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const [key, field] of Object.entries(fields) as [keyof T, HistoryField][]) {
    if (!(key in after) || after[key] === undefined) continue;
    const oldValue = text(before[key]);
    const newValue = text(after[key]);
    if (oldValue !== newValue) entries.push({ ...base, field, oldValue, newValue });
  }
  return entries;
}

/** A unique index hit by a concurrent insert is the same refusal as the check that came first. */
async function refusingDuplicates<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ReglaNegocio(message);
    throw error;
  }
}

/** Moves `id` to `position` in the ordered list and returns the positions that change. */
function reorder(rows: { id: number; position: number }[], id: number, position: number): { id: number; position: number }[] {
  const ids = rows.map((r) => r.id).filter((r) => r !== id);
  ids.splice(Math.min(position, ids.length), 0, id);
  const before = new Map(rows.map((r) => [r.id, r.position]));
  return ids.map((rowId, index) => ({ id: rowId, position: index })).filter((r) => before.get(r.id) !== r.position);
}

// ── líneas and sub-líneas ───────────────────────────────────────────────────

function sublineaView(row: repo.SublineaRow, counts: Map<number, { total: number; active: number }>): SublineaAdmin {
  return {
    id: row.id,
    lineaId: row.lineaId,
    code: row.code,
    name: row.name,
    url: row.url,
    garment: row.garment,
    position: row.position,
    active: row.active,
    models: counts.get(row.id) ?? { total: 0, active: 0 },
  };
}

function lineaView(row: repo.LineaRow, subs: repo.SublineaRow[], counts: Map<number, { total: number; active: number }>): LineaAdmin {
  const own = subs.filter((s) => s.lineaId === row.id).map((s) => sublineaView(s, counts));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    url: row.url,
    description: row.description,
    garment: row.garment,
    position: row.position,
    active: row.active,
    models: own.reduce((sum, s) => ({ total: sum.total + s.models.total, active: sum.active + s.models.active }), { total: 0, active: 0 }),
    sublineas: own,
  };
}

export async function buscarLineas(db: Db, search?: string): Promise<LineaAdmin[]> {
  const lines = await repo.findLineas(db);
  const subs = await repo.findSublineas(db);
  const counts = await repo.countModelsBySublinea(
    db,
    subs.map((s) => s.id),
  );
  const views = lines.map((l) => lineaView(l, subs, counts));
  const needle = normalizeSearch(search ?? '');
  if (!needle) return views;
  return views.filter(
    (l) =>
      normalizeSearch(`${l.code} ${l.name}`).includes(needle) ||
      l.sublineas.some((s) => normalizeSearch(`${s.code} ${s.name}`).includes(needle)),
  );
}

async function lineaAdmin(db: Db, id: number): Promise<LineaAdmin> {
  const row = await repo.findLinea(db, id);
  if (!row) throw new NoEncontrado('La línea no existe.');
  const subs = await repo.findSublineas(db, [id]);
  const counts = await repo.countModelsBySublinea(
    db,
    subs.map((s) => s.id),
  );
  return lineaView(row, subs, counts);
}

async function sublineaAdmin(db: Db, id: number): Promise<SublineaAdmin> {
  const row = await repo.findSublinea(db, id);
  if (!row) throw new NoEncontrado('La sub-línea no existe.');
  return sublineaView(row, await repo.countModelsBySublinea(db, [id]));
}

/** What the catalogue search looks in; the import writes it for the models it creates or renames. */
export const searchTextOf = (p: { code: string; name: string; colorName: string; subLineName: string; lineName: string }) =>
  normalizeSearch(`${p.name} ${p.colorName} ${p.subLineName} ${p.lineName} ${p.code}`);

/** Search texts follow names: a renamed línea or sub-línea is found by its new name. */
async function refreshSearchTexts(db: Db, scope: { lineaId?: number; sublineaId?: number; code?: string }) {
  const parts = await repo.findSearchParts(db, scope);
  await repo.updateSearchTexts(
    db,
    parts.map((p) => ({ code: p.code, searchText: searchTextOf(p) })),
  );
}

export async function registrarLinea(
  db: Db,
  autor: Autor,
  input: { code: string; name: string; description: string; url: string; garment: string; active: boolean },
): Promise<LineaAdmin> {
  const url = input.url || slugify(input.name);
  if (!url) throw new ReglaNegocio('Escriba una dirección para la línea (letras sin acentos, números y guiones).');
  const id = await db.transaction(async (tx) => {
    if (await repo.findLineaByCode(tx, input.code)) throw new ReglaNegocio(`Ya existe una línea con el código ${input.code}.`);
    if (await repo.findLineaByUrl(tx, url)) throw new ReglaNegocio(`Ya existe una línea con la dirección «${url}».`);
    const row = await refusingDuplicates(`Ya existe una línea con el código ${input.code} o la dirección «${url}».`, async () =>
      repo.insertLinea(tx, {
        code: input.code,
        name: input.name,
        description: input.description,
        url,
        garment: input.garment,
        active: input.active,
        position: await repo.nextLineaPosition(tx),
      }),
    );
    await registrarHistorial(tx, autor, [
      { entity: 'linea', entityKey: row.code, lineaId: row.id, field: 'creado', oldValue: null, newValue: row.name },
    ]);
    return row.id;
  });
  return lineaAdmin(db, id);
}

type LineaCambios = {
  id: number;
  name?: string;
  description?: string;
  url?: string;
  garment?: string;
  position?: number;
  active?: boolean;
};

export async function actualizarLinea(db: Db, autor: Autor, changes: LineaCambios): Promise<LineaAdmin> {
  await db.transaction(async (tx) => {
    const order = changes.position === undefined ? null : await repo.lockLineasInOrder(tx);
    const row = await repo.findLinea(tx, changes.id, true);
    if (!row) throw new NoEncontrado('La línea no existe.');
    if (changes.url !== undefined && changes.url !== row.url) {
      if (!changes.url) throw new ReglaNegocio('La dirección de la línea no puede quedar vacía.');
      if (await repo.findLineaByUrl(tx, changes.url)) throw new ReglaNegocio(`Ya existe una línea con la dirección «${changes.url}».`);
    }
    if (changes.active === false && row.active) {
      const active = await repo.countActiveModels(tx, { lineaId: row.id });
      if (active > 0) {
        throw new ReglaNegocio(
          `La línea ${row.name} tiene ${active} ${active === 1 ? 'modelo activo' : 'modelos activos'}: desactívelos primero (en Productos, con el cambio masivo «Desactivar» de la línea).`,
        );
      }
    }
    const { id: _, position, ...fields } = changes;
    const base = { entity: 'linea' as const, entityKey: row.code, lineaId: row.id };
    const entries = changedFields(
      row,
      fields,
      { name: 'nombre', description: 'descripcion', url: 'url', garment: 'prenda', active: 'activo' },
      base,
    );
    if (Object.values(fields).some((v) => v !== undefined)) {
      await refusingDuplicates(`Ya existe una línea con la dirección «${changes.url}».`, () => repo.updateLinea(tx, row.id, fields));
    }
    if (order && position !== undefined) {
      const moved = reorder(order, row.id, position);
      for (const m of moved) await repo.updateLinea(tx, m.id, { position: m.position });
      const own = moved.find((m) => m.id === row.id);
      if (own) entries.push({ ...base, field: 'posicion', oldValue: String(row.position), newValue: String(own.position) });
    }
    if (fields.name !== undefined && fields.name !== row.name) await refreshSearchTexts(tx, { lineaId: row.id });
    await registrarHistorial(tx, autor, entries);
  });
  return lineaAdmin(db, changes.id);
}

export async function registrarSublinea(
  db: Db,
  autor: Autor,
  input: { lineaId: number; code: string; name: string; url: string; garment: string; active: boolean },
): Promise<SublineaAdmin> {
  const url = input.url || slugify(input.name);
  if (!url) throw new ReglaNegocio('Escriba una dirección para la sub-línea (letras sin acentos, números y guiones).');
  const id = await db.transaction(async (tx) => {
    const line = await repo.findLinea(tx, input.lineaId);
    if (!line) throw new ReglaNegocio('La línea elegida no existe.');
    const duplicate = `La línea ${line.name} ya tiene una sub-línea con el código ${input.code}.`;
    if (await repo.findSublineaByCode(tx, line.id, input.code)) throw new ReglaNegocio(duplicate);
    const row = await refusingDuplicates(duplicate, async () =>
      repo.insertSublinea(tx, {
        lineaId: line.id,
        code: input.code,
        name: input.name,
        url,
        garment: input.garment,
        active: input.active,
        position: await repo.nextSublineaPosition(tx, line.id),
      }),
    );
    await registrarHistorial(tx, autor, [
      { entity: 'sublinea', entityKey: `${line.code}/${row.code}`, lineaId: line.id, field: 'creado', oldValue: null, newValue: row.name },
    ]);
    return row.id;
  });
  return sublineaAdmin(db, id);
}

type SublineaCambios = { id: number; name?: string; url?: string; garment?: string; position?: number; active?: boolean };

export async function actualizarSublinea(db: Db, autor: Autor, changes: SublineaCambios): Promise<SublineaAdmin> {
  await db.transaction(async (tx) => {
    const current = await repo.findSublinea(tx, changes.id);
    if (!current) throw new NoEncontrado('La sub-línea no existe.');
    const order = changes.position === undefined ? null : await repo.lockSublineasInOrder(tx, current.lineaId);
    const row = (await repo.findSublinea(tx, changes.id, true)) ?? current;
    const line = await repo.findLinea(tx, row.lineaId);
    if (changes.url !== undefined && !changes.url) throw new ReglaNegocio('La dirección de la sub-línea no puede quedar vacía.');
    if (changes.active === false && row.active) {
      const active = await repo.countActiveModels(tx, { sublineaId: row.id });
      if (active > 0) {
        throw new ReglaNegocio(
          `La sub-línea ${row.name} tiene ${active} ${active === 1 ? 'modelo activo' : 'modelos activos'}: desactívelos primero (en Productos, con el cambio masivo «Desactivar» de la sub-línea).`,
        );
      }
    }
    const { id: _, position, ...fields } = changes;
    const base = { entity: 'sublinea' as const, entityKey: `${line?.code ?? ''}/${row.code}`, lineaId: row.lineaId };
    const entries = changedFields(row, fields, { name: 'nombre', url: 'url', garment: 'prenda', active: 'activo' }, base);
    if (Object.values(fields).some((v) => v !== undefined)) await repo.updateSublinea(tx, row.id, fields);
    if (order && position !== undefined) {
      const moved = reorder(order, row.id, position);
      for (const m of moved) await repo.updateSublinea(tx, m.id, { position: m.position });
      const own = moved.find((m) => m.id === row.id);
      if (own) entries.push({ ...base, field: 'posicion', oldValue: String(row.position), newValue: String(own.position) });
    }
    if (fields.name !== undefined && fields.name !== row.name) await refreshSearchTexts(tx, { sublineaId: row.id });
    await registrarHistorial(tx, autor, entries);
  });
  return sublineaAdmin(db, changes.id);
}

// ── colours, sizes, garments ────────────────────────────────────────────────

export async function opcionesProducto(db: Db) {
  const [colores, tallas] = await Promise.all([repo.findColores(db), repo.findTallas(db)]);
  return { colores, tallas, prendas: Object.entries(PRENDAS).map(([value, label]) => ({ value, label })) };
}

export async function registrarColor(db: Db, input: { code: string; name: string; hex: string }) {
  const duplicate = `Ya existe un color con el código ${input.code}.`;
  if (await repo.findColor(db, input.code)) throw new ReglaNegocio(duplicate);
  return refusingDuplicates(duplicate, () => repo.insertColor(db, input));
}

// ── models ──────────────────────────────────────────────────────────────────

function fotoView(row: repo.FotoRow): Foto {
  return {
    id: row.id,
    key: row.key,
    position: row.position,
    width: row.width,
    height: row.height,
    image: photoUrl(row.key, 640),
    thumb: photoUrl(row.key, 320),
    srcSet: photoSrcSet(row.key),
  };
}

function filaView(row: repo.ModelRow): ProductoFila {
  return {
    code: row.code,
    baseCode: row.baseCode,
    name: row.name,
    lineaId: row.lineaId,
    lineCode: row.lineCode,
    lineName: row.lineName,
    sublineaId: row.sublineaId,
    subLineCode: row.subLineCode,
    subLineName: row.subLineName,
    colorCode: row.colorCode,
    colorName: row.colorName,
    colorHex: row.colorHex,
    price: row.price,
    promotion: row.promotion,
    finalPrice: fromCents(toCents(row.price) - toCents(row.promotion)),
    active: row.active,
    nuevo: overrideOf(row.nuevo),
    masVendido: overrideOf(row.masVendido),
    stock: row.stock,
    soldCount: row.soldCount,
    photos: row.photos,
    thumb: modelPicture(row.code, row.firstPhoto, 320),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The words of a search, as the list, the bulk change and the export read them. */
export function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return normalizeSearch(search)
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .slice(0, 8);
}

export async function buscarProductos(db: Db, q: ProductQuery) {
  const selection: repo.ModelSelection = {
    searchTerms: searchTerms(q.search),
    lineaId: q.lineaId,
    sublineaId: q.sublineaId,
    color: q.color,
    activo: q.activo,
    existencia: q.existencia,
    promocion: q.promocion,
  };
  const sort = q.sort_by ?? 'codigo';
  const descending = q.sort_desc ?? (sort === 'creado' || sort === 'vendidos');
  const { rows, total } = await repo.findModelPage(db, selection, sort, descending, q.per_page, offsetOf(q.page, q.per_page));
  return { items: rows.map(filaView), meta: metaFor(q.page, q.per_page, total) };
}

export async function detallesProducto(db: Db, code: string): Promise<ProductoDetalle> {
  const row = await repo.findModelRow(db, code);
  if (!row) throw new NoEncontrado('El modelo no existe.');
  const [articles, colors, fotos] = await Promise.all([
    repo.findArticles(db, code),
    repo.findSiblings(db, row.baseCode),
    repo.findFotos(db, code),
  ]);
  return {
    ...filaView(row),
    description: row.description,
    garment: row.garment,
    path: articlePath(row.lineCode, row.subLineCode, row.code),
    articles: articles.map((a) => ({ ...a, available: Math.max(0, a.onHand - a.held) })),
    colors,
    fotos: fotos.map(fotoView),
  };
}

function assertPromotion(price: string, promotion: string): void {
  if (toCents(promotion) > toCents(price)) {
    throw new ReglaNegocio(
      `La promoción (${formatUsd(toCents(promotion))}) no puede ser mayor que el precio (${formatUsd(toCents(price))}): es lo que se descuenta del precio.`,
    );
  }
}

async function assertSizes(db: Db, sizes: string[]): Promise<void> {
  const known = await repo.findSizeCodes(db, sizes);
  const unknown = sizes.filter((s) => !known.includes(s));
  if (unknown.length > 0) throw new ReglaNegocio(`Estas tallas no existen: ${unknown.join(', ')}.`);
}

export async function registrarProducto(db: Db, autor: Autor, input: ProductoNuevo): Promise<ProductoDetalle> {
  const code = input.baseCode + input.colorCode;
  if (!isValidModel(code)) throw new ReglaNegocio(`El modelo ${code} no es un código válido (código base y color de 4 caracteres).`);
  assertPromotion(input.price, input.promotion);
  const duplicate = `El modelo ${code} ya existe (código base ${input.baseCode} en color ${input.colorCode}).`;
  await db.transaction(async (tx) => {
    const sub = await repo.findSublinea(tx, input.sublineaId);
    if (!sub) throw new ReglaNegocio('La sub-línea elegida no existe.');
    const line = await repo.findLinea(tx, sub.lineaId);
    const color = await repo.findColor(tx, input.colorCode);
    if (!color || !line) throw new ReglaNegocio(`El color ${input.colorCode} no existe: créelo primero.`);
    await assertSizes(tx, input.sizes);
    if (await repo.modelExists(tx, code)) throw new ReglaNegocio(duplicate);
    await refusingDuplicates(duplicate, () =>
      repo.insertModel(tx, {
        code,
        baseCode: input.baseCode,
        colorCode: input.colorCode,
        sublineaId: sub.id,
        name: input.name,
        description: input.description,
        garment: sub.garment,
        searchText: searchTextOf({ code, name: input.name, colorName: color.name, subLineName: sub.name, lineName: line.name }),
        price: input.price,
        promotion: input.promotion,
        active: input.active,
        nuevo: overrideValue(input.nuevo),
        masVendido: overrideValue(input.masVendido),
      }),
    );
    await repo.insertArticles(
      tx,
      input.sizes.map((size) => ({ code: buildArticleCode(code, size), modelCode: code, sizeCode: size })),
    );
    const base = { entity: 'modelo' as const, entityKey: code, lineaId: line.id, modelCode: code };
    await registrarHistorial(tx, autor, [
      { ...base, field: 'creado', oldValue: null, newValue: input.name },
      { ...base, field: 'precio', oldValue: null, newValue: fromCents(toCents(input.price)) },
      ...(toCents(input.promotion) > 0
        ? [{ ...base, field: 'promocion' as const, oldValue: null, newValue: fromCents(toCents(input.promotion)) }]
        : []),
      { ...base, field: 'tallas', oldValue: null, newValue: (await repo.findModelSizes(tx, code)).join(', ') },
    ]);
  });
  return detallesProducto(db, code);
}

export async function actualizarProducto(db: Db, autor: Autor, changes: ProductoCambios): Promise<ProductoDetalle> {
  await db.transaction(async (tx) => {
    const row = await repo.lockModel(tx, changes.code);
    if (!row) throw new NoEncontrado('El modelo no existe.');
    const price = changes.price ?? row.price;
    const promotion = changes.promotion ?? row.promotion;
    assertPromotion(price, promotion);
    const sub = changes.sublineaId === undefined ? undefined : await repo.findSublinea(tx, changes.sublineaId);
    if (changes.sublineaId !== undefined && !sub) throw new ReglaNegocio('La sub-línea elegida no existe.');
    const currentSub = await repo.findSublinea(tx, row.sublineaId);
    const lineaId = sub?.lineaId ?? currentSub?.lineaId ?? null;
    const values = {
      name: changes.name,
      description: changes.description,
      sublineaId: sub?.id,
      garment: sub && sub.id !== row.sublineaId ? sub.garment : undefined,
      price: changes.price === undefined ? undefined : fromCents(toCents(changes.price)),
      promotion: changes.promotion === undefined ? undefined : fromCents(toCents(changes.promotion)),
      active: changes.active,
      nuevo: changes.nuevo === undefined ? undefined : overrideValue(changes.nuevo),
      masVendido: changes.masVendido === undefined ? undefined : overrideValue(changes.masVendido),
    };
    const before = {
      ...row,
      price: fromCents(toCents(row.price)),
      promotion: fromCents(toCents(row.promotion)),
      nuevo: overrideOf(row.nuevo),
      masVendido: overrideOf(row.masVendido),
      sublineaId: currentSub ? `${currentSub.code} ${currentSub.name}` : String(row.sublineaId),
    };
    const after = {
      ...values,
      nuevo: changes.nuevo,
      masVendido: changes.masVendido,
      sublineaId: sub ? `${sub.code} ${sub.name}` : undefined,
    };
    const base = { entity: 'modelo' as const, entityKey: row.code, lineaId, modelCode: row.code };
    const entries = changedFields(
      before,
      after,
      {
        name: 'nombre',
        description: 'descripcion',
        sublineaId: 'sublinea',
        price: 'precio',
        promotion: 'promocion',
        active: 'activo',
        nuevo: 'nuevo',
        masVendido: 'mas-vendido',
      },
      base,
    );
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await repo.updateModel(tx, row.code, set);
    if ((changes.name !== undefined && changes.name !== row.name) || (sub && sub.id !== row.sublineaId)) {
      await refreshSearchTexts(tx, { code: row.code });
    }
    if (changes.addSizes && changes.addSizes.length > 0) {
      const sizes = [...new Set(changes.addSizes)];
      await assertSizes(tx, sizes);
      const had = await repo.findModelSizes(tx, row.code);
      const added = sizes.filter((s) => !had.includes(s));
      if (added.length > 0) {
        await repo.insertArticles(
          tx,
          added.map((size) => ({ code: buildArticleCode(row.code, size), modelCode: row.code, sizeCode: size })),
        );
        entries.push({
          ...base,
          field: 'tallas',
          oldValue: had.join(', '),
          newValue: (await repo.findModelSizes(tx, row.code)).join(', '),
        });
      }
    }
    await registrarHistorial(tx, autor, entries);
  });
  return detallesProducto(db, changes.code);
}

// ── photos ──────────────────────────────────────────────────────────────────

export type FotoSubida = { label: string; photo: EncodedPhoto };

export async function fotosDe(db: Db, code: string): Promise<{ fotos: Foto[] }> {
  return { fotos: (await repo.findFotos(db, code)).map(fotoView) };
}

async function modelLinea(db: Db, code: string): Promise<number | null> {
  const row = await repo.findModelRow(db, code);
  return row?.lineaId ?? null;
}

/** Checks the room left before the photos are encoded (encoding is the slow part). */
export async function espacioParaFotos(db: Db, code: string, incoming: number): Promise<void> {
  if (!(await repo.modelExists(db, code))) throw new NoEncontrado('El modelo no existe.');
  const current = (await repo.findFotos(db, code)).length;
  if (current + incoming > FOTO_LIMITS.maxPerModel) {
    throw new ReglaNegocio(
      `Un modelo puede tener hasta ${FOTO_LIMITS.maxPerModel} fotos: este tiene ${current} y se quieren agregar ${incoming}.`,
    );
  }
}

/** Stores the files, then their rows after the model's photos; the files go away if the rows are not saved. */
export async function agregarFotos(
  db: Db,
  store: UploadStore,
  autor: Autor,
  code: string,
  subidas: FotoSubida[],
): Promise<{ fotos: Foto[] }> {
  const keys = subidas.map(() => newPhotoKey(code));
  try {
    for (const [index, subida] of subidas.entries()) await savePhotoFiles(store, keys[index], subida.photo);
    await db.transaction(async (tx) => {
      const row = await repo.lockModel(tx, code);
      if (!row) throw new NoEncontrado('El modelo no existe.');
      const current = await repo.findFotos(tx, code, true);
      if (current.length + subidas.length > FOTO_LIMITS.maxPerModel) {
        throw new ReglaNegocio(
          `Un modelo puede tener hasta ${FOTO_LIMITS.maxPerModel} fotos: este tiene ${current.length} y se quieren agregar ${subidas.length}.`,
        );
      }
      const start = current.reduce((top, f) => Math.max(top, f.position + 1), 0);
      await repo.insertFotos(
        tx,
        subidas.map((s, index) => ({
          modelCode: code,
          key: keys[index],
          position: start + index,
          width: s.photo.width,
          height: s.photo.height,
        })),
      );
      await registrarHistorial(tx, autor, [
        {
          entity: 'modelo',
          entityKey: code,
          lineaId: await modelLinea(tx, code),
          modelCode: code,
          field: 'fotos',
          oldValue: String(current.length),
          newValue: String(current.length + subidas.length),
        },
      ]);
    });
  } catch (error) {
    await Promise.all(keys.map((key) => removePhotoFiles(store, key).catch(() => undefined)));
    throw error;
  }
  return fotosDe(db, code);
}

export async function ordenarFotos(db: Db, autor: Autor, code: string, ids: number[]): Promise<{ fotos: Foto[] }> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockModel(tx, code))) throw new NoEncontrado('El modelo no existe.');
    const current = await repo.findFotos(tx, code, true);
    const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((f) => ids.includes(f.id));
    if (!same) throw new ReglaNegocio('Indique todas las fotos del modelo, cada una una sola vez, en su orden nuevo.');
    const oldOrder = current.map((f) => f.key).join(', ');
    const newOrder = ids.map((id) => current.find((f) => f.id === id)?.key).join(', ');
    if (oldOrder === newOrder) return;
    await repo.setFotoPositions(tx, ids);
    await registrarHistorial(tx, autor, [
      {
        entity: 'modelo',
        entityKey: code,
        lineaId: await modelLinea(tx, code),
        modelCode: code,
        field: 'orden-fotos',
        oldValue: oldOrder,
        newValue: newOrder,
      },
    ]);
  });
  return fotosDe(db, code);
}

export async function eliminarFoto(
  db: Db,
  store: UploadStore,
  autor: Autor,
  id: number,
  log?: (message: string, error: unknown) => void,
): Promise<{ code: string; fotos: Foto[] }> {
  const foto = await repo.findFoto(db, id);
  if (!foto) throw new NoEncontrado('La foto no existe.');
  await transactionWithEffects(db, log, async (tx, afterCommit) => {
    if (!(await repo.lockModel(tx, foto.modelCode))) throw new NoEncontrado('El modelo no existe.');
    const current = await repo.findFotos(tx, foto.modelCode, true);
    if (!current.some((f) => f.id === id)) throw new NoEncontrado('La foto no existe.');
    await repo.deleteFoto(tx, id);
    await repo.setFotoPositions(
      tx,
      current.filter((f) => f.id !== id).map((f) => f.id),
    );
    await registrarHistorial(tx, autor, [
      {
        entity: 'modelo',
        entityKey: foto.modelCode,
        lineaId: await modelLinea(tx, foto.modelCode),
        modelCode: foto.modelCode,
        field: 'fotos',
        oldValue: String(current.length),
        newValue: String(current.length - 1),
      },
    ]);
    // The files go only once the row is gone for good: a rollback keeps a photo whole.
    afterCommit(`borrar los archivos de la foto ${foto.key}`, () => removePhotoFiles(store, foto.key));
  });
  return { code: foto.modelCode, ...(await fotosDe(db, foto.modelCode)) };
}

// ── bulk change ─────────────────────────────────────────────────────────────

const PREVIEW_ROWS = 100;

function bulkChangeOf(input: CambioMasivoInput): BulkChange {
  switch (input.kind) {
    case 'precio-porcentaje':
    case 'promocion-porcentaje':
      return { kind: input.kind, basisPoints: parsePercent(input.percent ?? '') ?? 0 };
    case 'precio-monto':
    case 'promocion-monto':
      return { kind: input.kind, cents: toCents(input.amount ?? '0') };
    default:
      return { kind: input.kind };
  }
}

function describeChange(change: BulkChange): string {
  switch (change.kind) {
    case 'precio-porcentaje':
      return `${formatPercent(change.basisPoints)} al precio`;
    case 'promocion-porcentaje':
      return `promoción de ${formatPercent(change.basisPoints, false)} del precio`;
    case 'precio-monto':
      return `precio fijo de ${formatUsd(change.cents)}`;
    case 'promocion-monto':
      return `promoción fija de ${formatUsd(change.cents)}`;
    default:
      return BULK_CHANGE_LABELS[change.kind].toLowerCase();
  }
}

function selectionOf(input: CambioMasivoInput): repo.ModelSelection {
  return {
    searchTerms: searchTerms(input.search),
    lineaId: input.lineaId,
    sublineaId: input.sublineaId,
    color: input.color,
    activo: input.activo,
    existencia: input.existencia,
    promocion: input.promocion,
    models: input.models && input.models.length > 0 ? input.models : undefined,
  };
}

type PricingRow = Awaited<ReturnType<typeof repo.findPricing>>[number];
type Planned = { row: PricingRow; before: ModelPricing; after: BulkOutcome };

function plan(rows: PricingRow[], change: BulkChange): Planned[] {
  const planned = rows.map((row) => {
    const before = { priceCents: toCents(row.price), promotionCents: toCents(row.promotion), active: row.active };
    return { row, before, after: applyBulkChange(before, change) };
  });
  const tooHigh = planned.filter((p) => p.after.priceCents > MAX_PRICE_CENTS);
  if (tooHigh.length > 0) {
    throw new ReglaNegocio(
      `El precio no puede pasar de ${formatUsd(MAX_PRICE_CENTS)}: ${tooHigh.length === 1 ? 'el modelo' : 'los modelos'} ${tooHigh
        .slice(0, 5)
        .map((p) => p.row.code)
        .join(', ')}${tooHigh.length > 5 ? '…' : ''} ${tooHigh.length === 1 ? 'pasaría' : 'pasarían'}.`,
    );
  }
  return planned;
}

/** What the preview showed: the change and every selected model with its values. */
function fingerprint(change: BulkChange, planned: Planned[]): string {
  const hash = createHash('sha256').update(JSON.stringify(change));
  for (const p of planned) hash.update(`|${p.row.code}:${p.before.priceCents}:${p.before.promotionCents}:${p.before.active}`);
  return hash.digest('hex').slice(0, 32);
}

const pricingView = (p: ModelPricing) => ({ price: fromCents(p.priceCents), promotion: fromCents(p.promotionCents), active: p.active });

function resultOf(planned: Planned[], huella: string, applied: boolean, batch: string | null): CambioMasivoResultado {
  const changed = planned.filter((p) => changesSomething(p.before, p.after));
  return {
    total: planned.length,
    changed: changed.length,
    capped: planned.filter((p) => p.after.capped).length,
    huella,
    // The models that change come first: they are what the person checks.
    rows: [...changed, ...planned.filter((p) => !changesSomething(p.before, p.after))].slice(0, PREVIEW_ROWS).map((p) => ({
      code: p.row.code,
      name: p.row.name,
      before: pricingView(p.before),
      after: pricingView(p.after),
      capped: p.after.capped,
    })),
    applied,
    batch,
  };
}

/**
 * Previews (before → after per model) or applies a bulk change. Applying re-reads the selection
 * under lock and refuses when it no longer matches the preview's fingerprint, then changes every
 * model and writes its history in one transaction.
 */
export async function cambioMasivo(db: Db, autor: Autor, input: CambioMasivoInput): Promise<CambioMasivoResultado> {
  const change = bulkChangeOf(input);
  const selection = selectionOf(input);
  if (!input.aplicar) {
    const planned = plan(await repo.findPricing(db, selection), change);
    if (planned.length === 0) throw new ReglaNegocio('Ningún modelo coincide con la selección.');
    return resultOf(planned, fingerprint(change, planned), false, null);
  }
  const batch = randomUUID();
  return db.transaction(async (tx) => {
    const planned = plan(await repo.findPricing(tx, selection, true), change);
    if (planned.length === 0) throw new ReglaNegocio('Ningún modelo coincide con la selección.');
    const huella = fingerprint(change, planned);
    if (huella !== input.huella) {
      throw new ReglaNegocio(
        'Los modelos o sus precios cambiaron desde la vista previa: revise la vista previa de nuevo antes de aplicar.',
      );
    }
    const changed = planned.filter((p) => changesSomething(p.before, p.after));
    await repo.updatePricing(
      tx,
      changed.map((p) => ({ code: p.row.code, ...pricingView(p.after) })),
    );
    const entries: HistoryEntry[] = changed.flatMap((p) =>
      changedFields(
        pricingView(p.before),
        pricingView(p.after),
        { price: 'precio', promotion: 'promocion', active: 'activo' },
        { entity: 'modelo', entityKey: p.row.code, lineaId: p.row.lineaId, modelCode: p.row.code },
      ),
    );
    // Each línea keeps one line saying what the bulk change did to it.
    const byLinea = new Map<number, number>();
    for (const p of changed) byLinea.set(p.row.lineaId, (byLinea.get(p.row.lineaId) ?? 0) + 1);
    const lines = await repo.findLineas(tx);
    for (const [lineaId, count] of byLinea) {
      const line = lines.find((l) => l.id === lineaId);
      entries.push({
        entity: 'linea',
        entityKey: line?.code ?? String(lineaId),
        lineaId,
        field: 'cambio-masivo',
        oldValue: null,
        newValue: `${describeChange(change)}: ${count} ${count === 1 ? 'modelo' : 'modelos'}`,
      });
    }
    await registrarHistorial(tx, { ...autor, source: 'masivo', batch }, entries);
    return resultOf(planned, huella, true, batch);
  });
}

// ── history ─────────────────────────────────────────────────────────────────

export async function historial(db: Db, scope: { modelCode: string } | { lineaId: number }, page: number, perPage: number) {
  const { rows, total } = await repo.findHistory(db, scope, perPage, offsetOf(page, perPage));
  return {
    items: rows.map((r) => ({
      id: r.id,
      entity: r.entity,
      entityKey: r.entityKey,
      modelCode: r.modelCode,
      field: r.field,
      oldValue: r.oldValue,
      newValue: r.newValue,
      source: r.source,
      batch: r.batch,
      user: r.userId !== null && r.email !== null ? { id: r.userId, nickname: r.nickname ?? '', email: r.email } : null,
      createdAt: r.createdAt.toISOString(),
    })),
    meta: metaFor(page, perPage, total),
  };
}
