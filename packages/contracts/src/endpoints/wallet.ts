/**
 * Money (SPEC §7 "Wallet", "Cards", deposits and withdrawals). Every amount is a decimal string; every
 * balance is derived from the ledger (double-entry postings and holds), never stored by hand.
 * Money-moving calls are `idempotent`: they need an `Idempotency-Key` header, a replay answers the first
 * answer and the same key with another body is refused (409).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ADJUSTMENT_CATEGORIES, CURRENCIES, ReviewStatus, WALLETS, WithdrawalStatus } from '../enums.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { ok, secondFactorCode } from './auth.js';

export const walletType = z.enum(WALLETS, { error: r.V.selectWallet });
export const currency = z.enum(CURRENCIES);
const money = z.string();
const ms = z.number().int();

/**
 * Kinds of journal entry; later modules (trading, IPOs, products) add theirs. The ledger takes no other (EntryInput's
 * type), so a customer's history can always name what it lists.
 */
export const ENTRY_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'transferReversal',
  'adjustment',
  // Trading (docs/trading.md): the fee of a fill or close, and the settled profit or loss of a close.
  'tradeFee',
  'tradeProfit',
  'tradeLoss',
  // IPOs (docs/primary-markets.md): an allotment's payment and fee, and the allotted shares' value at the listing.
  'ipoAllotment',
  'ipoDelivery',
  // IPO financing (docs/primary-markets.md "IPO financing"): the make-up difference paid, interest included.
  'ipoMakeUp',
  // An offering cancelled by an operator: what its subscriptions had paid, posted back (docs/primary-markets.md).
  'offeringCancelRefund',
  // Placings (docs/primary-markets.md "Placings"): the same two steps, both at the allotment.
  'placingAllotment',
  'placingDelivery',
  // Treasury bonds (docs/fixed-income.md): a purchase, a sale before maturity, a coupon and the face at maturity.
  'bondBuy',
  'bondSale',
  'bondCoupon',
  'bondRedemption',
  // Loans (docs/loans.md): the amount paid out from the loans account, a day's interest (loans account to the
  // interest income account; it changes what is owed, not a wallet), a repayment into the loans account.
  'loanDisbursement',
  'loanInterest',
  'loanRepayment',
  // Funds (docs/fixed-income.md "Funds"): a subscription from the FINANCIAL wallet, principal + interest paid back,
  // and a day's interest (fundInterest: between system accounts, so not in a customer's bill but in the console's).
  'fundSubscription',
  'fundRedemption',
  'fundInterest',
  // Copy trading (docs/strategies.md): a follow's amount from the FOLLOW wallet, and its value less the fee paid back.
  'followAdd',
  'followPayout',
  // AI quantification (docs/strategies.md): a subscription from the FINANCIAL wallet, and its result paid back.
  'quantSubscription',
  'quantPayout',
  // Trading robots (docs/strategies.md): the allocation and the price at the start, the book's value at the end.
  'robotStart',
  'robotPayout',
] as const;
export const entryType = z.enum(ENTRY_TYPES);
export type EntryType = z.infer<typeof entryType>;
/** The kinds that move money between system accounts only: never on a customer's history, so not among its filters. */
export const SYSTEM_ENTRY_TYPES: readonly EntryType[] = ['loanInterest', 'fundInterest'];
/** The kinds a customer's history can show, for its filter. */
export const CUSTOMER_ENTRY_TYPES = ENTRY_TYPES.filter((type) => !SYSTEM_ENTRY_TYPES.includes(type));

/** Seconds after a transfer during which it may be cancelled (docs/money.md). */
export const TRANSFER_CANCEL_SECONDS = 300;

// ---------------------------------------------------------------------------------------------- wallets

export const walletBalance = z.object({
  walletType,
  currency,
  /**
   * Available: what may be spent, transferred or withdrawn now (SPEC §3 names it `balance`; the ledger calls it
   * `available`, its own `balance` being the total before holds).
   */
  balance: money,
  /** On hold: pending withdrawals (later open orders and subscriptions). */
  usedBalance: money,
  /** balance + usedBalance. */
  total: money,
});
export type WalletBalance = z.infer<typeof walletBalance>;

export const getWalletBalance = defineEndpoint({
  method: 'POST',
  path: '/wallet/getWalletBalance',
  auth: 'user',
  tag: 'wallet',
  summary:
    'Balances of the caller\'s wallets (all, or the one `walletType`). `balance` is available, `usedBalance` on hold. Wallets never used show "0.00".',
  request: z.object({ walletType: walletType.optional() }).optional().default({}),
  data: z.array(walletBalance),
});

