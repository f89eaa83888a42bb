// /api/config/notify-users-of-sale, /api/venta/user-in-charge-of-sales and /api/config/igtf: the sales
// settings of one screen (/dashboard/config/notificacion, admin).
import { z } from 'zod';
import { parsePercent } from '#domain/cambio-masivo.ts';
import { amount, id } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, instant } from '#domain/contracts/contract.ts';
import { ROLES } from '#domain/roles.ts';

const userId = id('El usuario');

// ── shapes of the answers ───────────────────────────────────────────────────

/** An enabled user holding a staff role, as the selects list them. */
export const staffUser = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  fullName: z.string(),
  roles: z.array(z.enum(ROLES)),
});
export type StaffUser = z.infer<typeof staffUser>;

/** The staff e-mailed about web sales, and every staff user who may be chosen. */
const notified = z.object({ users: z.array(staffUser), options: z.array(staffUser) });
/** The staff user in charge of web sales placed without a salesman (null: none), and the options. */
const inCharge = z.object({ user: staffUser.nullable(), options: z.array(staffUser) });

// ── routes ──────────────────────────────────────────────────────────────────

const tags = ['config'] as const;

export const usuariosNotificados = defineRoute({
  method: 'GET',
  path: '/config/notify-users-of-sale',
  tags,
  summary: 'Personal que recibe un correo por cada orden nueva y cada pago reportado',
  response: envelope(notified),
});

export const fijarUsuariosNotificados = defineRoute({
  method: 'POST',
  path: '/config/notify-users-of-sale',
  tags,
  summary: 'Elegir el personal que recibe los avisos de venta (reemplaza la lista)',
  body: z.object({
    users: z.array(userId, { error: 'Indique la lista de usuarios (puede estar vacía)' }).max(50, 'Puede elegir hasta 50 usuarios'),
  }),
  response: envelope(notified),
});

export const encargadoDeVentas = defineRoute({
  method: 'GET',
  path: '/venta/user-in-charge-of-sales',
  tags,
  summary: 'Encargado de las ventas web sin vendedor elegido',
  response: envelope(inCharge),
});

export const fijarEncargadoDeVentas = defineRoute({
  method: 'POST',
  path: '/venta/user-in-charge-of-sales',
  tags,
  summary: 'Elegir al encargado de las ventas web (null: ninguno)',
  body: z.object({ user_id: userId.nullable() }),
  response: envelope(inCharge),
});

// ── IGTF of staff sales ─────────────────────────────────────────────────────

/** The most the store may set: 10 % (1000 basis points). */
export const MAX_IGTF_BASIS_POINTS = 1000;

/**
 * The IGTF rate as a person types it: a percent with up to 2 decimals ("3", "3,5", "3.25 %"),
 * from 0 to 10 %, carried on as basis points (300 = 3 %).
 */
const igtfRate = z.string({ error: 'Escriba la tasa del IGTF en porcentaje (ejemplo: 3 o 3,5)' }).transform((text, ctx) => {
  const basisPoints = parsePercent(text);
  if (basisPoints === null) {
    ctx.addIssue({ code: 'custom', message: 'La tasa del IGTF debe ser un porcentaje con hasta 2 decimales (ejemplo: 3 o 3,5)' });
    return z.NEVER;
  }
  if (basisPoints < 0) {
    ctx.addIssue({ code: 'custom', message: 'La tasa del IGTF no puede ser negativa' });
    return z.NEVER;
  }
  if (basisPoints > MAX_IGTF_BASIS_POINTS) {
    ctx.addIssue({ code: 'custom', message: 'La tasa del IGTF no puede pasar del 10 %' });
    return z.NEVER;
  }
  return basisPoints;
});

/** Whether staff sales charge the IGTF on foreign-currency payments, its rate, and the row's last change. */
const igtf = z.object({
  cobrar: z.boolean(),
  /** The rate in percent with 2 decimals and a point ("3.00"), as the API writes amounts. */
  tasa: z.string(),
  basisPoints: z.number(),
  /** The last change of the sales settings row (shared with the person in charge); null: never saved. */
  updatedAt: instant.nullable(),
  updatedBy: z.object({ id: z.number(), nickname: z.string(), email: z.string() }).nullable(),
});
export type IgtfConfig = z.infer<typeof igtf>;

export const igtfDeVentas = defineRoute({
  method: 'GET',
  path: '/config/igtf',
  tags,
  summary: 'IGTF de las ventas del personal: si se cobra en los pagos en divisas y su tasa',
  response: envelope(igtf),
});

export const fijarIgtf = defineRoute({
  method: 'PATCH',
  path: '/config/igtf',
  tags,
  summary: 'Cobrar o no el IGTF en los pagos en divisas y fijar su tasa (0 a 10 %)',
  body: z.object({
    cobrar: z.boolean({ error: 'Indique si se cobra el IGTF (sí o no)' }),
    tasa: igtfRate,
  }),
  response: envelope(igtf),
});

// ── write-off tolerance of short web payments ───────────────────────────────

export const toleranciaCastigo = defineRoute({
  method: 'GET',
  path: '/config/tolerancia-castigo',
  tags,
  summary: 'Lo más que el personal puede castigar cuando un pago de una orden web queda corto (USD)',
  response: envelope(z.object({ tolerancia: z.string() })),
});

export const fijarToleranciaCastigo = defineRoute({
  method: 'PATCH',
  path: '/config/tolerancia-castigo',
  tags,
  summary: 'Fijar lo más que el personal puede castigar de un pago corto (USD, 0 para no castigar nunca)',
  body: z.object({ tolerancia: amount() }),
  response: envelope(z.object({ tolerancia: z.string() })),
});
