// The catalogue's routes (/api/catalogo, /api/v2/catalogo, PATCH /api/v2/inventario): request
// and response schemas shared by the server, which registers them, and the pages, which call them.
import { z } from 'zod';
import { amount, listPage, listQuery, obligatorio, perPage, queryBool, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, listMeta } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { stateByName } from '#domain/venezuela.ts';

const tags = ['catalogo'] as const;

/** The storefront's sale lists (docs/dominio.md §Tamaños de página y límites). */
export const SALE_OPTIONS = ['lo-nuevo', 'mas-vendidos', 'promociones'] as const;
export type SaleOption = (typeof SALE_OPTIONS)[number];

export const SORT_OPTIONS = ['precio', 'nombre', 'nuevo', 'vendidos'] as const;

const code = (label: string, max: number) =>
  z
    .string({ error: obligatorio(label) })
    .trim()
    .min(1, obligatorio(label))
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .regex(/^[A-Za-z0-9-]+$/, `${label} solo admite letras, números y guiones`);
const upperCode = (label: string, max: number) => code(label, max).transform((v) => v.toUpperCase());

// ── shapes of the answers ───────────────────────────────────────────────────

export const articleCard = z.object({
  model: z.string(),
  name: z.string(),
  price: z.string(),
  promotion: z.string(),
  /** The largest automatic discount per unit valid today, after the promotion (descuento module). */
  discount: z.string(),
  /** price − promotion − discount */
  finalPrice: z.string(),
  /** Precio de venta al público: finalPrice plus its 16 % IVA, what one unit costs in the cart. */
  pvp: z.string(),
  onPromotion: z.boolean(),
  colorCode: z.string(),
  colorName: z.string(),
  colorHex: z.string(),
  lineCode: z.string(),
  lineName: z.string(),
  subLineCode: z.string(),
  subLineName: z.string(),
  image: z.string(),
  imageSrcSet: z.string(),
  path: z.string(),
  sizes: z.array(z.string()),
  inStock: z.boolean(),
  /** Staff's «nuevo» mark, or among the newest models. */
  isNew: z.boolean(),
  /** Every active colour of the same style (the model's siblings), for the card's swatches. */
  colors: z.array(z.object({ model: z.string(), colorCode: z.string(), name: z.string(), hex: z.string(), path: z.string() })),
});
export type ArticleCard = z.infer<typeof articleCard>;

export const subLine = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  url: z.string(),
  /** Its styles (a model in several colours counts once): the «N artículos» its list says. */
  models: z.number(),
  image: z.string().nullable(),
});
export type SubLine = z.infer<typeof subLine>;

const lineFields = { id: z.number(), code: z.string(), name: z.string(), url: z.string(), description: z.string() };

export const line = z.object({ ...lineFields, image: z.string().nullable(), sublineas: z.array(subLine) });
export type Line = z.infer<typeof line>;

export const lineWithFilters = z.object({
  ...lineFields,
  sublineas: z.array(subLine),
  filtros: z.object({
    colors: z.array(z.object({ code: z.string(), name: z.string(), hex: z.string() })),
    sizes: z.array(z.object({ code: z.string(), label: z.string() })),
    priceRange: z.object({ min: z.string().nullable(), max: z.string().nullable() }),
  }),
});
export type LineWithFilters = z.infer<typeof lineWithFilters>;

export const storeStock = z.object({ id: z.number(), name: z.string(), city: z.string(), state: z.string(), quantity: z.number() });
export type StoreStock = z.infer<typeof storeStock>;

export const articlePhoto = z.object({ id: z.number(), image: z.string(), thumb: z.string(), srcSet: z.string() });
export type ArticlePhoto = z.infer<typeof articlePhoto>;

