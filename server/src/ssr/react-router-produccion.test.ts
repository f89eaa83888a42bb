// Under NODE_ENV=production the server must run React Router's production build, although its
// package exports send Node to dist/development.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { productionUrl } from './react-router-produccion.ts';

/** Loads React Router as the server does (with or without the redirect) and lists the files Node read. */
function loadedFiles(production: boolean): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { if (url.includes('/react-router/dist/')) loaded.push(url); return next(url, context); } });
    ${production ? "const m = await import('#server/ssr/react-router-produccion.ts'); m.loadReactRouterProduction();" : ''}
    await import('react-router');
    await import('@react-router/node');
    console.log(JSON.stringify(loaded));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as string[];
}

describe('React Router en producción', () => {
  it('sin la redirección, Node cargaría la compilación de desarrollo', () => {
    const files = loadedFiles(false);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => f.includes('/dist/development/'))).toBe(true);
  });

  it('con ella, todo lo que importa react-router (también @react-router/node) es la compilación de producción', () => {
    const files = loadedFiles(true);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !f.includes('/dist/production/'))).toEqual([]);
  });

  it('solo cambia los archivos de React Router', () => {
    expect(productionUrl('file:///app/node_modules/react-router/dist/development/index.mjs')).toBe(
      'file:///app/node_modules/react-router/dist/production/index.mjs',
    );
    expect(productionUrl('file:///app/node_modules/react-dom/index.js')).toBe('file:///app/node_modules/react-dom/index.js');
  });
});
