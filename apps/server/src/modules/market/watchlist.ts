/**
 * The watchlist's SQL. Every query is scoped to the caller's user id, so another user's item id is simply
 * not found (404). Changes to one user's list are serialised by locking the user's row, which keeps the
 * size limit and the order consistent under concurrent requests from several devices.
 */
import { market as api, Code, E } from '@beurs/contracts';
import { and, asc, count, eq, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { WatchlistRow } from './catalogue.js';
import { watchlistItems } from './schema.js';

const columns = {
  id: watchlistItems.id,
  source: watchlistItems.source,
  code: watchlistItems.code,
  sort: watchlistItems.sort,
  createdAt: watchlistItems.createdAt,
};

async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export function createWatchlistRepo(db: Db) {
  /** The user's items, top first. */
  const list = (userId: number): Promise<WatchlistRow[]> =>
    db
      .select(columns)
      .from(watchlistItems)
      .where(eq(watchlistItems.userId, userId))
      .orderBy(asc(watchlistItems.sort), asc(watchlistItems.id));

  /** `${source}:${code}` of every item, for selfSelectStatus. */
  async function keys(userId: number): Promise<Set<string>> {
    const rows = await db
      .select({ source: watchlistItems.source, code: watchlistItems.code })
      .from(watchlistItems)
      .where(eq(watchlistItems.userId, userId));
    return new Set(rows.map((r) => `${r.source}:${r.code}`));
  }

  /** Adds at the top; an instrument already on the list is answered as it is (idempotent). */
  function save(userId: number, source: number, code: string, now: Date): Promise<WatchlistRow> {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const where = and(
        eq(watchlistItems.userId, userId),
        eq(watchlistItems.source, source),
        eq(watchlistItems.code, code),
      );
      const [existing] = await tx.select(columns).from(watchlistItems).where(where);
      if (existing) return existing;
      const [stats] = await tx
        .select({ n: count(), top: min(watchlistItems.sort) })
        .from(watchlistItems)
        .where(eq(watchlistItems.userId, userId));
      if ((stats?.n ?? 0) >= api.WATCHLIST_MAX) {
        throw new AppError(Code.rule, E.watchlistFull, { n: api.WATCHLIST_MAX }, 'watchlistFull');
      }
      const [row] = await tx
        .insert(watchlistItems)
        .values({ userId, source, code, sort: (stats?.top ?? 1) - 1, createdAt: now })
        .returning(columns);
      if (!row) throw new Error('watchlist insert returned no row');
      return row;
    });
  }

  async function remove(userId: number, id: number) {
    const gone = await db
      .delete(watchlistItems)
      .where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId)))
      .returning({ id: watchlistItems.id });
    if (gone.length === 0) throw notFound();
  }

  async function removeByCode(userId: number, code: string, source?: number): Promise<number> {
    const gone = await db
      .delete(watchlistItems)
      .where(
        and(
          eq(watchlistItems.userId, userId),
          eq(watchlistItems.code, code),
          source !== undefined ? eq(watchlistItems.source, source) : undefined,
        ),
      )
      .returning({ id: watchlistItems.id });
    return gone.length;
  }

  /** `ids` first in the given order, the user's other items after them in their previous order. */
  function reorder(userId: number, ids: readonly number[]) {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const current = await tx
        .select({ id: watchlistItems.id })
        .from(watchlistItems)
        .where(eq(watchlistItems.userId, userId))
        .orderBy(asc(watchlistItems.sort), asc(watchlistItems.id));
      const mine = new Set(current.map((r) => r.id));
      if (ids.some((id) => !mine.has(id))) throw notFound();
      const listed = new Set(ids);
      const order = [...ids, ...current.map((r) => r.id).filter((id) => !listed.has(id))];
      if (order.length === 0) return;
      const values = sql.join(
        order.map((id, sort) => sql`(${id}::bigint, ${sort}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${watchlistItems} as w set sort = v.sort from (values ${values}) as v(id, sort)
            where w.id = v.id and w.user_id = ${userId}`,
      );
    });
  }

  return { list, keys, save, remove, removeByCode, reorder };
}

export type WatchlistRepo = ReturnType<typeof createWatchlistRepo>;
