/**
 * Operator reviews and the ledger in the console (under /web/console). Reviewers work the queues;
 * adjustments and deposit channels are for admins. Every action lands in the audit log, and every
 * change of money is a journal entry with the operator's reason, which the customer sees in their bill.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ReviewStatus } from '../enums.js';
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
} from './wallet.js';

const ms = z.number().int();
const queueFilter = z.object({
  /** Default: pending first (1). */
  status: z.coerce.number().pipe(reviewStatus).default(ReviewStatus.Pending),
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
});
export type WithdrawalReviewRow = z.infer<typeof withdrawalReviewRow>;

export const withdrawalQueue = defineEndpoint({
  method: 'GET',
  path: '/console/withdrawals',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Withdrawals by status, with where the money goes.',
  request: queueFilter,
  data: pageOf(withdrawalReviewRow),
});

export const withdrawalApprove = defineEndpoint({
  method: 'POST',
  path: '/console/withdrawals/:id/approve',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Mark a pending withdrawal paid out: the hold is posted to withdrawals clearing; the customer is told.',
  request: z.object({}).optional().default({}),
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

export const adjustBalance = defineEndpoint({
  method: 'POST',
  path: '/console/customers/:id/adjust',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  idempotent: true,
  summary:
    'A manual adjustment: one journal entry between the wallet and the adjustments account, with the reason the customer sees in their bill and inbox. A debit cannot take the wallet below zero available.',
  request: z.object({ walletType, amount: r.signedAmount, reason: r.operatorReason }),
  params: customerParams,
  data: consoleBillItem,
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
    'Per currency: the sum of all postings (always 0), customer money, and each system account; plus whether every account balance equals the sum of its postings.',
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
    pending: z.object({ kyc: z.number().int(), deposits: z.number().int(), withdrawals: z.number().int() }),
  }),
});
