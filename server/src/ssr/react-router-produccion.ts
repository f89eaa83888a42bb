// React Router publishes its production build only under dist/production, and its package exports
// point Node at dist/development whatever NODE_ENV says (extra checks, warnings, slower renders).
// In production every import of it is redirected there, before anything loads it.
import { registerHooks } from 'node:module';

const DEVELOPMENT = '/node_modules/react-router/dist/development/';
const PRODUCTION = '/node_modules/react-router/dist/production/';

/** The URL a resolved module is loaded from: React Router's production build instead of its development one. */
export function productionUrl(url: string): string {
  return url.includes(DEVELOPMENT) ? url.replace(DEVELOPMENT, PRODUCTION) : url;
}

let registered = false;

/** Call once, before React Router is first imported (main.ts does it when NODE_ENV is production). */
export function loadReactRouterProduction(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return { ...resolved, url: productionUrl(resolved.url) };
    },
  });
}

/** Which build of React Router and of React this process loads (for the start-up log). */
export function reactBuilds(): { reactRouter: 'producción' | 'desarrollo'; react: 'producción' | 'desarrollo' } {
  const routerUrl = import.meta.resolve('react-router');
  return {
    reactRouter: routerUrl.includes('/dist/production/') ? 'producción' : 'desarrollo',
    // React's entry points choose their .production.js or .development.js file from NODE_ENV when loaded.
    react: process.env.NODE_ENV === 'production' ? 'producción' : 'desarrollo',
  };
}
