// /api/carrito/* (v1) and /api/v2/carrito/* (v2): one implementation, two spellings of the calls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/carrito.ts';
import { SHIPPING_AGENCY_OPTIONS } from '#domain/store-constants.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { findShippingStores, recheckStock } from '#server/modules/catalogo/catalogo.service.ts';
import * as service from './carrito.service.ts';

type Item = { articleCode: string; stores: { tiendaId: number; quantity: number }[] };

export async function carritoRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const open = { access: 'public' } as const;
  const user = (request: FastifyRequest) => app.optionalUser(request);

  async function setItem(request: FastifyRequest, reply: FastifyReply, item: Item, mode: 'sumar' | 'reemplazar') {
    const who = await user(request);
    const cartId = await service.ensureCart(app, request, reply, who);
    await service.setItem(db(), cartId, item.articleCode, item.stores, mode);
    return ok(await service.view(db(), cartId, service.customerOf(who)));
  }
  async function remove(request: FastifyRequest, articleCode: string) {
    const who = await user(request);
    const cartId = await service.cartIdOf(app, request, who);
    if (cartId) await service.removeItem(db(), cartId, articleCode);
    return ok(await service.view(db(), cartId, service.customerOf(who)));
  }
  async function clear(request: FastifyRequest) {
    const who = await user(request);
    const cartId = await service.cartIdOf(app, request, who);
    if (cartId) await service.clearCart(db(), cartId);
    return ok(await service.view(db(), cartId, service.customerOf(who)));
  }
  // A coupon is kept on the cart until the order; registering the order checks it again.
  async function applyCoupon(request: FastifyRequest, reply: FastifyReply, code: string) {
    const who = await user(request);
    const cartId = await service.ensureCart(app, request, reply, who);
    await service.applyCoupon(db(), cartId, code, service.customerOf(who));
    return ok(await service.view(db(), cartId, service.customerOf(who)));
  }
  async function removeCoupon(request: FastifyRequest) {
    const who = await user(request);
    const cartId = await service.cartIdOf(app, request, who);
    if (cartId) await service.removeCoupon(db(), cartId);
    return ok(await service.view(db(), cartId, service.customerOf(who)));
  }

  route(app, contract.agenciasDeEnvio, open, async () => ok(SHIPPING_AGENCY_OPTIONS.map((o) => ({ id: o.value, name: o.label }))));
  route(app, contract.tiendasDeEnvio, { access: 'public', cacheSeconds: 10 }, async () => ok(await findShippingStores(db())));

  route(app, contract.ver, open, async (request) => {
    const who = await user(request);
    return ok(await service.view(db(), await service.cartIdOf(app, request, who), service.customerOf(who)));
  });
  route(app, contract.tiendasDelArticulo, open, async ({ query }) =>
    ok((await recheckStock(db(), [{ articleCode: query.articleCode, quantity: 1 }]))[0]),
  );

  // Holds take units off sale for everyone else: a visitor may not hold much in a short time.
  route(app, contract.bloquear, { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } }, async (request, reply) => {
    const cartId = await service.ensureCart(app, request, reply, await user(request));
    return ok(await service.holdItem(db(), cartId, request.body.articleCode, request.body.stores));
  });

  route(app, contract.guardar, open, (request, reply) => setItem(request, reply, request.body, 'sumar'));
  route(app, contract.agregarV2, open, (request, reply) => setItem(request, reply, request.body, 'sumar'));
  route(app, contract.editarV2, open, (request, reply) => setItem(request, reply, request.body, 'reemplazar'));
  route(app, contract.remover, open, (request) => remove(request, request.body.articleCode));
  route(app, contract.eliminarV2, open, (request) => remove(request, request.body.articleCode));
  route(app, contract.limpiar, open, clear);
  route(app, contract.resetearV2, open, clear);
  // Typing codes is limited per address, so coupons cannot be guessed by trying many.
  const couponLimit = { access: 'public', rateLimit: { max: 20, timeWindow: 60_000 } } as const;
  route(app, contract.aplicarCupon, couponLimit, (request, reply) => applyCoupon(request, reply, request.body.code));
  route(app, contract.aplicarCuponV2, couponLimit, (request, reply) => applyCoupon(request, reply, request.body.code));
  // The buyer's e-mail at step 2: one try per e-mail typed, limited like typing codes.
  route(app, contract.cuponDelComprador, couponLimit, async (request) => {
    const who = await user(request);
    const cartId = await service.cartIdOf(app, request, who);
    const customer = { email: request.body.email, userId: who?.id ?? null };
    return ok({ message: await service.couponProblemFor(db(), cartId, customer) });
  });
  route(app, contract.quitarCupon, open, removeCoupon);
  route(app, contract.quitarCuponV2, open, removeCoupon);

  route(app, contract.sincronizar, { access: 'usuario' }, async (request, reply) => {
    if (!request.user) throw new NoAutorizado();
    const cartId = await service.mergeGuestCart(app, request, reply, request.user);
    return ok(await service.view(db(), cartId, service.customerOf(request.user)));
  });
}
