/**
 * The withdrawals module's tables: the bank cards and crypto wallets customers withdraw to, and the
 * withdrawals.
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from '../../platform/db/columns.js';
import { journalEntries, ledgerHolds, operators, users } from '../../platform/db/schema.js';

/** Bank cards and crypto wallets a customer withdraws to (SPEC UserAccount). */
export const userAccounts = pgTable(
  'user_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** The fields of a bank card or crypto wallet (contracts: wallet.userAccountInput). */
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('user_accounts_user').on(t.userId), check('user_accounts_kind', sql`${t.kind} in ('bank','crypto')`)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    userAccountId: bigint('user_account_id', { mode: 'number' })
      .notNull()
      .references(() => userAccounts.id),
    /** Where the money goes, as it was when asked for. */
    destination: jsonb('destination').notNull(),
    amount: money('amount').notNull(),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    holdId: bigint('hold_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerHolds.id),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => operators.id),
    /** The bank reference or transaction hash of the payout, entered on approval; the customer sees it. */
    payoutReference: text('payout_reference'),
    createdAt: createdAt(),
    /** When it stopped pending: paid, rejected or cancelled by the customer (status 4, no reviewer). */
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('withdrawals_user').on(t.userId, t.id),
    index('withdrawals_status').on(t.status, t.id),
    check('withdrawals_amount', sql`${t.amount} > 0`),
    check('withdrawals_status', sql`${t.status} in (1, 2, 3, 4)`),
    check('withdrawals_paid_reference', sql`${t.status} <> 3 OR ${t.payoutReference} IS NOT NULL`),
  ],
);
