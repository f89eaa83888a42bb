// /api/galeria/*: the gallery for anyone; uploading (multipart, through modules/uploads) and
// removing for admin and inventario. One bad file refuses the whole upload, with the reason of each.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/galeria.ts';
import { GALERIA_LIMITS, GALERIA_ROLES } from '#domain/contracts/galeria.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { removeVariants, storeImageVariants, UPLOAD_LIMITS } from '#server/modules/uploads/uploads.ts';
import * as service from './galeria.service.ts';

const STAFF = { access: GALERIA_ROLES } as const;
const PUBLIC = { access: 'public', cacheSeconds: 30 } as const;
const MB = 1024 * 1024;

type Form = { ok: true; files: { label: string; bytes: Buffer }[]; title: string } | { ok: false; status: number; motivos: string[] };

async function readForm(request: FastifyRequest): Promise<Form> {
  if (!request.isMultipart())
    return { ok: false, status: 415, motivos: ['Envíe las fotos como multipart/form-data, en el campo «fotos».'] };
  const files: { label: string; bytes: Buffer }[] = [];
  let title = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'title' && typeof part.value === 'string') title = part.value;
        continue;
      }
      const label = part.filename || `foto ${files.length + 1}`;
      if (part.fieldname !== 'fotos') {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      // A file input left empty still sends a part, with no name and no bytes.
      if (bytes.length === 0 && !part.filename) continue;
      files.push({ label, bytes });
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      return { ok: false, status: 413, motivos: [`Una foto pesa más de ${UPLOAD_LIMITS.photoBytes / MB} MB.`] };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      return { ok: false, status: 422, motivos: [`Suba hasta ${GALERIA_LIMITS.filesPerUpload} fotos a la vez.`] };
    }
    // The rest come from the parser (no boundary, a body cut short): the form was unreadable too.
    return { ok: false, status: 422, motivos: ['El formulario de las fotos no es válido.'] };
  }
  if (files.length === 0) return { ok: false, status: 422, motivos: ['Elija al menos una foto.'] };
  if (title.trim().length > GALERIA_LIMITS.title) {
    return { ok: false, status: 422, motivos: [`El título puede tener hasta ${GALERIA_LIMITS.title} caracteres.`] };
  }
  return { ok: true, files, title };
}

function autor(request: FastifyRequest): number {
  if (!request.user) throw new NoAutorizado();
  return request.user.id;
}

export async function galeriaRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const store = app.uploadStore;
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMITS.photoBytes,
      files: GALERIA_LIMITS.filesPerUpload,
      fields: 5,
      parts: GALERIA_LIMITS.filesPerUpload + 5,
    },
  });

  route(app, contract.galeria, PUBLIC, async () => ok(await service.resumen(db())));
  route(app, contract.fotos, PUBLIC, async ({ query }) => {
    const { items, meta } = await service.listar(db(), query.page, query.per_page);
    return okList(items, meta);
  });

  route(app, contract.upload, STAFF, async (request, reply) => {
    const userId = autor(request);
    const form = await readForm(request);
    if (!form.ok) {
      return reply.status(form.status).send({ success: false, message: form.motivos[0], errors: { fotos: form.motivos } });
    }
    const stored: service.Subida[] = [];
    const motivos: string[] = [];
    for (const file of form.files) {
      const result = await storeImageVariants(store, file.bytes);
      if (result.ok) stored.push(result);
      else motivos.push(`«${file.label}»: ${result.motivo}`);
    }
    // All or nothing: the person fixes the bad one and sends them again, without half an upload.
    if (motivos.length > 0) {
      await Promise.all(stored.map((s) => removeVariants(store, s.key)));
      return reply.status(422).send({ success: false, message: 'Las fotos no se pudieron subir.', errors: { fotos: motivos } });
    }
    try {
      const fotos = await service.agregar(db(), userId, stored, form.title);
      app.responseCache.invalidate();
      return ok(fotos);
    } catch (error) {
      await Promise.all(stored.map((s) => removeVariants(store, s.key)));
      throw error;
    }
  });

  route(app, contract.eliminar, STAFF, async ({ params }) => {
    const result = await service.eliminar(db(), store, params.id);
    app.responseCache.invalidate();
    return ok(result);
  });
}
