// /api/configuracion/*: catalogue administration for admin and inventario. Every write clears the
// public read cache, so the storefront shows it on its next request.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/configuracion.ts';
import { CATALOGO_ADMIN_ROLES, FOTO_LIMITS } from '#domain/contracts/configuracion.ts';
import { AppError, NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { encodePhoto } from '#server/modules/imagenes/fotos.ts';
import * as service from './configuracion.service.ts';

const catalogo = { access: CATALOGO_ADMIN_ROLES } as const;

function autor(request: FastifyRequest): service.Autor {
  if (!request.user) throw new NoAutorizado();
  return { userId: request.user.id, source: 'panel' };
}

/** Photos with a problem: 422 with the reason of each, under the form's field «fotos». */
class FotosInvalidas extends Error {
  readonly motivos: string[];
  constructor(motivos: string[]) {
    super(motivos.join(' '));
    this.motivos = motivos;
  }
}

type Uploaded = { label: string; bytes: Buffer };

const MULTIPART_LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `Suba hasta ${FOTO_LIMITS.maxFilesPerUpload} fotos a la vez.`,
  FST_PARTS_LIMIT: `Suba hasta ${FOTO_LIMITS.maxFilesPerUpload} fotos a la vez.`,
  FST_FIELDS_LIMIT: 'El formulario trae demasiados campos.',
};

/** The files of the «fotos» field; anything else in the form is read and left aside. */
async function readUploads(request: FastifyRequest): Promise<Uploaded[]> {
  if (!request.isMultipart()) {
    throw new FotosInvalidas(['Envíe las fotos como multipart/form-data, en el campo «fotos».']);
  }
  const files: Uploaded[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const label = part.filename || `foto ${files.length + 1}`;
      if (part.fieldname !== 'fotos') {
        part.file.resume();
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new FotosInvalidas([`La foto «${label}» pesa más de ${FOTO_LIMITS.maxBytes / (1024 * 1024)} MB.`]);
        }
        throw error;
      }
      // A file input left empty still sends a part, with no name and no bytes.
      if (bytes.length === 0 && !part.filename) continue;
      files.push({ label, bytes });
    }
  } catch (error) {
    const limit = MULTIPART_LIMIT_MESSAGES[(error as { code?: string }).code ?? ''];
    if (limit) throw new FotosInvalidas([limit]);
    throw error;
  }
  if (files.length === 0) throw new FotosInvalidas(['Elija al menos una foto.']);
  return files;
}

/** A form sent by a browser without JavaScript navigates here: it goes back to the product's page. */
function isPageNavigation(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function backToProduct(reply: FastifyReply, code: string, outcome: 'ok' | 'error'): FastifyReply {
  return reply.redirect(`/dashboard/configurar/productos/${encodeURIComponent(code)}?fotos=${outcome}`, 303);
}

export async function configuracionRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const store = app.uploadStore;
  const log = (message: string, error: unknown) => app.log.error({ err: error }, message);
  // Only this module reads multipart bodies (the photos), within these limits.
  await app.register(multipart, {
    limits: { fileSize: FOTO_LIMITS.maxBytes, files: FOTO_LIMITS.maxFilesPerUpload, fields: 10, parts: 30 },
  });

  /** A write the storefront must show on its next request. */
  async function publicWrite<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    app.responseCache.invalidate();
    return result;
  }

  route(app, contract.buscarLineas, catalogo, async ({ query }) => ok(await service.buscarLineas(db(), query.search)));
  route(app, contract.registrarLinea, catalogo, async (request) =>
    ok(await publicWrite(() => service.registrarLinea(db(), autor(request), request.body))),
  );
  route(app, contract.actualizarLinea, catalogo, async (request) =>
    ok(await publicWrite(() => service.actualizarLinea(db(), autor(request), request.body))),
  );
  route(app, contract.registrarSublinea, catalogo, async (request) =>
    ok(await publicWrite(() => service.registrarSublinea(db(), autor(request), request.body))),
  );
  route(app, contract.actualizarSublinea, catalogo, async (request) =>
    ok(await publicWrite(() => service.actualizarSublinea(db(), autor(request), request.body))),
  );

  route(app, contract.opcionesProducto, catalogo, async () => ok(await service.opcionesProducto(db())));
  route(app, contract.registrarColor, catalogo, async ({ body }) => ok(await service.registrarColor(db(), body)));

  route(app, contract.buscarProductos, catalogo, async ({ query }) => {
    const { items, meta } = await service.buscarProductos(db(), query);
    return okList(items, meta);
  });
  route(app, contract.detallesProducto, catalogo, async ({ params }) => ok(await service.detallesProducto(db(), params.code)));
  route(app, contract.registrarProducto, catalogo, async (request) =>
    ok(await publicWrite(() => service.registrarProducto(db(), autor(request), request.body))),
  );
  route(app, contract.actualizarProducto, catalogo, async (request) =>
    ok(await publicWrite(() => service.actualizarProducto(db(), autor(request), request.body))),
  );

  route(app, contract.subirFotos, catalogo, async (request, reply) => {
    const code = request.params.code;
    const who = autor(request);
    const navigation = isPageNavigation(request);
    try {
      const uploads = await readUploads(request);
      await service.espacioParaFotos(db(), code, uploads.length);
      const subidas: service.FotoSubida[] = [];
      const motivos: string[] = [];
      for (const upload of uploads) {
        const checked = await encodePhoto(upload.bytes, upload.label);
        if (checked.ok) subidas.push({ label: upload.label, photo: checked.photo });
        else motivos.push(checked.motivo);
      }
      // All or nothing: one bad photo and none is kept, so the person fixes it and sends them again.
      if (motivos.length > 0) throw new FotosInvalidas(motivos);
      const result = await publicWrite(() => service.agregarFotos(db(), store, who, code, subidas));
      if (navigation) return backToProduct(reply, code, 'ok');
      return ok(result);
    } catch (error) {
      if (navigation && (error instanceof FotosInvalidas || (error instanceof AppError && error.status < 500))) {
        return backToProduct(reply, code, 'error');
      }
      if (error instanceof FotosInvalidas) {
        return reply.status(422).send({ success: false, message: 'Las fotos no se pudieron subir.', errors: { fotos: error.motivos } });
      }
      throw error;
    }
  });
  route(app, contract.ordenarFotos, catalogo, async (request) =>
    ok(await publicWrite(() => service.ordenarFotos(db(), autor(request), request.body.code, request.body.ids))),
  );
  route(app, contract.eliminarFoto, catalogo, async (request) => {
    const { fotos } = await publicWrite(() => service.eliminarFoto(db(), store, autor(request), request.params.id, log));
    return ok({ fotos });
  });

  route(app, contract.cambioMasivo, catalogo, async (request) => {
    const result = await service.cambioMasivo(db(), autor(request), request.body);
    if (result.applied) app.responseCache.invalidate();
    return ok(result);
  });

  route(app, contract.historial, catalogo, async ({ query }) => {
    const scope = query.modelo !== undefined ? { modelCode: query.modelo } : { lineaId: query.lineaId ?? 0 };
    const { items, meta } = await service.historial(db(), scope, query.page, query.per_page);
    return okList(items, meta);
  });
}
