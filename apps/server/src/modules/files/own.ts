/** Whether files given in a request are the caller's own uploads (identity documents, deposit proofs, pictures). */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import { files } from '../../platform/db/schema.js';
import { invalid } from '../../platform/errors.js';

/**
 * Every file id given must be one the caller uploaded (as for identity documents); the first that is not
 * answers 400 validation.uploadImage on its field. Answers the stored type of each file given, by id.
 */
export async function assertOwnFiles(
  tx: Executor,
  userId: number,
  byField: Record<string, string | null | undefined>,
): Promise<Map<string, string>> {
  const ids = Object.values(byField).filter((v): v is string => Boolean(v));
  if (ids.length === 0) return new Map();
  const owned = await tx
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.ownerUserId, userId)));
  const mimes = new Map(owned.map((f) => [f.id, f.mime]));
  const missing = Object.entries(byField).find(([, v]) => v && !mimes.has(v));
  if (missing) throw invalid('validation.uploadImage', missing[0]);
  return mimes;
}
