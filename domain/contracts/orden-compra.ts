// The checkout form (spec §3) as one zod schema, shared by the API and the checkout pages.
import { z } from 'zod';
import { bankByCode } from '../banks.ts';
import { caracasIsoDate, isIsoDay } from '../dates.ts';
import { PAY_SHIPPING_IDS, PAYMENT_METHOD_IDS, PAYMENT_METHODS, SHIPPING_AGENCY_IDS } from '../store-constants.ts';
import { stateByName } from '../venezuela.ts';

/** PostgreSQL integer ids: a bigger number is no id of ours (and must not reach the database). */
export const MAX_ID = 2_147_483_647;

/** A bank reference as it is compared: "ab-123 45" and "AB12345" are the same payment. */
export function normalizeReference(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} es obligatorio` })
    .trim()
    .min(min, `${label} es obligatorio`)
    .max(max, `${label} no puede tener más de ${max} caracteres`);

const phone = z
  .string({ error: 'El teléfono es obligatorio' })
  .trim()
  .regex(/^\+?[0-9\s-]{7,20}$/, 'El teléfono no es válido (ejemplo: 0414-555-0101)');
const dni = z
  .string({ error: 'La cédula es obligatoria' })
  .trim()
  .regex(/^[VEJGP]-?\d{5,9}$/i, 'La cédula o RIF no es válida (ejemplo: V-12345678)')
  .transform((v) => v.toUpperCase());
const state = text('El estado', 2, 60).refine((v) => stateByName(v) !== undefined, 'Elija un estado de Venezuela');

export const buyerSchema = z.object({
  fullName: text('El nombre completo', 3, 120),
  email: z
    .string({ error: 'El correo es obligatorio' })
    .trim()
    .toLowerCase()
    .max(254, 'El correo no puede tener más de 254 caracteres')
    .pipe(z.email('El correo no es válido')),
  phone,
  dni,
  state,
  city: text('La ciudad', 2, 80),
  address: text('La dirección', 5, 300),
});

export const deliverySchema = z.object({
  contact: text('La persona que recibe', 3, 120),
  phone,
  dni,
  state,
  city: text('La ciudad', 2, 80),
  address: text('La dirección', 5, 300),
  agency: z.enum(SHIPPING_AGENCY_IDS, { error: 'Elija una agencia de envío' }),
  shipping: z.enum(['envio', 'retiro-en-agencia'], { error: 'Elija el tipo de entrega' }).default('envio'),
  payShipping: z.enum(PAY_SHIPPING_IDS, { error: 'Elija quién paga el envío' }).default('delivery-gratis'),
});

export const articleCodeSchema = z
  .string({ error: 'Falta el artículo' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8,22}$/, 'El código de artículo no es válido');

/** Units of an article taken from one store (a cart line or an order line has one per store). */
export const storeQuantitySchema = z.object({
  tiendaId: z.number({ error: 'Falta la tienda' }).int().positive('La tienda no es válida').max(MAX_ID, 'La tienda no es válida'),
  quantity: z
    .number({ error: 'Falta la cantidad' })
    .int('La cantidad debe ser un entero')
    .min(1, 'La cantidad mínima es 1')
    .max(99, 'La cantidad máxima es 99'),
});

export const orderItemsSchema = z
  .array(
    z.object({
      articleCode: articleCodeSchema,
      stores: z.array(storeQuantitySchema).min(1, 'Elija al menos una tienda para el artículo').max(10),
    }),
    { error: 'El pedido no tiene artículos' },
  )
  .min(1, 'El pedido no tiene artículos')
  .max(50, 'El pedido no puede tener más de 50 artículos');

export const paymentSchema = z
  .object({
    method: z.enum(PAYMENT_METHOD_IDS, { error: 'Elija un método de pago' }),
    reference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,40}$/, 'La referencia debe tener de 4 a 40 letras o números')
      .transform(normalizeReference)
      .refine((v) => v.length >= 4, 'La referencia debe tener de 4 a 40 letras o números')
      .optional(),
    bankCode: z
      .string()
      .regex(/^\d{4}$/, 'Elija el banco')
      .refine((v) => bankByCode(v) !== undefined, 'Elija un banco venezolano de la lista')
      .optional(),
    amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'El monto no es válido (ejemplo: 25.50)')
      .refine((v) => Number(v) > 0, 'El monto debe ser mayor que cero')
      .optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato aaaa-mm-dd')
      .refine(isIsoDay, 'Esa fecha no existe')
      // A day ahead of Caracas is allowed: the buyer's phone may be in another time zone.
      .refine((v) => v <= caracasIsoDate(new Date(Date.now() + 86_400_000)), 'La fecha del pago no puede ser futura')
      .optional(),
  })
  .superRefine((p, ctx) => {
    const method = PAYMENT_METHODS[p.method];
    if (!method.takesReference) return;
    if (!p.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Escriba la referencia del pago' });
    if (!p.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Escriba el monto pagado' });
    if (!p.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Escriba la fecha del pago' });
    if (method.needsBank && !p.bankCode) ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'Elija el banco' });
  });

export const registrarOrdenSchema = z.object({
  user: buyerSchema,
  delivery: deliverySchema,
  items: orderItemsSchema,
  payment: paymentSchema,
  comment: z.string().trim().max(500, 'El comentario no puede tener más de 500 caracteres').default(''),
  withSeller: z.boolean().default(false),
  salesman: z.number().int().positive('El vendedor no es válido').max(MAX_ID, 'El vendedor no es válido').nullable().default(null),
});

export type RegistrarOrden = z.infer<typeof registrarOrdenSchema>;
export type PaymentInput = z.infer<typeof paymentSchema>;
