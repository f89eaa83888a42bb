// /api/carrito/* (v1) and /api/v2/carrito/* (v2): one implementation, two spellings of the calls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleCodeSchema, storeQuantitySchema } from '../../../../domain/contracts/orden-compra.ts';
import { SHIPPING_AGENCY_OPTIONS } from '../../../../domain/store-constants.ts';
import { NoAutorizado } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { findShippingStores, recheckStock } from '../catalogo/catalogo.service.ts';
import * as service from './carrito.service.ts';

const articleCode = articleCodeSchema;
const stores = z.array(storeQuantitySchema, { error: 'Elija al menos una tienda' }).min(1, 'Elija al menos una tienda').max(10);
const itemBody = z.object({ articleCode, stores });
const removeBody = z.object({ articleCode });
const tags = ['carrito'];

function handlers(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  const user = (request: FastifyRequest) => app.optionalUser(request);
  return {
    async view(request: FastifyRequest) {
      return ok(await service.view(db(), await service.cartIdOf(app, request, await user(request))));
    },
    async add(request: FastifyRequest<{ Body: z.infer<typeof itemBody> }>, reply: FastifyReply) {
      const cartId = await service.ensureCart(app, request, reply, await user(request));
      await service.setItem(db(), cartId, request.body.articleCode, request.body.stores, 'sumar');
      return ok(await service.view(db(), cartId));
    },
    async edit(request: FastifyRequest<{ Body: z.infer<typeof itemBody> }>, reply: FastifyReply) {
      const cartId = await service.ensureCart(app, request, reply, await user(request));
      await service.setItem(db(), cartId, request.body.articleCode, request.body.stores, 'reemplazar');
      return ok(await service.view(db(), cartId));
    },
    async remove(request: FastifyRequest<{ Body: z.infer<typeof removeBody> }>) {
      const cartId = await service.cartIdOf(app, request, await user(request));
      if (cartId) await service.removeItem(db(), cartId, request.body.articleCode);
      return ok(await service.view(db(), cartId));
    },
    async clear(request: FastifyRequest) {
      const cartId = await service.cartIdOf(app, request, await user(request));
      if (cartId) await service.clearCart(db(), cartId);
      return ok(await service.view(db(), cartId));
    },
  };
}

export async function carritoRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const h = handlers(app);
  const open = { access: 'public' } as const;

  app.get('/shipping_agencies', { config: open, schema: { tags, summary: 'Agencias de envío' } }, async () =>
    ok(SHIPPING_AGENCY_OPTIONS.map((o) => ({ id: o.value, name: o.label }))),
  );
  app.get(
    '/shipping_stores',
    { config: { access: 'public', cacheSeconds: 10 }, schema: { tags, summary: 'Tiendas que despachan o entregan' } },
    async () => ok(await findShippingStores(app.deps.database.db)),
  );

  app.get('/', { config: open, schema: { tags, summary: 'El carrito del visitante o del usuario' } }, h.view);
  app.get(
    '/buscar/item/tiendas',
    { config: open, schema: { tags, summary: 'Existencia por tienda de un artículo', querystring: z.object({ articleCode }) } },
    async (request) => ok((await recheckStock(app.deps.database.db, [{ articleCode: request.query.articleCode, quantity: 1 }]))[0]),
  );
  app.post(
    '/bloquear/item/tiendas',
    {
      // Holds take units off sale for everyone else: a visitor may not hold much in a short time.
      config: { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags, summary: 'Apartar unidades por 15 minutos', body: itemBody },
    },
    async (request, reply) => {
      const cartId = await service.ensureCart(app, request, reply, await app.optionalUser(request));
      return ok(await service.holdItem(app.deps.database.db, cartId, request.body.articleCode, request.body.stores));
    },
  );
  app.post('/guardar/item', { config: open, schema: { tags, summary: 'Agregar un artículo', body: itemBody } }, h.add);
  app.post('/remover/item', { config: open, schema: { tags, summary: 'Quitar un artículo', body: removeBody } }, h.remove);
  app.post('/limpiar/carrito', { config: open, schema: { tags, summary: 'Vaciar el carrito' } }, h.clear);
  app.post(
    '/sincronizar/usuario',
    { config: { access: 'usuario' }, schema: { tags, summary: 'Unir el carrito de invitado al del usuario' } },
    async (request, reply) => {
      if (!request.user) throw new NoAutorizado();
      const cartId = await service.mergeGuestCart(app, request, reply, request.user);
      return ok(await service.view(app.deps.database.db, cartId));
    },
  );
}

export async function carritoV2Routes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const h = handlers(app);
  const open = { access: 'public' } as const;
  app.post('/agregar-item', { config: open, schema: { tags, summary: 'Agregar un artículo (v2)', body: itemBody } }, h.add);
  app.patch(
    '/editar-item',
    { config: open, schema: { tags, summary: 'Cambiar las cantidades de un artículo (v2)', body: itemBody } },
    h.edit,
  );
  app.patch('/eliminar-item', { config: open, schema: { tags, summary: 'Quitar un artículo (v2)', body: removeBody } }, h.remove);
  app.delete('/resetear-carrito', { config: open, schema: { tags, summary: 'Vaciar el carrito (v2)' } }, h.clear);
}
