// zod compiles fast object parsers with `new Function`, after probing once whether it may. Our page
// CSP has no 'unsafe-eval', so the browser reports that probe as a violation (Lighthouse: best
// practices). In the browser zod parses without it (its own `config({ jitless: true })`, which also
// skips the probe); the server keeps its compiled parsers. Imported first thing in root.tsx, so it
// runs before any schema is used. Only `config` is bundled into the root (zod has no side effects).
import { config } from 'zod';

export function turnOffZodCompilation(): void {
  config({ jitless: true });
}

if (typeof document !== 'undefined') turnOffZodCompilation();
