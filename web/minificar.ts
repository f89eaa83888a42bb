// How the browser's JavaScript is minified: vite.config.ts (the store's client build) and
// bench/js-piso.ts (the floor it is measured against) share it, so both are built the same way.
//
// Terser with two compress passes and module-level mangling gives smaller files than Vite's
// default (esbuild): measured on the floor, React + React DOM + React Router alone went from
// 107.3 to 104.0 KB gzip (docs/decisions/0037). The build takes longer: ~45 s instead of ~28 s on
// two cores.
import { availableParallelism } from 'node:os';
import type { BuildEnvironmentOptions } from 'vite';

export const minificacion = {
  minify: 'terser',
  // One worker per core (Vite's default leaves one core to the main thread, idle while it waits).
  terserOptions: { compress: { passes: 2 }, ecma: 2020, module: true, maxWorkers: availableParallelism() },
} satisfies BuildEnvironmentOptions;
