// zod compiles fast object parsers with `new Function`, after probing once whether it may. Our page
// CSP has no 'unsafe-eval', so the browser reports that probe as a violation (Lighthouse: best
// practices). In the browser zod parses without it; the server keeps its compiled parsers.
// zod keeps its settings in `globalThis.__zod_globalConfig` (shared by every copy of it) and reads
// `jitless` when a schema is built, so setting it here, first thing in root.tsx, covers every schema
// without loading zod on the pages that never build one (zod-sin-eval.test.ts checks zod still reads it).
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export function turnOffZodCompilation(scope: ZodGlobal = globalThis as ZodGlobal) {
  // The same object zod keeps, if it is already loaded; a new one for zod to take, if not.
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}

if (typeof document !== 'undefined') turnOffZodCompilation();
