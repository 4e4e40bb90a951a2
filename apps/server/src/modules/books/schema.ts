/**
 * The books module's tables: the scheduled trial balance's checks and the four-eyes adjustments.
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from '../../platform/db/columns.js';
import { journalEntries, operators, users } from '../../platform/db/schema.js';

/** The scheduled trial balance (modules/console/trial-balance-job.ts): one row per check, append-only. */
export const trialBalanceChecks = pgTable(
  'trial_balance_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    checkedAt: ts('checked_at').notNull(),
    balanced: boolean('balanced').notNull(),
    /** What did not hold, in words (empty when balanced). */
    problems: jsonb('problems').$type<string[]>().notNull(),
    /** The trial balance as the Books page shows it. */
    figures: jsonb('figures').notNull(),
  },
  (t) => [
    index('trial_balance_checks_unbalanced').on(t.checkedAt).where(sql`not ${t.balanced}`),
    index('trial_balance_checks_checked_at').on(t.checkedAt),
  ],
);

/**
 * Manual adjustments under four eyes (docs/security.md): one operator proposes, a different one approves
 * (which posts the journal entry `adjustment` with reference `adjustment:<id>`, so it is posted at most once)
 * or rejects; the maker may cancel while it is proposed. The database refuses a checker equal to the maker.
 */
export const adjustmentProposals = pgTable(
  'adjustment_proposals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    direction: text('direction').notNull(),
    /** Always positive; `direction` says credit or debit. */
    amount: money('amount').notNull(),
    category: text('category').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('proposed'),
    makerId: bigint('maker_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    checkerId: bigint('checker_id', { mode: 'number' }).references(() => operators.id),
    decisionReason: text('decision_reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('adjustment_proposals_status').on(t.status, t.id),
    index('adjustment_proposals_user').on(t.userId, t.id),
    check('adjustment_proposals_amount', sql`${t.amount} > 0`),
    check('adjustment_proposals_direction', sql`${t.direction} in ('credit','debit')`),
    check('adjustment_proposals_status', sql`${t.status} in ('proposed','approved','rejected','cancelled')`),
    check('adjustment_proposals_four_eyes', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    check('adjustment_proposals_entry', sql`(${t.status} = 'approved') = (${t.entryId} is not null)`),
  ],
);
