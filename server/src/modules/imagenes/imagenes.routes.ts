// /imagenes/*: product pictures drawn by the project (SVG per garment and colour) served as WebP, and
// the photos the staff uploaded (/imagenes/fotos/*, fotos/ in the upload store: DATA_DIR or the S3 bucket).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BannerWidth, IMAGE_WIDTHS, type ImageWidth, photoUrl } from '#domain/catalogo-urls.ts';
import { PHOTO_KEY, readPhotoFile } from './fotos.ts';
import { bannerSvg, GARMENTS, type Garment, garmentSvg, logoSvg } from './garment-svg.ts';
import { findModelLook } from './imagenes.repo.ts';
import { svgToWebp } from './render.ts';

const ONE_DAY = 86400;

function variantOf(baseCode: string): number {
  let hash = 0;
  for (const ch of baseCode) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 4;
}

function isGarment(value: string): value is Garment {
  return (GARMENTS as readonly string[]).includes(value);
}

export async function imagenesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cacheDir = app.deps.env.NODE_ENV === 'test' ? null : path.join(app.deps.env.dataDir, 'cache', 'imagenes');

  // A picture several visitors ask for at once is drawn once; each write goes to its own temporary
  // file (a name made of the pid and the millisecond was shared by two requests, and the second
  // rename failed with ENOENT).
  const drawing = new Map<string, Promise<Buffer>>();

  async function drawAndKeep(dir: string, file: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const bytes = await make();
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    } catch (err) {
      // A full or read-only disk costs the next visitor a new drawing, not this one the picture.
      app.log.warn({ err }, 'imagen no guardada en disco');
      await rm(tmp, { force: true }).catch(() => {});
    }
    return bytes;
  }

  async function cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    if (!cacheDir) return make();
    const file = path.join(cacheDir, key);
    try {
      return await readFile(file);
    } catch {
      let pending = drawing.get(key);
      if (!pending) {
        pending = drawAndKeep(cacheDir, file, make).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return pending;
    }
  }

  function sendWebp(reply: FastifyReply, bytes: Buffer) {
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', `public, max-age=${ONE_DAY}, stale-while-revalidate=${7 * ONE_DAY}`)
      .send(bytes);
  }

  app.get(
    '/imagenes/modelos/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[A-Z0-9-]{4,20}-(320|640|960)\.webp$/, 'Imagen no válida') }),
      },
    },
    async (request, reply) => {
      const match = /^(.+)-(\d+)\.webp$/.exec(request.params.file);
      const model = match?.[1] ?? '';
      const width = Number(match?.[2]);
      const look = await findModelLook(app.deps.database.db, model);
      if (!look || !isGarment(look.garment) || !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
        return reply.status(404).send({ success: false, message: 'La imagen no existe.' });
      }
      // A model with photos: its drawing's address leads to its first photo (the cart, the líneas
      // and the colour swatches use that address). Briefly cached: the first photo can change.
      if (look.photo) {
        return reply.header('cache-control', 'public, max-age=300').redirect(photoUrl(look.photo, width as ImageWidth), 302);
      }
      const garment = look.garment;
      const variant = variantOf(look.baseCode);
      const key = `v2-${garment}-${look.hex.slice(1)}-${variant}-${width}.webp`;
      const bytes = await cached(key, () => svgToWebp(garmentSvg(garment, look.hex, { variant }), width));
      return sendWebp(reply, bytes);
    },
  );

  // Each upload has its own key, so its files never change: cached for good.
  app.get(
    '/imagenes/fotos/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[A-Z0-9-]{5,20}-[0-9A-F]{8}-(320|640|960)\.webp$/, 'Imagen no válida') }),
      },
    },
    async (request, reply) => {
      const match = /^(.+)-(\d+)\.webp$/.exec(request.params.file);
      const key = match?.[1] ?? '';
      const bytes = PHOTO_KEY.test(key) ? await readPhotoFile(app.uploadStore, key, Number(match?.[2])) : null;
      if (!bytes) return reply.status(404).send({ success: false, message: 'La imagen no existe.' });
      return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );

  const banner = (width: BannerWidth) =>
    cached(`banner-v2-${width}.webp`, () =>
      svgToWebp(bannerSvg('Nueva colección', 'Ropa y calzado para toda la familia', '#c2185b'), width),
    );
  app.get('/imagenes/banner.webp', { schema: { hide: true } }, async (_request, reply) => sendWebp(reply, await banner(1600)));
  // Narrower copies for phones (the home page's srcset): the banner is the page's largest paint.
  app.get(
    '/imagenes/banner-:width.webp',
    {
      schema: {
        hide: true,
        // Only these spellings: «0640» or «6.4e2» would be other addresses of the same picture.
        params: z.object({ width: z.enum(['640', '960'], { error: 'Imagen no válida' }) }),
      },
    },
    async (request, reply) => sendWebp(reply, await banner(Number(request.params.width) as BannerWidth)),
  );

  // The logo, and the same with white letters for the dark footer.
  for (const [path, textColor] of [
    ['/imagenes/logo.svg', undefined],
    ['/imagenes/logo-claro.svg', '#ffffff'],
  ] as const) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', `public, max-age=${ONE_DAY}`)
        .send(logoSvg('Vitrina', textColor)),
    );
  }
}
