/**
 * Operator reviews and the ledger in the console (under /web/console). Reviewers work the queues;
 * adjustments (proposed by one admin, approved by another) and deposit channels are for admins. Every action lands in the audit log, and every
 * change of money is a journal entry with the operator's reason, which the customer sees in their bill.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ADJUSTMENT_CATEGORIES, ReviewStatus } from '../enums.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { companyProfile } from './auth.js';
import {
  bankDetails,
  billItem,
  channelType,
  currency,
  depositChannel,
  reviewStatus,
  walletBalance,
  walletType,
  withdrawalDestination,
  withdrawalStatus,
} from './wallet.js';

const ms = z.number().int();
const queueFilter = z.object({
  /** Default: pending first (1). */
  status: r.integer(reviewStatus).default(ReviewStatus.Pending),
  q: z.string().trim().max(100).optional(),
  page: r.page,
  pageSize: r.pageSize,
});
const reviewParams = z.object({ id: r.id });
const rejectBody = z.object({ reason: r.operatorReason });
const customerRef = { customerId: z.number().int(), userId: z.string(), email: z.string() };
const reviewFields = {
  status: reviewStatus,
  reason: z.string().nullable(),
  createTimeTimestamp: ms,
  reviewTimeTimestamp: ms.nullable(),
  reviewer: z.string().nullable(),
};
const fileRef = z.object({ role: z.string(), url: z.string(), mime: z.string() });

// ------------------------------------------------------------------------------------------------- KYC

export const kycReviewRow = z.object({
  id: z.number().int(),
  ...customerRef,
  accountType: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  idType: z.enum(['idCard', 'passport', 'DL']),
  idNumber: z.string(),
  company: companyProfile.nullable(),
  files: z.array(fileRef),
  ...reviewFields,
});
export type KycReviewRow = z.infer<typeof kycReviewRow>;

export const kycQueue = defineEndpoint({
  method: 'GET',
  path: '/console/kyc',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Identity submissions by status (pending oldest first; reviewed newest first); `q` matches user ID, email or name.',
  request: queueFilter,
  data: pageOf(kycReviewRow),
});

export const kycApprove = defineEndpoint({
  method: 'POST',
  path: '/console/kyc/:id/approve',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Approve a pending identity submission; the customer is verified and told in their inbox.',
  request: z.object({}).optional().default({}),
  params: reviewParams,
  data: kycReviewRow,
});

export const kycReject = defineEndpoint({
  method: 'POST',
  path: '/console/kyc/:id/reject',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Reject a pending identity submission with a reason the customer sees; they may try again.',
  request: rejectBody,
  params: reviewParams,
  data: kycReviewRow,
});

// --------------------------------------------------------------------------------------------- deposits

export const depositReviewRow = z.object({
  id: z.number().int(),
  ...customerRef,
  channel: z.string(),
  type: channelType,
  amount: z.string(),
  walletType,
  currency,
  txHash: z.string().nullable(),
  proof: fileRef,
  entryId: z.number().int().nullable(),
  ...reviewFields,
});
export type DepositReviewRow = z.infer<typeof depositReviewRow>;

export const depositQueue = defineEndpoint({
  method: 'GET',
  path: '/console/deposits',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Reported deposits by status, with the proof.',
  request: queueFilter,
  data: pageOf(depositReviewRow),
});

export const depositApprove = defineEndpoint({
  method: 'POST',
  path: '/console/deposits/:id/approve',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Approve a pending deposit: one journal entry credits the wallet; the customer is told.',
  request: z.object({}).optional().default({}),
  params: reviewParams,
  data: depositReviewRow,
});

export const depositReject = defineEndpoint({
  method: 'POST',
  path: '/console/deposits/:id/reject',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Reject a pending deposit with a reason the customer sees; nothing is credited.',
  request: rejectBody,
  params: reviewParams,
  data: depositReviewRow,
});

// ------------------------------------------------------------------------------------------ withdrawals

export const withdrawalReviewRow = z.object({
  id: z.number().int(),
  ...customerRef,
  amount: z.string(),
  walletType,
  currency,
  destination: withdrawalDestination,
  entryId: z.number().int().nullable(),
  ...reviewFields,
  /** 4: cancelled by the customer while pending (no reviewer). */
  status: withdrawalStatus,
  /** Paid out: the bank reference or transaction hash the reviewer entered. */
  payoutReference: z.string().nullable(),
  /** Pending: the time by which it should be reviewed (WITHDRAWAL_REVIEW_HOURS after it was asked for). */
  expectedByTimestamp: ms.nullable(),
  /** Pending past that time: the queue shows these first, tagged. */
  overdue: z.boolean(),
});
export type WithdrawalReviewRow = z.infer<typeof withdrawalReviewRow>;

