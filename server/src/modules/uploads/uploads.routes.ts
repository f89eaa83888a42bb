// /uploads/{name}: the pictures stored by uploads.ts. A name is random and never reused, so its
// bytes never change and browsers may keep them for a year.
import type { FastifyInstance } from 'fastify';
import { readUpload } from './uploads.ts';

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const bytes = await readUpload(app.deps.env.dataDir, request.params.name);
    if (!bytes) return reply.status(404).type('text/plain; charset=utf-8').send('La imagen no existe.');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
