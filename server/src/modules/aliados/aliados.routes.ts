// /api/aliados/*: the list for anyone (home page, /franchise); adding, editing, ordering and
// removing for the admin. The logo goes through the one safe upload path (modules/uploads).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/aliados.ts';
import { ALIADOS_ROLES, aliadoTexto } from '#domain/contracts/aliados.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { leerFormulario } from '#server/modules/general/formulario-multipart.ts';
import { removeUpload, storeImage, UPLOAD_LIMITS, uploadUrl } from '#server/modules/uploads/uploads.ts';
import * as service from './aliados.service.ts';

const ADMIN = { access: ALIADOS_ROLES } as const;

type Leido =
  | { ok: true; name: string; url: string; logo?: string }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

function refuse(reply: FastifyReply, r: Extract<Leido, { ok: false }>) {
  return reply.status(r.status).send({ success: false, message: r.message, ...(r.errors ? { errors: r.errors } : {}) });
}

export async function aliadosRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const store = app.uploadStore;
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.photoBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  /** The form's texts checked, and its logo stored when one was sent. */
  async function readAliado(request: FastifyRequest, logoRequired: boolean): Promise<Leido> {
    const form = await leerFormulario(request, ['logo']);
    if (!form.ok) return { ok: false, status: form.status, message: form.motivo };
    const parsed = aliadoTexto.safeParse(form.fields);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] = [issue.message];
      return { ok: false, status: 422, message: 'Los datos enviados no son válidos.', errors };
    }
    const bytes = form.files.logo;
    if (!bytes) {
      const missing = 'Elija el logo del aliado.';
      return logoRequired ? { ok: false, status: 422, message: missing, errors: { logo: [missing] } } : { ok: true, ...parsed.data };
    }
    const stored = await storeImage(store, bytes);
    if (!stored.ok) return { ok: false, status: 422, message: stored.motivo, errors: { logo: [stored.motivo] } };
    return { ok: true, ...parsed.data, logo: uploadUrl(stored.name) };
  }

  route(app, contract.listarAliados, { access: 'public', cacheSeconds: 60 }, async () => ok(await service.listar(db())));

  route(app, contract.crearAliado, ADMIN, async (request, reply) => {
    const values = await readAliado(request, true);
    if (!values.ok) return refuse(reply, values);
    if (!values.logo) throw new Error('readAliado returned no logo where one is required');
    let created: Awaited<ReturnType<typeof service.crear>>;
    try {
      created = await service.crear(db(), { name: values.name, url: values.url, logo: values.logo });
    } catch (error) {
      // Only when nothing was written: the stored logo belongs to no one.
      await removeUpload(store, values.logo);
      throw error;
    }
    app.responseCache.invalidate();
    return ok(created);
  });

  route(app, contract.editarAliado, ADMIN, async (request, reply) => {
    const values = await readAliado(request, false);
    if (!values.ok) return refuse(reply, values);
    let edited: Awaited<ReturnType<typeof service.editar>>;
    try {
      edited = await service.editar(db(), request.params.id, { name: values.name, url: values.url, logo: values.logo });
    } catch (error) {
      if (values.logo) await removeUpload(store, values.logo);
      throw error;
    }
    app.responseCache.invalidate();
    // The replaced logo goes last: a failure here must not touch what the row now points to.
    if (edited.oldLogo)
      await removeUpload(store, edited.oldLogo).catch((error) => request.log.warn({ err: error }, 'logo viejo sin borrar'));
    return ok(edited.aliado);
  });

  route(app, contract.moverAliado, ADMIN, async ({ params, body }) => {
    const list = await service.mover(db(), params.id, body.hacia);
    app.responseCache.invalidate();
    return ok(list);
  });

  route(app, contract.borrarAliado, ADMIN, async ({ params }) => {
    await removeUpload(store, await service.borrar(db(), params.id));
    app.responseCache.invalidate();
    return ok({ message: 'Aliado eliminado.' });
  });
}
