// /api/orden-compra/*: checkout registration, payments, the public status and the staff pipeline.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeReference, paymentSchema, registrarOrdenSchema } from '../../../../domain/contracts/orden-compra.ts';
import { isIsoDay } from '../../../../domain/dates.ts';
import { ORDER_STEPS } from '../../../../domain/order-steps.ts';
import { PAGE_SIZES } from '../../../../domain/paginator.ts';
import { isStaff } from '../../../../domain/roles.ts';
import { PAYMENT_METHOD_IDS } from '../../../../domain/store-constants.ts';
import { NoAutorizado } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import { ok, okList } from '../../http/envelope.ts';
import { cartIdOf } from '../carrito/carrito.service.ts';
import { eventosRoute } from './orden-compra.eventos.ts';
import * as service from './orden-compra.service.ts';

const STAFF = ['admin', 'vendedor-admin', 'administracion', 'inventario', 'despacho'] as const;
const orderCode = z
  .string({ error: 'Falta el código de la orden' })
  .trim()
  .toUpperCase()
  .regex(/^OC-\d{6,}$/, 'El código de la orden no es válido (ejemplo: OC-000123)');
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato aaaa-mm-dd')
  .refine(isIsoDay, 'Esa fecha no existe');
const tracking = z
  .string({ error: 'Falta el número de guía' })
  .trim()
  .min(4, 'El número de guía es muy corto')
  .max(40, 'El número de guía es muy largo');

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function ordenCompraRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orden-compra'];
  const ctx = (): service.OrderContext => ({
    db: app.deps.database.db,
    mailer: app.authContext().mailer,
    unpaidHours: app.deps.env.ORDEN_IMPAGA_HORAS,
    publicUrl: app.authContext().publicUrl,
    log: (message, error) => app.log.error({ err: error }, message),
  });

  app.post(
    '/registrar',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Registrar una orden de compra (retiene la existencia; idempotente)',
        headers: z.object({
          'idempotency-key': z
            .string({ error: 'Falta la cabecera Idempotency-Key' })
            .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key debe tener de 8 a 100 letras, números, - o _'),
        }),
        body: registrarOrdenSchema,
      },
    },
    async (request, reply) => {
      const user = await app.optionalUser(request);
      const result = await service.registrar(ctx(), request.body, request.headers['idempotency-key'], {
        user,
        cartId: await cartIdOf(app, request, user),
      });
      return reply.status(result.created ? 201 : 200).send(ok(result.order));
    },
  );

  app.post(
    '/registrar-pago',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Reportar el pago de una orden pendiente',
        body: z.object({
          code: orderCode,
          email: z
            .string()
            .trim()
            .toLowerCase()
            .max(254, 'El correo no puede tener más de 254 caracteres')
            .email('El correo no es válido')
            .optional(),
          payment: paymentSchema,
        }),
      },
    },
    async (request) =>
      ok(
        await service.registrarPago(ctx(), request.body.code, request.body.payment, {
          user: await app.optionalUser(request),
          email: request.body.email,
        }),
      ),
  );

  app.get(
    '/vrificar-referencia',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '¿Ya se usó esta referencia con este banco y método?',
        querystring: z.object({
          method: z.enum(PAYMENT_METHOD_IDS, { error: 'Método de pago desconocido' }),
          bankCode: z
            .string()
            .regex(/^\d{4}$/, 'El banco no es válido')
            .default(''),
          reference: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9 -]{4,40}$/, 'La referencia no es válida')
            .transform(normalizeReference),
        }),
      },
    },
    async (request) => {
      const { method, bankCode, reference } = request.query;
      return ok({ used: await service.referenciaUsada(app.deps.database.db, method, bankCode, reference) });
    },
  );

  app.get(
    '/estado/:code',
    { config: { access: 'public' }, schema: { tags, summary: 'Estado público de una orden', params: z.object({ code: orderCode }) } },
    async (request) => ok(await service.estadoPublico(app.deps.database.db, request.params.code)),
  );

  const searchBody = z.object({
    page: z.coerce.number().int().min(1, 'page debe ser 1 o mayor').default(1),
    per_page: z.coerce.number().int().min(1).max(100, 'per_page no puede ser mayor que 100').default(PAGE_SIZES.admin),
    search: z.string().trim().max(100).optional(),
    filter: z.enum(ORDER_STEPS, { error: 'Paso desconocido' }).optional(),
    filter_advance: z
      .object({
        payment_method: z.enum(PAYMENT_METHOD_IDS).optional(),
        date_from: isoDay.optional(),
        date_to: isoDay.optional(),
      })
      .default({}),
  });

  app.post(
    '/buscar-ordenes-compras',
    { config: { access: STAFF }, schema: { tags, summary: 'Buscar órdenes de compra (15 por página)', body: searchBody } },
    async (request) => {
      const b = request.body;
      const search = {
        search: b.search,
        step: b.filter,
        method: b.filter_advance.payment_method,
        from: b.filter_advance.date_from,
        to: b.filter_advance.date_to,
      };
      const [{ items, meta }, steps] = await Promise.all([
        service.buscar(app.deps.database.db, search, b.page, b.per_page),
        service.contarPorPaso(app.deps.database.db, search),
      ]);
      // steps: how many orders of each step match the other filters (the screen's step chips).
      return { ...okList(items, meta), steps };
    },
  );

  eventosRoute(fastify, STAFF);

  app.get(
    '/buscar-detalles-ordene-compra',
    {
      config: { access: 'usuario' },
      schema: { tags, summary: 'Detalle de una orden: líneas, entrega, pagos e historial', querystring: z.object({ code: orderCode }) },
    },
    async (request) => {
      const user = staffUser(request.user);
      // A customer gets the buyer's view here too: only their own order, without staff details.
      return ok(await service.detalle(app.deps.database.db, request.query.code, user, { own: !isStaff(user.roles) }));
    },
  );

  app.patch(
    '/confirmar-pago',
    {
      config: { access: ['admin', 'administracion'] },
      schema: {
        tags,
        summary: 'Aprobar o rechazar el pago reportado',
        body: z.object({
          code: orderCode,
          approve: z.boolean({ error: 'Indique si aprueba el pago' }),
          note: z.string().trim().max(300).default(''),
        }),
      },
    },
    async (request) =>
      ok(
        await service.cambiarPaso(ctx(), request.body.code, 'confirmar-pago', staffUser(request.user), {
          rejected: !request.body.approve,
          note: request.body.note,
        }),
      ),
  );

  app.patch(
    '/confirmar-inventario',
    {
      config: { access: ['admin', 'inventario'] },
      schema: { tags, summary: 'Confirmar el inventario de la orden', body: z.object({ code: orderCode }) },
    },
    async (request) => ok(await service.cambiarPaso(ctx(), request.body.code, 'confirmar-inventario', staffUser(request.user))),
  );

  app.patch(
    '/despachar',
    {
      config: { access: ['admin', 'despacho'] },
      schema: { tags, summary: 'Despachar la orden', body: z.object({ code: orderCode, trackingNumber: tracking.optional() }) },
    },
    async (request) =>
      ok(
        await service.cambiarPaso(ctx(), request.body.code, 'despachar', staffUser(request.user), {
          trackingNumber: request.body.trackingNumber,
        }),
      ),
  );

  app.patch(
    '/numero-guia',
    {
      config: { access: ['admin', 'despacho'] },
      schema: { tags, summary: 'Asignar el número de guía', body: z.object({ code: orderCode, trackingNumber: tracking }) },
    },
    async (request) => ok(await service.numeroGuia(ctx(), request.body.code, request.body.trackingNumber, staffUser(request.user))),
  );

  app.patch(
    '/entregada',
    {
      config: { access: ['admin', 'despacho'] },
      schema: { tags, summary: 'Marcar la orden como entregada', body: z.object({ code: orderCode }) },
    },
    async (request) => ok(await service.cambiarPaso(ctx(), request.body.code, 'entregada', staffUser(request.user))),
  );

  app.patch(
    '/anular',
    {
      config: { access: ['admin', 'administracion'] },
      schema: {
        tags,
        summary: 'Anular la orden y liberar su existencia',
        body: z.object({ code: orderCode, note: z.string().trim().max(300).default('') }),
      },
    },
    async (request) =>
      ok(await service.cambiarPaso(ctx(), request.body.code, 'anular', staffUser(request.user), { note: request.body.note })),
  );
}
