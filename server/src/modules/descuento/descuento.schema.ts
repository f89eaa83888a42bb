// Tables of discounts: automatic line discounts, coupons and payment-method discounts (one table,
// told apart by `aplicacion`), what each is assigned to, and the uses of coupons by orders.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '#server/modules/auth/auth.schema.ts';
import { lineas, modelos, sublineas } from '#server/modules/catalogo/catalogo.schema.ts';
import { ordenesCompra } from '#server/modules/orden-compra/orden-compra.schema.ts';

export const descuentos = pgTable(
  'descuentos',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // 'automatico': applies by itself to the lines it is assigned to; 'cupon': the buyer types its
    // code; 'metodo-pago': applies to the order paid with `payment_method`.
    aplicacion: varchar('aplicacion', { length: 12 }).notNull(),
    // 'porcentaje' (value 20.00 = 20 %) or 'monto' (USD per unit).
    kind: varchar('kind', { length: 10 }).notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    // Caracas calendar days, both included; no end day: valid until deactivated.
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    // Coupons: the code (upper case), the total and per-customer limits (null: no limit) and the
    // uses so far, counted by the order that uses it in its own transaction.
    code: varchar('code', { length: 30 }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    uses: integer('uses').notNull().default(0),
    // A coupon issued for one customer (a birthday coupon): only that e-mail or account may use it.
    onlyEmail: varchar('only_email', { length: 254 }),
    onlyUserId: integer('only_user_id').references(() => usuarios.id, { onDelete: 'cascade' }),
    paymentMethod: varchar('payment_method', { length: 20 }),
    createdBy: integer('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('descuentos_codigo').on(t.code),
    index('descuentos_aplicacion').on(t.aplicacion, t.active),
    check('descuentos_aplicacion_ok', sql`${t.aplicacion} IN ('automatico', 'cupon', 'metodo-pago')`),
    check('descuentos_kind_ok', sql`${t.kind} IN ('porcentaje', 'monto')`),
    check('descuentos_valor_ok', sql`${t.value} > 0 AND (${t.kind} <> 'porcentaje' OR ${t.value} <= 100)`),
    check('descuentos_vigencia_ok', sql`${t.validTo} IS NULL OR ${t.validTo} >= ${t.validFrom}`),
    check('descuentos_cupon_ok', sql`(${t.aplicacion} = 'cupon') = (${t.code} IS NOT NULL)`),
    check('descuentos_metodo_ok', sql`(${t.aplicacion} = 'metodo-pago') = (${t.paymentMethod} IS NOT NULL)`),
    check('descuentos_usos_ok', sql`${t.uses} >= 0`),
  ],
);

/** What a discount (or a coupon's scope) is assigned to: one línea, sub-línea or model per row. */
export const descuentoAsignaciones = pgTable(
  'descuento_asignaciones',
  {
    id: serial('id').primaryKey(),
    descuentoId: integer('descuento_id')
      .notNull()
      .references(() => descuentos.id, { onDelete: 'cascade' }),
    lineaId: integer('linea_id').references(() => lineas.id, { onDelete: 'cascade' }),
    sublineaId: integer('sublinea_id').references(() => sublineas.id, { onDelete: 'cascade' }),
    modelCode: varchar('model_code', { length: 20 }).references(() => modelos.code, { onDelete: 'cascade' }),
  },
  (t) => [
    check('descuento_asignaciones_una', sql`num_nonnulls(${t.lineaId}, ${t.sublineaId}, ${t.modelCode}) = 1`),
    uniqueIndex('descuento_asignaciones_linea').on(t.descuentoId, t.lineaId).where(sql`${t.lineaId} IS NOT NULL`),
    uniqueIndex('descuento_asignaciones_sublinea').on(t.descuentoId, t.sublineaId).where(sql`${t.sublineaId} IS NOT NULL`),
    uniqueIndex('descuento_asignaciones_modelo').on(t.descuentoId, t.modelCode).where(sql`${t.modelCode} IS NOT NULL`),
    index('descuento_asignaciones_por_linea').on(t.lineaId),
    index('descuento_asignaciones_por_sublinea').on(t.sublineaId),
    index('descuento_asignaciones_por_modelo').on(t.modelCode),
  ],
);

/** One row per order that used a coupon: the per-customer limit counts them by e-mail or account. */
export const cuponUsos = pgTable(
  'cupon_usos',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => ordenesCompra.id, { onDelete: 'cascade' }),
    descuentoId: integer('descuento_id')
      .notNull()
      .references(() => descuentos.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    userId: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cupon_usos_correo').on(t.descuentoId, t.email), index('cupon_usos_usuario').on(t.descuentoId, t.userId)],
);
