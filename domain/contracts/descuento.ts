// /api/descuento/* and /api/v2/descuento: automatic discounts, coupons and payment-method discounts
// (docs/dominio.md §Descuentos y cupones), what each is assigned to, and the lists the assign page searches.
import { z } from 'zod';
import { amount, couponCode, email, id, idParam, isoDay, listQuery, queryBool, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant, listMeta } from '#domain/contracts/contract.ts';
import { DISCOUNT_APPLICATIONS, DISCOUNT_KINDS } from '#domain/descuentos.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { PAYMENT_METHOD_IDS } from '#domain/store-constants.ts';

const tags = ['descuento'] as const;

/** Most uses a coupon limit may say: more is no limit at all. */
export const MAX_COUPON_USES = 1_000_000;

/** A limit of uses typed in a form: blank is no limit. */
const usesLimit = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v),
    z
      .number({ error: `${label} debe ser un número entero` })
      .int(`${label} debe ser un número entero`)
      .min(1, `${label} debe ser al menos 1 (déjelo vacío para no limitar)`)
      .max(MAX_COUPON_USES, `${label} no puede pasar de ${MAX_COUPON_USES.toLocaleString('es-VE')}`)
      .nullable()
      .default(null),
  );

export const discountFields = z.object({
  name: z
    .string({ error: 'Escriba el nombre del descuento' })
    .trim()
    .min(3, 'El nombre debe tener al menos 3 caracteres')
    .max(120, 'El nombre no puede tener más de 120 caracteres'),
  aplicacion: z.enum(DISCOUNT_APPLICATIONS, { error: 'Elija cómo se aplica: automático, cupón o método de pago' }),
  kind: z.enum(DISCOUNT_KINDS, { error: 'Elija porcentaje o monto por unidad' }),
  value: amount('El valor').refine((v) => Number(v) > 0, 'El valor debe ser mayor que cero'),
  validFrom: isoDay('La fecha de inicio'),
  validTo: isoDay('La fecha final').nullable().default(null),
  active: z.boolean({ error: 'Indique si el descuento está activo' }).default(true),
  /** Coupons only. */
  code: couponCode.nullable().default(null),
  maxUses: usesLimit('El límite de usos'),
  maxUsesPerCustomer: usesLimit('El límite por cliente'),
  /** A coupon for one customer only (e.g. a birthday coupon). */
  onlyEmail: email.nullable().default(null),
  /** Payment-method discounts only. */
  paymentMethod: z.enum(PAYMENT_METHOD_IDS, { error: 'Elija el método de pago' }).nullable().default(null),
});

type DiscountFields = z.infer<typeof discountFields>;

/** The rules between fields, checked after each field on its own (422 with the field named). */
function checkDiscount(d: DiscountFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (d.kind === 'porcentaje' && Number(d.value) > 100) issue('value', 'Un porcentaje no puede pasar de 100');
  if (d.validTo !== null && d.validTo < d.validFrom) issue('validTo', 'La fecha final no puede ser anterior a la de inicio');
  if (d.aplicacion === 'cupon' && !d.code) issue('code', 'Escriba el código del cupón');
  if (d.aplicacion === 'metodo-pago') {
    if (!d.paymentMethod) issue('paymentMethod', 'Elija el método de pago del descuento');
    if (d.kind !== 'porcentaje') issue('kind', 'Un descuento por método de pago es un porcentaje del pedido');
  }
  if (d.aplicacion === 'cupon' && d.maxUses !== null && d.maxUsesPerCustomer !== null && d.maxUsesPerCustomer > d.maxUses) {
    issue('maxUsesPerCustomer', 'El límite por cliente no puede pasar del límite de usos');
  }
}

export const discountSchema = discountFields.superRefine(checkDiscount);
export type DiscountInput = z.infer<typeof discountSchema>;

const discountId = id('El descuento');

const modelCode = z
  .string({ error: 'Falta el modelo' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,20}$/, 'El código de modelo no es válido');

const ids = (label: string) =>
  z.array(id('El identificador'), { error: `${label} debe ser una lista` }).max(500, `Son demasiadas ${label}`);

// ── shapes of the answers ───────────────────────────────────────────────────

export const descuento = z.object({
  id: z.number(),
  name: z.string(),
  aplicacion: z.enum(DISCOUNT_APPLICATIONS),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  /** Active and within its days today (Caracas). */
  vigente: z.boolean(),
  code: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  /** Orders that used the coupon so far (an annulled order gives its use back). */
  uses: z.number(),
  onlyEmail: z.string().nullable(),
  onlyUserId: z.number().nullable(),
  paymentMethod: z.enum(PAYMENT_METHOD_IDS).nullable(),
  /** How many líneas, sub-líneas and models it is assigned to (a coupon without any reaches the whole cart). */
  assigned: z.object({ lineas: z.number(), sublineas: z.number(), modelos: z.number() }),
  createdAt: instant,
  updatedAt: instant,
});
export type Descuento = z.infer<typeof descuento>;