export const billItem = z.object({
  /** Posting id. */
  id: z.number().int(),
  entryId: z.number().int(),
  walletType,
  currency,
  /** Signed: positive money in, negative money out. */
  amount: money,
  /** The wallet's total (before holds, not the available `balance` of walletBalance) right after this posting. */
  balanceAfter: money,
  type: entryType,
  /** Why: the operator's words for adjustments and reviews, otherwise a short system description. */
  reason: z.string().nullable(),
  /** An adjustment's category (a key of ADJUSTMENT_CATEGORIES, shown translated), else null. */
  category: z.enum(ADJUSTMENT_CATEGORIES).nullable().default(null),
  /** What the entry is about, e.g. `recharge:12`, `withdrawal:7`, `transfer:31`. */
  reference: z.string().nullable(),
  /** Conversion rate (units of credited currency per debited unit) when currencies differ. */
  rate: z.string().nullable(),
  /** The transfer this posting belongs to may still be cancelled until then (ms), else null. */
  cancellableUntil: ms.nullable(),
  createTimeTimestamp: ms,
});
export type BillItem = z.infer<typeof billItem>;

export const billFilter = z.object({
  walletType: walletType.optional(),
  type: entryType.optional(),
  /** Inclusive range of createTimeTimestamp (ms). */
  from: r.integer(z.number().int().nonnegative()).optional(),
  to: r.integer(z.number().int().nonnegative()).optional(),
  page: r.page,
  pageSize: r.pageSize,
});

export const getWalletBill = defineEndpoint({
  method: 'POST',
  path: '/wallet/getWalletBill',
  auth: 'user',
  tag: 'wallet',
  summary: "Every ledger posting on the caller's wallets, newest first, with type, amount, reason and time.",
  request: billFilter,
  data: pageOf(billItem),
});

export const transferResult = z.object({
  entryId: z.number().int(),
  from: walletType,
  to: walletType,
  debited: z.object({ amount: money, currency }),
  credited: z.object({ amount: money, currency }),
  rate: z.string().nullable(),
  cancellableUntil: ms,
  createTimeTimestamp: ms,
});
export type TransferResult = z.infer<typeof transferResult>;

export const transfer = defineEndpoint({
  method: 'POST',
  path: '/wallet/transfer',
  auth: 'user',
  tag: 'wallet',
  idempotent: true,
  summary:
    "Move money between two of the caller's wallets at once. Different currencies convert at the live EUR/USD rate, recorded on the entry; the credited amount is rounded down to the cent.",
  request: z
    .object({ from: walletType, to: walletType, amount: r.amount })
    .refine((b) => b.from !== b.to, { error: r.V.sameWallet, path: ['to'] }),
  data: transferResult,
});

export const cancelTransfer = defineEndpoint({
  method: 'POST',
  path: '/wallet/cancelTransfer',
  auth: 'user',
  tag: 'wallet',
  idempotent: true,
  summary: `Reverse one of the caller's transfers within ${TRANSFER_CANCEL_SECONDS / 60} minutes, once, if the credited amount is still available: the exact opposite postings, so both wallets are as before.`,
  request: z.object({ entryId: r.id }),
  data: z.object({ entryId: z.number().int(), cancelledEntryId: z.number().int() }),
});

export const fundingOverview = defineEndpoint({
  method: 'POST',
  path: '/userCenter/getFundingOverview',
  auth: 'user',
  tag: 'wallet',
  summary:
    'Totals per wallet and in total (in EUR at the live rate), with todayProfit and hkTodayProfit of open positions since the last close.',
  request: z.object({}).optional().default({}),
  data: z.object({
    currency,
    /** Everything, converted to `currency`. */
    total: money,
    available: money,
    onHold: money,
    wallets: z.array(walletBalance.extend({ totalInCurrency: money })),
    todayProfit: money,
    hkTodayProfit: money,
    /** USD per EUR used for the conversion. */
    eurUsd: z.string(),
  }),
});

// --------------------------------------------------------------------------------------------- deposits