export const articleDetail = articleCard.omit({ sizes: true }).extend({
  description: z.string(),
  lineUrl: z.string(),
  subLineUrl: z.string(),
  discount: z.string(),
  selectedArticle: z.string().nullable(),
  selectedSize: z.string().nullable(),
  colors: z.array(
    z.object({ model: z.string(), colorCode: z.string(), name: z.string(), hex: z.string(), path: z.string(), image: z.string() }),
  ),
  sizes: z.array(z.object({ code: z.string(), label: z.string(), article: z.string(), stock: z.number(), stores: z.array(storeStock) })),
  stock: z.number(),
  /** The model's photos in the staff's order, each in the 4:5 frame (640 px in `image`, 320 px in `thumb`); empty when it has none. */
  photos: z.array(articlePhoto),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const subLineLists = z.object({
  line: z.object(lineFields),
  sublines: z.object({
    allActiveSublines: z.array(subLine),
    allActiveLatest: z.array(articleCard),
    allActiveBestSeller: z.array(articleCard),
    pagination: z.object({ sublines: listMeta, latest: listMeta, bestSeller: listMeta }),
  }),
});
export type SubLineLists = z.infer<typeof subLineLists>;

export const availabilityAnswer = z.object({
  article: z.string(),
  model: z.string(),
  sizeCode: z.string(),
  stores: z.array(
    z.object({
      storeId: z.number(),
      storeCode: z.string(),
      storeName: z.string(),
      city: z.string(),
      state: z.string(),
      available: z.number(),
      lote: z.string(),
      manufacturedAt: z.string().nullable(),
    }),
  ),
  total: z.number(),
});

export const stockCheck = z.object({
  articleCode: z.string(),
  requested: z.number(),
  available: z.number(),
  ok: z.boolean(),
  stores: z.array(z.object({ id: z.number(), name: z.string(), available: z.number() })),
});

// ── requests ────────────────────────────────────────────────────────────────

const articleQuery = listQuery(PAGE_SIZES.catalogo).extend({
  sort_by: z.enum(SORT_OPTIONS, { error: 'sort_by debe ser precio, nombre, nuevo o vendidos' }).optional(),
  linea: upperCode('La línea', 10).optional(),
  sublinea: upperCode('La sub-línea', 10).optional(),
  color: z
    .string()
    .regex(/^[A-Za-z0-9]{4}(,[A-Za-z0-9]{4})*$/, 'El color debe ser uno o más códigos de 4 caracteres separados por coma')
    .transform((v) => v.toUpperCase().split(','))
    .optional(),
  talla: z
    .string()
    .regex(/^[A-Za-z0-9]{2}$/, 'La talla debe ser un código de 2 caracteres')
    .transform((v) => v.toUpperCase())
    .optional(),
  precio_min: amount('El precio mínimo').optional(),
  precio_max: amount('El precio máximo').optional(),
  promocion: queryBool.optional(),
  opcion: z.enum(SALE_OPTIONS, { error: 'La opción debe ser lo-nuevo, mas-vendidos o promociones' }).optional(),
  /** true: one card per style (its colours as swatches) instead of one per colour; the storefront's lists. */
  agrupar_colores: queryBool.optional(),
  /** Keyset: `meta.next_cursor` of the previous page; page 500 then costs what page 1 costs. */
  despues: z.string().max(400, '«despues» no puede tener más de 400 caracteres').optional(),
});
type ArticleListQuery = z.output<typeof articleQuery>;

/** The list filters in the service's words. */
export function toArticleFilter(q: ArticleListQuery) {
  return {
    page: q.page,
    perPage: q.per_page,
    sortBy: q.sort_by,
    sortDesc: q.sort_desc,
    search: q.search,
    linea: q.linea,
    sublinea: q.sublinea,
    color: q.color,
    talla: q.talla,
    precioMin: q.precio_min,
    precioMax: q.precio_max,
    promocion: q.promocion,
    opcion: q.opcion,
    groupColors: q.agrupar_colores ?? false,
    despues: q.despues,
  };
}

// ── routes ──────────────────────────────────────────────────────────────────

export const lineas = defineRoute({
  method: 'GET',
  path: '/catalogo/lineas',
  tags,
  summary: 'Líneas activas con sus sub-líneas',
  response: envelope(z.array(line)),
});

export const lineasV2 = defineRoute({ ...lineas, path: '/v2/catalogo/lineas', summary: 'Líneas activas (v2)' });

export const linea = defineRoute({
  method: 'GET',
  path: '/catalogo/linea',
  tags,
  summary: 'Una línea con sus sub-líneas y las opciones de filtro',
  query: z.object({ linea: code('La línea', 40), sublinea: upperCode('La sub-línea', 10).optional() }),
  response: envelope(lineWithFilters),
});

export const disponibilidad = defineRoute({
  method: 'GET',
  path: '/catalogo/linea/:url/articulo/:article/disponibilidad',
  tags,
  summary: 'Existencia de un artículo por tienda',
  params: z.object({ url: code('La línea', 40), article: code('El artículo', 22) }),
  response: envelope(availabilityAnswer),
});

const randomQuery = z.object({ linea: upperCode('La línea', 10).optional() });

export const loNuevo = defineRoute({
  method: 'GET',
  path: '/catalogo/articulos/lo-nuevo',
  tags,
  summary: 'Hasta 6 artículos nuevos al azar',
  query: randomQuery,
  response: envelope(z.array(articleCard)),
});

export const masVendidos = defineRoute({
  ...loNuevo,
  path: '/catalogo/articulos/mas-vendidos',
  summary: 'Hasta 6 artículos más vendidos al azar',
});

export const articulos = defineRoute({
  method: 'GET',
  path: '/catalogo/articulos',
  tags,
  summary: 'Artículos con filtros y paginación (6 por página)',
  query: articleQuery,
  response: envelopeList(articleCard),
});

export const buscarArticulos = defineRoute({
  ...articulos,
  path: '/catalogo/buscar-articulos',
  summary: 'Búsqueda sin distinguir acentos ni mayúsculas',
  query: articleQuery.extend({ search: searchText(2) }),
});

export const sublinea = defineRoute({
  method: 'GET',
  path: '/v2/catalogo/sublinea',
  tags,
  summary: 'Sub-líneas activas, lo más nuevo y lo más vendido de una línea (12 por página)',
  query: z.object({
    linea: code('La línea', 40),
    page_sublines: listPage('page_sublines'),
    page_latest: listPage('page_latest'),
    page_best_seller: listPage('page_best_seller'),
    per_page: perPage(PAGE_SIZES.sublineas, 60),
  }),
  response: envelope(subLineLists),
});

const articleByCode = z.object({ code: code('El artículo', 22) });
const detail = { method: 'GET', tags, summary: 'Detalle de un modelo o artículo', response: envelope(articleDetail) } as const;

/** The shopper's state: each size's stores come nearest first (then most stock), the first pre-filled. */
const shopperState = z.object({
  estado: z
    .string()
    .trim()
    .max(60, 'El estado no puede tener más de 60 caracteres')
    .refine((v) => stateByName(v) !== undefined, 'Elija un estado de Venezuela')
    .optional(),
});

export const articulo = defineRoute({ ...detail, path: '/v2/catalogo/article/:code', params: articleByCode, query: shopperState });

/** The same detail with the code in the query (the spec's resource helper). */
export const articuloPorConsulta = defineRoute({ ...detail, path: '/v2/catalogo/article', query: articleByCode });

export const revisarInventario = defineRoute({
  method: 'PATCH',
  path: '/v2/inventario',
  tags: ['carrito'],
  summary: 'Revisa los artículos del carrito contra la existencia actual',
  body: z.object({
    articulos: z
      .array(
        z.object({
          articleCode: code('El artículo', 22),
          quantity: z
            .number({ error: 'La cantidad debe ser un número' })
            .int('La cantidad debe ser un entero')
            .min(1, 'La cantidad mínima es 1')
            .max(99, 'La cantidad máxima es 99'),
        }),
        { error: 'Envíe la lista de artículos del carrito' },
      )
      .min(1, 'El carrito no tiene artículos')
      .max(50, 'El carrito no puede tener más de 50 artículos'),
  }),
  response: envelope(z.array(stockCheck)),
});