export const withdrawalQueue = defineEndpoint({
  method: 'GET',
  path: '/console/withdrawals',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Withdrawals by status, with where the money goes. Pending ones oldest first, so those past WITHDRAWAL_REVIEW_HOURS (flagged `overdue`) come first; status 4 lists those the customers cancelled.',
  request: queueFilter.extend({ status: r.integer(withdrawalStatus).default(ReviewStatus.Pending) }),
  data: pageOf(withdrawalReviewRow),
});

export const withdrawalApprove = defineEndpoint({
  method: 'POST',
  path: '/console/withdrawals/:id/approve',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Mark a pending withdrawal paid out with its payout reference (bank reference, or the transaction hash for a crypto wallet): the hold is posted to withdrawals clearing; the customer is told and sees the reference.',
  request: z.object({ payoutReference: r.payoutReference }),
  params: reviewParams,
  data: withdrawalReviewRow,
});

export const withdrawalReject = defineEndpoint({
  method: 'POST',
  path: '/console/withdrawals/:id/reject',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Reject a pending withdrawal with a reason: the held amount is released at once; the customer sees why.',
  request: rejectBody,
  params: reviewParams,
  data: withdrawalReviewRow,
});

// ----------------------------------------------------------------------------------- customer money

const customerParams = z.object({ id: r.id });

export const customerWallets = defineEndpoint({
  method: 'GET',
  path: '/console/customers/:id/wallets',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "A customer's wallet balances.",
  request: z.object({}),
  params: customerParams,
  data: z.array(walletBalance),
});

export const consoleBillItem = billItem.extend({ operator: z.string().nullable() });

export const customerLedger = defineEndpoint({
  method: 'GET',
  path: '/console/customers/:id/ledger',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "Every posting on a customer's wallets, newest first, with the operator of manual entries.",
  request: z.object({ walletType: walletType.optional(), page: r.page, pageSize: r.pageSize }),
  params: customerParams,
  data: pageOf(consoleBillItem),
});

// --------------------------------------------------------------------------- adjustments (four eyes)

export const adjustmentCategory = z.enum(ADJUSTMENT_CATEGORIES, { error: r.V.invalid });
export const adjustmentDirection = z.enum(['credit', 'debit'], { error: r.V.invalid });
export const adjustmentStatus = z.enum(['proposed', 'approved', 'rejected', 'cancelled']);
export type AdjustmentStatus = z.infer<typeof adjustmentStatus>;

