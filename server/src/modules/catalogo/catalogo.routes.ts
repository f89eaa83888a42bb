// /api/catalogo/*, /api/v2/catalogo/* and /api/pagina: the public catalogue.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZES } from '../../../../domain/paginator.ts';
import { ok, okList } from '../../http/envelope.ts';
import * as service from './catalogo.service.ts';

const code = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} es obligatorio`)
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .regex(/^[A-Za-z0-9-]+$/, `${label} solo admite letras, números y guiones`);

const money = z
  .string()
  .regex(/^\d{1,9}([.,]\d{1,2})?$/, 'Debe ser un monto válido, por ejemplo 12.50')
  .transform((v) => v.replace(',', '.'));

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const NO_CONTROL_CHARS = /^\P{Cc}*$/u;
const searchText = (min: number) =>
  z
    .string()
    .trim()
    .min(min, `Escriba al menos ${min} caracteres para buscar`)
    .max(100, 'La búsqueda no puede tener más de 100 caracteres')
    .regex(NO_CONTROL_CHARS, 'La búsqueda contiene caracteres no válidos');

const listBase = {
  page: z.coerce.number().int('page debe ser un entero').min(1, 'page debe ser 1 o mayor').default(1),
  per_page: z.coerce
    .number()
    .int('per_page debe ser un entero')
    .min(1, 'per_page debe ser 1 o mayor')
    .max(100, 'per_page no puede ser mayor que 100')
    .optional(),
  sort_desc: bool.optional(),
  search: searchText(0).optional(),
};

const articleQuery = z.object({
  ...listBase,
  sort_by: z.enum(['precio', 'nombre', 'nuevo', 'vendidos'], { error: 'sort_by debe ser precio, nombre, nuevo o vendidos' }).optional(),
  linea: code('La línea', 10)
    .transform((v) => v.toUpperCase())
    .optional(),
  sublinea: code('La sub-línea', 10)
    .transform((v) => v.toUpperCase())
    .optional(),
  color: z
    .string()
    .regex(/^[A-Za-z0-9]{4}(,[A-Za-z0-9]{4})*$/, 'El color debe ser uno o más códigos de 4 caracteres separados por coma')
    .transform((v) => v.toUpperCase().split(','))
    .optional(),
  talla: z
    .string()
    .regex(/^[A-Za-z0-9]{2}$/, 'La talla debe ser un código de 2 caracteres')
    .transform((v) => v.toUpperCase())
    .optional(),
  precio_min: money.optional(),
  precio_max: money.optional(),
  promocion: bool.optional(),
  opcion: z.enum(service.SALE_OPTIONS, { error: 'La opción debe ser lo-nuevo, mas-vendidos o promociones' }).optional(),
});

function toArticleQuery(q: z.infer<typeof articleQuery>, defaultPerPage: number): service.ArticleQuery {
  return {
    page: q.page,
    perPage: q.per_page ?? defaultPerPage,
    sortBy: q.sort_by,
    sortDesc: q.sort_desc,
    search: q.search,
    linea: q.linea,
    sublinea: q.sublinea,
    color: q.color,
    talla: q.talla,
    precioMin: q.precio_min,
    precioMax: q.precio_max,
    promocion: q.promocion,
    opcion: q.opcion,
  };
}

// Public reads, the same for every visitor: served from the response cache for a few seconds.
const publicAccess = { access: 'public', cacheSeconds: 10 } as const;

export async function catalogoRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['catalogo'];

  app.get('/catalogo/lineas', { config: publicAccess, schema: { tags, summary: 'Líneas activas con sus sub-líneas' } }, async () =>
    ok(await service.listLines(db())),
  );

  app.get('/v2/catalogo/lineas', { config: publicAccess, schema: { tags, summary: 'Líneas activas (v2)' } }, async () =>
    ok(await service.listLines(db())),
  );

  app.get(
    '/catalogo/linea',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Una línea con sus sub-líneas y las opciones de filtro',
        querystring: z.object({
          linea: code('La línea', 40),
          sublinea: code('La sub-línea', 10)
            .transform((v) => v.toUpperCase())
            .optional(),
        }),
      },
    },
    async (request) => ok(await service.getLine(db(), request.query.linea, request.query.sublinea)),
  );

  app.get(
    '/catalogo/linea/:url/articulo/:article/disponibilidad',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Existencia de un artículo por tienda',
        params: z.object({ url: code('La línea', 40), article: code('El artículo', 22) }),
      },
    },
    async (request) => ok(await service.availability(db(), request.params.url, request.params.article)),
  );

  for (const kind of ['lo-nuevo', 'mas-vendidos'] as const) {
    app.get(
      `/catalogo/articulos/${kind}`,
      {
        config: publicAccess,
        schema: {
          tags,
          summary: kind === 'lo-nuevo' ? 'Hasta 6 artículos nuevos al azar' : 'Hasta 6 artículos más vendidos al azar',
          querystring: z.object({
            linea: code('La línea', 10)
              .transform((v) => v.toUpperCase())
              .optional(),
          }),
        },
      },
      async (request) => ok(await service.randomArticles(db(), kind, request.query.linea)),
    );
  }

  app.get(
    '/catalogo/articulos',
    { config: publicAccess, schema: { tags, summary: 'Artículos con filtros y paginación (6 por página)', querystring: articleQuery } },
    async (request) => {
      const { items, meta } = await service.listArticles(db(), toArticleQuery(request.query, PAGE_SIZES.catalogo));
      return okList(items, meta);
    },
  );

  app.get(
    '/catalogo/buscar-articulos',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Búsqueda sin distinguir acentos ni mayúsculas',
        querystring: articleQuery.extend({ search: searchText(2) }),
      },
    },
    async (request) => {
      const { items, meta } = await service.listArticles(db(), toArticleQuery(request.query, PAGE_SIZES.catalogo));
      return okList(items, meta);
    },
  );

  const pageNumber = z.coerce.number().int('La página debe ser un entero').min(1, 'La página debe ser 1 o mayor').default(1);
  app.get(
    '/v2/catalogo/sublinea',
    {
      config: publicAccess,
      schema: {
        tags,
        summary: 'Sub-líneas activas, lo más nuevo y lo más vendido de una línea (12 por página)',
        querystring: z.object({
          linea: code('La línea', 40),
          page_sublines: pageNumber,
          page_latest: pageNumber,
          page_best_seller: pageNumber,
          per_page: z.coerce
            .number()
            .int()
            .min(1, 'per_page debe ser 1 o mayor')
            .max(60, 'per_page no puede ser mayor que 60')
            .default(PAGE_SIZES.sublineas),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await service.subLineLists(
          db(),
          q.linea,
          { sublines: q.page_sublines, latest: q.page_latest, bestSeller: q.page_best_seller },
          q.per_page,
        ),
      );
    },
  );

  app.get(
    '/v2/catalogo/article/:code',
    {
      config: publicAccess,
      schema: { tags, summary: 'Detalle de un modelo o artículo', params: z.object({ code: code('El artículo', 22) }) },
    },
    async (request) => ok(await service.articleDetail(db(), request.params.code)),
  );

  app.get(
    '/v2/catalogo/article',
    {
      config: publicAccess,
      schema: { tags, summary: 'Detalle de un modelo o artículo', querystring: z.object({ code: code('El artículo', 22) }) },
    },
    async (request) => ok(await service.articleDetail(db(), request.query.code)),
  );

  app.patch(
    '/v2/inventario',
    {
      config: { access: 'public' },
      schema: {
        tags: ['carrito'],
        summary: 'Revisa los artículos del carrito contra la existencia actual',
        body: z.object({
          articulos: z
            .array(
              z.object({
                articleCode: code('El artículo', 22),
                quantity: z
                  .number({ error: 'La cantidad debe ser un número' })
                  .int('La cantidad debe ser un entero')
                  .min(1, 'La cantidad mínima es 1')
                  .max(99, 'La cantidad máxima es 99'),
              }),
              { error: 'Envíe la lista de artículos del carrito' },
            )
            .min(1, 'El carrito no tiene artículos')
            .max(50, 'El carrito no puede tener más de 50 artículos'),
        }),
      },
    },
    async (request) => ok(await service.recheckStock(db(), request.body.articulos)),
  );
}
