/**
 * Treasury bonds (SPEC §1 "bonds (treasury debt)", §2 bonds/list, bonds/open, bonds/close, §3 "Bond order", §4
 * "Bonds: bought, waiting for redemption, redeemed", §7: /m_ft/bondsList, /treasuryBond/create,
 * /treasuryBond/pageList, /treasuryBond/flatPosition, /position/getTreasuryBondTotal; issue 16). The maths and the
 * readings where the spec is silent are in docs/fixed-income.md.
 *
 * Simulated government bonds (source 101) quoted from the simulator's yield curves: prices per 100 of face value,
 * yields as percentages. A customer buys whole bonds of `faceValue` at the ask's dirty price (clean + accrued) plus
 * the published fee, from the wallet of the bond's currency (USD: US_STOCK, EUR: BALANCE); coupons and the face at
 * maturity are paid into the same wallet by the server; a holding may be sold before maturity at the bid.
 */
import { z } from 'zod';
import { BOND_FEE } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { secondFactorCode } from './auth.js';
import { currency, walletType } from './wallet.js';

const money = z.string();
/** Per 100 of face value, 6 decimals. */
const per100 = z.string();
/** A yield in percent, 3 decimals ("3.875"). */
const percent = z.string();
const ms = z.number().int();
const isoDate = z.string();

/** SPEC market source of bonds. */
export const BOND_SOURCE = 101;

/** The published fee (constants.ts), shown in every list row. */
export { BOND_FEE };

/** Bonds per order: whole bonds, at most this many in one order. */
export const BOND_MAX_QUANTITY = 10_000;

export const BOND_ISSUERS = ['US', 'DE', 'NL', 'BE'] as const;
export const bondIssuer = z.enum(BOND_ISSUERS, { error: r.V.invalid });
export const BOND_KINDS = ['bill', 'note', 'bond'] as const;
export const bondKind = z.enum(BOND_KINDS, { error: r.V.invalid });

/**
 * SPEC §4's states, and one more: bought (held), waitingRedemption (held, too close to maturity to be traded: a sale
 * would settle on or after it; the face is paid at maturity), redeemed (the face paid), sold (sold before maturity).
 */
export const BOND_HOLDING_STATES = ['bought', 'waitingRedemption', 'redeemed', 'sold'] as const;
export const bondHoldingState = z.enum(BOND_HOLDING_STATES, { error: r.V.invalid });
export type BondHoldingState = z.infer<typeof bondHoldingState>;

export const bondQuote = z.object({
  code: z.string(),
  name: z.string(),
  source: z.literal(BOND_SOURCE),
  issuer: bondIssuer,
  kind: bondKind,
  currency,
  walletType,
  /** Always true: the bonds and their prices are simulated, like every price of the app. */
  simulated: z.literal(true),
  /** The annual coupon in percent ("4.125"); "0" for a bill. */
  couponRate: percent,
  /** Coupons a year (0 for a bill). */
  frequency: z.number().int(),
  /** The coupon dates of a year as MM-DD (empty for a bill). */
  couponDates: z.array(z.string()),
  datedDate: isoDate,
  maturityDate: isoDate,
  expiredDateTimestamp: ms,
  faceValue: money,
  dayCount: z.enum(['ACT/ACT ICMA', 'ACT/360']),
  /** The settlement date of a trade now (US T+1, euro area T+2 business days). */
  settlementDate: isoDate,
  nextCouponDate: isoDate,
  /** Clean prices per 100: mid, bid (what a holder sells at), ask (what a buyer pays). */
  cleanPrice: per100,
  bid: per100,
  ask: per100,
  /** Accrued interest per 100 to the settlement date. */
  accruedInterest: per100,
  /** The ask's dirty price per 100 (ask + accrued): what one bond costs, before the fee, is this × faceValue / 100. */
  dirtyAsk: per100,
  /** Yield to maturity of the mid, bid and ask, in percent (bills: the investment rate). */
  yield: percent,
  bidYield: percent,
  askYield: percent,
  feeRate: z.string(),
  minFee: money,
});
export type BondQuote = z.infer<typeof bondQuote>;

export const bondHolding = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  issuer: bondIssuer,
  kind: bondKind,
  currency,
  walletType,
  quantity: z.number().int(),
  faceValue: money,
  couponRate: percent,
  frequency: z.number().int(),
  maturityDate: isoDate,
  expiredDateTimestamp: ms,
  /** The clean price per 100 and the yield in percent at which it was bought, and its settlement date. */
  buyingPrice: per100,
  yield: percent,
  settlementDate: isoDate,
  /** What was paid: the consideration (dirty price × face), the fee, their sum. */
  amount: money,
  fee: money,
  total: money,
  /** Coupons received so far (a redemption's face is not counted: it is the principal back). */
  interest: money,
  /** Now, for a holding still held: accrued interest and the value at the bid (clean), for all its bonds. */
  accruedInterest: money,
  marketValue: money,
  nextCouponDate: isoDate.nullable(),
  status: bondHoldingState,
  /** A sold holding: the clean price per 100 and what the sale paid in (after its fee). */
  salePrice: per100.nullable(),
  saleAmount: money.nullable(),
  saleFee: money.nullable(),
  createTimeTimestamp: ms,
  /** When it was sold or redeemed. */
  closeTimeTimestamp: ms.nullable(),
});
export type BondHolding = z.infer<typeof bondHolding>;

