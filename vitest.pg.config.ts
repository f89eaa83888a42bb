import { defineConfig } from 'vitest/config';

// The API suite against a real PostgreSQL server (each test file gets its own database).
if (!process.env.DATABASE_URL) {
  throw new Error('test:pg necesita DATABASE_URL, por ejemplo postgres://postgres@127.0.0.1:5432/test');
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
