// /api/general/*, /api/footer-content and /api/pagina: store settings read by every page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_ACCOUNT_METHOD_IDS,
  bankAccountPatchSchema,
  bankAccountSchema,
  tasaDelDiaSchema,
} from '../../../../domain/contracts/general.ts';
import { listQuerySchema, PAGE_SIZES } from '../../../../domain/paginator.ts';
import { ROLES } from '../../../../domain/roles.ts';
import { NoAutorizado } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import { ok, okList } from '../../http/envelope.ts';
import * as service from './general.service.ts';

// Public reads, the same for every visitor: served from the response cache for a few seconds.
const publicAccess = { access: 'public', cacheSeconds: 10 } as const;
// DOMAIN.md: administracion handles the exchange rate and the bank accounts.
const finanzas = { access: ['admin', 'administracion'] } as const;

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function generalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['general'];

  app.get('/general/info-pagina', { config: publicAccess, schema: { tags, summary: 'Logo, banner, guía de tallas y ofertas' } }, async () =>
    ok(await service.infoPagina(db())),
  );
  app.get('/general/empresa', { config: publicAccess, schema: { tags, summary: 'Misión, visión, valores y quiénes somos' } }, async () =>
    ok(await service.empresa(db())),
  );
  app.get('/general/tasa-del-dia', { config: publicAccess, schema: { tags, summary: 'Tasa del día (Bs. por USD)' } }, async () =>
    ok(await service.tasaDelDia(db())),
  );
  app.get(
    '/general/cuentas-bancarias',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Cuentas bancarias activas de la tienda',
        querystring: z.object({
          page: z.coerce.number().int('page debe ser un entero').min(1, 'page debe ser 1 o mayor').default(1),
          per_page: z.coerce
            .number()
            .int('per_page debe ser un entero')
            .min(1, 'per_page debe ser 1 o mayor')
            .max(100, 'per_page no puede ser mayor que 100')
            .default(PAGE_SIZES.admin),
        }),
      },
    },
    async (request) => {
      const { items, meta } = await service.cuentasBancarias(db(), request.query.page, request.query.per_page);
      return okList(items, meta);
    },
  );
  app.post(
    '/general/tasa-del-dia',
    { config: finanzas, schema: { tags, summary: 'Fijar la tasa del día (queda en el historial)', body: tasaDelDiaSchema } },
    async (request, reply) => {
      const rate = await service.fijarTasaDelDia(db(), staffUser(request.user), request.body);
      app.responseCache.invalidate();
      return reply.status(201).send(ok(rate));
    },
  );
  app.get(
    '/general/tasa-del-dia/historial',
    {
      config: finanzas,
      schema: { tags, summary: 'Historial de la tasa del día, la más reciente primero', querystring: listQuerySchema(PAGE_SIZES.admin) },
    },
    async (request) => {
      const { items, meta } = await service.historialTasas(db(), request.query.page, request.query.per_page);
      return okList(items, meta);
    },
  );
  app.get(
    '/general/cuentas-bancarias/todas',
    {
      config: { access: ROLES },
      schema: {
        tags,
        summary: 'Todas las cuentas bancarias, activas e inactivas (filter: método; search: titular, banco, RIF, número)',
        querystring: listQuerySchema(PAGE_SIZES.admin).extend({
          filter: z.union([z.literal(''), z.enum(BANK_ACCOUNT_METHOD_IDS)], { error: 'Método de pago desconocido' }).default(''),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const { items, meta } = await service.cuentasBancarias(db(), q.page, q.per_page, {
        activeOnly: false,
        method: q.filter || undefined,
        search: q.search || undefined,
      });
      return okList(items, meta);
    },
  );
  app.post(
    '/general/cuentas-bancarias',
    { config: finanzas, schema: { tags, summary: 'Registrar una cuenta bancaria de la tienda', body: bankAccountSchema } },
    async (request, reply) => {
      const account = await service.registrarCuentaBancaria(db(), request.body);
      app.responseCache.invalidate();
      return reply.status(201).send(ok(account));
    },
  );
  app.patch(
    '/general/cuentas-bancarias/:id',
    {
      config: finanzas,
      schema: {
        tags,
        summary: 'Editar, activar o desactivar una cuenta bancaria',
        params: z.object({ id: z.coerce.number().int().positive('La cuenta no es válida').max(2_147_483_647, 'La cuenta no es válida') }),
        body: bankAccountPatchSchema,
      },
    },
    async (request) => {
      const account = await service.actualizarCuentaBancaria(db(), request.params.id, request.body);
      app.responseCache.invalidate();
      return ok(account);
    },
  );
  app.get('/footer-content', { config: publicAccess, schema: { tags, summary: 'Contenido del pie de página' } }, async () =>
    ok(await service.footerContent(db())),
  );
  app.get('/pagina', { config: publicAccess, schema: { tags, summary: 'Páginas de contenido' } }, async () =>
    ok(await service.paginas(db())),
  );
  app.get(
    '/pagina/:slug',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Una página de contenido',
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'La página no es válida') }),
      },
    },
    async (request) => ok(await service.pagina(db(), request.params.slug)),
  );
}
