// /api/profile/*: the logged-in user's account, children, own purchase orders and salesmen; the
// admins' users-and-roles screen.
import { z } from 'zod';
import { passwordPair, passwordsMatch, salesman, sessionUser } from '#domain/contracts/auth.ts';
import { cedulaRif, id, idParam, listQuery, obligatorio, orderCode, phone, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, message } from '#domain/contracts/contract.ts';
import { ordenDetalle, ordenFila } from '#domain/contracts/orden-compra.ts';
import { ORDER_STEPS } from '#domain/order-steps.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { ROLES } from '#domain/roles.ts';
import { CHILD_RELATIONSHIP_IDS, GENDER_IDS } from '#domain/store-constants.ts';
import { stateByName } from '#domain/venezuela.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: obligatorio(label) })
    .trim()
    .max(max, `${label} no puede tener más de ${max} caracteres`);

/** A birthday: a day that exists, from 1900 to today. */
const birthday = z
  .string({ error: 'La fecha de nacimiento es obligatoria' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato aaaa-mm-dd')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'La fecha no existe',
  )
  .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'La fecha de nacimiento no puede ser futura');

// ── shapes of the answers ───────────────────────────────────────────────────

export const hijo = z.object({ id: z.number(), name: z.string(), relationship: z.string(), gender: z.string(), birthday: z.string() });
export type Hijo = z.infer<typeof hijo>;

/** A user as the roles screen lists it. */
export const userWithRoles = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  fullName: z.string(),
  disabled: z.boolean(),
  roles: z.array(z.enum(ROLES)),
});
export type UserWithRoles = z.infer<typeof userWithRoles>;

export const roleOption = z.object({ id: z.enum(ROLES), name: z.string() });

// ── routes: the user's own account ──────────────────────────────────────────

const tags = ['profile'] as const;

export const usuario = defineRoute({
  method: 'GET',
  path: '/profile/usuario',
  tags,
  summary: 'El usuario de la sesión',
  response: envelope(sessionUser),
});

export const usuarioDetalles = defineRoute({
  method: 'PATCH',
  path: '/profile/usuario-detalles',
  tags,
  summary: 'Actualizar los datos personales',
  body: z.object({
    fullName: text('El nombre completo', 120).min(3, 'Escriba su nombre completo'),
    phone,
    dni: cedulaRif,
    state: text('El estado', 60).refine((v) => stateByName(v) !== undefined, 'Elija un estado de Venezuela'),
    city: text('La ciudad', 80).min(2, 'Escriba la ciudad'),
    address: text('La dirección', 300).min(5, 'Escriba la dirección'),
  }),
  response: envelope(sessionUser),
});

export const actualizarCuenta = defineRoute({
  method: 'PUT',
  path: '/profile/user/:id',
  tags,
  summary: 'Actualizar la propia cuenta',
  params: z.object({ id: idParam('El usuario') }),
  body: z.object({
    nickname: text('El nombre', 60).min(2, 'El nombre debe tener al menos 2 caracteres'),
    fullName: text('El nombre completo', 120).optional(),
  }),
  response: envelope(sessionUser),
});

export const cambiarClave = defineRoute({
  method: 'PATCH',
  path: '/profile/usuario/cambiar-clave',
  tags,
  summary: 'Cambiar la contraseña (pide la actual)',
  body: z
    .object({
      current_password: z.string({ error: 'Escriba su contraseña actual' }).min(1, 'Escriba su contraseña actual').max(128),
      ...passwordPair,
    })
    .refine(...passwordsMatch)
    .refine((v) => v.password !== v.current_password, {
      message: 'La nueva contraseña debe ser distinta de la actual',
      path: ['password'],
    }),
  response: envelope(message),
});

// ── routes: children ────────────────────────────────────────────────────────

export const obtenerHijos = defineRoute({
  method: 'GET',
  path: '/profile/obtener-hijo',
  tags,
  summary: 'Hijos del usuario, por fecha de nacimiento (15 por página)',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(hijo),
});

export const agregarHijo = defineRoute({
  method: 'POST',
  path: '/profile/agregar-hijo',
  tags,
  summary: 'Agregar un hijo',
  body: z.object({
    name: text('El nombre', 80).min(2, 'Escriba el nombre'),
    relationship: z.enum(CHILD_RELATIONSHIP_IDS, { error: 'Elija el parentesco: hijo, sobrino, nieto, hermano o ahijado' }),
    gender: z.enum(GENDER_IDS, { error: 'Elija el género: masculino o femenino' }),
    birthday,
  }),
  response: envelope(hijo),
  status: 201,
});

export const eliminarHijo = defineRoute({
  method: 'DELETE',
  path: '/profile/eliminar-hijo/:id',
  tags,
  summary: 'Eliminar un hijo propio',
  params: z.object({ id: idParam('El registro') }),
  response: envelope(message),
});

// ── routes: the buyer's own purchase orders ─────────────────────────────────

export const misOrdenes = defineRoute({
  method: 'POST',
  path: '/profile/buscar-ordenes-compras',
  tags,
  summary: 'Mis órdenes de compra (15 por página)',
  body: listQuery(PAGE_SIZES.admin)
    .pick({ page: true, per_page: true, search: true })
    .extend({ filter: z.enum(ORDER_STEPS, { error: 'Paso desconocido' }).optional() }),
  response: envelopeList(ordenFila),
});

export const miOrden = defineRoute({
  method: 'GET',
  path: '/profile/buscar-detalles-ordene-compra',
  tags,
  summary: 'Detalle de una orden propia (sin el personal que la movió)',
  query: z.object({ code: orderCode }),
  response: envelope(ordenDetalle),
});

export const buscarVendedores = defineRoute({
  method: 'GET',
  path: '/profile/buscar-vendedores',
  tags,
  summary: 'Vendedores activos',
  query: z.object({ search: searchText(0).max(60, 'La búsqueda no puede tener más de 60 caracteres').optional() }),
  response: envelope(z.array(salesman)),
});

// ── routes: users and roles (admin) ─────────────────────────────────────────

export const permisosUsuarios = defineRoute({
  method: 'GET',
  path: '/profile/permisos/usuario',
  tags,
  summary: 'Buscar usuarios con sus roles',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(userWithRoles),
});

export const permisosRoles = defineRoute({
  method: 'GET',
  path: '/profile/permisos/obtener-roles',
  tags,
  summary: 'Roles del sistema',
  response: envelope(z.array(roleOption)),
});

export const actualizarPermisos = defineRoute({
  method: 'POST',
  path: '/profile/permisos/actualizar',
  tags,
  summary: 'Cambiar los roles de un usuario',
  body: z.object({
    userId: id('El usuario'),
    roles: z
      .array(z.enum(ROLES, { error: 'Rol desconocido' }))
      .max(ROLES.length)
      .transform((r) => [...new Set(r)]),
  }),
  response: envelope(z.object({ id: z.number(), roles: z.array(z.enum(ROLES)), isCurrentUser: z.boolean() })),
});

export const estadoCuenta = defineRoute({
  method: 'POST',
  path: '/profile/permisos/estado',
  tags,
  summary: 'Habilitar o deshabilitar una cuenta',
  body: z.object({
    userId: id('El usuario'),
    disabled: z.boolean({ error: 'Indique si la cuenta queda deshabilitada' }),
  }),
  response: envelope(z.object({ id: z.number(), disabled: z.boolean() })),
});
