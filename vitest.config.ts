import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests of the domain rules, and API tests through fastify.inject on in-memory PGlite
// (each test file starts from the migrated and seeded snapshot made once by the global setup,
// which runs only when some server test is selected).
/** Server test files that replace one of the server's modules (vi.mock): isolated, the mock stays theirs. */
const MOCKING = ['server/src/modules/imagenes/imagenes.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest leaves one core to itself by default; its main process is idle here, so a two-core
    // machine runs two files at once instead of one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'domain', include: ['domain/**/*.test.ts'] } },
      // Pure helpers of the pages (redirect checks, reload guard…), without a browser or a server.
      { extends: true, test: { name: 'web', include: ['web/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // Tests that need an outside service (Redis, a PostgreSQL server) run in the services
          // suite, `npm run test:pg`; a file that replaces a module (vi.mock) runs in its own project.
          exclude: ['**/node_modules/**', '**/*.redis.test.ts', '**/*.pg.test.ts', ...MOCKING],
          globalSetup: ['server/test/pglite-snapshot.ts'],
          // Every file builds its own app on its own database, and the server's modules keep no state
          // of their own outside an app (what they cache is keyed by the app's database or store): so
          // the files of one worker share the imported modules instead of each importing the whole
          // server again, which was most of the suite's time.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server-aislado', include: MOCKING, globalSetup: ['server/test/pglite-snapshot.ts'] } },
    ],
  },
});