export const adjustmentInput = z.object({
  walletType,
  direction: adjustmentDirection,
  /** Greater than 0, at most 2 decimals; the direction says whether it is credited or debited. */
  amount: r.amount,
  category: adjustmentCategory,
  /** The customer sees it in their bill and inbox once approved. */
  reason: r.operatorReason,
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

export const adjustmentProposal = z.object({
  id: z.number().int(),
  ...customerRef,
  walletType,
  currency,
  direction: adjustmentDirection,
  amount: z.string(),
  category: adjustmentCategory,
  reason: z.string(),
  status: adjustmentStatus,
  /** The role an approver needs: `supervisor` above ADJUSTMENT_APPROVAL_LIMIT, else `admin`. */
  approverRole: z.enum(['admin', 'supervisor']),
  /** ADJUSTMENT_APPROVAL_LIMIT, in the wallet's currency. */
  approvalLimit: z.string(),
  makerId: z.number().int(),
  maker: z.string(),
  /** Who approved or rejected it (never the maker). */
  checker: z.string().nullable(),
  /** Why it was rejected. */
  decisionReason: z.string().nullable(),
  /** The journal entry of an approved adjustment. */
  entryId: z.number().int().nullable(),
  createTimeTimestamp: ms,
  decidedTimeTimestamp: ms.nullable(),
});
export type AdjustmentProposal = z.infer<typeof adjustmentProposal>;

const proposalParams = z.object({ id: r.id });

export const adjustmentPropose = defineEndpoint({
  method: 'POST',
  path: '/console/customers/:id/adjustments',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    "Propose a manual credit or debit of a customer's wallet with a category and a reason. Nothing moves until a second, different operator approves it (four eyes); above ADJUSTMENT_APPROVAL_LIMIT the approver must be a supervisor.",
  request: adjustmentInput,
  params: customerParams,
  data: adjustmentProposal,
});

export const adjustmentQueue = defineEndpoint({
  method: 'GET',
  path: '/console/adjustments',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Adjustment proposals by status (proposed oldest first; decided newest first), optionally of one customer; `q` matches user ID or email.',
  request: z.object({
    status: adjustmentStatus.default('proposed'),
    customerId: r.id.optional(),
    q: z.string().trim().max(100).optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(adjustmentProposal),
});

export const adjustmentApprove = defineEndpoint({
  method: 'POST',
  path: '/console/adjustments/:id/approve',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  idempotent: true,
  summary:
    "Approve another operator's proposal: one journal entry between the wallet and the adjustments account, referenced by the proposal, which the customer sees in their bill with its category. A debit beyond the available balance is refused and nothing is written.",
  request: z.object({}).optional().default({}),
  params: proposalParams,
  data: adjustmentProposal,
});

export const adjustmentReject = defineEndpoint({
  method: 'POST',
  path: '/console/adjustments/:id/reject',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: "Reject another operator's proposal with a reason; nothing moves.",
  request: rejectBody,
  params: proposalParams,
  data: adjustmentProposal,
});

export const adjustmentCancel = defineEndpoint({
  method: 'POST',
  path: '/console/adjustments/:id/cancel',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: 'Withdraw your own proposal while it waits for approval; nothing moves.',
  request: z.object({}).optional().default({}),
  params: proposalParams,
  data: adjustmentProposal,
});

// ------------------------------------------------------------------------------------- deposit channels

export const depositChannelInput = z
  .object({
    type: channelType,
    asset: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{2,10}$/, { error: r.V.selectCurrency }),
    network: z.string().trim().max(20).nullable().default(null),
    address: z.string().trim().max(120).nullable().default(null),
    bank: bankDetails.nullable().default(null),
    walletType,
    minAmount: r.depositAmount.default('1'),
    confirmations: z.number().int().min(0).max(100).default(3),
    enabled: z.boolean().default(true),
  })
  .refine((c) => (c.type === 'crypto' ? Boolean(c.network && c.address) : c.bank !== null), {
    error: r.V.invalid,
    path: ['address'],
  });

export const depositChannels = defineEndpoint({
  method: 'GET',
  path: '/console/deposit-channels',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Every deposit channel, enabled or not.',
  request: z.object({}),
  data: z.array(depositChannel),
});

export const depositChannelCreate = defineEndpoint({
  method: 'POST',
  path: '/console/deposit-channels',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: "Add a deposit channel. The credited wallet's currency is the channel's currency.",
  request: depositChannelInput,
  data: depositChannel,
});

export const depositChannelUpdate = defineEndpoint({
  method: 'POST',
  path: '/console/deposit-channels/:id',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: 'Change a deposit channel (address, bank details, enabled). Deposits already reported keep theirs.',
  request: depositChannelInput,
  params: z.object({ id: r.id }),
  data: depositChannel,
});

// ------------------------------------------------------------------------------------------- the books

export const trialBalance = defineEndpoint({
  method: 'GET',
  path: '/console/ledger/trial-balance',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Per currency: the sum of all postings (always 0), customer money, and each system account; plus whether every account balance equals the sum of its postings, and whether the loans account agrees with the loans.',
  request: z.object({}),
  data: z.object({
    currencies: z.array(
      z.object({
        currency,
        postingsSum: z.string(),
        customerBalances: z.string(),
        customerHolds: z.string(),
        systemAccounts: z.array(z.object({ name: z.string(), balance: z.string() })),
      }),
    ),
    entries: z.number().int(),
    accountsMatchPostings: z.boolean(),
    /**
     * Per currency the loans account is minus what the loans owe (principal and accrued interest), and every approved
     * loan owes what was lent plus the interest charged less what was repaid (docs/loans.md "The books").
     */
    loansMatchLedger: z.boolean(),
    /** The queues waiting for an operator (the console menu's badges); blockPermissions: block trading applications. */
    pending: z.object({
      kyc: z.number().int(),
      deposits: z.number().int(),
      withdrawals: z.number().int(),
      blockPermissions: z.number().int(),
      /** Loan applications in review. */
      loans: z.number().int(),
    }),
  }),
});

/** One run of the scheduled trial balance: when, whether the books balanced, and what did not hold. */
export const trialBalanceCheck = z.object({
  id: z.number().int(),
  checkTimeTimestamp: z.number().int(),
  balanced: z.boolean(),
  problems: z.array(z.string()),
});

export const trialBalanceChecks = defineEndpoint({
  method: 'GET',
  path: '/console/ledger/trial-balance/checks',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'The scheduled trial balance (TRIAL_BALANCE_MS, leader node only): the latest check, and the checks that found the books unbalanced (newest first, at most 20): the console shows them as an alert.',
  request: z.object({}),
  data: z.object({
    /** How often the books are checked, in ms (0: the schedule is off). */
    intervalMs: z.number().int(),
    latest: trialBalanceCheck.nullable(),
    alerts: z.array(trialBalanceCheck),
  }),
});
