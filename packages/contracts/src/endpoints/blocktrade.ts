/**
 * Block trades (SPEC §1, §5 "single transaction of at least 10,000 shares", §6 "block trading needs activation",
 * §7: /m_ft/block_list, /blockTrade/create, /blockTrade/checkSecret). The rules and the readings where the spec is
 * silent are in docs/primary-markets.md "Block trades".
 *
 * - Permission first: the customer applies (/blockTrade/apply, ours), an operator decides by published criteria,
 *   the customer reads the decision (/blockTrade/permission, ours) and, on a refusal, its reason.
 * - The block desk buys at the simulator's quote (the mid) less a published discount, always within a published
 *   band around the quote (blockDeskPrice); at least BLOCK_MIN_QUANTITY shares in one order, settled into an
 *   ordinary, unleveraged stock position.
 * - checkSecret is the customer's own transaction password (and second factor where it is on), with the same attempt
 *   limit as every transaction-password check; it answers a short-lived, single-use confirmation for one block order.
 *   No screen ever asks for a key handed out by staff.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ReviewStatus } from '../enums.js';
import { Decimal } from '../money.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { secondFactorCode } from './auth.js';
import { orderResult, priceInput, quantity, stockCode, termsVersion } from './trading.js';
import { currency, reviewStatus, walletType } from './wallet.js';

const ms = z.number().int();

// ------------------------------------------------------------------------------------------------ rules

/** SPEC §5/§9: a block order is a single transaction of at least 10,000 shares. */
export const BLOCK_MIN_QUANTITY = 10_000;
/** The desk's discount off the simulator's mid quote (0.5%). */
export const BLOCK_DESK_DISCOUNT = '0.005';
/** The published band: the desk's price is never more than 2% below or above the simulator's mid quote. */
export const BLOCK_PRICE_BAND = '0.02';
/** A confirmation from checkSecret is good for one block order within this many seconds. */
export const BLOCK_CONFIRMATION_SECONDS = 300;

/**
 * The desk's price for a quote's mid, rounded half up to the instrument's price decimals; asserted inside the band
 * (a change of the discount that left the band would fail here, not reach a customer).
 */
export function blockDeskPrice(mid: Decimal | string, decimals: number): Decimal {
  const m = new Decimal(mid);
  const price = m.times(new Decimal(1).minus(BLOCK_DESK_DISCOUNT)).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  const band = m.times(BLOCK_PRICE_BAND);
  if (
    price
      .minus(m)
      .abs()
      .gt(band.plus(new Decimal(10).pow(-decimals)))
  ) {
    throw new Error(`block desk price ${price} outside the band around ${m}`);
  }
  return price;
}

// ------------------------------------------------------------------------------------------- permission

/** What a customer's block trading permission is: never applied, under review, approved, or refused (reason). */
export const BLOCK_PERMISSION_STATES = ['none', 'pending', 'approved', 'refused'] as const;
export const blockPermissionState = z.enum(BLOCK_PERMISSION_STATES);
export type BlockPermissionState = z.infer<typeof blockPermissionState>;

export const blockPermission = z.object({
  status: blockPermissionState,
  /** The operator's reason, shown to the customer when refused. */
  reason: z.string().nullable(),
  appliedAtTimestamp: ms.nullable(),
  decidedAtTimestamp: ms.nullable(),
});
export type BlockPermission = z.infer<typeof blockPermission>;

export const blockPermissionRead = defineEndpoint({
  method: 'POST',
  path: '/blockTrade/permission',
  auth: 'user',
  tag: 'blocktrade',
  summary:
    "The caller's block trading permission (SPEC §6): none (authority not yet opened), pending (under review), approved, or refused with the operator's reason.",
  request: z.object({}).optional().default({}),
  data: blockPermission,
});

export const blockPermissionApply = defineEndpoint({
  method: 'POST',
  path: '/blockTrade/apply',
  auth: 'user',
  tag: 'blocktrade',
  summary:
    'Apply for block trading (SPEC §6 "offers to apply"): needs verified identity and a transaction password, and the block terms accepted. 409 while an application is pending or approved; after a refusal the customer may apply again.',
  request: z.object({ acceptTerms: z.literal(true, { error: r.V.agreeFirst }) }),
  data: blockPermission,
});

// ------------------------------------------------------------------------------------------- the desk

/** A stock offered at the block desk (SPEC §7 /m_ft/block_list). Prices in the stock's currency. */
export const blockStock = z.object({
  code: z.string(),
  name: z.string(),
  source: z.number().int(),
  classify: z.string(),
  /** The stock's currency (prices). */
  currency: z.string(),
  /** The wallet that pays, and its currency (amounts). */
  walletType,
  walletCurrency: currency,
  /** The simulator's mid quote now. */
  quotePrice: z.string(),
  /** The desk's price: quotePrice less the discount, rounded to the stock's decimals. */
  deskPrice: z.string(),
  discount: z.string(),
  band: z.string(),
  minQuantity: z.number().int(),
  /** Stock currency → wallet currency, the live mid rate. */
  rate: z.string(),
  /** The buy fee rate of the stock schedule, and the schedule an order sends back (termsVersion). */
  feeRate: z.string(),
  termsVersion: z.string(),
  marketOpen: z.boolean(),
});
export type BlockStock = z.infer<typeof blockStock>;

