// /api/configuracion/*: catalogue administration (líneas, sub-líneas, models and their articles,
// prices, promotions, photos, bulk changes and the history of every change), for admin and
// inventario. The zod schemas are shared by the API (422 on failure) and the dashboard forms.
import { z } from 'zod';
import { BULK_CHANGE_KINDS, MAX_PRICE_BASIS_POINTS, parsePercent } from '#domain/cambio-masivo.ts';
import { OVERRIDES } from '#domain/catalogo-historial.ts';
import { amount, id, idParam, listQuery, obligatorio, queryBool, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import type { Role } from '#domain/roles.ts';

/** Líneas, products, prices and promotions belong to inventario (and the admin; docs/dominio.md §Roles). */
export const CATALOGO_ADMIN_ROLES = ['admin', 'inventario'] as const satisfies readonly Role[];

/** Garment drawings the storefront shows when a model has no photo (server/src/modules/imagenes). */
export const PRENDAS = {
  franela: 'Franela',
  camisa: 'Camisa',
  blusa: 'Blusa',
  vestido: 'Vestido',
  falda: 'Falda',
  pantalon: 'Pantalón',
  jean: 'Jean',
  short: 'Short',
  chaqueta: 'Chaqueta',
  sueter: 'Suéter',
  conjunto: 'Conjunto',
  pijama: 'Pijama',
  zapato: 'Zapato',
  zapatilla: 'Zapatilla',
  sandalia: 'Sandalia',
  bota: 'Bota',
} as const;
export type Prenda = keyof typeof PRENDAS;
const PRENDA_IDS = Object.keys(PRENDAS) as [Prenda, ...Prenda[]];

/** Photos: what is accepted and how many a model keeps. */
export const FOTO_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxFilesPerUpload: 8,
  maxPerModel: 12,
  minWidth: 640,
  minHeight: 800,
  maxSide: 8000,
  types: ['jpeg', 'png', 'webp'],
} as const;

const tags = ['configuracion'] as const;

// ── fields ──────────────────────────────────────────────────────────────────

/** A code of letters and digits, stored in upper case. */
const code = (label: string, min: number, max: number) =>
  z
    .string({ error: obligatorio(label) })
    .trim()
    .min(min, min === 1 ? obligatorio(label) : `${label} debe tener al menos ${min} caracteres`)
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .regex(/^[A-Za-z0-9]+$/, `${label} solo admite letras y números, sin espacios`)
    .transform((v) => v.toUpperCase());

export const lineCode = code('El código de la línea', 2, 10);
export const subLineCode = code('El código de la sub-línea', 2, 10);
export const colorCode = z
  .string({ error: 'El color es obligatorio' })
  .trim()
  .regex(/^[A-Za-z0-9]{4}$/, 'El color debe ser un código de 4 letras o números')
  .transform((v) => v.toUpperCase());
export const sizeCode = z
  .string({ error: 'La talla es obligatoria' })
  .trim()
  .regex(/^[A-Za-z0-9]{2}$/, 'La talla debe ser un código de 2 letras o números')
  .transform((v) => v.toUpperCase());
/** The style's code, before the colour: the model is this plus the 4-character colour code. */
export const baseCode = z
  .string({ error: 'El código base es obligatorio' })
  .trim()
  .min(2, 'El código base debe tener al menos 2 caracteres')
  .max(16, 'El código base no puede tener más de 16 caracteres')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'El código base solo admite letras, números y guiones (ejemplo: DBLU006)')
  .transform((v) => v.toUpperCase());
export const modelCode = z
  .string({ error: 'Falta el modelo' })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{4,19}$/, 'El modelo no es válido (ejemplo: DBLU001NEGR)')
  .transform((v) => v.toUpperCase());

const name = (label: string) =>
  z
    .string({ error: obligatorio(label) })
    .trim()
    .min(2, `${label} debe tener al menos 2 caracteres`)
    .max(80, `${label} no puede tener más de 80 caracteres`);
const description = z
  .string({ error: 'La descripción debe ser texto' })
  .trim()
  .max(2000, 'La descripción no puede tener más de 2000 caracteres');
