/**
 * Loans: securities-backed credit (SPEC §1 "Loans", §2 loan/index, §3 "Loan apply and repay", §4 "Loans: in review,
 * in use, repaid, rejected", §7 /loan/*; issue 18). The rules and the readings where the spec is silent are in
 * docs/loans.md.
 *
 * The limit is the published loan-to-value (LOAN_TERMS.ltv) of each asset class times the value of the customer's
 * holdings in it (open long stock positions at the simulator's closing price, margin plus floating profit; bonds at
 * the bid), less what is owed and what waits for review. An application waits for an operator, who decides by the
 * published criteria; approved, the amount is paid into the funding wallet (BALANCE) from the loans account through
 * the ledger. Interest accrues daily at the published annual rate on the principal outstanding at the end of each UTC
 * day; the customer repays any part at any time, interest first.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ReviewStatus } from '../enums.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { currency, reviewStatus, walletType } from './wallet.js';

const money = z.string();
const ms = z.number().int();

/**
 * The published terms. `ltv`: the fraction of a holding's value that may be borrowed against it, per collateral
 * class (the trading asset classes not listed lend nothing: leveraged forex, indices and commodities are not
 * collateral). `alertCover`: when the limit of the holdings falls below this fraction of what is owed, the customer is
 * told, with `cureDays` to repay or add holdings. Interest: `annualRate` / `dayBasis` a day, to the cent (half up).
 */
export const LOAN_TERMS = {
  wallet: 'BALANCE',
  annualRate: '0.06',
  dayBasis: 365,
  ltv: { stock: '0.5', bond: '0.7' },
  minAmount: '100',
  alertCover: '0.9',
  cureDays: 5,
} as const;

export const COLLATERAL_CLASSES = ['stock', 'bond'] as const;
export const collateralClass = z.enum(COLLATERAL_CLASSES);
export type CollateralClass = z.infer<typeof collateralClass>;

/** SPEC §4's states: in review, in use (approved and owing), repaid, rejected (with the reason shown). */
export const LOAN_STATES = ['review', 'inUse', 'repaid', 'rejected'] as const;
export const loanState = z.enum(LOAN_STATES, { error: r.V.invalid });
export type LoanState = z.infer<typeof loanState>;

export const loanLimit = z.object({
  currency,
  walletType,
  annualRate: z.string(),
  dayBasis: z.number().int(),
  minAmount: money,
  alertCover: z.string(),
  cureDays: z.number().int(),
  /** Per collateral class: the value now, its LTV and what it lends (value × LTV, to the cent, down). */
  classes: z.array(z.object({ collateral: collateralClass, value: money, ltv: z.string(), limit: money })),
  /** Σ of the classes' limits. */
  limit: money,
  /** Principal and interest owed on loans in use. */
  outstanding: money,
  /** Applications in review. */
  inReview: money,
  /** What may be applied for now: limit − outstanding − inReview, at least 0. */
  available: money,
  /** The limit is below alertCover × outstanding: repay or add holdings by `cureDeadlineTimestamp`. */
  collateralShort: z.boolean(),
  cureDeadlineTimestamp: ms.nullable(),
});
export type LoanLimit = z.infer<typeof loanLimit>;

/** One application and, once approved, its loan (SPEC §3: longCreateTime, longAuditTime, amount, amount due, repaid). */
export const loan = z.object({
  id: z.number().int(),
  amount: money,
  currency,
  walletType,
  annualRate: z.string(),
  status: loanState,
  /** The operator's reason of a rejection. */
  reason: z.string().nullable(),
  /** Principal still owed, interest accrued and not yet paid, their sum (what repays it now). */
  principal: money,
  interest: money,
  amountDue: money,
  /** Repaid so far (interest and principal), and the interest charged so far. */
  repaidAmount: money,
  interestCharged: money,
  longCreateTime: ms,
  longAuditTime: ms.nullable(),
  repaidTime: ms.nullable(),
});
export type Loan = z.infer<typeof loan>;

export const loanRepayment = z.object({
  id: z.number().int(),
  loanId: z.number().int(),
  currency,
  amount: money,
  /** How the amount was applied: interest first, then principal. */
  interest: money,
  principal: money,
  /** Still owed on the loan right after. */
  amountDueAfter: money,
  longCreateTime: ms,
});
export type LoanRepayment = z.infer<typeof loanRepayment>;

