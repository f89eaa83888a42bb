// /api/catalogo/archivo*: the catalogue file. The PDF itself is public; its state, «Generar ahora»,
// the upload (multipart, through the checks of catalogo-archivo.service.ts) and removing the
// uploaded one are for admin and inventario.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/catalogo-archivo.ts';
import { CATALOGO_ARCHIVO_MAX_BYTES, CATALOGO_ARCHIVO_ROLES } from '#domain/contracts/catalogo-archivo.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import * as service from './catalogo-archivo.service.ts';

const STAFF = { access: CATALOGO_ARCHIVO_ROLES } as const;
const MB = 1024 * 1024;

type Form = { ok: true; nombre: string; bytes: Buffer } | { ok: false; status: number; motivo: string };

async function readForm(request: FastifyRequest): Promise<Form> {
  if (!request.isMultipart())
    return { ok: false, status: 415, motivo: 'Envíe el catálogo como multipart/form-data, en el campo «archivo».' };
  let file: { nombre: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'archivo' || file) {
        part.file.resume();
        continue;
      }
      file = { nombre: part.filename ?? '', bytes: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      return { ok: false, status: 413, motivo: `El archivo pesa más de ${CATALOGO_ARCHIVO_MAX_BYTES / MB} MB.` };
    // The rest come from the parser (no boundary, a body cut short): the form was unreadable too.
    return { ok: false, status: 422, motivo: 'El formulario del catálogo no es válido.' };
  }
  if (!file || (!file.nombre && file.bytes.length === 0)) return { ok: false, status: 422, motivo: 'Elija el archivo PDF del catálogo.' };
  return { ok: true, ...file };
}

export async function catalogoArchivoRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const store = app.uploadStore;
  await app.register(multipart, { limits: { fileSize: CATALOGO_ARCHIVO_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

  route(app, contract.descargar, { access: 'public' }, async (request, reply) => {
    const file = await service.archivoPublico(db(), store);
    // It changes with prices, the rate or an upload at the same address: browsers keep it but ask
    // every time, and a 304 spares the download while it is the same file.
    reply.header('cache-control', 'public, no-cache').header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });

  route(app, contract.estado, STAFF, async () => ok(await service.estado(store)));

  route(app, contract.generar, STAFF, async () => {
    await service.generar(db(), store);
    return ok(await service.estado(store));
  });

  route(app, contract.subir, STAFF, async (request, reply) => {
    const form = await readForm(request);
    if (!form.ok) return reply.status(form.status).send({ success: false, message: form.motivo, errors: { archivo: [form.motivo] } });
    return ok(await service.subir(store, form.nombre, form.bytes));
  });

  route(app, contract.quitarSubido, STAFF, async () => ok(await service.quitarSubido(store)));
}
