// Live notices for the back office: new orders and reported payments, sent with PostgreSQL
// NOTIFY right after the transaction that makes them commits (so only committed work is
// announced, from any process) and fanned out to the staff's browsers as server-sent events.
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, type Role } from '#domain/roles.ts';
import type { Db } from '#server/db/client.ts';
import { sessionResolver } from '#server/modules/auth/session.ts';

export const ORDENES_CHANNEL = 'ordenes';
export const ORDEN_EVENT_TYPES = ['orden-registrada', 'pago-reportado'] as const;
export type OrdenEvento = { type: (typeof ORDEN_EVENT_TYPES)[number]; code: string; total: string };

/** Proxies drop connections that stay silent; a comment line every 25 s keeps the stream open. */
export const HEARTBEAT_MS = 25_000;

/** Call after the commit. A crash right between loses only the live notice, never the order. */
export async function notificarOrden(db: Db, evento: OrdenEvento): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${ORDENES_CHANNEL}, ${JSON.stringify(evento)})`);
}

function parseEvento(payload: string): OrdenEvento | null {
  try {
    const value = JSON.parse(payload) as Partial<OrdenEvento>;
    if (!ORDEN_EVENT_TYPES.includes(value.type as OrdenEvento['type']) || typeof value.code !== 'string') return null;
    return { type: value.type as OrdenEvento['type'], code: value.code, total: String(value.total ?? '') };
  } catch {
    return null;
  }
}

function acceptsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * An open stream and the check of its session. Frames go through `queue` one at a time, so a
 * check in progress never lets a later frame overtake an earlier one.
 */
type Client = { res: ServerResponse; allowed: () => Promise<boolean>; queue: Promise<void> };

/**
 * GET /eventos: one database listener per process, started with the first subscriber and shared
 * by all of them; streams end when the browser leaves or the server closes, and when the session
 * that opened them is revoked or loses its role (checked before every frame and every heartbeat).
 */
export function eventosRoute(app: FastifyInstance, roles: readonly Role[]): void {
  const clients = new Set<Client>();
  let listening: Promise<() => Promise<void>> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const resolveUser = sessionResolver(() => app.authContext());

  /** Writes the frame only if the session still may see orders; otherwise the stream ends. */
  function deliver(client: Client, frame: string) {
    client.queue = client.queue.then(async () => {
      if (!clients.has(client)) return;
      let allowed = false;
      try {
        allowed = await client.allowed();
      } catch (error) {
        // Unsure whether the user still may see orders: close rather than deliver.
        app.log.error({ err: error }, 'avisos en vivo: no se pudo revisar la sesión');
      }
      if (!clients.has(client)) return;
      if (!allowed) {
        drop(client);
        client.res.end();
        return;
      }
      client.res.write(frame);
    });
  }

  function broadcast(payload: string) {
    const evento = parseEvento(payload);
    if (!evento) return;
    const frame = `event: ${evento.type}\ndata: ${JSON.stringify(evento)}\n\n`;
    for (const client of clients) deliver(client, frame);
  }

  function startListening(): Promise<() => Promise<void>> {
    listening ??= app.deps.database.listen(ORDENES_CHANNEL, broadcast).catch((error) => {
      listening = null;
      throw error;
    });
    return listening;
  }

  function drop(client: Client) {
    clients.delete(client);
    if (clients.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  app.addHook('preClose', async () => {
    // Open streams would keep the server from closing.
    for (const client of clients) client.res.end();
    clients.clear();
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  });
  app.addHook('onClose', async () => {
    const stop = listening && (await listening.catch(() => null));
    listening = null;
    await stop?.();
  });

  app.get(
    '/orden-compra/eventos',
    {
      config: { access: roles },
      schema: {
        tags: ['orden-compra'],
        summary: 'Avisos en vivo (text/event-stream): orden-registrada y pago-reportado',
      },
    },
    async (request, reply) => {
      if (!acceptsEventStream(request)) {
        return reply.status(406).send({ success: false, message: 'Este recurso solo se sirve como text/event-stream.' });
      }
      await startListening();
      // The stream bypasses Fastify's reply pipeline (compression would hold the events back).
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        // Personal data (order codes, totals): never stored; no-transform keeps proxies from compressing or rewriting it.
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 5000\n: conectado\n\n');
      const client: Client = {
        res,
        allowed: async () => {
          const user = await resolveUser(request);
          return user !== null && hasAnyRole(user.roles, roles);
        },
        queue: Promise.resolve(),
      };
      clients.add(client);
      heartbeat ??= setInterval(() => {
        for (const each of clients) deliver(each, ': latido\n\n');
      }, HEARTBEAT_MS).unref();
      request.raw.on('close', () => drop(client));
      res.on('close', () => drop(client));
    },
  );
}
