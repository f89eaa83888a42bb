import { defineConfig } from 'vitest/config';

// Unit tests of the domain rules and API tests through fastify.inject on in-memory PGlite.
export default defineConfig({
  test: {
    include: ['domain/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
