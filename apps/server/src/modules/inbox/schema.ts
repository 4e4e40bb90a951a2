/**
 * The inbox module's tables: the customers' messages.
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../platform/db/columns.js';

/** The inbox: a kind and its figures, written out in the reader's language when read. */
export const userMessages = pgTable(
  'user_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The customer exists: checked once per statement by a trigger, and customers are never deleted (migration 0040).
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_messages_user').on(t.userId, t.id),
    index('user_messages_unread').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
