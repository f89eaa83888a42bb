// /api/catalogo/*, /api/v2/catalogo/* and PATCH /api/v2/inventario: the public catalogue.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/catalogo.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './catalogo.service.ts';

// Public reads, the same for every visitor: served from the response cache for a few seconds.
const publicRead = { access: 'public', cacheSeconds: 10 } as const;

export async function catalogoRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.lineas, publicRead, async () => ok(await service.listLines(db())));
  route(app, contract.lineasV2, publicRead, async () => ok(await service.listLines(db())));

  route(app, contract.linea, publicRead, async ({ query }) => ok(await service.getLine(db(), query.linea, query.sublinea)));

  route(app, contract.disponibilidad, publicRead, async ({ params }) => ok(await service.availability(db(), params.url, params.article)));

  route(app, contract.loNuevo, publicRead, async ({ query }) => ok(await service.randomArticles(db(), 'lo-nuevo', query.linea)));
  route(app, contract.masVendidos, publicRead, async ({ query }) => ok(await service.randomArticles(db(), 'mas-vendidos', query.linea)));

  for (const list of [contract.articulos, contract.buscarArticulos]) {
    route(app, list, publicRead, async ({ query }) => {
      const { items, meta } = await service.listArticles(db(), contract.toArticleFilter(query));
      return okList(items, meta);
    });
  }

  route(app, contract.sublinea, publicRead, async ({ query: q }) =>
    ok(
      await service.subLineLists(
        db(),
        q.linea,
        { sublines: q.page_sublines, latest: q.page_latest, bestSeller: q.page_best_seller },
        q.per_page,
      ),
    ),
  );

  route(app, contract.articulo, publicRead, async ({ params, query }) => ok(await service.articleDetail(db(), params.code, query.estado)));
  route(app, contract.articuloPorConsulta, publicRead, async ({ query }) => ok(await service.articleDetail(db(), query.code)));

  route(app, contract.revisarInventario, { access: 'public' }, async ({ body }) => ok(await service.recheckStock(db(), body.articulos)));
}
