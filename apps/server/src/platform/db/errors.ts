/**
 * PostgreSQL unique violation (23505), optionally of one index. Drizzle wraps the driver's error
 * (DrizzleQueryError), so the code may be on `cause`.
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  const e = (err as { cause?: unknown } | null)?.cause ?? err;
  const pg = e as { code?: string; constraint?: string } | null;
  return pg?.code === '23505' && (!index || pg.constraint === index);
}
