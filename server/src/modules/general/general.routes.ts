// /api/general/*, /api/footer-content and /api/pagina: store settings read by every page.
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/general.ts';
import { NoAutorizado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import * as service from './general.service.ts';
import { paginaWebRoutes } from './pagina-web.routes.ts';
import { actualizarTasaBcv } from './tasa-bcv.service.ts';

// Public reads, the same for every visitor: served from the response cache for a few seconds.
const publicRead = { access: 'public', cacheSeconds: 10 } as const;
// administracion handles the exchange rate and the bank accounts (docs/dominio.md §Roles).
const finanzas = { access: ['admin', 'administracion'] } as const;

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function generalRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.infoPaginaRoute, publicRead, async () => ok(await service.infoPagina(db())));
  // Its own scope: the multipart parser is registered only there.
  await app.register(paginaWebRoutes);
  route(app, contract.empresa, publicRead, async () => ok(await service.empresa(db())));
  route(app, contract.actualizarEmpresa, { access: ['admin'] }, async ({ body }) => {
    const secciones = await service.actualizarEmpresa(db(), body);
    app.responseCache.invalidate();
    return ok(secciones);
  });
  // The legal data is public (it is printed on the footer and every invoice); only an admin edits it.
  route(app, contract.datosEmpresaRoute, publicRead, async () => ok(await service.datosEmpresa(db())));
  route(app, contract.actualizarDatosEmpresa, { access: ['admin'] }, async (request) => {
    const datos = await service.actualizarDatosEmpresa(db(), staffUser(request.user), request.body);
    app.responseCache.invalidate();
    return ok(datos);
  });
  route(app, contract.tasaDelDia, publicRead, async () =>
    ok({ ...(await service.tasaDelDiaConFuente(db())), automatic: app.deps.env.TASA_BCV_AUTOMATICA === 'true' }),
  );
  route(app, contract.traerTasaBcv, finanzas, async () => {
    if (app.deps.env.TASA_BCV_AUTOMATICA !== 'true') {
      throw new ReglaNegocio('La tasa del BCV no está activada en este servidor (TASA_BCV_AUTOMATICA=true).');
    }
    const result = await actualizarTasaBcv(db(), { url: app.deps.env.TASA_BCV_URL });
    if (result.stored) app.responseCache.invalidate();
    return ok(result);
  });

  route(app, contract.fijarTasa, finanzas, async (request) => {
    const rate = await service.fijarTasaDelDia(db(), staffUser(request.user), request.body);
    app.responseCache.invalidate();
    return ok(rate);
  });
  route(app, contract.historialTasas, finanzas, async ({ query }) => {
    const { items, meta } = await service.historialTasas(db(), query.page, query.per_page);
    return okList(items, meta);
  });

  // The active accounts are public: the checkout shows where to pay.
  route(app, contract.cuentasBancarias, publicRead, async ({ query }) => {
    const { items, meta } = await service.cuentasBancarias(db(), query.page, query.per_page);
    return okList(items, meta);
  });
  route(app, contract.todasLasCuentas, finanzas, async ({ query: q }) => {
    const filter = { activeOnly: false, method: q.filter || undefined, search: q.search || undefined };
    const { items, meta } = await service.cuentasBancarias(db(), q.page, q.per_page, filter);
    return okList(items, meta);
  });
  route(app, contract.registrarCuenta, finanzas, async ({ body }) => {
    const account = await service.registrarCuentaBancaria(db(), body);
    app.responseCache.invalidate();
    return ok(account);
  });
  route(app, contract.actualizarCuenta, finanzas, async ({ params, body }) => {
    const account = await service.actualizarCuentaBancaria(db(), params.id, body);
    app.responseCache.invalidate();
    return ok(account);
  });

  route(app, contract.footerContent, publicRead, async () => ok(await service.footerContent(db())));
  route(app, contract.paginas, publicRead, async () => ok(await service.paginas(db())));
  route(app, contract.paginaRoute, publicRead, async ({ params }) => ok(await service.pagina(db(), params.slug)));
  route(app, contract.crearPagina, { access: ['admin'] }, async ({ body }) => {
    const created = await service.crearPagina(db(), body);
    app.responseCache.invalidate();
    return ok(created);
  });
  route(app, contract.actualizarPagina, { access: ['admin'] }, async ({ params, body }) => {
    const updated = await service.actualizarPagina(db(), params.slug, body);
    app.responseCache.invalidate();
    return ok(updated);
  });
  route(app, contract.borrarPagina, { access: ['admin'] }, async ({ params }) => {
    const deleted = await service.borrarPagina(db(), params.slug);
    app.responseCache.invalidate();
    return ok(deleted);
  });
}
