// PostgreSQL's answer when a write breaks a constraint, read the same way from pg and from PGlite
// (drizzle wraps the driver's error in `cause`).

type PgError = { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };

/** A unique index refused the write; with `constraint`, only that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const inner = (error as PgError).cause ?? (error as PgError);
  if (inner.code !== '23505') return false;
  return constraint === undefined || inner.constraint === constraint || String((error as Error).message).includes(constraint);
}
