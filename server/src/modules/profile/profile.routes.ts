// /api/profile/*: the logged-in user's account, children, salesmen; admins' permissions screens.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_STEPS } from '../../../../domain/order-steps.ts';
import { PAGE_SIZES } from '../../../../domain/paginator.ts';
import { ROLES } from '../../../../domain/roles.ts';
import { CHILD_RELATIONSHIP_IDS, GENDER_IDS } from '../../../../domain/store-constants.ts';
import { stateByName } from '../../../../domain/venezuela.ts';
import { NoAutorizado } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import { ok, okList } from '../../http/envelope.ts';
import * as auth from '../auth/auth.service.ts';
import { passwordPair, passwordsMatch } from '../auth/passwords.ts';
import * as ordenes from '../orden-compra/orden-compra.service.ts';
import * as service from './profile.service.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} es obligatorio` })
    .trim()
    .max(max, `${label} no puede tener más de ${max} caracteres`);

const detailsSchema = z.object({
  fullName: text('El nombre completo', 120).min(3, 'Escriba su nombre completo'),
  phone: text('El teléfono', 20).regex(/^\+?[0-9\s-]{7,20}$/, 'El teléfono no es válido (ejemplo: 0414-555-0101)'),
  dni: text('La cédula', 12)
    .regex(/^[VEJGP]-?\d{5,9}$/i, 'La cédula o RIF no es válida (ejemplo: V-12345678)')
    .transform((v) => v.toUpperCase()),
  state: text('El estado', 60).refine((v) => stateByName(v) !== undefined, 'Elija un estado de Venezuela'),
  city: text('La ciudad', 80).min(2, 'Escriba la ciudad'),
  address: text('La dirección', 300).min(5, 'Escriba la dirección'),
});

const birthday = z
  .string({ error: 'La fecha de nacimiento es obligatoria' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato aaaa-mm-dd')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'La fecha no existe',
  )
  .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'La fecha de nacimiento no puede ser futura');

const page = z.coerce.number().int('page debe ser un entero').min(1, 'page debe ser 1 o mayor').default(1);
const perPage = z.coerce
  .number()
  .int('per_page debe ser un entero')
  .min(1, 'per_page debe ser 1 o mayor')
  .max(100, 'per_page no puede ser mayor que 100')
  .default(PAGE_SIZES.admin);

