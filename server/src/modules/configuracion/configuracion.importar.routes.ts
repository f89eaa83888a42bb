// /api/configuracion/importar-productos* and /exportar-productos: the catalogue sheet for admin and
// inventario. The upload is multipart (field «archivo»), read as it arrives into DATA_DIR; a bad
// file is a 413 or a 422 with its reason under errors.archivo, never a 500. A form sent without
// JavaScript (Accept: text/html) is sent back to the page with 303.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '#domain/contracts/configuracion-importar.ts';
import { IMPORTAR_ROLES } from '#domain/contracts/configuracion-importar.ts';
import { IMPORT_LIMITS } from '#domain/importar-catalogo.ts';
import { NoAutorizado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { HojaInvalida, streamed } from './configuracion.importar.hoja.ts';
import * as service from './configuracion.importar.service.ts';

const catalogo = { access: IMPORTAR_ROLES } as const;
const PAGE = '/dashboard/configurar/productos/importar';

function userId(request: FastifyRequest): number {
  if (!request.user) throw new NoAutorizado();
  return request.user.id;
}

const isPageNavigation = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** The file of the «archivo» field, saved as it arrives; anything else in the form is left aside. */
async function receive(request: FastifyRequest, dataDir: string, who: number) {
  if (!request.isMultipart()) throw new HojaInvalida(422, 'Envíe la hoja como multipart/form-data, en el campo «archivo».');
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      // Another field, or the file input left empty (a part with no name and no bytes).
      if (part.fieldname !== 'archivo' || !part.filename) {
        part.file.resume();
        continue;
      }
      return await service.guardarSubida(dataDir, who, part.filename, part.file);
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw service.tooBig();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HojaInvalida(422, 'Suba una sola hoja a la vez, en el campo «archivo».');
    }
    if (code.startsWith('FST_')) throw new HojaInvalida(422, 'El formulario de la subida no se pudo leer: intente de nuevo.');
    throw error;
  }
  throw new HojaInvalida(422, 'Elija la hoja (XLSX o CSV) que desea importar.');
}

function attachment(reply: FastifyReply, name: string, format: contract.SheetFormatName) {
  return reply
    .header(
      'content-type',
      format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
    )
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
}

export async function configuracionImportarRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const dataDir = app.deps.env.dataDir;
  // Only the sheet's upload reads multipart in this module: one file, up to the sheet's limit.
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 8 } });

  route(app, contract.importarProductos, catalogo, async (request, reply) => {
    const who = userId(request);
    const navigation = isPageNavigation(request);
    try {
      const subida = await receive(request, dataDir, who);
      const preview = await service.vistaPrevia(db(), dataDir, subida);
      if (navigation) return reply.redirect(`${PAGE}?vista=${preview.id}`, 303);
      return ok(preview);
    } catch (error) {
      if (!(error instanceof HojaInvalida)) throw error;
      if (navigation) return reply.redirect(`${PAGE}?subida=${error.status}`, 303);
      return reply.status(error.status).send({ success: false, message: error.message, errors: { archivo: [error.message] } });
    }
  });

  route(app, contract.verImportacion, catalogo, async (request) =>
    ok(await service.verVistaPrevia(dataDir, userId(request), request.params.id)),
  );

  route(app, contract.aplicarImportacion, catalogo, async (request) => {
    const result = await service.aplicar(db(), dataDir, userId(request), request.body);
    app.responseCache.invalidate();
    return ok(result);
  });

  route(app, contract.ejemploImportacion, catalogo, async ({ query }, reply) => {
    const file = `ejemplo-importacion.${query.formato}`;
    const body = streamed(
      (out) => service.ejemplo(db(), query.formato, out),
      (error) => app.log.error({ err: error }, 'hoja de ejemplo'),
    );
    return attachment(reply, file, query.formato).send(body);
  });

  route(app, contract.exportarProductos, catalogo, async ({ query }, reply) => {
    const { formato, ...filters } = query;
    const body = streamed(
      (out) => service.exportar(db(), formato, filters, out),
      (error) => app.log.error({ err: error }, 'exportación del catálogo'),
    );
    return attachment(reply, service.exportFileName(formato), formato).send(body);
  });
}