const slug = z
  .string({ error: 'La dirección debe ser texto' })
  .trim()
  .toLowerCase()
  .max(60, 'La dirección no puede tener más de 60 caracteres')
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'La dirección solo admite minúsculas sin acentos, números y guiones (ejemplo: ropa-de-playa)');
const garment = z.enum(PRENDA_IDS, { error: 'Elija el dibujo de prenda de la lista' });
const active = z.boolean({ error: 'El estado debe ser verdadero o falso' });
const position = z
  .number({ error: 'La posición debe ser un número' })
  .int('La posición debe ser un número entero')
  .min(0, 'La posición debe ser 0 o mayor')
  .max(10_000, 'La posición no puede pasar de 10000');
const override = (label: string) => z.enum(OVERRIDES, { error: `${label} debe ser auto, si o no` });
const positive = (schema: z.ZodType<string, string>, message: string) => schema.refine((v) => /[1-9]/.test(v), message);
const price = positive(amount('El precio'), 'El precio debe ser mayor que cero');
const promotion = amount('La promoción');
const sizes = z
  .array(sizeCode, { error: 'Elija las tallas' })
  .min(1, 'Elija al menos una talla')
  .max(30, 'No puede elegir más de 30 tallas')
  .transform((list) => [...new Set(list)]);

/** A PATCH must change something besides naming what it changes. */
const someChange = (changes: Record<string, unknown>) =>
  Object.entries(changes).some(([key, value]) => key !== 'id' && key !== 'code' && value !== undefined);

// ── shapes of the answers ───────────────────────────────────────────────────

const modelCounts = z.object({ total: z.number(), active: z.number() });

export const sublineaAdmin = z.object({
  id: z.number(),
  lineaId: z.number(),
  code: z.string(),
  name: z.string(),
  url: z.string(),
  garment: z.string(),
  position: z.number(),
  active: z.boolean(),
  models: modelCounts,
});
export type SublineaAdmin = z.infer<typeof sublineaAdmin>;

export const lineaAdmin = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  garment: z.string(),
  position: z.number(),
  active: z.boolean(),
  models: modelCounts,
  sublineas: z.array(sublineaAdmin),
});
export type LineaAdmin = z.infer<typeof lineaAdmin>;

