// Small helpers for API tests: a JSON GET through inject and raw SQL rows from either driver.
import type { SQL } from 'drizzle-orm';
import type { TestApp } from './build-test-app.ts';

export type Envelope<T> = {
  success: boolean;
  data: T;
  meta?: { current_page: number; per_page: number; total: number; from: number | null; to: number | null; last_page: number };
  message?: string;
  errors?: Record<string, string[]>;
};

export async function getJson<T = unknown>(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
}

/** Rows of a raw query; PGlite answers `{ rows }`, node-postgres a QueryResult with `rows` too. */
export async function rows<T>(t: TestApp, query: SQL): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}
