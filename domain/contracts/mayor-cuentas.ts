// /api/mayor/cuentas/*: accounts (spec §7 "Accounts"). For now only the payment options the checkout
// shows, each with the discount its method carries today; the abonos issue adds the rest here.
import { z } from 'zod';
import { defineRoute, envelope } from '#domain/contracts/contract.ts';
import { DISCOUNT_KINDS } from '#domain/descuentos.ts';
import { CURRENCIES } from '#domain/money.ts';
import { PAYMENT_METHOD_IDS } from '#domain/store-constants.ts';

const tags = ['mayor-cuentas'] as const;

export const opcionDePago = z.object({
  id: z.enum(PAYMENT_METHOD_IDS),
  label: z.string(),
  icon: z.string(),
  currency: z.enum(CURRENCIES),
  takesReference: z.boolean(),
  needsBank: z.boolean(),
  cardCommission: z.boolean(),
  /** The discount paying with this method gives today (the largest, if several), or null. */
  discountType: z.enum(DISCOUNT_KINDS).nullable(),
  discountValue: z.string().nullable(),
  discountName: z.string().nullable(),
});
export type OpcionDePago = z.infer<typeof opcionDePago>;

export const opcionesDePagos = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/opciones-de-pagos',
  tags,
  summary: 'Métodos de pago con la comisión y el descuento que lleva cada uno hoy',
  response: envelope(z.array(opcionDePago)),
});
