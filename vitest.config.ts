import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests of the domain rules, and API tests through fastify.inject on in-memory PGlite
// (each test file starts from the migrated and seeded snapshot made once by the global setup,
// which runs only when some server test is selected).
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
          // suite, `npm run test:pg`.
          exclude: ['**/node_modules/**', '**/*.redis.test.ts', '**/*.pg.test.ts'],
          globalSetup: ['server/test/pglite-snapshot.ts'],
        },
      },
    ],
  },
});
