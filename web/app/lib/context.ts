// Loaders receive the in-process API client, the CSP nonce and the store's public origin from the
// server (server/src/ssr). Absolute URLs (canonical, OpenGraph) use publicUrl, never the request's host.
import type { LoadContext } from '#domain/contracts/api-client.ts';

declare module 'react-router' {
  interface AppLoadContext extends LoadContext {
    /** `https://www.example.com`, from PUBLIC_URL. */
    publicUrl: string;
  }
}
