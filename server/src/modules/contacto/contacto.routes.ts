// /api/contacto/*: the /contact form for anyone (limited per address, with a honeypot) and the
// admin's inbox of those messages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/contacto.ts';
import { CONTACTO_ROLES } from '#domain/contracts/contacto.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './contacto.service.ts';

const ADMIN = { access: CONTACTO_ROLES } as const;
const THANKS = { message: 'Gracias por escribirnos. Le responderemos a su correo lo antes posible.' };

function autor(request: FastifyRequest): number {
  if (!request.user) throw new NoAutorizado();
  return request.user.id;
}

export async function contactoRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  // Five messages every ten minutes from one address: enough for a person, too few for a flood.
  route(app, contract.informar, { access: 'public', rateLimit: { max: 5, timeWindow: 10 * 60_000 } }, async ({ body }) => {
    // A filled honeypot is a bot: it gets the same thanks and nothing is kept.
    if (body.website?.trim()) return ok(THANKS);
    await service.informar(db(), body);
    return ok(THANKS);
  });

  route(app, contract.obtenerInformes, ADMIN, async ({ query }) => {
    const { items, meta } = await service.listar(db(), {
      page: query.page,
      perPage: query.per_page,
      filter: query.filter,
      search: query.search,
    });
    return okList(items, meta);
  });
  route(app, contract.sinLeer, ADMIN, async () => ok({ total: await service.sinLeer(db()) }));
  route(app, contract.verInforme, ADMIN, async ({ params }) => ok(await service.ver(db(), params.id)));
  route(app, contract.marcarLeido, ADMIN, async (request) =>
    ok(await service.marcarLeido(db(), request.body.id, request.body.readed, autor(request))),
  );
  route(app, contract.repuestaInforme, ADMIN, async (request) =>
    ok(await service.responder(db(), app.authContext().mailer, request.body.id, request.body.message, autor(request))),
  );
}