export const opciones = z.object({
  colores: z.array(z.object({ code: z.string(), name: z.string(), hex: z.string() })),
  tallas: z.array(z.object({ code: z.string(), label: z.string() })),
  prendas: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type OpcionesProducto = z.infer<typeof opciones>;

export const productoFila = z.object({
  code: z.string(),
  baseCode: z.string(),
  name: z.string(),
  lineaId: z.number(),
  lineCode: z.string(),
  lineName: z.string(),
  sublineaId: z.number(),
  subLineCode: z.string(),
  subLineName: z.string(),
  colorCode: z.string(),
  colorName: z.string(),
  colorHex: z.string(),
  price: z.string(),
  promotion: z.string(),
  finalPrice: z.string(),
  active: z.boolean(),
  nuevo: z.enum(OVERRIDES),
  masVendido: z.enum(OVERRIDES),
  /** Units to sell in the active stores (on hand − held), all sizes. */
  stock: z.number(),
  soldCount: z.number(),
  photos: z.number(),
  /** 320 px: the first photo, or the drawing. */
  thumb: z.string(),
  createdAt: instant,
});
export type ProductoFila = z.infer<typeof productoFila>;

export const foto = z.object({
  id: z.number(),
  key: z.string(),
  position: z.number(),
  width: z.number(),
  height: z.number(),
  image: z.string(),
  thumb: z.string(),
  srcSet: z.string(),
});
export type Foto = z.infer<typeof foto>;

export const productoDetalle = productoFila.extend({
  description: z.string(),
  garment: z.string(),
  /** The article page on the storefront. */
  path: z.string(),
  articles: z.array(
    z.object({
      code: z.string(),
      sizeCode: z.string(),
      sizeLabel: z.string(),
      onHand: z.number(),
      held: z.number(),
      available: z.number(),
    }),
  ),
  /** The same style in other colours. */
  colors: z.array(z.object({ code: z.string(), colorCode: z.string(), colorName: z.string(), colorHex: z.string(), active: z.boolean() })),
  fotos: z.array(foto),
});
export type ProductoDetalle = z.infer<typeof productoDetalle>;

export const historialFila = z.object({
  id: z.number(),
  entity: z.string(),
  entityKey: z.string(),
  modelCode: z.string().nullable(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  source: z.string(),
  batch: z.string().nullable(),
  user: z.object({ id: z.number(), nickname: z.string(), email: z.string() }).nullable(),
  createdAt: instant,
});
export type HistorialFila = z.infer<typeof historialFila>;

const pricing = z.object({ price: z.string(), promotion: z.string(), active: z.boolean() });
export const cambioMasivoResultado = z.object({
  /** Models in the selection. */
  total: z.number(),
  /** Those the change actually changes. */
  changed: z.number(),
  /** Those whose promotion had to come down to the new price. */
  capped: z.number(),
  /** Fingerprint of the selection and its values: applying checks nothing moved since the preview. */
  huella: z.string(),
  /** The first rows, before → after. */
  rows: z.array(z.object({ code: z.string(), name: z.string(), before: pricing, after: pricing, capped: z.boolean() })),
  applied: z.boolean(),
  batch: z.string().nullable(),
});
export type CambioMasivoResultado = z.infer<typeof cambioMasivoResultado>;

const fotosAnswer = z.object({ fotos: z.array(foto) });

// ── requests ────────────────────────────────────────────────────────────────

export const PRODUCT_SORTS = ['codigo', 'nombre', 'precio', 'creado', 'vendidos', 'existencia'] as const;
export const STOCK_FILTERS = ['con', 'sin'] as const;

/** Which models: the list's filters (shared by the list and the bulk change). */
const selectionFields = {
  lineaId: idParam('La línea').optional(),
  sublineaId: idParam('La sub-línea').optional(),
  color: colorCode.optional(),
  activo: queryBool.optional(),
  existencia: z.enum(STOCK_FILTERS, { error: 'La existencia debe ser con o sin' }).optional(),
  promocion: queryBool.optional(),
};

export const productQuery = listQuery(PAGE_SIZES.admin).extend({
  ...selectionFields,
  sort_by: z.enum(PRODUCT_SORTS, { error: 'sort_by debe ser codigo, nombre, precio, creado, vendidos o existencia' }).optional(),
});
export type ProductQuery = z.output<typeof productQuery>;

const bodyBool = z.boolean({ error: 'Debe ser verdadero o falso' });

export const cambioMasivoBody = z
  .object({
    todos: bodyBool.default(false),
    search: searchText(0).optional(),
    lineaId: id('La línea').optional(),
    sublineaId: id('La sub-línea').optional(),
    color: colorCode.optional(),
    activo: bodyBool.optional(),
    existencia: selectionFields.existencia,
    promocion: bodyBool.optional(),
    models: z.array(modelCode, { error: 'Los modelos deben ser una lista' }).max(500, 'Elija hasta 500 modelos a la vez').optional(),
    kind: z.enum(BULK_CHANGE_KINDS, { error: 'Elija qué cambiar' }),
    percent: z.string({ error: 'El porcentaje debe ser texto' }).optional(),
    amount: amount('El monto').optional(),
    aplicar: bodyBool.default(false),
    huella: z.string().max(64, 'La huella no es válida').optional(),
  })
  .superRefine((b, ctx) => {
    const chosen =
      b.todos ||
      Boolean(b.search) ||
      b.lineaId !== undefined ||
      b.sublineaId !== undefined ||
      b.color !== undefined ||
      b.activo !== undefined ||
      b.existencia !== undefined ||
      b.promocion !== undefined ||
      (b.models?.length ?? 0) > 0;
    if (!chosen) {
      ctx.addIssue({
        code: 'custom',
        path: ['todos'],
        message: 'Elija qué modelos cambiar: una línea, una sub-línea, un filtro, modelos de la lista o todo el catálogo',
      });
    }
    if (b.kind === 'precio-porcentaje' || b.kind === 'promocion-porcentaje') {
      const basisPoints = b.percent === undefined ? null : parsePercent(b.percent);
      if (basisPoints === null) {
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Escriba el porcentaje (ejemplo: -15 o 10,5)' });
      } else if (b.kind === 'precio-porcentaje' && (basisPoints <= -10_000 || basisPoints > MAX_PRICE_BASIS_POINTS || basisPoints === 0)) {
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'El porcentaje del precio debe estar entre -99,99 y 1000, sin ser 0' });
      } else if (b.kind === 'promocion-porcentaje' && (basisPoints <= 0 || basisPoints > 10_000)) {
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'La promoción debe ser un porcentaje mayor que 0 y hasta 100' });
      }
    }
    if (b.kind === 'precio-monto' || b.kind === 'promocion-monto') {
      if (b.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Escriba el monto en USD (ejemplo: 19,99)' });
      else if (b.kind === 'precio-monto' && !/[1-9]/.test(b.amount))
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'El precio debe ser mayor que cero' });
    }
    if (b.aplicar && !b.huella)
      ctx.addIssue({ code: 'custom', path: ['huella'], message: 'Vea la vista previa antes de aplicar el cambio' });
  });
