// /api/carrito/*: the parts of the cart a shopper needs before checkout.
import type { FastifyInstance } from 'fastify';
import { SHIPPING_AGENCY_OPTIONS } from '../../../../domain/store-constants.ts';
import { ok } from '../../http/envelope.ts';
import { findShippingStores } from '../catalogo/catalogo.service.ts';

export async function carritoRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['carrito'];
  app.get('/shipping_agencies', { config: { access: 'public' }, schema: { tags, summary: 'Agencias de envío' } }, async () =>
    ok(SHIPPING_AGENCY_OPTIONS.map((o) => ({ id: o.value, name: o.label }))),
  );
  app.get(
    '/shipping_stores',
    { config: { access: 'public', cacheSeconds: 10 }, schema: { tags, summary: 'Tiendas que despachan o entregan' } },
    async () => ok(await findShippingStores(app.deps.database.db)),
  );
}
