// Loaders receive the in-process API client and the CSP nonce from the server (server/src/ssr).
import type { LoadContext } from '../../../domain/contracts/api-client.ts';

declare module 'react-router' {
  interface AppLoadContext extends LoadContext {}
}
