// /api/config/notify-users-of-sale and /api/venta/user-in-charge-of-sales: the sales settings of one
// screen (/dashboard/config/notificacion, admin).
import { z } from 'zod';
import { id } from '#domain/contracts/campos.ts';
import { defineRoute, envelope } from '#domain/contracts/contract.ts';
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
