// Draining the HTTP server on SIGTERM before the app closes (docs/decisions/0032). Fastify's own
// close() refuses app.inject at once, and the SSR pages call the API through inject (decision 0003),
// so pages still rendering would fail with 500; and keep-alive connections that turn idle after
// server.close() stay open until their timeout. So main.ts first keeps accepting for a short grace
// (requests already on their way), then stops accepting connections, lets every request already taken
// finish (each answered with «Connection: close»), closes the idle connections, and only then closes
// the app, the queue and the database.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type Drenaje = {
  /** Stops accepting connections and resolves once no request is left in flight. */
  cerrar: () => Promise<void>;
  /** Requests being answered now (live event streams aside). */
  enCurso: () => number;
};

/** Live event streams never end on their own: the app's preClose hook ends them. */
const isStream = (request: IncomingMessage) => request.headers.accept?.includes('text/event-stream') ?? false;

/**
 * `graciaMs`: how long the server keeps accepting after the signal, so that requests already on
 * their way (sent by a balancer just before it moved the traffic) are taken and answered instead of
 * being reset with the listening socket.
 */
export function drenaje(server: Server, { graciaMs = 1000 } = {}): Drenaje {
  const active = new Set<ServerResponse>();
  let closing = false;
  let drained: (() => void) | null = null;

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (isStream(request)) return;
    active.add(response);
    // Node closes the connection itself once this answer is sent.
    if (closing) response.setHeader('connection', 'close');
    response.once('close', () => {
      active.delete(response);
      if (closing && active.size === 0) drained?.();
    });
  });

  return {
    enCurso: () => active.size,
    async cerrar() {
      closing = true;
      for (const response of active) if (!response.headersSent) response.setHeader('connection', 'close');
      if (graciaMs > 0) await new Promise((resolve) => setTimeout(resolve, graciaMs));
      // No new connections; Fastify's later close() accepts that the server is already closed.
      server.close();
      if (active.size > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
        });
      }
      // Keep-alive connections left idle would otherwise wait for their timeout (72 s in Fastify).
      server.closeIdleConnections();
    },
  };
}
