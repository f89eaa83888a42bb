// The graph of the server's modules (the folders under server/src/modules): an edge a → b when a
// file of a imports one of b, by alias (#server/modules/b/…) or by a relative path; a table import
// (b's *.schema.ts) counts like any other. Tests are left out: a test may set up what it needs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MODULES = 'server/src/modules';

export type Arista = {
  desde: string;
  hacia: string;
  /** "archivo → archivo", one per import. */
  por: string[];
};
export type Grafo = { modulos: string[]; aristas: Arista[] };

/** Every module specifier a source imports (static, dynamic, type-only and re-exports). */
export function importsOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g);
  return [...found].map((m) => m[1]);
}

/** The module a repository path belongs to, if it is inside one. */
export function moduloDe(file: string): string | undefined {
  return file.match(/^server\/src\/modules\/([^/]+)\//)?.[1];
}

function destino(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(file), specifier);
  if (specifier.startsWith('#server/')) return `server/src/${specifier.slice('#server/'.length)}`;
  return undefined;
}

/** The names a source imports from each specifier (`import { a, b as c, type T } from '…'`). */
function namedImportsOf(source: string): { specifier: string; names: string[] }[] {
  return [...source.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].map((m) => ({
    specifier: m[2],
    names: m[1]
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop() ?? '',
      )
      .filter(Boolean),
  }));
}

/**
 * Each write of a module to a table another module declares: a drizzle insert, update or delete
 * of it, or a raw INSERT INTO / UPDATE / DELETE FROM naming it. Written "m escribe dueño.tabla".
 */
export function escriturasAjenas(fuentes: Record<string, string>): string[] {
  const found = new Set<string>();
  for (const [file, source] of Object.entries(fuentes)) {
    const modulo = moduloDe(file);
    if (!modulo) continue;
    for (const { specifier, names } of namedImportsOf(source)) {
      const target = destino(file, specifier);
      const dueno = target && moduloDe(target);
      if (!target?.endsWith('.schema.ts') || !dueno || dueno === modulo) continue;
      for (const tabla of names) {
        const drizzle = new RegExp(`\\.(?:insert|update|delete)\\(\\s*${tabla}\\b`);
        const raw = new RegExp(`\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+\\$\\{${tabla}\\}`, 'i');
        if (drizzle.test(source) || raw.test(source)) found.add(`${modulo} escribe ${dueno}.${tabla}`);
      }
    }
  }
  return [...found].sort();
}

/** Each repo of another module a module imports, "m usa otro.repo.ts": it should call that module's service. */
export function reposAjenos(grafo: Grafo): string[] {
  const found = grafo.aristas.flatMap((a) =>
    a.por
      .map((p) => p.split(' → ')[1])
      .filter((target) => target.endsWith('.repo.ts'))
      .map((target) => `${a.desde} usa ${target}`),
  );
  return [...new Set(found)].sort();
}

/** Builds the graph from sources given as repository path → text (pure, for the tests). */
export function grafoDe(fuentes: Record<string, string>): Grafo {
  const modulos = new Set<string>();
  const aristas = new Map<string, Arista>();
  for (const [file, source] of Object.entries(fuentes)) {
    const desde = moduloDe(file);
    if (!desde) continue;
    modulos.add(desde);
    for (const specifier of importsOf(source)) {
      const target = destino(file, specifier);
      const hacia = target && moduloDe(target);
      if (!hacia || hacia === desde) continue;
      const key = `${desde} → ${hacia}`;
      const arista = aristas.get(key) ?? { desde, hacia, por: [] };
      arista.por.push(`${path.posix.basename(file)} → ${path.posix.basename(target)}`);
      aristas.set(key, arista);
    }
  }
  const orden = (a: Arista, b: Arista) => a.desde.localeCompare(b.desde) || a.hacia.localeCompare(b.hacia);
  return { modulos: [...modulos].sort(), aristas: [...aristas.values()].sort(orden) };
}

/** Every non-test TypeScript file of the modules of the repository at `root`, by path. */
export function fuentesDelServidor(root: string): Record<string, string> {
  const fuentes: Record<string, string> = {};
  for (const entry of readdirSync(path.join(root, MODULES), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    fuentes[file] = readFileSync(path.join(root, file), 'utf8');
  }
  return fuentes;
}

/** The graph of the repository at `root`. */
export function grafoDelServidor(root: string): Grafo {
  return grafoDe(fuentesDelServidor(root));
}

/**
 * Every elementary cycle, each written once from its alphabetically first module and back to it
 * ("a → b → a"), sorted. The search stops at `limite` cycles so a tangled graph cannot hang it.
 */
export function ciclos(grafo: Grafo, limite = 10_000): string[] {
  const siguientes = new Map<string, string[]>(grafo.modulos.map((m) => [m, []]));
  for (const { desde, hacia } of grafo.aristas) siguientes.get(desde)?.push(hacia);
  const found: string[] = [];
  for (const inicio of grafo.modulos) {
    const camino = [inicio];
    const visitar = (modulo: string) => {
      for (const otro of siguientes.get(modulo) ?? []) {
        if (found.length >= limite) return;
        if (otro === inicio) found.push([...camino, inicio].join(' → '));
        else if (otro > inicio && !camino.includes(otro)) {
          camino.push(otro);
          visitar(otro);
          camino.pop();
        }
      }
    };
    visitar(inicio);
  }
  return found.sort();
}
