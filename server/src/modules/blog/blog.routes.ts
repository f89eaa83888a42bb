// /api/blog/*: the storefront reads visible posts and categories; the admin writes them and
// uploads each post's picture (multipart, through the one safe path of modules/uploads).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/blog.ts';
import { BLOG_ROLES } from '#domain/contracts/blog.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { storeImage, UPLOAD_LIMITS, uploadUrl } from '#server/modules/uploads/uploads.ts';
import * as service from './blog.service.ts';

const ADMIN = { access: BLOG_ROLES } as const;
const PUBLIC = { access: 'public', cacheSeconds: 30 } as const;

function autor(request: FastifyRequest): number {
  if (!request.user) throw new NoAutorizado();
  return request.user.id;
}

type Upload = { ok: true; bytes: Buffer } | { ok: false; status: number; motivo: string };

/** The file of the «imagen» field; anything else in the form is read and left aside. */
async function readImage(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) return { ok: false, status: 415, motivo: 'Envíe la imagen como multipart/form-data, en el campo «imagen».' };
  let found: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'imagen' || found) {
        part.file.resume();
        continue;
      }
      found = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return { ok: false, status: 413, motivo: `La imagen pesa más de ${UPLOAD_LIMITS.photoBytes / (1024 * 1024)} MB.` };
    }
    // The rest come from the parser (no boundary, a body cut short): the form was unreadable too.
    return { ok: false, status: 422, motivo: 'El formulario de la imagen no es válido.' };
  }
  if (!found) return { ok: false, status: 422, motivo: 'Elija una imagen.' };
  return { ok: true, bytes: found };
}

export async function blogRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const store = app.uploadStore;
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.photoBytes, files: 1, fields: 5, parts: 6 } });

  /** A write the storefront must show on its next request. */
  async function publicWrite<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    app.responseCache.invalidate();
    return result;
  }

  route(app, contract.getAllCategories, PUBLIC, async () => ok(await service.listarCategorias(db(), app.reloj.ahora())));
  route(app, contract.addCategory, ADMIN, async ({ body }) => ok(await publicWrite(() => service.crearCategoria(db(), body.category))));

  route(app, contract.getAllPosts, PUBLIC, async ({ query }) => {
    const { items, meta } = await service.listarVisibles(
      db(),
      { page: query.page, perPage: query.per_page, categoryId: query.category, search: query.search },
      app.reloj.ahora(),
    );
    return okList(items, meta);
  });
  route(app, contract.getPost, PUBLIC, async ({ params }) => ok(await service.verVisible(db(), params.slug, app.reloj.ahora())));

  route(app, contract.panelPosts, ADMIN, async ({ query }) => {
    const { items, meta } = await service.listarPanel(
      db(),
      { page: query.page, perPage: query.per_page, categoryId: query.category, search: query.search, status: query.filter },
      app.reloj.ahora(),
    );
    return okList(items, meta);
  });
  route(app, contract.panelPost, ADMIN, async ({ params }) => ok(await service.verPanel(db(), params.id, app.reloj.ahora())));

  route(app, contract.addPost, ADMIN, async (request) =>
    ok(await publicWrite(() => service.crearPost(db(), store, autor(request), request.body))),
  );
  route(app, contract.updatePost, ADMIN, async (request) => {
    const { id, ...input } = request.body;
    return ok(await publicWrite(() => service.actualizarPost(db(), store, id, input)));
  });

  route(app, contract.uploadImage, ADMIN, async (request, reply) => {
    const upload = await readImage(request);
    if (!upload.ok)
      return reply.status(upload.status).send({ success: false, message: upload.motivo, errors: { imagen: [upload.motivo] } });
    const stored = await storeImage(store, upload.bytes);
    if (!stored.ok) return reply.status(422).send({ success: false, message: stored.motivo, errors: { imagen: [stored.motivo] } });
    return ok({ images: stored.name, url: uploadUrl(stored.name) });
  });
}
