import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package exports point every bundler at its development build (the production
 * one differs only in its dev warnings); the browser gets the production one. The server does the
 * same in Node (server/src/ssr/react-router-produccion.ts).
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'vitrina:react-router-produccion',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options.ssr || !source.startsWith('react-router')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes('/react-router/dist/development/')) return resolved;
      return { ...resolved, id: resolved.id.replace('/react-router/dist/development/', '/react-router/dist/production/') };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), reactRouterProduction()],
  build: {
    assetsDir: 'assets',
    rollupOptions: isSsrBuild
      ? {}
      : {
          // Mantine is one file per component and helper: a first visit fetched ~80 scripts of a
          // few hundred bytes each, one round trip after another on a phone. Chunks under 20 kB
          // without side effects are merged into others loaded in the same cases (bench/js-tienda.ts).
          output: { experimentalMinChunkSize: 20_000 },
          treeshake: {
            // The API contracts (zod schemas) are built at module level; pages call them from their
            // loaders and actions, which never reach the browser, so a contract no browser code
            // uses must not drag zod into the storefront's JavaScript.
            moduleSideEffects: (id: string) => !/\/domain\/contracts\//.test(id),
          },
        },
  },
}));
