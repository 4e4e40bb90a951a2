/**
 * PostgreSQL unique violation (23505), optionally of one index. Drizzle wraps the driver's error
 * (DrizzleQueryError), so the code may be on `cause`.
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  const e = (err as { cause?: unknown } | null)?.cause ?? err;
  const pg = e as { code?: string; constraint?: string } | null;
  return pg?.code === '23505' && (!index || pg.constraint === index);
}

/** Runs `write`; a unique violation of `index` (a racing insert or edit took it) becomes the error `taken` makes. */
export async function uniqueOr<T>(index: string, taken: () => Error, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw taken();
    throw error;
  }
}

/**
 * An exception our own SQL functions raise (RAISE EXCEPTION '<message>', SQLSTATE P0001), e.g.
 * 'ledger.insufficient' (migration 0004), with its DETAIL; null for any other error.
 */
export function raisedByDatabase(err: unknown, message: string): { detail?: string } | null {
  const e = (err as { cause?: unknown } | null)?.cause ?? err;
  const pg = e as { code?: string; message?: string; detail?: string } | null;
  return pg?.code === 'P0001' && pg.message === message ? { detail: pg.detail } : null;
}
