// /api/correo/*: the outbox of every message the store sent (admins read it; tests too).
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contract from '#domain/contracts/correo.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { NoEncontrado } from '#server/errors.ts';
import { route } from '#server/http/contract.ts';
import { ok, okList } from '#server/http/envelope.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';

const admin = { access: ['admin'] } as const;

export async function correoRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.deps.database.db;

  route(app, contract.bandeja, admin, async ({ query }) => {
    const { page, per_page, to } = query;
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
          attempts: correos.attempts,
          lastAttemptAt: correos.lastAttemptAt,
        })
        .from(correos)
        .where(where)
        .orderBy(desc(correos.id))
        .limit(per_page)
        .offset(offsetOf(page, per_page)),
      db().select({ total: count() }).from(correos).where(where),
    ]);
    return okList(rows, metaFor(page, per_page, total));
  });

  route(app, contract.bandejaCorreo, admin, async ({ params }) => {
    const [row] = await db().select().from(correos).where(eq(correos.id, params.id)).limit(1);
    if (!row) throw new NoEncontrado('El correo no existe.');
    // The delivery headers (a campaign's List-Unsubscribe) are for the mail server, not the inbox view.
    const { headers: _delivery, ...mail } = row;
    return ok(mail);
  });
}
