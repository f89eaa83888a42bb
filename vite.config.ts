import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { minificacion } from './web/minificar.ts';
import { storefrontChunks } from './web/trozos.ts';

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
    // The browser's files with terser, as the floor of bench/js-piso.ts (web/minificar.ts).
    ...(isSsrBuild ? {} : minificacion),
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            // A storefront page loads a handful of files and none of the dashboard (web/trozos.ts).
            // No `experimentalMinChunkSize`: it merged small files of unrelated pages, the
            // dashboard's layout into one the storefront's layout imports, and storefront pages
            // with dashboard pages; the dashboard's own modules keep rollup's exact grouping.
            manualChunks: storefrontChunks(path.resolve('web/app')),
            onlyExplicitManualChunks: true,
          },
          // A circular chunk (a manual chunk that needs one that needs it back) links, but its modules
          // can run before what they import: the page dies with «Cannot access … before
          // initialization». web/trozos.ts must not produce one, so the build stops if it does.
          onwarn(warning, warn) {
            if (warning.code === 'CIRCULAR_CHUNK') throw new Error(`web/trozos.ts armó trozos circulares: ${warning.message}`);
            warn(warning);
          },
          treeshake: {
            // The API contracts (zod schemas) are built at module level; pages call them from their
            // loaders and actions, which never reach the browser, so a contract no browser code
            // uses must not drag zod into the storefront's JavaScript.
            moduleSideEffects: (id: string) => !/\/domain\/contracts\//.test(id),
          },
        },
  },
}));
