// /api/configuracion/importar-productos and /exportar-productos: the catalogue sheet (XLSX or CSV)
// in both directions, for admin and inventario. Upload → preview (counts, problems by row and
// column, a fingerprint) → apply exactly that preview in one transaction; and the export, with the
// product list's filters, that reads back the same way.
import { z } from 'zod';
import { idParam, queryBool, searchText } from '#domain/contracts/campos.ts';
import { CATALOGO_ADMIN_ROLES, colorCode, STOCK_FILTERS } from '#domain/contracts/configuracion.ts';
import { defineRoute, envelope, instant } from '#domain/contracts/contract.ts';
import { CHANGE_FIELDS, ROW_STATUSES } from '#domain/importar-catalogo.ts';

export const IMPORTAR_ROLES = CATALOGO_ADMIN_ROLES;

const tags = ['configuracion'] as const;

export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SheetFormatName = (typeof SHEET_FORMATS)[number];

const formato = z.enum(SHEET_FORMATS, { error: 'El formato debe ser xlsx o csv' });

/** An uploaded sheet waiting to be applied. */
const uploadId = z
  .string({ error: 'Falta la importación' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'La importación no es válida');

const rowError = z.object({
  /** The row as the spreadsheet numbers it. */
  row: z.number(),
  /** The column's header as the sheet writes it. */
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof rowError>;

const rowPreview = z.object({
  row: z.number(),
  articleCode: z.string(),
  status: z.enum(ROW_STATUSES),
  changes: z.array(
    z.object({ field: z.enum(CHANGE_FIELDS), tienda: z.string().nullable(), before: z.string().nullable(), after: z.string() }),
  ),
});
export type ImportRowPreview = z.infer<typeof rowPreview>;

const counts = {
  /** Rows of articles read (blank rows aside). */
  total: z.number(),
  /** Rows that create their article (and maybe its model). */
  created: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  /** Rows with a problem: none of them is applied. */
  invalid: z.number(),
};

export const vistaPreviaImportacion = z.object({
  id: z.string(),
  /** What the preview showed; applying checks that nothing moved since. */
  huella: z.string(),
  file: z.object({
    name: z.string(),
    format: z.enum(SHEET_FORMATS),
    bytes: z.number(),
    sheet: z.string().nullable(),
    encoding: z.string().nullable(),
    separator: z.string().nullable(),
  }),
  columns: z.object({ read: z.array(z.string()), ignored: z.array(z.string()), stores: z.array(z.string()) }),
  ...counts,
  /** The first problems (by row, then column); `errorsTotal` counts them all. */
  errors: z.array(rowError),
  errorsTotal: z.number(),
  /** The first rows that create or change something. */
  rows: z.array(rowPreview),
  /** Until when it can be applied. */
  expiresAt: instant,
});
export type VistaPreviaImportacion = z.infer<typeof vistaPreviaImportacion>;

export const importacionAplicada = z.object({
  batch: z.string(),
  ...counts,
  /** Rows left out because of their problems. */
  skipped: z.number(),
  models: z.object({ created: z.number(), updated: z.number() }),
  articles: z.object({ created: z.number() }),
  /** Count movements written to the stock ledger. */
  movements: z.number(),
  /** Rows written to the catalogue's history. */
  history: z.number(),
});
export type ImportacionAplicada = z.infer<typeof importacionAplicada>;

/** A field of a GET form left empty (`lineaId=`) is absent, as in the lists. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The product list's filters (configuracion buscar-productos), for the export. */
export const exportQuery = z.object({
  formato: z.preprocess((v) => (v === '' ? undefined : v), formato.default('xlsx')),
  search: searchText(0).optional(),
  lineaId: blank(idParam('La línea')),
  sublineaId: blank(idParam('La sub-línea')),
  color: blank(colorCode),
  activo: blank(queryBool),
  existencia: blank(z.enum(STOCK_FILTERS, { error: 'La existencia debe ser con o sin' })),
  promocion: blank(queryBool),
});

export const importarProductos = defineRoute({
  method: 'POST',
  path: '/configuracion/importar-productos',
  tags,
  summary:
    'Subir una hoja del catálogo (multipart, campo «archivo»: XLSX o CSV de hasta 20 MB y 100.000 filas) y ver la vista previa: cuántas filas son nuevas, cambian, quedan igual o tienen errores, con cada error por fila y columna',
  response: envelope(vistaPreviaImportacion),
});

export const verImportacion = defineRoute({
  method: 'GET',
  path: '/configuracion/importar-productos/:id',
  tags,
  summary: 'La vista previa de una hoja subida por esta misma persona, mientras no venza',
  params: z.object({ id: uploadId }),
  response: envelope(vistaPreviaImportacion),
});

export const aplicarImportacion = defineRoute({
  method: 'POST',
  path: '/configuracion/importar-productos/aplicar',
  tags,
  summary:
    'Aplicar en una sola transacción exactamente lo que mostró la vista previa (huella); con errores, solo si se piden las filas válidas (soloValidas)',
  body: z.object({
    id: uploadId,
    huella: z.string({ error: 'Vea la vista previa antes de aplicar' }).regex(/^[0-9a-f]{64}$/, 'La huella no es válida'),
    soloValidas: z.boolean({ error: 'soloValidas debe ser verdadero o falso' }).default(false),
  }),
  response: envelope(importacionAplicada),
});

export const ejemploImportacion = defineRoute({
  method: 'GET',
  path: '/configuracion/importar-productos/ejemplo',
  tags,
  summary: 'Una hoja de ejemplo (XLSX con sus instrucciones, o CSV) con las columnas que lee la importación',
  query: z.object({ formato: formato.default('xlsx') }),
  /** The file itself, not JSON. */
  response: z.string(),
});

export const exportarProductos = defineRoute({
  method: 'GET',
  path: '/configuracion/exportar-productos',
  tags,
  summary:
    'El catálogo como hoja (XLSX o CSV), un artículo por fila con su existencia por tienda, con los filtros de la lista de productos',
  query: exportQuery,
  /** The file itself, not JSON. */
  response: z.string(),
});
