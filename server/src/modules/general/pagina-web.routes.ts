// POST /api/general/info-pagina and /api/footer-content (admin): the page settings and footer
// forms, multipart so their pictures travel as files through the one safe upload path
// (modules/uploads, decision 0020). The footer's texts are made plain text before they are checked.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  footerFormSchema,
  guardarFooter,
  guardarInfoPagina,
  INFO_PAGINA_IMAGENES,
  infoPaginaTextoSchema,
} from '#domain/contracts/general.ts';
import { plainText } from '#server/html.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { storeImage, UPLOAD_LIMITS, uploadUrl } from '#server/modules/uploads/uploads.ts';
import { leerFormulario } from './formulario-multipart.ts';
import * as service from './general.service.ts';

const TEXTOS = ['storeName', 'facility', 'offer', 'sizeGuide'] as const;
const FOOTER_TEXTOS = Object.keys(footerFormSchema.shape) as (keyof typeof footerFormSchema.shape)[];

function invalid(reply: FastifyReply, error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] = [issue.message];
  return reply.status(422).send({ success: false, message: 'Los datos enviados no son válidos.', errors });
}

export async function paginaWebRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;
  const store = app.uploadStore;
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.photoBytes, files: INFO_PAGINA_IMAGENES.length, fields: 20, parts: 24, fieldSize: 16 * 1024 },
  });

  route(app, guardarInfoPagina, { access: ['admin'] }, async (request, reply) => {
    const form = await leerFormulario(request, INFO_PAGINA_IMAGENES);
    if (!form.ok) return reply.status(form.status).send({ success: false, message: form.motivo });
    const sent = Object.fromEntries(TEXTOS.filter((f) => f in form.fields).map((f) => [f, form.fields[f]]));
    const parsed = infoPaginaTextoSchema.safeParse(sent);
    if (!parsed.success) return invalid(reply, parsed.error);
    if (Object.keys(parsed.data).length === 0 && INFO_PAGINA_IMAGENES.every((f) => !form.files[f])) {
      return reply.status(422).send({ success: false, message: 'Indique qué desea cambiar de la página.' });
    }
    const images: Partial<Record<(typeof INFO_PAGINA_IMAGENES)[number], string>> = {};
    for (const field of INFO_PAGINA_IMAGENES) {
      const bytes = form.files[field];
      if (!bytes) continue;
      const stored = await storeImage(store, bytes);
      if (!stored.ok) return reply.status(422).send({ success: false, message: stored.motivo, errors: { [field]: [stored.motivo] } });
      images[field] = uploadUrl(stored.name);
    }
    const saved = await service.guardarInfoPagina(db(), { ...parsed.data, ...images });
    app.responseCache.invalidate();
    return ok(saved);
  });

  route(app, guardarFooter, { access: ['admin'] }, async (request, reply) => {
    const form = await leerFormulario(request, ['logo']);
    if (!form.ok) return reply.status(form.status).send({ success: false, message: form.motivo });
    const sent = Object.fromEntries(FOOTER_TEXTOS.filter((f) => f in form.fields).map((f) => [f, plainText(form.fields[f])]));
    const parsed = footerFormSchema.safeParse(sent);
    if (!parsed.success) return invalid(reply, parsed.error);
    if (Object.keys(parsed.data).length === 0 && !form.files.logo) {
      return reply.status(422).send({ success: false, message: 'Indique qué desea cambiar del pie de página.' });
    }
    let logo: string | undefined;
    if (form.files.logo) {
      const stored = await storeImage(store, form.files.logo);
      if (!stored.ok) return reply.status(422).send({ success: false, message: stored.motivo, errors: { logo: [stored.motivo] } });
      logo = uploadUrl(stored.name);
    }
    const saved = await service.guardarFooter(db(), { ...parsed.data, ...(logo ? { logo } : {}) });
    app.responseCache.invalidate();
    return ok(saved);
  });
}
