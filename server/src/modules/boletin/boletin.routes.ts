// /api/correo/newsletter, /api/correo/desuscribir and the rest of the newsletter: the footer's
// sign-up (limited per address, with a honeypot), the signed preferences link and the admin's
// subscribers and campaigns.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/boletin.ts';
import { BOLETIN_ROLES } from '#domain/contracts/boletin.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './boletin.service.ts';

const ADMIN = { access: BOLETIN_ROLES } as const;
// A person clicks a link a few times at most; more than this from one address is someone guessing.
const LINK_LIMIT = { max: 30, timeWindow: 10 * 60_000 } as const;

// Mail providers send every one-click unsubscribe from a few addresses of theirs: a per-IP limit
// as tight as the links' would refuse real people. The HMAC in the URL is what cannot be guessed.
const ONE_CLICK_LIMIT = { max: 600, timeWindow: 10 * 60_000 } as const;

/**
 * The RFC 8058 POST, in its own scope: only here are form bodies read (urlencoded, or multipart
 * with a single short field and no file), so no other route starts accepting them.
 */
async function bajaUnClicRoute(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 2, parts: 2, fieldSize: 100 } });
  route(app, contract.bajaUnClic, { access: 'public', rateLimit: ONE_CLICK_LIMIT }, async ({ params, query }) =>
    ok(await service.cambiarSuscripcion(app.deps.database.db, app.authContext().secret, 'desuscribir', params.cliente, query.firma)),
  );
}

function usuario(request: FastifyRequest) {
  if (!request.user) throw new NoAutorizado();
  return request.user;
}

export async function boletinRoutes(app: FastifyInstance): Promise<void> {
  const ctx = (): service.BoletinContext => {
    const auth = app.authContext();
    return {
      db: app.deps.database.db,
      mailer: auth.mailer,
      secret: auth.secret,
      publicUrl: auth.publicUrl,
      log: (message, error) => app.log.error({ err: error }, message),
    };
  };
  const db = () => app.deps.database.db;
  const secret = () => app.authContext().secret;

  // Five sign-ups every ten minutes from one address: enough for a family, too few for a flood.
  route(app, contract.newsletter, { access: 'public', rateLimit: { max: 5, timeWindow: 10 * 60_000 } }, async ({ body }) => {
    // A filled honeypot is a bot: the same answer, nothing kept, nothing sent.
    if (!body.website?.trim()) {
      const deliver = await service.suscribir(ctx(), body.email);
      // The mail leaves after the answer: its time does not tell whether the address was subscribed.
      app.authContext().background.run('correo de confirmación del boletín', deliver);
    }
    return ok({ message: service.GRACIAS_SUSCRIPCION });
  });

  route(app, contract.verPreferencias, { access: 'public', rateLimit: LINK_LIMIT }, async ({ params, query }) =>
    ok(await service.preferencias(db(), secret(), params.cliente, query.firma)),
  );
  route(app, contract.confirmar, { access: 'public', rateLimit: LINK_LIMIT }, async ({ body }) =>
    ok(await service.cambiarSuscripcion(db(), secret(), 'confirmar', body.cliente, body.firma)),
  );
  route(app, contract.desuscribir, { access: 'public', rateLimit: LINK_LIMIT }, async ({ body }) =>
    ok(await service.cambiarSuscripcion(db(), secret(), 'desuscribir', body.cliente, body.firma)),
  );
  await app.register(bajaUnClicRoute);
  // A client that only opens the List-Unsubscribe URL (no one-click) lands on the page that offers it.
  route(app, contract.bajaUnClicPagina, { access: 'public', rateLimit: LINK_LIMIT }, async ({ params, query }, reply) =>
    reply.redirect(`/email/${params.cliente}?firma=${query.firma}&baja=1`, 302),
  );
  route(app, contract.resuscribir, { access: 'public', rateLimit: LINK_LIMIT }, async ({ body }) =>
    ok(await service.cambiarSuscripcion(db(), secret(), 'resuscribir', body.cliente, body.firma)),
  );

  route(app, contract.suscriptores, ADMIN, async ({ query }) => {
    const { items, meta } = await service.listarSuscriptores(db(), {
      page: query.page,
      perPage: query.per_page,
      estado: query.filter,
      search: query.search,
    });
    return okList(items, meta);
  });
  route(app, contract.campanas, ADMIN, async ({ query }) => {
    const { items, meta } = await service.listarCampanas(db(), query.page, query.per_page);
    return okList(items, meta);
  });
  route(app, contract.crearCampana, ADMIN, async (request) => ok(await service.crearCampana(db(), request.body, usuario(request).id)));
  route(app, contract.verCampana, ADMIN, async ({ params }) => ok(await service.verCampana(db(), params.id)));
  route(app, contract.editarCampana, ADMIN, async ({ params, body }) => ok(await service.editarCampana(db(), params.id, body)));
  route(app, contract.probarCampana, ADMIN, async (request) => {
    const to = usuario(request).email;
    await service.probarCampana(ctx(), request.params.id, to);
    return ok({ message: `Prueba enviada a ${to}.` });
  });
  route(app, contract.enviarCampana, ADMIN, async ({ params }) => {
    const campana = await service.enviarCampana(db(), params.id);
    // The first batches start now; the periodic jobs finish what this run leaves.
    app.authContext().background.run('lotes del boletín', async () => {
      await service.enviarLotesDeBoletin(ctx());
    });
    return ok(campana);
  });
  route(app, contract.programarCampana, ADMIN, async ({ params, body }) =>
    ok(await service.programarCampana(db(), params.id, body.programada_para)),
  );
  route(app, contract.cancelarProgramacion, ADMIN, async ({ params }) => ok(await service.cancelarProgramacion(db(), params.id)));
  route(app, contract.enviosCampana, ADMIN, async ({ params, query }) => {
    const { items, meta } = await service.listarEnvios(db(), params.id, query.page, query.per_page);
    return okList(items, meta);
  });
}