export type CambioMasivoInput = z.output<typeof cambioMasivoBody>;

export const productoNuevo = z.object({
  sublineaId: id('La sub-línea'),
  baseCode,
  colorCode,
  name: name('El nombre'),
  description: description.default(''),
  sizes,
  price,
  promotion: promotion.default('0'),
  active: active.default(true),
  nuevo: override('Lo nuevo').default('auto'),
  masVendido: override('Más vendidos').default('auto'),
});
export type ProductoNuevo = z.output<typeof productoNuevo>;

export const productoCambios = z
  .object({
    code: modelCode,
    name: name('El nombre').optional(),
    description: description.optional(),
    sublineaId: id('La sub-línea').optional(),
    price: price.optional(),
    promotion: promotion.optional(),
    active: active.optional(),
    nuevo: override('Lo nuevo').optional(),
    masVendido: override('Más vendidos').optional(),
    /** Sizes to add: each one becomes an article. */
    addSizes: z.array(sizeCode, { error: 'Las tallas deben ser una lista' }).max(30, 'No puede agregar más de 30 tallas').optional(),
  })
  .refine(someChange, 'Indique qué desea cambiar del producto');
export type ProductoCambios = z.output<typeof productoCambios>;

export const lineaNueva = z.object({
  code: lineCode,
  name: name('El nombre'),
  description: description.default(''),
  url: slug.default(''),
  garment,
  active: active.default(true),
});

export const lineaCambios = z
  .object({
    id: id('La línea'),
    name: name('El nombre').optional(),
    description: description.optional(),
    url: slug.optional(),
    garment: garment.optional(),
    /** Its place in the list (0 is first); the others move to make room. */
    position: position.optional(),
    active: active.optional(),
  })
  .refine(someChange, 'Indique qué desea cambiar de la línea');

export const sublineaNueva = z.object({
  lineaId: id('La línea'),
  code: subLineCode,
  name: name('El nombre'),
  url: slug.default(''),
  garment,
  active: active.default(true),
});

export const sublineaCambios = z
  .object({
    id: id('La sub-línea'),
    name: name('El nombre').optional(),
    url: slug.optional(),
    garment: garment.optional(),
    position: position.optional(),
    active: active.optional(),
  })
  .refine(someChange, 'Indique qué desea cambiar de la sub-línea');

export const colorNuevo = z.object({
  code: colorCode,
  name: name('El nombre del color'),
  hex: z
    .string({ error: 'El tono es obligatorio' })
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'El tono debe ser un color #rrggbb (ejemplo: #1b2a4e)')
    .transform((v) => v.toLowerCase()),
});

// ── routes ──────────────────────────────────────────────────────────────────

export const buscarLineas = defineRoute({
  method: 'GET',
  path: '/configuracion/buscar-lineas',
  tags,
  summary: 'Todas las líneas con sus sub-líneas, activas e inactivas, y cuántos modelos tiene cada una',
  query: z.object({ search: searchText(0).optional() }),
  response: envelope(z.array(lineaAdmin)),
});

export const registrarLinea = defineRoute({
  method: 'POST',
  path: '/configuracion/registrar-linea',
  tags,
  summary: 'Crear una línea (queda al final de la lista)',
  body: lineaNueva,
  response: envelope(lineaAdmin),
  status: 201,
});

export const actualizarLinea = defineRoute({
  method: 'PATCH',
  path: '/configuracion/actualizar-linea',
  tags,
  summary: 'Cambiar el nombre, la descripción, la dirección, el dibujo, el orden o el estado de una línea',
  body: lineaCambios,
  response: envelope(lineaAdmin),
});

export const registrarSublinea = defineRoute({
  method: 'POST',
  path: '/configuracion/registrar-sublinea',
  tags,
  summary: 'Crear una sub-línea dentro de una línea',
  body: sublineaNueva,
  response: envelope(sublineaAdmin),
  status: 201,
});

