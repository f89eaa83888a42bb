// The floor under the storefront's JavaScript: what any page of a React Router app hydrated the way
// ours is (React 19, React DOM, React Router's production build, a root with Link, Form and Outlet)
// costs before a single line of the store, bundled by the same Vite and rollup and minified the same
// way (web/minificar.ts). The storefront's figures in bench/js-tienda.ts are compared against it.
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { minificacion } from '../web/minificar.ts';

const ENTRY = `
import { createElement, StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { Form, Link, Outlet, Scripts, ScrollRestoration, useFetcher, useNavigation } from 'react-router';
startTransition(() => {
  hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter)));
});
function Root() {
  const navigation = useNavigation();
  const fetcher = useFetcher();
  return createElement('div', null, createElement(Link, { to: '/' }, 'Inicio'),
    createElement(Form, null, navigation.state, fetcher.state), createElement(Outlet),
    createElement(ScrollRestoration), createElement(Scripts));
}
window.root = Root;
`;

function virtualEntry(): Plugin {
  return {
    name: 'piso:entrada',
    resolveId: (id) => (id === 'piso-entrada' ? id : null),
    load: (id) => (id === 'piso-entrada' ? ENTRY : null),
  };
}

// Like vite.config.ts: the browser gets React Router's production build.
function reactRouterProduction(): Plugin {
  return {
    name: 'piso:react-router-produccion',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.startsWith('react-router')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes('/react-router/dist/development/')) return resolved;
      return { ...resolved, id: resolved.id.replace('/react-router/dist/development/', '/react-router/dist/production/') };
    },
  };
}

/** Files, gzip (level 6, each file alone) and raw bytes of the floor's JavaScript. */
export async function reactRouterFloor(): Promise<{ files: number; gzip: number; raw: number }> {
  const outDir = path.join(tmpdir(), `vitrina-js-piso-${process.pid}`);
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [virtualEntry(), reactRouterProduction()],
      publicDir: false,
      // Minified as the store's browser build (vite.config.ts).
      build: { ...minificacion, outDir, emptyOutDir: true, rollupOptions: { input: 'piso-entrada' }, modulePreload: false },
    });
    let files = 0;
    let gzip = 0;
    let raw = 0;
    for (const file of await readdir(path.join(outDir, 'assets'))) {
      if (!file.endsWith('.js')) continue;
      const body = await readFile(path.join(outDir, 'assets', file));
      files += 1;
      raw += body.length;
      gzip += gzipSync(body, { level: 6 }).length;
    }
    return { files, gzip, raw };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const floor = await reactRouterFloor();
  console.log(
    `React + React DOM + React Router, sin la tienda: ${(floor.gzip / 1024).toFixed(1)} KB gzip, ${(floor.raw / 1024).toFixed(1)} KB sin comprimir`,
  );
}