function current(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['profile'];
  const usuario = { access: 'usuario' } as const;
  const admin = { access: ['admin'] } as const;

  app.get('/usuario', { config: usuario, schema: { tags, summary: 'El usuario de la sesión' } }, async (request) =>
    ok(await service.usuario(db(), current(request.user))),
  );

  app.patch(
    '/usuario-detalles',
    { config: usuario, schema: { tags, summary: 'Actualizar los datos personales', body: detailsSchema } },
    async (request) => ok(await service.updateDetails(db(), current(request.user), request.body)),
  );

  app.put(
    '/user/:id',
    {
      config: usuario,
      schema: {
        tags,
        summary: 'Actualizar la propia cuenta',
        params: z.object({ id: z.coerce.number().int().positive('El id no es válido') }),
        body: z.object({
          nickname: text('El nombre', 60).min(2, 'El nombre debe tener al menos 2 caracteres'),
          fullName: text('El nombre completo', 120).optional(),
        }),
      },
    },
    async (request) => ok(await service.updateOwnAccount(db(), current(request.user), request.params.id, request.body)),
  );

  app.patch(
    '/usuario/cambiar-clave',
    {
      config: usuario,
      schema: {
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
      },
    },
    async (request) => {
      await auth.changePassword(app.authContext(), current(request.user), request.body.current_password, request.body.password);
      return ok({ message: 'Su contraseña fue cambiada. Se cerraron sus otras sesiones.' });
    },
  );

  app.get(
    '/obtener-hijo',
    {
      config: usuario,
      schema: {
        tags,
        summary: 'Hijos del usuario, por fecha de nacimiento (15 por página)',
        querystring: z.object({ page, per_page: perPage, sort_desc: z.enum(['true', 'false']).default('false') }),
      },
    },
    async (request) => {
      const { items, meta } = await service.children(
        db(),
        current(request.user),
        request.query.page,
        request.query.per_page,
        request.query.sort_desc === 'true',
      );
      return okList(items, meta);
    },
  );

  app.post(
    '/agregar-hijo',
    {
      config: usuario,
      schema: {
        tags,
        summary: 'Agregar un hijo',
        body: z.object({
          name: text('El nombre', 80).min(2, 'Escriba el nombre'),
          relationship: z.enum(CHILD_RELATIONSHIP_IDS, { error: 'El parentesco debe ser hijo, sobrino, nieto, hermano o ahijado' }),
          gender: z.enum(GENDER_IDS, { error: 'El género debe ser masculino o femenino' }),
          birthday,
        }),
      },
    },
    async (request, reply) => reply.status(201).send(ok(await service.addChild(db(), current(request.user), request.body))),
  );

  app.delete(
    '/eliminar-hijo/:id',
    {
      config: usuario,
      schema: {
        tags,
        summary: 'Eliminar un hijo propio',
        params: z.object({ id: z.coerce.number().int().positive('El id no es válido') }),
      },
    },
    async (request) => {
      await service.removeChild(db(), current(request.user), request.params.id);
      return ok({ message: 'Registro eliminado.' });
    },
  );

  // The buyer's own purchase orders: only those placed with this account.
  app.post(
    '/buscar-ordenes-compras',
    {
      config: usuario,
      schema: {
        tags,
        summary: 'Mis órdenes de compra (15 por página)',
        body: z.object({
          page,
          per_page: perPage,
          search: z.string().trim().max(100).optional(),
          filter: z.enum(ORDER_STEPS, { error: 'Paso desconocido' }).optional(),
        }),
      },
    },
    async (request) => {
      const { page: p, per_page, search, filter } = request.body;
      const { items, meta } = await ordenes.buscar(db(), { search, step: filter, userId: current(request.user).id }, p, per_page);
      return okList(items, meta);
    },
  );

  app.get(
    '/buscar-detalles-ordene-compra',
    {
      config: usuario,
      schema: {
        tags,
        summary: 'Detalle de una orden propia',
        querystring: z.object({
          code: z
            .string({ error: 'Falta el código de la orden' })
            .trim()
            .toUpperCase()
            .regex(/^OC-\d{6,}$/, 'El código de la orden no es válido (ejemplo: OC-000123)'),
        }),
      },
    },
    async (request) => ok(await ordenes.detalle(db(), request.query.code, current(request.user), { own: true })),
  );

  app.get(
    '/buscar-vendedores',
    {
      config: usuario,
      schema: { tags, summary: 'Vendedores activos', querystring: z.object({ search: z.string().trim().max(60).optional() }) },
    },
    async (request) => ok(await service.salesmen(db(), request.query.search)),
  );

  app.get(
    '/permisos/usuario',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Buscar usuarios con sus roles',
        querystring: z.object({ search: z.string().trim().max(100).optional(), page, per_page: perPage }),
      },
    },
    async (request) => {
      const { items, meta } = await service.users(db(), request.query.search, request.query.page, request.query.per_page);
      return okList(items, meta);
    },
  );

  app.get('/permisos/obtener-roles', { config: admin, schema: { tags, summary: 'Roles del sistema' } }, async () => ok(service.roles()));

  app.post(
    '/permisos/actualizar',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Cambiar los roles de un usuario',
        body: z.object({
          userId: z.number({ error: 'Indique el usuario' }).int().positive('El usuario no es válido'),
          roles: z
            .array(z.enum(ROLES, { error: 'Rol desconocido' }))
            .max(ROLES.length)
            .transform((r) => [...new Set(r)]),
        }),
      },
    },
    async (request) => ok(await service.updateRoles(db(), current(request.user), request.body.userId, request.body.roles)),
  );

  app.post(
    '/permisos/estado',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Habilitar o deshabilitar una cuenta',
        body: z.object({
          userId: z.number().int().positive('El usuario no es válido'),
          disabled: z.boolean({ error: 'Indique si la cuenta queda deshabilitada' }),
        }),
      },
    },
    async (request) => ok(await service.setDisabled(db(), current(request.user), request.body.userId, request.body.disabled)),
  );
}