export const blockList = defineEndpoint({
  method: 'POST',
  path: '/m_ft/block_list',
  auth: 'user',
  tag: 'blocktrade',
  summary:
    'The stocks offered at the block desk with the desk price (the mid quote less the published discount, within the published band) and the minimum of 10,000 shares, by code; `q` keeps those whose code or name (English or Chinese) contains it, any case, an exact code first.',
  request: z.object({ page: r.page, pageSize: r.pageSize, q: z.string().trim().max(100).optional() }),
  data: pageOf(blockStock),
});

// ------------------------------------------------------------------------------------------- confirm, create

export const blockCheckSecret = defineEndpoint({
  method: 'POST',
  path: '/blockTrade/checkSecret',
  auth: 'user',
  tag: 'blocktrade',
  summary:
    "Confirm one block order with the customer's own transaction password (and second-factor code when on), under the transaction password's attempt limit (429 when used up). Answers a confirmation good for that stock and quantity, once, for 5 minutes. Never a key from staff.",
  request: z.object({
    stockCode,
    quantity,
    payPassword: r.payPassword,
    totpCode: secondFactorCode.optional(),
  }),
  data: z.object({ confirmation: z.string(), expiresAtTimestamp: ms }),
});

export const blockTrade = z.object({
  id: z.number().int(),
  code: z.string(),
  quantity: z.number().int(),
  quotePrice: z.string(),
  deskPrice: z.string(),
  createTimeTimestamp: ms,
});

export const blockCreate = defineEndpoint({
  method: 'POST',
  path: '/blockTrade/create',
  auth: 'user',
  tag: 'blocktrade',
  idempotent: true,
  summary:
    'Buy a block of at least 10,000 shares at the desk price in one transaction, with a confirmation from checkSecret. Refused (nothing written) when the desk price is now above `price` (the ticket), without permission, or when the wallet does not carry the amount and fee. Settles into an ordinary, unleveraged position.',
  request: z.object({
    stockCode,
    quantity,
    /** The desk price the ticket showed; the order fills at the desk price now, refused when that is higher. */
    price: priceInput,
    termsVersion,
    confirmation: z.string().trim().min(1, { error: r.V.enterPayPassword }).max(100),
  }),
  data: orderResult.extend({ blockTrade }),
});

/** One of the caller's block trades as their list shows it; the position is an ordinary one in the trade centre. */
export const myBlockTrade = z.object({
  id: z.number().int(),
  code: z.string(),
  source: z.number().int(),
  name: z.string(),
  /** The stock's currency (desk price and amount). */
  currency: z.string(),
  quantity: z.number().int(),
  deskPrice: z.string(),
  /** quantity × desk price, in the stock's currency (the fee and the rate are the position's). */
  amount: z.string(),
  orderId: z.number().int(),
  positionId: z.number().int(),
  createTimeTimestamp: ms,
});
export type MyBlockTrade = z.infer<typeof myBlockTrade>;

export const blockTradeList = defineEndpoint({
  method: 'POST',
  path: '/blockTrade/list',
  auth: 'user',
  tag: 'blocktrade',
  summary:
    "The caller's own block trades (ours), newest first: stock, shares, desk price, amount and the position each settled into. Only the caller's; another customer's never appear.",
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(myBlockTrade),
});

// ------------------------------------------------------------------------------------------- console

export const blockPermissionRow = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  userId: z.string(),
  email: z.string(),
  /** The published criteria, as they stand now (approval is refused while one is unmet). */
  identityVerified: z.boolean(),
  payPasswordSet: z.boolean(),
  status: reviewStatus,
  reason: z.string().nullable(),
  createTimeTimestamp: ms,
  reviewTimeTimestamp: ms.nullable(),
  reviewer: z.string().nullable(),
});
export type BlockPermissionRow = z.infer<typeof blockPermissionRow>;

export const blockPermissionQueue = defineEndpoint({
  method: 'GET',
  path: '/console/block-permissions',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Block trading applications by status (pending oldest first; decided newest first), with the criteria.',
  request: z.object({
    status: r.integer(reviewStatus).default(ReviewStatus.Pending),
    q: z.string().trim().max(100).optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(blockPermissionRow),
});

export const blockPermissionApprove = defineEndpoint({
  method: 'POST',
  path: '/console/block-permissions/:id/approve',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Approve a pending application; refused (422 blockCriteriaUnmet) while a published criterion is unmet.',
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: blockPermissionRow,
});

export const blockPermissionRefuse = defineEndpoint({
  method: 'POST',
  path: '/console/block-permissions/:id/reject',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Refuse a pending application with a reason the customer sees; they may apply again.',
  request: z.object({ reason: r.operatorReason }),
  params: z.object({ id: r.id }),
  data: blockPermissionRow,
});
