// /api/correo/*: the outbox of every message the store sent (admins read it; tests too).
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metaFor, offsetOf, PAGE_SIZES } from '../../../../domain/paginator.ts';
import { correos } from '../../db/schema.ts';
import { NoEncontrado } from '../../errors.ts';
import { ok, okList } from '../../http/envelope.ts';

export async function correoRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['correo'];
  const db = () => app.deps.database.db;

  app.get(
    '/bandeja',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: 'Correos enviados por la tienda',
        querystring: z.object({
          page: z.coerce.number().int().min(1, 'page debe ser 1 o mayor').default(1),
          per_page: z.coerce
            .number()
            .int()
            .min(1, 'per_page debe ser 1 o mayor')
            .max(100, 'per_page no puede ser mayor que 100')
            .default(PAGE_SIZES.admin),
          to: z.string().trim().toLowerCase().max(254).optional(),
        }),
      },
    },
    async (request) => {
      const { page, per_page, to } = request.query;
      const where = to ? eq(correos.to, to) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db()
          .select({
            id: correos.id,
            to: correos.to,
            subject: correos.subject,
            kind: correos.kind,
            createdAt: correos.createdAt,
            sentAt: correos.sentAt,
            error: correos.error,
          })
          .from(correos)
          .where(where)
          .orderBy(desc(correos.id))
          .limit(per_page)
          .offset(offsetOf(page, per_page)),
        db().select({ total: count() }).from(correos).where(where),
      ]);
      return okList(rows, metaFor(page, per_page, total));
    },
  );

  app.get(
    '/bandeja/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: 'Un correo enviado, completo',
        params: z.object({ id: z.coerce.number().int().positive('El id no es válido') }),
      },
    },
    async (request) => {
      const [row] = await db().select().from(correos).where(eq(correos.id, request.params.id)).limit(1);
      if (!row) throw new NoEncontrado('El correo no existe.');
      return ok(row);
    },
  );
}
