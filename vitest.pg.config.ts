import { defineConfig } from 'vitest/config';

// The API suite against a real PostgreSQL server: each test file creates its own database on the
// server of DATABASE_URL, migrates and seeds it, and drops it at the end.
if (!process.env.DATABASE_URL) {
  throw new Error('npm run test:pg necesita DATABASE_URL, por ejemplo DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
}

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
