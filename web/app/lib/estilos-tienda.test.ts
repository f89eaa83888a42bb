import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The storefront loads only the Mantine styles listed in estilos-tienda.ts: every component a page
// outside the dashboard imports from '@mantine/core', and the ones it is built from, must be there.
const app = path.resolve(import.meta.dirname, '..');
const mantine = path.dirname(path.dirname(path.resolve('node_modules/@mantine/core/esm/index.mjs')));
const esm = path.join(mantine, 'esm');
const stylesDir = path.join(mantine, 'styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(app, 'dashboard') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Names imported from '@mantine/core' by the storefront's code (types left out). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(app)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
    }
  }
  return names;
}

/** The style files a component needs: its own and those of the components and helpers it imports. */
function stylesOf(modulePath: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(modulePath)) return found;
  seen.add(modulePath);
  for (const segment of path.relative(esm, modulePath).split(path.sep)) {
    const name = segment.replace(/\.mjs$/, '');
    if (existsSync(path.join(stylesDir, `${name}.css`))) found.add(name);
  }
  for (const match of readFileSync(modulePath, 'utf8').matchAll(/from '(\.[^']+\.mjs)'/g)) {
    const target = path.resolve(path.dirname(modulePath), match[1]);
    if (!/\/esm\/(components|utils)\//.test(target)) continue;
    for (const name of stylesOf(target, seen)) found.add(name);
  }
  return found;
}

describe("the storefront's Mantine styles", () => {
  const listed = new Set(
    [...readFileSync(path.join(app, 'lib/estilos-tienda.ts'), 'utf8').matchAll(/'@mantine\/core\/styles\/([\w-]+)\.css'/g)].map(
      (m) => m[1],
    ),
  );
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');

  it('include every component the storefront uses and those it is built from', () => {
    const needed = new Set<string>();
    for (const name of importedNames()) {
      const source = index.match(new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./(?:components|utils)/[^']+)'`))?.[1];
      if (source) for (const style of stylesOf(path.join(esm, source))) needed.add(style);
    }
    expect(needed.size).toBeGreaterThan(20);
    expect([...needed].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it('leave the base, the variables and the global styles to root.tsx, which every page loads first', () => {
    expect([...listed].filter((name) => ['baseline', 'default-css-variables', 'global'].includes(name))).toEqual([]);
    const root = readFileSync(path.join(app, 'root.tsx'), 'utf8');
    const order = ['baseline', 'default-css-variables', 'global'].map((name) => root.indexOf(`'@mantine/core/styles/${name}.css'`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(root.indexOf("'./app.css'")).toBeGreaterThan(order[2]);
  });
});
