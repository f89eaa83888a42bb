// The code and the docs cite only what is in the repository: the team's notes outside it (the
// domain, architecture, API and style notes, the product specification's numbered sections) are
// never cited, and every «docs/<archivo>.md §Sección» names a heading that exists in that file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SELF = 'domain/docs-citas.test.ts';
const SKIP = new Set(['node_modules', '.git', 'build', 'data', 'test-results', 'playwright-report', '.react-router', 'coverage']);
const TEXT = /\.(tsx?|md|sql|css|ya?ml)$/;

function repoFiles(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : repoFiles(rel);
    return TEXT.test(entry.name) || dir === '.ci' ? [rel] : [];
  });
}

/** A citation of something that lives outside the repository. */
const OUTSIDE = [
  /\b(?:DOMAIN|ARCHITECTURE|STYLE|API)\.md\b/,
  /\bspec(?:ificación)?\s*\(?§/i,
  /\(§\d/,
  /\/work\/shared\b/,
  /\bseed\/spec\.md\b/,
];

function outsideCitations(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => (OUTSIDE.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/** The headings of a Markdown file, each also without its trailing «(…)» and code marks. */
function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].flatMap((m) => {
    const full = m[1].replaceAll('`', '');
    return [full, full.replace(/\s*\(.*\)$/, '')];
  });
}

/** Each «docs/x.md §Sección» of a line: the file and the text that follows each §. */
function sectionCitations(line: string): { doc: string; section: string }[] {
  return [...line.matchAll(/\b(docs\/[\w/.-]+\.md) §/g)].flatMap((m) => {
    const rest = line.slice((m.index ?? 0) + m[1].length).split(/\bdocs\//)[0];
    return rest
      .split('§')
      .slice(1)
      .map((section) => ({ doc: m[1], section }));
  });
}

/** A cited section exists when some heading of the file starts it, followed by no more letters. */
function citesHeading(section: string, headings: readonly string[]): boolean {
  return headings.some((h) => section.startsWith(h) && !/^[\p{L}\p{N}]/u.test(section.slice(h.length)));
}

describe('citas de la documentación', () => {
  const files = repoFiles().filter((f) => f !== SELF);

  it('lee los archivos del repositorio (código, docs, decisiones, bench, e2e)', () => {
    for (const f of ['README.md', 'docs/dominio.md', 'server/src/app.ts', 'web/app/routes.ts', 'e2e/checkout.e2e.ts'])
      expect(files).toContain(f);
  });

  it('reconoce una cita de fuera y las secciones citadas', () => {
    expect(outsideCitations('x.ts', `// roles (${'DOMAIN'}.md)\n// spec §4\n// nada`)).toEqual([
      'x.ts:1: // roles (DOMAIN.md)',
      'x.ts:2: // spec §4',
    ]);
    expect(sectionCitations('// (docs/dominio.md §Listas fijas, §Roles) y docs/api.md §Listas.')).toEqual([
      { doc: 'docs/dominio.md', section: 'Listas fijas, ' },
      { doc: 'docs/dominio.md', section: 'Roles) y ' },
      { doc: 'docs/api.md', section: 'Listas.' },
    ]);
    const headings = headingsOf('# T\n## Cuentas por cobrar (módulo `mayor-cuentas/`)\n## Roles\n');
    expect(citesHeading('Cuentas por cobrar exactly.', headings)).toBe(true);
    expect(citesHeading('Roles).', headings)).toBe(true);
    expect(citesHeading('Rolesx', headings)).toBe(false);
    expect(citesHeading('Abonos', headings)).toBe(false);
  });

  it('ningún archivo cita las notas de fuera del repositorio ni las secciones de la especificación', () => {
    const bad = files.flatMap((f) => outsideCitations(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('cada «docs/x.md §Sección» citada es un encabezado de ese archivo', () => {
    const headings = new Map<string, string[]>();
    const bad: string[] = [];
    for (const f of files) {
      readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const { doc, section } of sectionCitations(line)) {
            if (!headings.has(doc)) {
              const file = path.join(ROOT, doc);
              headings.set(doc, existsSync(file) ? headingsOf(readFileSync(file, 'utf8')) : []);
            }
            if (!citesHeading(section, headings.get(doc) ?? [])) bad.push(`${f}:${i + 1}: ${doc} §${section.trim()}`);
          }
        });
    }
    expect(bad).toEqual([]);
  });
});
