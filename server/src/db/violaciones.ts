// PostgreSQL's answer when a write breaks a unique index, read the same way from pg and from PGlite
// (drizzle wraps the driver's error in `cause`, sometimes more than once).

type PgError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** A unique index refused the write; with `constraint`, only an index whose name contains it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as PgError | undefined; e; e = e.cause as PgError | undefined) {
    if (e.code !== '23505') continue;
    if (constraint === undefined) return true;
    return String(e.constraint ?? '').includes(constraint) || String((error as Error).message).includes(constraint);
  }
  return false;
}
