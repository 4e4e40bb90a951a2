/**
 * The deposits module's tables: the channels customers pay into and the deposits they report.
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from '../../platform/db/columns.js';
import { journalEntries, operators, users } from '../../platform/db/schema.js';

export const depositChannels = pgTable('deposit_channels', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  asset: text('asset').notNull(),
  network: text('network'),
  address: text('address'),
  bank: jsonb('bank'),
  wallet: text('wallet').notNull(),
  currency: text('currency').notNull(),
  minAmount: money('min_amount').notNull().default('1'),
  confirmations: integer('confirmations').notNull().default(3),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => depositChannels.id),
    /** The channel as it was when the deposit was reported. */
    channel: jsonb('channel').notNull(),
    amount: money('amount').notNull(),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    proofFileId: text('proof_file_id').notNull(),
    txHash: text('tx_hash'),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => operators.id),
    createdAt: createdAt(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('recharge_orders_user').on(t.userId, t.id),
    index('recharge_orders_status').on(t.status, t.id),
    check('recharge_orders_amount', sql`${t.amount} > 0`),
    check('recharge_orders_status', sql`${t.status} in (1, 2, 3)`),
  ],
);