const quantity = r.integer(
  z
    .number()
    .int({ error: r.V.addQuantity })
    .min(1, { error: r.V.addQuantity })
    .max(BOND_MAX_QUANTITY, { error: r.V.addQuantity }),
  r.V.addQuantity,
);

const bondCode = z
  .string({ error: r.V.instrumentCode })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z0-9]{9}\d$/, { error: r.V.instrumentCode });

// ------------------------------------------------------------------------------------------- endpoints

export const bondsList = defineEndpoint({
  method: 'POST',
  path: '/m_ft/bondsList',
  auth: 'optional',
  tag: 'bonds',
  summary:
    'The treasury bonds that can be traded now (source 101, simulated) with their quotes: clean bid and ask, accrued interest and yield to maturity for a trade now, by issuer (US, DE, NL, BE) then maturity. A bond leaves the list once a trade would settle on or after its maturity.',
  request: z.object({
    issuer: bondIssuer.optional(),
    kind: bondKind.optional(),
    code: bondCode.optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(bondQuote),
});

export const treasuryBondCreate = defineEndpoint({
  method: 'POST',
  path: '/treasuryBond/create',
  auth: 'user',
  tag: 'bonds',
  idempotent: true,
  summary:
    "Buy `quantity` bonds at the ask: pays the dirty price × face + the published fee (BOND_FEE) from the wallet of the bond's currency through the ledger, with the transaction password (and second-factor code when on). With `maxTotal` (what the ticket showed), a total above it answers 422 and buys nothing. Identity verification required.",
  request: z.object({
    code: bondCode,
    quantity,
    maxTotal: r.amount.optional(),
    payPassword: r.payPassword,
    /** Required when the customer has two-step verification on (422 reason `totpRequired` otherwise). */
    totpCode: secondFactorCode.optional(),
  }),
  data: bondHolding,
});

export const treasuryBondPageList = defineEndpoint({
  method: 'POST',
  path: '/treasuryBond/pageList',
  auth: 'user',
  tag: 'bonds',
  summary: "The caller's bond holdings, newest first, with their value now; optionally of one state.",
  request: z.object({ status: bondHoldingState.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(bondHolding),
});

export const treasuryBondFlatPosition = defineEndpoint({
  method: 'POST',
  path: '/treasuryBond/flatPosition',
  auth: 'user',
  tag: 'bonds',
  idempotent: true,
  summary:
    "Sell one of the caller's holdings before maturity, all of it, at the bid: the dirty bid × face less the published fee is paid into its wallet through the ledger. With `minProceeds`, less than that answers 422 and sells nothing. Another customer's id answers 404; a holding too close to maturity 422.",
  request: z.object({ id: r.id, minProceeds: r.amount.optional() }),
  data: bondHolding,
});

export const bondTotal = z.object({
  currency,
  walletType,
  /** Holdings still held. */
  holdings: z.number().int(),
  faceValue: money,
  /** At the bid (clean) and the interest accrued, now, of the bonds still held. */
  marketValue: money,
  accruedInterest: money,
  /** Coupons received to date, of every holding (held, sold or redeemed). */
  income: money,
});

export const getTreasuryBondTotal = defineEndpoint({
  method: 'POST',
  path: '/position/getTreasuryBondTotal',
  auth: 'user',
  tag: 'bonds',
  summary:
    "The caller's bonds in total, per currency (USD and EUR are not added up): value at the bid, interest accrued and income received to date.",
  request: z.object({}),
  data: z.object({ totals: z.array(bondTotal) }),
});

// ------------------------------------------------------------------------------------------------ console

/**
 * A bond as the console's bond book shows it: its terms and what customers hold of it, counted from the holdings
 * (read only: the universe is generated from the seed, the prices from the curves; operators neither list bonds nor
 * set prices).
 */
export const consoleBond = z.object({
  code: z.string(),
  name: z.string(),
  issuer: bondIssuer,
  kind: bondKind,
  currency,
  couponRate: percent,
  maturityDate: isoDate,
  /** Customers holding it now, and the bonds and face value they hold. */
  holders: z.number().int(),
  quantity: z.number().int(),
  faceValue: money,
  /** Coupons paid on it to date, to every holding (held, sold or redeemed). */
  couponsPaid: money,
  /** Bonds of it redeemed at maturity, and sold back before it. */
  redeemedQuantity: z.number().int(),
  soldQuantity: z.number().int(),
  /** The next date the coupons job owes its holders something (a coupon or the face); null when nothing. */
  nextDueDate: isoDate.nullable(),
  /** The clean mid price per 100 and the yield now; null once it can no longer be traded. */
  cleanPrice: per100.nullable(),
  yield: percent.nullable(),
});
export type ConsoleBond = z.infer<typeof consoleBond>;

export const consoleBondTotal = z.object({
  currency,
  holders: z.number().int(),
  faceValue: money,
  couponsPaid: money,
  redeemedFaceValue: money,
});

export const consoleBondBook = defineEndpoint({
  method: 'GET',
  path: '/console/bonds',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'The bond book (read only): every bond customers hold or held, by maturity, with holders, face value held, coupons paid, redeemed and sold, the next date the coupons job owes them something and the price now; totals per currency.',
  request: z.object({ issuer: bondIssuer.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(consoleBond).extend({ totals: z.array(consoleBondTotal) }),
});

export const consoleCustomerBonds = defineEndpoint({
  method: 'GET',
  path: '/console/customers/:id/bonds',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "A customer's bond holdings, newest first, as the customer sees them (an unknown customer answers 404).",
  params: z.object({ id: r.id }),
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(bondHolding),
});
