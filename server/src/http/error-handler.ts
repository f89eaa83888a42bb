// Maps every error to the envelope once: 422 validation, 4xx business, 500 hidden with a request id.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DatoInvalido, DemasiadasSolicitudes } from '#server/errors.ts';

const clientErrorMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'El cuerpo de la solicitud no es un JSON válido.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'El cuerpo de la solicitud está vacío.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'La solicitud es demasiado grande.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Tipo de contenido no soportado.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'La longitud del contenido no es válida.' },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'Valor inválido'];
      }
      return reply.status(422).send({ success: false, message: 'Los datos enviados no son válidos.', errors });
    }
    if (error instanceof DatoInvalido) return reply.status(422).send({ success: false, message: error.message, errors: error.errors });
    if (error instanceof AppError) {
      // A service behind us failed (a payment provider): the person reads why, the log keeps it.
      if (error.status >= 500) request.log.error({ err: error }, 'servicio externo sin respuesta útil');
      if (error.status === 401) void reply.header('www-authenticate', 'Bearer');
      if (error instanceof DemasiadasSolicitudes && error.retryAfterSeconds)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ success: false, message: error.message });
    }
    // Text PostgreSQL cannot store (a NUL byte, invalid UTF-8) is bad input, not a server fault.
    const pgCode = (error as { cause?: { code?: string } }).cause?.code ?? error.code;
    if (pgCode === '22021' || pgCode === '22P05') {
      return reply.status(400).send({ success: false, message: 'Los datos enviados contienen caracteres no válidos.' });
    }
    const known = error.code ? clientErrorMessages[error.code] : undefined;
    if (known) return reply.status(known.status).send({ success: false, message: known.message });
    if (error.statusCode === 429) {
      return reply.status(429).send({ success: false, message: 'Demasiadas solicitudes. Intente de nuevo más tarde.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'solicitud rechazada');
      return reply.status(error.statusCode).send({ success: false, message: 'La solicitud no es válida.' });
    }
    request.log.error({ err: error }, 'error inesperado');
    return reply.status(500).send({
      success: false,
      message: `Ocurrió un error inesperado. Si persiste, contacte a soporte indicando el código ${request.id}.`,
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ success: false, message: `La ruta ${request.method} ${request.url.split('?')[0]} no existe.` }),
  );
}
