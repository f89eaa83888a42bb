// zod compiles fast object parsers with `new Function`, after probing once whether it may. Our page
// CSP has no 'unsafe-eval', so the browser reports that probe as a violation (Lighthouse: best
// practices). In the browser zod parses without it; the server keeps its compiled parsers. Imported
// first by root.tsx, before any module builds a schema (the probe runs when one is built).
import { config } from 'zod/v4/core';

if (typeof document !== 'undefined') config({ jitless: true });
