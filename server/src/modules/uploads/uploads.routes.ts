// /uploads/{name}: the pictures stored by uploads.ts, read from the upload store (DATA_DIR or the
// S3 bucket, which stays private). A name is random and never reused, so its bytes never change
// and browsers may keep them for a year.
import type { FastifyInstance } from 'fastify';
import { streamUpload } from './uploads.ts';

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const file = await streamUpload(app.uploadStore, request.params.name);
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('La imagen no existe.');
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', file.bytes)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