export const channelType = z.enum(['crypto', 'bank']);
export const bankDetails = z.object({
  bankName: z.string(),
  accountName: z.string(),
  iban: z.string(),
  swift: z.string(),
  bankAddress: z.string(),
});
export const depositChannel = z.object({
  id: z.number().int(),
  type: channelType,
  /** What is paid: USDT, USDC, EUR, USD. */
  asset: z.string(),
  /** Crypto network, e.g. TRC20, ERC20; null for bank transfers. */
  network: z.string().nullable(),
  /** Crypto deposit address; null for bank transfers. */
  address: z.string().nullable(),
  bank: bankDetails.nullable(),
  /** The wallet credited, and its currency (the amount is credited one for one). */
  walletType,
  currency,
  minAmount: money,
  /** Network confirmations before a crypto deposit is credited (SPEC §9: 3). */
  confirmations: z.number().int(),
  enabled: z.boolean(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

export const rechargeCurrencyList = defineEndpoint({
  method: 'POST',
  path: '/recharge/currency/selectList',
  auth: 'user',
  tag: 'deposit',
  summary:
    'Enabled deposit channels: crypto assets with network and address, and bank accounts, as configured in the console.',
  request: z.object({ type: channelType.optional() }).optional().default({}),
  data: z.array(depositChannel),
});

export const reviewStatus = z.union([
  z.literal(ReviewStatus.Pending),
  z.literal(ReviewStatus.Failed),
  z.literal(ReviewStatus.Approved),
]);

export const rechargeRecord = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  type: channelType,
  asset: z.string(),
  network: z.string().nullable(),
  amount: money,
  walletType,
  currency,
  txHash: z.string().nullable(),
  /** 1 pending review, 2 audit failure (see reason), 3 completed (credited). */
  status: reviewStatus,
  reason: z.string().nullable(),
  proofUrl: z.string(),
  createTimeTimestamp: ms,
  reviewTimeTimestamp: ms.nullable(),
});
export type RechargeRecord = z.infer<typeof rechargeRecord>;

export const rechargeCreate = defineEndpoint({
  method: 'POST',
  path: '/recharge/create',
  auth: 'user',
  tag: 'deposit',
  idempotent: true,
  summary:
    'Report a deposit with its proof screenshot (an uploaded file id). Minimum 1; smaller deposits are not refunded. Needs verified identity. An operator checks it and the amount is credited by a journal entry.',
  request: z.object({
    channelId: r.id,
    amount: r.depositAmount,
    proofFileId: r.fileId,
    txHash: r.txHash.optional(),
  }),
  data: rechargeRecord,
});

export const rechargeListPage = defineEndpoint({
  method: 'POST',
  path: '/recharge/listPage',
  auth: 'user',
  tag: 'deposit',
  summary: "The caller's deposits, newest first; `status` 1 pending review, 2 audit failure, 3 completed.",
  request: z.object({ status: r.integer(reviewStatus).optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(rechargeRecord),
});

// ------------------------------------------------------------------------------- cards and crypto wallets

/** Crypto networks a withdrawal wallet may be on; the address is checked against the network's format. */
export const CRYPTO_NETWORKS = ['USDT-TRC20', 'USDT-ERC20', 'USDC-ERC20', 'BTC', 'ETH'] as const;
export const cryptoNetwork = z.enum(CRYPTO_NETWORKS, { error: r.V.selectCurrency });

const bankCardFields = {
  bankName: r.bankName,
  holderName: r.holderName,
  /** Card, account or IBAN number; an IBAN is checked with its check digits. */
  cardNo: r.bankAccountNumber,
  swift: r.swift.optional(),
  branchCode: r.shortCode.optional(),
  abaRouting: r.abaRouting.optional(),
  bankAddress: r.address.optional(),
  region: r.shortText.optional(),
  city: r.shortText.optional(),
  frontFileId: r.fileId.optional(),
  backFileId: r.fileId.optional(),
};

export const bankCardInput = z.object({ kind: z.literal('bank'), ...bankCardFields });
export const cryptoWalletInput = z
  .object({ kind: z.literal('crypto'), currencyType: cryptoNetwork, address: r.walletAddress })
  .refine((w) => r.cryptoAddressMatches(w.currencyType, w.address), {
    error: r.V.walletAddressFormat,
    path: ['address'],
  });
export const userAccountInput = z.discriminatedUnion('kind', [bankCardInput, cryptoWalletInput]);

export const bankCard = z.object({
  id: z.number().int(),
  kind: z.literal('bank'),
  bankName: z.string(),
  holderName: z.string(),
  cardNo: z.string(),
  swift: z.string().nullable(),
  branchCode: z.string().nullable(),
  abaRouting: z.string().nullable(),
  bankAddress: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  frontFileId: z.string().nullable(),
  backFileId: z.string().nullable(),
  /** Signed addresses of the card images, valid for an hour. */
  frontUrl: z.string().nullable(),
  backUrl: z.string().nullable(),
  createTimeTimestamp: ms,
});
export const cryptoWallet = z.object({
  id: z.number().int(),
  kind: z.literal('crypto'),
  currencyType: cryptoNetwork,
  address: z.string(),
  createTimeTimestamp: ms,
});
export const userAccount = z.discriminatedUnion('kind', [bankCard, cryptoWallet]);
export type BankCard = z.infer<typeof bankCard>;
export type CryptoWallet = z.infer<typeof cryptoWallet>;
export type UserAccount = z.infer<typeof userAccount>;

/** At most this many cards plus crypto wallets per customer. */
export const USER_ACCOUNTS_MAX = 10;

export const selectCardNo = defineEndpoint({
  method: 'POST',
  path: '/UserAccount/SelectCardNo',
  auth: 'user',
  tag: 'cards',
  summary: "The caller's bank cards and crypto wallets (`kind` filters), newest first.",
  request: z
    .object({ kind: z.enum(['bank', 'crypto']).optional() })
    .optional()
    .default({}),
  data: z.array(userAccount),
});

export const addCardNo = defineEndpoint({
  method: 'POST',
  path: '/UserAccount/addCardNo',
  auth: 'user',
  tag: 'cards',
  summary: `Add a bank card (kind "bank") or a crypto wallet (kind "crypto"); at most ${USER_ACCOUNTS_MAX} in all.`,
  request: userAccountInput,
  data: userAccount,
});

export const updateCardNo = defineEndpoint({
  method: 'POST',
  path: '/UserAccount/UpdateCardNo',
  auth: 'user',
  tag: 'cards',
  summary:
    'Change a bank card or crypto wallet of the caller (the kind cannot change). Past withdrawals keep the details they were sent to.',
  request: z.intersection(z.object({ id: r.id }), userAccountInput),
  data: userAccount,
});

export const deleteCard = defineEndpoint({
  method: 'POST',
  path: '/UserAccount/delete-card',
  auth: 'user',
  tag: 'cards',
  summary: 'Remove a bank card or crypto wallet of the caller.',
  request: z.object({ id: r.id }),
  data: ok,
});

// ------------------------------------------------------------------------------------------ withdrawals

export const usableWithdrawalAmount = defineEndpoint({
  method: 'GET',
  path: '/withdrawal/getUsableWithdrawalAmount',
  auth: 'user',
  tag: 'withdrawal',
  summary: 'What may be withdrawn from a wallet now (its whole available balance) and what is already pending.',
  request: z.object({ walletType: walletType.default('BALANCE') }),
  data: z.object({ walletType, currency, amount: money, pending: money }),
});

export const withdrawalDestination = z.union([
  bankCard.pick({ kind: true, bankName: true, holderName: true, cardNo: true, swift: true }),
  cryptoWallet.pick({ kind: true, currencyType: true, address: true }),
]);

/** 1 pending review (amount on hold), 2 rejected (reason; amount released), 3 paid out, 4 cancelled by the customer. */
export const withdrawalStatus = z.union([reviewStatus, z.literal(WithdrawalStatus.Cancelled)]);

export const withdrawalRecord = z.object({
  id: z.number().int(),
  walletType,
  currency,
  amount: money,
  /** The card or wallet as it was when the withdrawal was asked for. */
  destination: withdrawalDestination,
  status: withdrawalStatus,
  reason: z.string().nullable(),
  /** Paid out: the bank reference or transaction hash of the payment. */
  payoutReference: z.string().nullable(),
  createTimeTimestamp: ms,
  /** When it stopped pending (paid, rejected or cancelled). */
  reviewTimeTimestamp: ms.nullable(),
  /** Pending: when it should be reviewed by (WITHDRAWAL_REVIEW_HOURS after it was asked for); else null. */
  expectedByTimestamp: ms.nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

export const withdrawalApply = defineEndpoint({
  method: 'POST',
  path: '/withdrawal/withdrawal-apply',
  auth: 'user',
  tag: 'withdrawal',
  idempotent: true,
  summary:
    "Ask to withdraw to one of the caller's bank cards or crypto wallets. The transaction password is required; the amount is held at once and paid out (or released, with a reason) by an operator. Nothing else is ever demanded first.",
  request: z.object({
    walletType: walletType.default('BALANCE'),
    amount: r.amount,
    accountId: r.integer(z.number().int().positive({ error: r.V.selectBankCard }), r.V.selectBankCard),
    payPassword: r.payPassword,
    /** Required when the customer has two-step verification on (422 reason `totpRequired` otherwise). */
    totpCode: secondFactorCode.optional(),
  }),
  data: withdrawalRecord,
});

export const withdrawalListPage = defineEndpoint({
  method: 'POST',
  path: '/withdrawal/listPage',
  auth: 'user',
  tag: 'withdrawal',
  summary:
    "The caller's withdrawals, newest first (our addition: SPEC §7 lists none, yet a customer must see where their money is).",
  request: z.object({ status: r.integer(withdrawalStatus).optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(withdrawalRecord),
});

export const withdrawalCancel = defineEndpoint({
  method: 'POST',
  path: '/withdrawal/withdrawal-cancel',
  auth: 'user',
  tag: 'withdrawal',
  idempotent: true,
  summary:
    "Cancel one of the caller's pending withdrawals: the held amount is available again at once. 409 when it was paid, rejected or cancelled already; 404 for another customer's.",
  request: z.object({ id: r.id }),
  data: withdrawalRecord,
});
