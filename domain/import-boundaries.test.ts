// The folders keep their promises: domain/ is pure (no I/O, no framework but zod), and the
// storefront and the back office never import each other (shared pieces live in components/).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** Every module specifier a file imports (static, dynamic and re-exports). */
function importsOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g);
  return [...found].map((m) => m[1]);
}

function resolve(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  if (specifier.startsWith('#web/')) return `web/app/${specifier.slice(5)}`;
  if (specifier.startsWith('#domain/')) return `domain/${specifier.slice(8)}`;
  if (specifier.startsWith('#server/')) return `server/src/${specifier.slice(8)}`;
  if (specifier.startsWith('#test/')) return `server/test/${specifier.slice(6)}`;
  return specifier;
}

function violations(files: string[], allowed: (target: string, file: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(readFileSync(path.join(ROOT, file), 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target) => !allowed(target, file))
      .map((target) => `${file} → ${target}`),
  );
}

describe('límites entre carpetas', () => {
  it('reconoce las importaciones estáticas, dinámicas y re-exportadas', () => {
    const source =
      "import a from 'x';\nimport type { B } from '#domain/b.ts';\nexport { c } from './c.ts';\nconst d = await import('node:fs');";
    expect(importsOf(source)).toEqual(['x', '#domain/b.ts', './c.ts', 'node:fs']);
  });

  it('domain/ solo importa zod y otros archivos de domain/ (sus pruebas, además vitest, fast-check y node:)', () => {
    const files = sourceFiles('domain').filter((f) => f !== 'domain/import-boundaries.test.ts');
    const bad = violations(files, (target, file) => {
      if (target === 'zod' || target.startsWith('domain/')) return true;
      return file.endsWith('.test.ts') && (target === 'vitest' || target === 'fast-check' || target.startsWith('node:'));
    });
    expect(bad).toEqual([]);
  });

  it('la tienda y el panel no se importan entre sí', () => {
    const tienda = violations(sourceFiles('web/app/tienda'), (target) => !target.startsWith('web/app/dashboard/'));
    const dashboard = violations(sourceFiles('web/app/dashboard'), (target) => !target.startsWith('web/app/tienda/'));
    expect([...tienda, ...dashboard]).toEqual([]);
  });

  it('la web no importa código del servidor', () => {
    const bad = violations(sourceFiles('web/app'), (target) => !target.startsWith('server/'));
    expect(bad).toEqual([]);
  });
});
