/**
 * Signed links to stored files for operator screens (identity documents, deposit proofs): role, address
 * and type. The types of every file asked for come from one query; a file that is gone still gets a link
 * (it answers 404), so a screen never breaks on one missing document.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import { files } from '../../platform/db/schema.js';
import type { FileStore } from '../../platform/files.js';

export interface FileRef {
  role: string;
  url: string;
  mime: string;
}

/** How documents are read: an ID's front before its back, then the company's papers. */
const ROLE_ORDER = ['front', 'back', 'licence', 'bank', 'proof'];
const rank = (role: string) => {
  const i = ROLE_ORDER.indexOf(role);
  return i === -1 ? ROLE_ORDER.length : i;
};

/** For each map of role -> file id, its files in reading order (jsonb keeps no order of its own). */
export async function fileRefs(
  db: Executor,
  store: Pick<FileStore, 'signedUrl'>,
  maps: ReadonlyArray<Record<string, string>>,
): Promise<FileRef[][]> {
  const ids = [...new Set(maps.flatMap((m) => Object.values(m)))];
  const rows = ids.length
    ? await db.select({ id: files.id, mime: files.mime }).from(files).where(inArray(files.id, ids))
    : [];
  const mimeOf = new Map(rows.map((r) => [r.id, r.mime]));
  return maps.map((m) =>
    Object.entries(m)
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([role, id]) => ({
        role,
        url: store.signedUrl(id),
        mime: mimeOf.get(id) ?? 'application/octet-stream',
      })),
  );
}

/** Only string values of a stored role -> file id map (jsonb). */
export function fileMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
