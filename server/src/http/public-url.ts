// The store's public origin, the only source of absolute URLs (sitemap, robots.txt, canonical and
// OpenGraph links, e-mail links, OAuth callbacks): PUBLIC_URL, never the Host header a client sends.
import type { Env } from '#server/env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `https://www.example.com` (no trailing slash). */
    publicUrl: string;
  }
}

export function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/** In production without PUBLIC_URL the store still starts (npm start needs no configuration), but says so. */
export function missingPublicUrlWarning(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>): string | null {
  if (env.PUBLIC_URL || env.NODE_ENV !== 'production') return null;
  return (
    `PUBLIC_URL no está definida: el sitemap, robots.txt, los enlaces canónicos y los enlaces de los correos usarán ` +
    `${publicOrigin(env)}. En producción defina PUBLIC_URL con la dirección pública de la tienda (por ejemplo https://www.mitienda.com.ve).`
  );
}
