// /api/almacen and /api/configuracion/almacen: stores and warehouses, the stock movements that
// change what each one holds (a ledger), and the stock of an article per store. The zod schemas
// are shared by the API (422 on failure) and the dashboard forms.
import { z } from 'zod';
import { id, isoDay, listQuery, MAX_ID, obligatorio, optionalPhone } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { articleCodeSchema } from '#domain/contracts/orden-compra.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { LEDGER_KINDS, MAX_UNITS_ON_HAND, MAX_UNITS_PER_MOVEMENT } from '#domain/existencia.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { stateByName } from '#domain/venezuela.ts';

const tags = ['almacen'] as const;

export const STORE_KINDS = ['tienda', 'almacen'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
export const STORE_KIND_LABELS: Record<StoreKind, string> = { tienda: 'Tienda', almacen: 'Almacén' };

// Forms send text; an API client may send numbers. Blank means "not given".
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const digitsAsNumber = (value: unknown) => (typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value);

/** An id typed in a form or sent as a number in JSON. */
const formId = (label: `El ${string}` | `La ${string}`) => z.preprocess(digitsAsNumber, id(label));

/** A whole number of units from `min` to `max`, typed in a form or sent as a number. */
const units = (label: string, min: number, max: number) =>
  z.preprocess(
    digitsAsNumber,
    z
      .number({ error: `${label} debe ser un número entero` })
      .int(`${label} debe ser un número entero`)
      .min(min, `${label} debe ser al menos ${min}`)
      .max(max, `${label} no puede pasar de ${max}`),
  );

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: obligatorio(label) })
    .trim()
    .min(min, min <= 1 ? obligatorio(label) : `${label} debe tener al menos ${min} caracteres`)
    .max(max, `${label} no puede tener más de ${max} caracteres`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} no es válido` })
    .trim()
    .max(max, `${label} no puede tener más de ${max} caracteres`);

// ── stores ──────────────────────────────────────────────────────────────────

export const storeCode = z
  .string({ error: 'El código es obligatorio' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{2,10}$/, 'El código debe tener de 2 a 10 letras, números o guiones (ejemplo: CCS)');

const state = z.string({ error: 'El estado es obligatorio' }).transform((v, ctx) => {
  const found = stateByName(v);
  if (!found) ctx.addIssue({ code: 'custom', message: 'Elija un estado de Venezuela' });
  return found?.name ?? v;
});

/** A link to the store on a map: an https:// address, or empty. */
export const mapUrl = z
  .string({ error: 'El enlace del mapa no es válido' })
  .trim()
  .max(500, 'El enlace del mapa no puede tener más de 500 caracteres')
  .refine((v) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'El enlace del mapa debe ser una dirección https:// (ejemplo: https://maps.app.goo.gl/…)');

const storePhone = optionalPhone;
const flag = (label: string) => z.boolean({ error: `${label} debe ser verdadero o falso` });

/** Fields of a store; each may come alone in an edit. */
export const storeFields = {
  code: storeCode,
  name: text('El nombre', 3, 80),
  kind: z.enum(STORE_KINDS, { error: 'Elija si es una tienda o un almacén' }),
  state,
  city: text('La ciudad', 2, 80),
  address: text('La dirección', 5, 300),
  phone: storePhone,
  hours: optionalText('El horario', 120),
  mapUrl,
  ships: flag('Despacha'),
  sellsWeb: flag('Vende en la web'),
  active: flag('Activa'),
};

export const storeSchema = z.object({
  ...storeFields,
  kind: storeFields.kind.default('tienda'),
  phone: storePhone.default(''),
  hours: storeFields.hours.default(''),
  mapUrl: mapUrl.default(''),
  ships: storeFields.ships.default(true),
  sellsWeb: storeFields.sellsWeb.default(true),
  active: storeFields.active.default(true),
});
export type StoreInput = z.output<typeof storeSchema>;

export const storePatchSchema = z
  .object({ id: formId('La tienda'), ...storeFields })
  .partial()
  .required({ id: true })
  .refine((changes) => Object.keys(changes).length > 1, 'Indique qué desea cambiar de la tienda');
export type StorePatch = z.output<typeof storePatchSchema>;

export const store = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STORE_KINDS),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  mapUrl: z.string(),
  ships: z.boolean(),
  sellsWeb: z.boolean(),
  active: z.boolean(),
});
export type Store = z.infer<typeof store>;

/** What a shopper sees of a store on /nuestras-tiendas. */
export const publicStore = store.omit({ kind: true, sellsWeb: true, active: true });
export type PublicStore = z.infer<typeof publicStore>;

export const STORE_FILTERS = ['activas', 'inactivas', 'tiendas', 'almacenes', 'web', 'no-web'] as const;
export const STORE_SORTS = ['name', 'code', 'city', 'state'] as const;

// ── movements ───────────────────────────────────────────────────────────────

const common = {
  articleCode: articleCodeSchema,
  tiendaId: formId('La tienda'),
  reference: optionalText('La referencia', 80).default(''),
  note: optionalText('La nota', 300).default(''),
};

const quantity = units('La cantidad', 1, MAX_UNITS_PER_MOVEMENT);

/** A day of manufacture: aaaa-mm-dd, not after today (Caracas); blank when unknown. */
const manufacturedAt = z.preprocess(
  blankAsAbsent,
  isoDay('La fecha de fabricación')
    .refine((day) => day <= caracasIsoDate(new Date()), 'La fecha de fabricación no puede ser futura')
    .optional(),
);

export const movementSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        ...common,
        kind: z.literal('entrada'),
        quantity,
        lote: optionalText('El lote', 40).default(''),
        manufacturedAt,
      }),
      z.object({ ...common, kind: z.literal('salida'), quantity, note: text('El motivo de la salida', 3, 300) }),
      z.object({ ...common, kind: z.literal('traslado'), quantity, toTiendaId: formId('La tienda de destino') }),
      z.object({ ...common, kind: z.literal('conteo'), counted: units('Lo contado', 0, MAX_UNITS_ON_HAND) }),
    ],
    { error: 'Elija el tipo de movimiento: entrada, salida, traslado o conteo' },
  )
  .superRefine((m, ctx) => {
    if (m.kind === 'traslado' && m.toTiendaId === m.tiendaId) {
      ctx.addIssue({ code: 'custom', path: ['toTiendaId'], message: 'Elija una tienda de destino distinta de la de origen' });
    }
  });
export type MovementInput = z.output<typeof movementSchema>;

const storeRef = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const ledgerRow = z.object({
  id: z.number(),
  kind: z.enum(LEDGER_KINDS),
  articleCode: z.string(),
  articleName: z.string(),
  tienda: storeRef,
  otherTienda: storeRef.nullable(),
  /** Change of on-hand units (negative: left the store). */
  quantity: z.number(),
  /** On-hand units after the movement. */
  balance: z.number(),
  lote: z.string(),
  manufacturedAt: z.string().nullable(),
  reference: z.string(),
  note: z.string(),
  user: z.object({ id: z.number(), nickname: z.string() }).nullable(),
  createdAt: instant,
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const stockLevel = z.object({
  tiendaId: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(STORE_KINDS),
  active: z.boolean(),
  sellsWeb: z.boolean(),
  quantity: z.number(),
  held: z.number(),
  available: z.number(),
  lote: z.string(),
  manufacturedAt: instant.nullable(),
});
export type StockLevelRow = z.infer<typeof stockLevel>;

export const articleStock = z.object({
  articleCode: z.string(),
  name: z.string(),
  colorName: z.string(),
  sizeLabel: z.string(),
  quantity: z.number(),
  held: z.number(),
  available: z.number(),
  stores: z.array(stockLevel),
});
export type ArticleStock = z.infer<typeof articleStock>;

const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());

export const movementListQuery = listQuery(PAGE_SIZES.admin)
  .extend({
    articleCode: optionalQuery(articleCodeSchema),
    tiendaId: optionalQuery(
      z
        .string()
        .regex(/^\d{1,10}$/, 'La tienda no es válida')
        .transform(Number)
        .pipe(z.number().int().positive('La tienda no es válida').max(MAX_ID, 'La tienda no es válida')),
    ),
    kind: optionalQuery(z.enum(LEDGER_KINDS, { error: 'Tipo de movimiento desconocido' })),
    desde: optionalQuery(isoDay('La fecha desde')),
    hasta: optionalQuery(isoDay('La fecha hasta')),
  })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    path: ['hasta'],
    message: 'La fecha hasta no puede ser anterior a la fecha desde',
  });

// ── routes ──────────────────────────────────────────────────────────────────

export const tiendas = defineRoute({
  method: 'GET',
  path: '/almacen',
  tags,
  summary: 'Tiendas y almacenes (filter: activas, inactivas, tiendas, almacenes, web, no-web; search: código, nombre, ciudad, estado)',
  query: listQuery(PAGE_SIZES.admin).extend({
    sort_by: z.preprocess(blankAsAbsent, z.enum(STORE_SORTS, { error: 'No se puede ordenar por ese campo' }).default('name')),
    filter: z.preprocess(blankAsAbsent, z.enum(STORE_FILTERS, { error: 'Filtro desconocido' }).optional()),
  }),
  response: envelopeList(store),
});

export const registrarTienda = defineRoute({
  method: 'POST',
  path: '/almacen',
  tags,
  summary: 'Registrar una tienda o un almacén',
  body: storeSchema,
  response: envelope(store),
  status: 201,
});

export const actualizarTienda = defineRoute({
  method: 'PATCH',
  path: '/configuracion/almacen',
  tags,
  summary: 'Editar una tienda o un almacén (id en el cuerpo), activarla o desactivarla',
  body: storePatchSchema,
  response: envelope(store),
});

export const nuestrasTiendas = defineRoute({
  method: 'GET',
  path: '/almacen/nuestras-tiendas',
  tags,
  summary: 'Las tiendas activas que se pueden visitar, con su enlace del mapa',
  response: envelope(z.array(publicStore)),
});

export const registrarMovimiento = defineRoute({
  method: 'POST',
  path: '/almacen/movimientos',
  tags,
  summary: 'Registrar una entrada, salida, traslado o conteo físico de un artículo',
  body: movementSchema,
  response: envelope(z.object({ movimientos: z.array(ledgerRow), existencia: z.array(stockLevel) })),
  status: 201,
});

export const movimientos = defineRoute({
  method: 'GET',
  path: '/almacen/movimientos',
  tags,
  summary: 'Libro de movimientos de existencia, el más reciente primero (filtros: artículo, tienda, tipo, fechas)',
  query: movementListQuery,
  response: envelopeList(ledgerRow),
});

export const existencia = defineRoute({
  method: 'GET',
  path: '/almacen/existencia',
  tags,
  summary: 'Existencia de un artículo en cada tienda: en mano, apartado y libre',
  query: z.object({ articleCode: articleCodeSchema }),
  response: envelope(articleStock),
});