export const lineaAsignable = z.object({ id: z.number(), code: z.string(), name: z.string(), assigned: z.boolean() });
export const sublineaAsignable = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  lineaId: z.number(),
  lineName: z.string(),
  assigned: z.boolean(),
});
export const modeloAsignable = z.object({
  code: z.string(),
  name: z.string(),
  colorName: z.string(),
  lineName: z.string(),
  subLineName: z.string(),
  price: z.string(),
  assigned: z.boolean(),
});

export const descuentoDetalle = descuento.extend({
  lineas: z.array(lineaAsignable.omit({ assigned: true })),
  sublineas: z.array(sublineaAsignable.omit({ assigned: true })),
  modelos: z.array(modeloAsignable.omit({ assigned: true, price: true })),
});
export type DescuentoDetalle = z.infer<typeof descuentoDetalle>;

// ── routes ──────────────────────────────────────────────────────────────────

const listFilters = {
  aplicacion: z.union([z.literal(''), z.enum(DISCOUNT_APPLICATIONS)], { error: 'Tipo de descuento desconocido' }).default(''),
  active: queryBool.optional(),
};

export const listar = defineRoute({
  method: 'GET',
  path: '/descuento',
  tags,
  summary: 'Descuentos y cupones, los más recientes primero (15 por página; search: nombre o código; aplicacion; active)',
  query: listQuery(PAGE_SIZES.admin).extend(listFilters),
  response: envelopeList(descuento),
});

export const buscarV2 = defineRoute({
  method: 'GET',
  path: '/v2/descuento',
  tags,
  summary: 'Buscar descuentos y cupones (v2): la lista va en data.discounts',
  query: listQuery(PAGE_SIZES.admin).extend(listFilters),
  response: envelope(z.object({ discounts: z.array(descuento), meta: listMeta })),
});

export const detalle = defineRoute({
  method: 'GET',
  path: '/descuento/detalle/:id',
  tags,
  summary: 'Un descuento con las líneas, sub-líneas y modelos a los que está asignado',
  params: z.object({ id: idParam('El descuento') }),
  response: envelope(descuentoDetalle),
});

export const registrar = defineRoute({
  method: 'POST',
  path: '/descuento/registrar',
  tags,
  summary: 'Registrar un descuento automático, un cupón o un descuento por método de pago',
  body: discountSchema,
  response: envelope(descuento),
  status: 201,
});

export const actualizar = defineRoute({
  method: 'PATCH',
  path: '/descuento/actualizar',
  tags,
  summary: 'Editar un descuento (las órdenes ya registradas no cambian)',
  body: discountFields.extend({ id: discountId }).superRefine(checkDiscount),
  response: envelope(descuento),
});

export const activar = defineRoute({
  method: 'PATCH',
  path: '/descuento/activar',
  tags,
  summary: 'Activar o desactivar un descuento',
  body: z.object({ id: discountId, active: z.boolean({ error: 'Indique si el descuento queda activo' }) }),
  response: envelope(descuento),
});

export const asignar = defineRoute({
  method: 'PATCH',
  path: '/descuento/asignar',
  tags,
  summary: 'Asignar un descuento (o el alcance de un cupón) a líneas, sub-líneas y modelos; reemplaza lo asignado',
  body: z.object({
    id: discountId,
    lineas: ids('líneas').default([]),
    sublineas: ids('sub-líneas').default([]),
    modelos: z.array(modelCode, { error: 'Los modelos deben ser una lista' }).max(500, 'Son demasiados modelos').default([]),
  }),
  response: envelope(descuentoDetalle),
});

export const listadoDescuentos = defineRoute({
  method: 'GET',
  path: '/descuento/listado-descuentos',
  tags,
  summary: 'Descuentos que se pueden asignar (automáticos y cupones), para elegir uno',
  response: envelope(
    z.array(descuento.pick({ id: true, name: true, aplicacion: true, kind: true, value: true, code: true, vigente: true })),
  ),
});

const assignedTo = { descuento: idParam('El descuento').optional() };

export const listadoLineas = defineRoute({
  method: 'GET',
  path: '/descuento/listado-lineas',
  tags,
  summary: 'Líneas del catálogo; assigned dice si el descuento indicado las tiene',
  query: z.object({ ...assignedTo, search: searchText(0).optional() }),
  response: envelope(z.array(lineaAsignable)),
});

export const listadoSublineas = defineRoute({
  method: 'GET',
  path: '/descuento/listado-sub-lineas',
  tags,
  summary: 'Sub-líneas del catálogo (de una línea, o que contengan search); assigned dice si el descuento indicado las tiene',
  query: listQuery(PAGE_SIZES.admin, { maxPerPage: 100 }).extend({ ...assignedTo, linea: idParam('La línea').optional() }),
  response: envelopeList(sublineaAsignable),
});

export const listadoModelos = defineRoute({
  method: 'GET',
  path: '/descuento/listado-modelos',
  tags,
  summary: 'Modelos por código o nombre (15 por página); assigned dice si el descuento indicado los tiene',
  query: listQuery(PAGE_SIZES.admin).extend({
    ...assignedTo,
    sublinea: idParam('La sub-línea').optional(),
    solo_asignados: queryBool.optional(),
  }),
  response: envelopeList(modeloAsignable),
});