// ------------------------------------------------------------------------------------------- endpoints

export const loanLimitRead = defineEndpoint({
  method: 'GET',
  path: '/loan/limit',
  auth: 'user',
  tag: 'loan',
  summary:
    "The caller's credit limit now and its formula: per collateral class the holdings' value × the published LTV, less what is owed and in review; the published rate and the collateral alert's terms.",
  request: z.object({}),
  data: loanLimit,
});

export const loanApply = defineEndpoint({
  method: 'GET',
  path: '/loan/apply',
  auth: 'user',
  tag: 'loan',
  idempotent: true,
  summary:
    'Apply for a loan of `amount` (at least the published minimum, at most the available limit): it waits in review for an operator. One application in review at a time (409). Identity verification required.',
  request: z.object({ amount: r.amount }),
  data: loan,
});

export const loanApplyRepay = defineEndpoint({
  method: 'GET',
  path: '/loan/applyRepay',
  auth: 'user',
  tag: 'loan',
  idempotent: true,
  summary:
    "Repay `amount` of one of the caller's loans in use from the funding wallet through the ledger, interest first; at most what is due (shouldRepayAmount). Repaid in full, the loan is repaid. Another customer's id answers 404.",
  request: z.object({ id: r.id, amount: r.amount }),
  data: z.object({ loan, repayment: loanRepayment }),
});

export const loanShouldRepayAmount = defineEndpoint({
  method: 'GET',
  path: '/loan/shouldRepayAmount',
  auth: 'user',
  tag: 'loan',
  summary:
    "What repays one of the caller's loans now: principal + accrued interest. Another customer's id answers 404.",
  request: z.object({ id: r.id }),
  data: z.object({ id: z.number().int(), currency, principal: money, interest: money, amountDue: money }),
});

export const loanApplyList = defineEndpoint({
  method: 'POST',
  path: '/loan/applyList',
  auth: 'user',
  tag: 'loan',
  summary: "The caller's applications and loans, newest first, with their state and a rejection's reason.",
  request: z.object({ status: loanState.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(loan),
});

export const loanRepayList = defineEndpoint({
  method: 'POST',
  path: '/loan/repayList',
  auth: 'user',
  tag: 'loan',
  summary: "The caller's repayments, newest first; of one loan with `id` (another customer's loan answers 404).",
  request: z.object({ id: r.id.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(loanRepayment),
});

// ------------------------------------------------------------------------------------------- console

export const loanReviewRow = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  userId: z.string(),
  email: z.string(),
  amount: money,
  currency,
  /** The published criteria as they stand now: identity verified, and the amount within the limit now. */
  identityVerified: z.boolean(),
  limitNow: money,
  /** Owed on the customer's other loans now. */
  outstandingNow: money,
  withinLimit: z.boolean(),
  /** The loan's state (review, inUse, repaid, rejected). */
  loanStatus: loanState,
  status: reviewStatus,
  reason: z.string().nullable(),
  createTimeTimestamp: ms,
  reviewTimeTimestamp: ms.nullable(),
  reviewer: z.string().nullable(),
});
export type LoanReviewRow = z.infer<typeof loanReviewRow>;

export const loanQueue = defineEndpoint({
  method: 'GET',
  path: '/console/loans',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Loan applications by status (pending oldest first; decided newest first), with the published criteria now.',
  request: z.object({
    status: r.integer(reviewStatus).default(ReviewStatus.Pending),
    q: z.string().trim().max(100).optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(loanReviewRow),
});

export const loanApprove = defineEndpoint({
  method: 'POST',
  path: '/console/loans/:id/approve',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Approve a pending application: the amount is paid into the funding wallet of the customer from the loans account. Refused (422 loanCriteriaUnmet) unless the identity is verified and the amount is within the limit now.',
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: loanReviewRow,
});

export const loanReject = defineEndpoint({
  method: 'POST',
  path: '/console/loans/:id/reject',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Reject a pending application with a reason the customer sees; they may apply again.',
  request: z.object({ reason: r.operatorReason }),
  params: z.object({ id: r.id }),
  data: loanReviewRow,
});
