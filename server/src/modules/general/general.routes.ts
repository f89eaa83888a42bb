// /api/general/*, /api/footer-content and /api/pagina: store settings read by every page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZES } from '../../../../domain/paginator.ts';
import { ok, okList } from '../../http/envelope.ts';
import * as service from './general.service.ts';

// Public reads, the same for every visitor: served from the response cache for a few seconds.
const publicAccess = { access: 'public', cacheSeconds: 10 } as const;

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
