/**
 * The tables of the block trade module (migration 0020, hand-written like 0017 and their source of truth). The
 * trade order and position a block order settled into are linked by id (foreign keys in the migration).
 */
import { bigint, bigserial, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { operators, users } from '../../platform/db/schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 24, scale: 8 });

/** status: 1 pending, 2 refused (reason), 3 approved (ReviewStatus). */
export const blockPermissions = pgTable('block_permissions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  status: smallint('status').notNull().default(1),
  reason: text('reason'),
  reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => operators.id),
  createdAt: ts('created_at').notNull(),
  reviewedAt: ts('reviewed_at'),
});

export const blockConfirmations = pgTable('block_confirmations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull(),
  code: text('code').notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const blockTrades = pgTable('block_trades', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  confirmationId: bigint('confirmation_id', { mode: 'number' })
    .notNull()
    .references(() => blockConfirmations.id),
  code: text('code').notNull(),
  source: integer('source').notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  quotePrice: money('quote_price').notNull(),
  deskPrice: money('desk_price').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
});
