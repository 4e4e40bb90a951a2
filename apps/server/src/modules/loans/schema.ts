/**
 * Loans (migration 0029, hand-written like 0026: its source of truth). One row per application and, once approved,
 * its loan: `status` is the review status (1 in review, 2 rejected, 3 approved), an approved loan in use until
 * `repaid_at`. `principal` and `interest` are what is owed, changed only in the transaction of the ledger entry that
 * changes them (loanDisbursement, loanInterest, loanRepayment; references unique per type), so the loans account's
 * balance is minus their sum; `accrued_through` is the last UTC day whose interest was charged.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/db/columns.js';
import { journalEntries, operators, users } from '../../platform/db/schema.js';

export const loans = pgTable(
  'loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    wallet: text('wallet').notNull(),
    amount: money('amount').notNull(),
    /** The published annual rate when applied for (a fraction), kept for the loan's life. */
    annualRate: numeric('annual_rate', { precision: 12, scale: 8 }).notNull(),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => operators.id),
    reviewedAt: ts('reviewed_at'),
    principal: money('principal').notNull().default('0'),
    interest: money('interest').notNull().default('0'),
    interestCharged: money('interest_charged').notNull().default('0'),
    repaid: money('repaid').notNull().default('0'),
    accruedThrough: date('accrued_through', { mode: 'string' }),
    /** The collateral alert of the current shortfall was sent then; null while the holdings cover the loan. */
    alertedAt: ts('alerted_at'),
    repaidAt: ts('repaid_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('loans_user').on(t.userId, t.id),
    uniqueIndex('loans_one_in_review').on(t.userId).where(sql`${t.status} = 1`),
    index('loans_in_use').on(t.id).where(sql`${t.status} = 3 and ${t.repaidAt} is null`),
    check('loans_status', sql`${t.status} in (1, 2, 3)`),
    check(
      'loans_amounts',
      sql`${t.amount} > 0 and ${t.principal} >= 0 and ${t.interest} >= 0 and ${t.principal} <= ${t.amount} and ${t.repaid} >= 0 and ${t.interestCharged} >= 0`,
    ),
    check(
      'loans_approved',
      sql`(${t.status} = 3) = (${t.accruedThrough} is not null) and (${t.repaidAt} is null or ${t.status} = 3)`,
    ),
  ],
);

export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    interest: money('interest').notNull(),
    principal: money('principal').notNull(),
    dueAfter: money('due_after').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('loan_repayments_user').on(t.userId, t.id),
    index('loan_repayments_loan').on(t.loanId, t.id),
    check(
      'loan_repayments_amounts',
      sql`${t.amount} > 0 and ${t.amount} = ${t.interest} + ${t.principal} and ${t.dueAfter} >= 0`,
    ),
  ],
);
