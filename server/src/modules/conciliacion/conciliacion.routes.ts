// /api/mayor/cuentas/conciliacion/*: bank statement reconciliation, for admin and administración.
// The statement is uploaded as multipart (fields «archivo», «banco», «moneda», «dias»), saved to
// DATA_DIR while it is read, then kept in the database; a bad file or field is a 413 or 422 with its
// reason under errors, never a 500.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STATEMENT_LIMITS } from '#domain/conciliacion.ts';
import * as contract from '#domain/contracts/conciliacion.ts';
import { bankCode, CONCILIACION_ROLES, STATEMENT_MAX_BYTES, windowDays } from '#domain/contracts/conciliacion.ts';
import { CURRENCIES } from '#domain/money.ts';
import { NoAutorizado } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { HojaInvalida } from '#server/modules/configuracion/configuracion.importar.hoja.ts';
import * as service from './conciliacion.service.ts';

const FINANZAS = { access: CONCILIACION_ROLES } as const;
const PAGE = '/dashboard/cuentas/conciliacion';

/** A form sent without JavaScript goes back to the page (with the statement, or the upload's status). */
const isPageNavigation = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

const uploadFields = z.object({
  banco: bankCode,
  moneda: z.enum(CURRENCIES, { error: 'La moneda debe ser VES o USD' }).default('VES'),
  dias: windowDays.default(STATEMENT_LIMITS.defaultWindowDays),
});

function actor(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

const tooBig = () => new HojaInvalida(413, `El extracto pesa más de ${STATEMENT_MAX_BYTES / (1024 * 1024)} MB: súbalo por partes.`);

type Received = { file: string | null; fileName: string; fields: Record<string, string> };

async function receive(request: FastifyRequest, folder: string): Promise<Received> {
  if (!request.isMultipart()) throw new HojaInvalida(422, 'Envíe el extracto como multipart/form-data, en el campo «archivo».');
  const received: Received = { file: null, fileName: '', fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        received.fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'archivo' || !part.filename || received.file) {
        part.file.resume();
        continue;
      }
      await mkdir(folder, { recursive: true });
      const path = join(folder, randomUUID());
      received.file = path;
      received.fileName = part.filename;
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw tooBig();
    }
  } catch (error) {
    if (received.file) await unlink(received.file).catch(() => undefined);
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    if (code.startsWith('FST_')) throw new HojaInvalida(422, 'El formulario de la subida no se pudo leer: suba un solo extracto a la vez.');
    throw error;
  }
  return received;
}

function refuse(reply: FastifyReply, status: number, errors: Record<string, string[]>, request?: FastifyRequest) {
  if (request && isPageNavigation(request)) return reply.redirect(`${PAGE}?subida=${status}`, 303);
  const message = Object.values(errors)[0]?.[0] ?? 'Los datos enviados no son válidos.';
  return reply.status(status).send({ success: false, message, errors });
}

export async function conciliacionRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const folder = join(app.deps.env.dataDir, 'conciliacion');
  await app.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 10, parts: 12 } });

  route(app, contract.subirExtracto, FINANZAS, async (request, reply) => {
    const user = actor(request.user);
    let received: Received;
    try {
      received = await receive(request, folder);
    } catch (error) {
      if (error instanceof HojaInvalida) return refuse(reply, error.status, { archivo: [error.message] }, request);
      throw error;
    }
    const fields = uploadFields.safeParse(received.fields);
    if (!fields.success || !received.file) {
      if (received.file) await unlink(received.file).catch(() => undefined);
      const errors: Record<string, string[]> = {};
      if (!received.file) errors.archivo = ['Elija el extracto (XLSX o CSV) que desea conciliar.'];
      for (const issue of fields.success ? [] : fields.error.issues) {
        const key = String(issue.path[0] ?? 'archivo');
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
      return refuse(reply, 422, errors, request);
    }
    if ((await stat(received.file)).size === 0) {
      await unlink(received.file).catch(() => undefined);
      return refuse(reply, 422, { archivo: ['El extracto está vacío.'] }, request);
    }
    try {
      const upload = {
        file: received.file,
        fileName: received.fileName,
        bankCode: fields.data.banco,
        currency: fields.data.moneda,
        windowDays: fields.data.dias,
      };
      const detail = await service.subir(db(), upload, user);
      if (isPageNavigation(request)) return reply.redirect(`${PAGE}?extracto=${detail.statement.id}`, 303);
      return reply.status(201).send(ok(detail));
    } catch (error) {
      if (error instanceof HojaInvalida) return refuse(reply, error.status, { archivo: [error.message] }, request);
      throw error;
    }
  });

  route(app, contract.extractos, FINANZAS, async ({ query }) => {
    const { items, meta } = await service.listar(db(), { page: query.page, perPage: query.per_page, search: query.search });
    return okList(items, meta);
  });

  route(app, contract.verExtracto, FINANZAS, async ({ params }) => ok(await service.detalle(db(), params.id)));

  route(app, contract.mapearColumnas, FINANZAS, async ({ body, user }) => ok(await service.mapear(db(), body, actor(user))));

  route(app, contract.confirmarConciliacion, FINANZAS, async ({ body, user }) =>
    ok(await service.confirmar(app.orderContext(), body, actor(user))),
  );
}
