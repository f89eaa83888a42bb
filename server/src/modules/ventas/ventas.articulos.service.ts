// Articles for sale at the counter: searched by code or name, 5 a page (docs/dominio.md §Tamaños de página y límites), each with its price,
// promotion, today's automatic discount (descuento.service, as the catalogue and the cart price it)
// and its free units per store. Also the server's prices of a sale's lines: never the client's.
import type { ArticuloVenta, DisponibilidadTienda } from '#domain/contracts/ventas-venta.ts';
import { fromCents, subtractCents, toCents } from '#domain/money.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { SaleLineInput } from '#domain/ventas.ts';
import type { Db } from '#server/db/client.ts';
import { ReglaNegocio } from '#server/errors.ts';
import { bestUnitDiscounts, priceItems, pricingContext } from '#server/modules/descuento/descuento.service.ts';
import * as repo from './ventas.articulos.repo.ts';

function storesByArticle(rows: Awaited<ReturnType<typeof repo.findStock>>): Map<string, DisponibilidadTienda[]> {
  const found = new Map<string, DisponibilidadTienda[]>();
  for (const { articleCode, ...store } of rows) found.set(articleCode, [...(found.get(articleCode) ?? []), store]);
  return found;
}

export async function articulosALaVenta(db: Db, q: repo.ArticleSearch & { page: number; perPage: number }) {
  const { rows, total } = await repo.findArticles(db, q, q.perPage, offsetOf(q.page, q.perPage));
  const codes = rows.map((r) => r.articleCode);
  const unit = (r: (typeof rows)[number]) => subtractCents(toCents(r.price), toCents(r.promotion));
  const [stock, discounts] = await Promise.all([
    repo.findStock(db, codes),
    bestUnitDiscounts(
      db,
      rows.map((r) => ({ model: r.model, unitCents: unit(r) })),
    ),
  ]);
  const stores = storesByArticle(stock);
  const items: ArticuloVenta[] = rows.map((r) => {
    const discount = discounts.get(r.model) ?? 0;
    const here = stores.get(r.articleCode) ?? [];
    return {
      ...r,
      discount: fromCents(discount),
      unitPrice: fromCents(subtractCents(unit(r), discount)),
      available: here.reduce((n, s) => n + Math.max(0, s.available), 0),
      stores: here,
    };
  });
  return { items, meta: metaFor(q.page, q.perPage, total) };
}

export async function disponibilidadDe(db: Db, codes: string[]) {
  const unique = [...new Set(codes)];
  const stores = storesByArticle(await repo.findStock(db, unique));
  return unique.map((articleCode) => ({ articleCode, stores: stores.get(articleCode) ?? [] }));
}

export type PricedSaleLine = SaleLineInput & { articleCode: string; name: string; netCents: number };

/**
 * A sale's lines priced by the server with what applies today: price, promotion and the line's
 * automatic discount (the largest, never two; no coupon nor payment discount at the counter).
 * Unknown articles, or models off sale, are refused by name.
 */
export async function preciosDeVenta(db: Db, lines: readonly { articleCode: string; quantity: number }[]): Promise<PricedSaleLine[]> {
  const prices = await repo.findPrices(
    db,
    lines.map((l) => l.articleCode),
  );
  const unknown = lines.filter((l) => !prices.some((p) => p.articleCode === l.articleCode && p.active)).map((l) => l.articleCode);
  if (unknown.length > 0) throw new ReglaNegocio(`Estos artículos no existen o no están a la venta: ${unknown.join(', ')}.`);
  const rows = lines.map((l) => {
    const price = prices.find((p) => p.articleCode === l.articleCode) as repo.PriceRow;
    return { ...l, price };
  });
  const pricing = await pricingContext(db, {
    models: rows.map((r) => r.price.model),
    couponCode: null,
    customer: { email: null, userId: null },
  });
  const items = rows.map((r) => ({
    model: r.price.model,
    priceCents: toCents(r.price.price),
    promotionCents: toCents(r.price.promotion),
    quantity: r.quantity,
  }));
  const priced = priceItems(pricing, items, null);
  return rows.map((r, i) => ({
    articleCode: r.articleCode,
    name: `${r.price.name} · ${r.price.colorName} · ${r.price.sizeLabel}`,
    priceCents: items[i].priceCents,
    promotionCents: items[i].promotionCents,
    quantity: r.quantity,
    discountCents: priced.lines[i].discountCents,
    netCents: priced.lines[i].netCents,
  }));
}
