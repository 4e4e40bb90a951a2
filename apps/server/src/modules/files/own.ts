/**
 * Whether files given in a request are the caller's own uploads (identity documents, deposit proofs, pictures; an
 * operator's pictures for a support answer or an article).
 */
import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import { files } from '../../platform/db/schema.js';
import { invalid } from '../../platform/errors.js';
import type { FileOwner } from '../../platform/files.js';

/**
 * Every file id given must be one `owner` uploaded (as for identity documents); the first that is not
 * answers 400 validation.uploadImage on its field. Answers the stored type of each file given, by id.
 */
export async function assertOwnFiles(
  tx: Executor,
  owner: FileOwner,
  byField: Record<string, string | null | undefined>,
): Promise<Map<string, string>> {
  const ids = Object.values(byField).filter((v): v is string => Boolean(v));
  if (ids.length === 0) return new Map();
  const owned = await tx
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        typeof owner === 'number' ? eq(files.ownerUserId, owner) : eq(files.ownerOperatorId, owner.operatorId),
      ),
    );
  const mimes = new Map(owned.map((f) => [f.id, f.mime]));
  const missing = Object.entries(byField).find(([, v]) => v && !mimes.has(v));
  if (missing) throw invalid('validation.uploadImage', missing[0]);
  return mimes;
}

/** Which of `ids` are images some operator uploaded (an article's images: any operator may edit an article). */
export async function operatorImages(tx: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, [...ids]), isNotNull(files.ownerOperatorId), like(files.mime, 'image/%')));
  return new Set(rows.map((r) => r.id));
}
