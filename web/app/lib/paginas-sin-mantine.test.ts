import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The pages a shopper browses load no Mantine JavaScript (docs/decisions/0037): the root, the
// store's layout and these pages, with everything they import from the app and the domain, import
// nothing from '@mantine/*' but the reset and variables stylesheets root.tsx loads for every page.
// The cart neither: its later steps come with Mantine through a dynamic import, not followed here.
const app = path.resolve(import.meta.dirname, '..');
const root = path.resolve(app, '../..');
const BROWSING = [
  'root.tsx',
  'tienda/layout.tsx',
  'tienda/inicio/inicio.tsx',
  'tienda/catalogo/lineas.tsx',
  'tienda/catalogo/sublineas.tsx',
  'tienda/catalogo/articulos-sublinea.tsx',
  'tienda/catalogo/articulo.tsx',
  'tienda/catalogo/articulos-opcion.tsx',
  'tienda/catalogo/buscar.tsx',
  'tienda/no-encontrada.tsx',
  'tienda/carrito/carrito.tsx',
];
const ALLOWED = /^@mantine\/core\/styles\/(baseline|default-css-variables|global)\.css$/;

function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith('#web/')) return path.join(app, specifier.slice(5));
  if (specifier.startsWith('#domain/')) return path.join(root, 'domain', specifier.slice(8));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return null;
}

/** Every package a file imports at run time, following its own modules (type-only imports left out). */
function packagesReachedFrom(file: string, seen = new Map<string, string>()): Map<string, string> {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^import\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, specifier] = match;
    if (typeOnly) continue;
    const target = resolveImport(file, specifier);
    if (!target) {
      seen.set(specifier, path.relative(app, file));
      continue;
    }
    if (seen.has(target) || !existsSync(target) || !/\.tsx?$/.test(target)) continue;
    seen.set(target, path.relative(app, file));
    packagesReachedFrom(target, seen);
  }
  return seen;
}

it('las páginas de recorrer la tienda y el carrito no cargan componentes de Mantine', () => {
  const mantine: string[] = [];
  let modules = 0;
  for (const page of BROWSING) {
    for (const [imported, by] of packagesReachedFrom(path.join(app, page))) {
      if (imported.startsWith('/')) modules++;
      else if (imported.startsWith('@mantine/') && !ALLOWED.test(imported)) mantine.push(`${by} → ${imported}`);
    }
  }
  expect(modules).toBeGreaterThan(30);
  expect(mantine).toEqual([]);
});