export const actualizarSublinea = defineRoute({
  method: 'PATCH',
  path: '/configuracion/actualizar-sublinea',
  tags,
  summary: 'Cambiar el nombre, la dirección, el dibujo, el orden o el estado de una sub-línea',
  body: sublineaCambios,
  response: envelope(sublineaAdmin),
});

export const opcionesProducto = defineRoute({
  method: 'GET',
  path: '/configuracion/opciones-producto',
  tags,
  summary: 'Colores, tallas y dibujos de prenda para los formularios de productos',
  response: envelope(opciones),
});

export const registrarColor = defineRoute({
  method: 'POST',
  path: '/configuracion/registrar-color',
  tags,
  summary: 'Crear un color (código de 4 caracteres, nombre y tono)',
  body: colorNuevo,
  response: envelope(z.object({ code: z.string(), name: z.string(), hex: z.string() })),
  status: 201,
});

export const buscarProductos = defineRoute({
  method: 'GET',
  path: '/configuracion/buscar-productos',
  tags,
  summary: 'Modelos con búsqueda y filtros (línea, sub-línea, color, activo, existencia, promoción), 15 por página',
  query: productQuery,
  response: envelopeList(productoFila),
});

export const detallesProducto = defineRoute({
  method: 'GET',
  path: '/configuracion/detalles-producto/:code',
  tags,
  summary: 'Un modelo con sus artículos, su existencia, sus otros colores y sus fotos',
  params: z.object({ code: modelCode }),
  response: envelope(productoDetalle),
});

export const registrarProducto = defineRoute({
  method: 'POST',
  path: '/configuracion/registrar-producto',
  tags,
  summary: 'Crear un modelo (código base + color) con un artículo por talla (modelo + talla)',
  body: productoNuevo,
  response: envelope(productoDetalle),
  status: 201,
});

export const actualizarProducto = defineRoute({
  method: 'PATCH',
  path: '/configuracion/actualizar-producto',
  tags,
  summary: 'Cambiar nombre, descripción, sub-línea, precio, promoción, estado, marcas de nuevo y más vendido, o agregar tallas',
  body: productoCambios,
  response: envelope(productoDetalle),
});

export const subirFotos = defineRoute({
  method: 'POST',
  path: '/configuracion/productos/:code/fotos',
  tags,
  summary: 'Subir fotos de un modelo (multipart, campo «fotos»: JPEG, PNG o WebP de hasta 10 MB y al menos 640 × 800 px)',
  params: z.object({ code: modelCode }),
  response: envelope(fotosAnswer),
  status: 201,
});

export const ordenarFotos = defineRoute({
  method: 'PATCH',
  path: '/configuracion/ordenar-fotos',
  tags,
  summary: 'Ordenar las fotos de un modelo (la primera es la que se ve en la tienda)',
  body: z.object({
    code: modelCode,
    ids: z.array(id('La foto'), { error: 'Indique las fotos en su orden nuevo' }).min(1, 'Indique las fotos en su orden nuevo').max(50),
  }),
  response: envelope(fotosAnswer),
});

export const eliminarFoto = defineRoute({
  method: 'DELETE',
  path: '/configuracion/fotos/:id',
  tags,
  summary: 'Eliminar una foto de un modelo',
  params: z.object({ id: idParam('La foto') }),
  response: envelope(fotosAnswer),
});

export const cambioMasivo = defineRoute({
  method: 'POST',
  path: '/configuracion/cambio-masivo',
  tags,
  summary:
    'Cambiar precio, promoción o estado de una selección de modelos: vista previa (antes → después) y, con aplicar, todo en una transacción',
  body: cambioMasivoBody,
  response: envelope(cambioMasivoResultado),
});

export const historial = defineRoute({
  method: 'GET',
  path: '/configuracion/historial',
  tags,
  summary: 'Historial de cambios de un modelo o de una línea (quién, cuándo, antes → después), el más reciente primero',
  query: listQuery(PAGE_SIZES.admin)
    .pick({ page: true, per_page: true })
    .extend({
      modelo: modelCode.optional(),
      lineaId: idParam('La línea').optional(),
    })
    .refine((q) => (q.modelo === undefined) !== (q.lineaId === undefined), {
      message: 'Indique un modelo o una línea',
      path: ['modelo'],
    }),
  response: envelopeList(historialFila),
});
