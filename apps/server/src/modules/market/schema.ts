/**
 * The market module's tables: the customers' watchlists.
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { bigint, bigserial, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { users } from '../../platform/db/schema.js';

/**
 * The watchlist (SPEC: userSelfSecurity): one row per user and instrument, in the user's order (`sort`
 * ascending; new items get a smaller sort than any other, so they come first).
 */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: smallint('source').notNull(),
    code: text('code').notNull(),
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watchlist_items_user_instrument').on(t.userId, t.source, t.code),
    index('watchlist_items_user_sort').on(t.userId, t.sort),
  ],
);
