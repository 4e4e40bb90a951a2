/**
 * Placings (SPEC §1 "placing shares (SPO/QIP)", §2 placing/index and placing/record, §7: /placing_order/create,
 * /placing_order/checkSecret, /position/placing_subscription, /position/getPlacingFlatCount). The rules and the
 * readings where the spec is silent are in docs/primary-markets.md "Placings".
 *
 * A placing offers new shares of an ALREADY LISTED stock for a window, at a published discount to the simulator's
 * reference price at the window's open (the price is fixed then), in whole lots, with a published fee, the IPOs'
 * published allotment rule at the close and a published lock-up: allotted shares are delivered as an ordinary
 * position at the allotment and may not be sold for `lockupDays` days after the close. Like the IPOs, a
 * subscription holds quantity × price (+ fee) in the SUBSCRIPTION wallet, converted at the live mid rate.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { secondFactorCode } from './auth.js';
import { allotmentRule, offeringMarket, subscriptionState } from './primary.js';
import { priceInput, quantity, stockCode } from './trading.js';
import { currency, walletType } from './wallet.js';

const money = z.string();
const price = z.string();
const ms = z.number().int();

/** SPO: a secondary (follow-on) public offering; QIP: a qualified institutional placement, offered here to all. */
export const PLACING_KINDS = ['SPO', 'QIP'] as const;
export const placingKind = z.enum(PLACING_KINDS);
export type PlacingKind = z.infer<typeof placingKind>;

/** A confirmation from checkSecret is good for one placing order within this many seconds (as block orders). */
export const PLACING_CONFIRMATION_SECONDS = 300;

/** A placing's phase: upcoming (price not fixed yet), open, closed (waiting for the allotment), allotted, cancelled. */
export const PLACING_PHASES = ['upcoming', 'open', 'closed', 'allotted', 'cancelled'] as const;
export const placingPhase = z.enum(PLACING_PHASES, { error: r.V.invalid });
export type PlacingPhase = z.infer<typeof placingPhase>;

export const placing = z.object({
  id: z.number().int(),
  kind: placingKind,
  /** The listed stock's code and name (request language). */
  code: z.string(),
  name: z.string(),
  market: offeringMarket,
  /** The stock's price currency. */
  currency: z.string(),
  /** Always true: the issuers' placings are simulated, like every price of the app. */
  simulated: z.literal(true),
  opensAtTimestamp: ms,
  closesAtTimestamp: ms,
  /** The published discount to the reference price, a fraction ("0.08" = 8%). */
  discount: z.string(),
  /** The simulator's price at the window's open, and the placing price (reference × (1 − discount)); null before. */
  referencePrice: price.nullable(),
  price: price.nullable(),
  lotSize: z.number().int(),
  sharesOffered: z.number().int(),
  /** The published fee per subscription, the stock's currency. */
  fee: money,
  allotmentRule,
  /** Allotted shares may not be sold for this many days after the close; they may from lockupEndsTimestamp. */
  lockupDays: z.number().int(),
  lockupEndsTimestamp: ms,
  phase: placingPhase,
  /** Lots applied for so far (all customers): the demand. */
  lotsApplied: z.number().int(),
  /** The caller's state for it (null for a guest): subscribable while open, else their subscription's. */
  state: subscriptionState.nullable(),
});
export type Placing = z.infer<typeof placing>;

export const placingSubscription = z.object({
  id: z.number().int(),
  placingId: z.number().int(),
  kind: placingKind,
  code: z.string(),
  name: z.string(),
  market: offeringMarket,
  priceCurrency: z.string(),
  walletType,
  currency,
  quantity: z.number().int(),
  price,
  rate: z.string(),
  amount: money,
  fee: money,
  total: money,
  allottedQuantity: z.number().int().nullable(),
  amountPaid: money,
  amountPending: money,
  /** SPEC §4 states as for IPOs: subscribed, waitingAllotment, allotted, notAllotted, cancelled. */
  status: subscriptionState,
  closesAtTimestamp: ms,
  lockupEndsTimestamp: ms,
  /** The position the allotted shares were delivered to (null until then). */
  positionId: z.number().int().nullable(),
  createTimeTimestamp: ms,
  modifyTimeTimestamp: ms,
});
export type PlacingSubscription = z.infer<typeof placingSubscription>;

// ------------------------------------------------------------------------------------------- endpoints

export const placingList = defineEndpoint({
  method: 'POST',
  path: '/placing/list',
  auth: 'optional',
  tag: 'placing',
  summary:
    "Placings (ours, for placing/index): open first (closing soonest), then upcoming, then the rest (newest first). Signed in, each carries the caller's state for it.",
  request: z.object({ phase: placingPhase.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(placing),
});

export const placingTicket = defineEndpoint({
  method: 'POST',
  path: '/placing/ticket',
  auth: 'user',
  tag: 'placing',
  summary:
    "A placing's ticket (ours): the price, the rate, the hold per lot and the fee in the SUBSCRIPTION wallet's currency, the available balance and the most shares the caller can apply for now (0 when the window is not open or not one lot fits). Another customer cannot see anything more than the public list; an unknown id answers 404.",
  request: z.object({ id: r.id }),
  data: z.object({
    id: z.number().int(),
    code: z.string(),
    walletType,
    currency,
    priceCurrency: z.string(),
    price,
    rate: z.string(),
    lotSize: z.number().int(),
    perLot: money,
    fee: money,
    available: money,
    maxQuantity: z.number().int(),
  }),
});

export const placingCheckSecret = defineEndpoint({
  method: 'POST',
  path: '/placing_order/checkSecret',
  auth: 'user',
  tag: 'placing',
  summary:
    "Confirm one placing order with the customer's own transaction password (and second-factor code when on), under the transaction password's attempt limit (429 when used up), as /blockTrade/checkSecret. Answers a confirmation good for that placing and quantity, once, for 5 minutes. Never a key from staff.",
  request: z.object({
    id: r.id,
    quantity,
    payPassword: r.payPassword,
    totpCode: secondFactorCode.optional(),
  }),
  data: z.object({ confirmation: z.string(), expiresAtTimestamp: ms }),
});

export const placingCreate = defineEndpoint({
  method: 'POST',
  path: '/placing_order/create',
  auth: 'user',
  tag: 'placing',
  idempotent: true,
  summary:
    'Apply for an open placing in whole lots with a confirmation from checkSecret: holds quantity × the placing price + the published fee in the SUBSCRIPTION wallet at the live rate. One application per customer and placing (409). 422 when the window is not open, the quantity is not whole lots or above the shares offered, identity is not verified, the confirmation is not good, the total is above `maxTotal`, or the wallet does not carry it; nothing is written then.',
  request: z.object({
    id: r.id,
    quantity,
    maxTotal: priceInput.optional(),
    confirmation: z.string().trim().min(1, { error: r.V.enterPayPassword }).max(100),
  }),
  data: placingSubscription,
});

export const placingCancel = defineEndpoint({
  method: 'POST',
  path: '/placing_order/cancel',
  auth: 'user',
  tag: 'placing',
  summary:
    "Cancel the caller's own placing application while the placing's window is open (ours): the hold, fee included, is released in full through the ledger in the same transaction. A cancelled one answers as it is, moving nothing. 422 placingApplicationLocked once the window has closed; another customer's id answers 404.",
  request: z.object({ id: r.id }),
  data: placingSubscription,
});

export const placingSubscriptions = defineEndpoint({
  method: 'POST',
  path: '/position/placing_subscription',
  auth: 'user',
  tag: 'placing',
  summary: "The caller's placing applications, newest first, each with its SPEC §4 state; filter by state.",
  request: z.object({ status: subscriptionState.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(placingSubscription),
});

export const placingFlatCount = defineEndpoint({
  method: 'POST',
  path: '/position/getPlacingFlatCount',
  auth: 'user',
  tag: 'placing',
  summary:
    'Placed shares of a stock the caller may sell today: the shares allotted to them in placings of that stock whose lock-up has ended (`sellable`), those still locked (`locked`) and when the next lock-up ends. Counts placed shares only; shares bought on the market are not limited.',
  request: z.object({ stockCode }),
  data: z.object({
    code: z.string(),
    allotted: z.number().int(),
    locked: z.number().int(),
    sellable: z.number().int(),
    nextUnlockTimestamp: ms.nullable(),
  }),
});

// ------------------------------------------------------------------------------------------- console

/** A placing as the console's monitor shows it: the public figures, the demand and the allotment's inputs. */
export const consolePlacing = placing.omit({ state: true, name: true }).extend({
  name: z.string(),
  /** Its terms may still change: the window has not opened. */
  editable: z.boolean(),
  /** It may still be cancelled (every application's hold released): not allotted, not cancelled. */
  cancellable: z.boolean(),
  /** Live applications (not cancelled) and the shares they ask for. */
  applications: z.number().int(),
  sharesApplied: z.number().int(),
  /** The published allotment's inputs and result once it ran (null before): seed, lots applied and allotted. */
  seed: z.string().nullable(),
  lotsAllotted: z.number().int().nullable(),
  allottedAtTimestamp: ms.nullable(),
});
export type ConsolePlacing = z.infer<typeof consolePlacing>;

export const consolePlacingList = defineEndpoint({
  method: 'GET',
  path: '/console/placings',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'The placings monitor: every placing, newest window first, with its phase, price, demand (applications, shares and lots applied for) and, once allotted, the published allotment inputs (seed, lots applied and allotted, when).',
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(consolePlacing),
});

// ------------------------------------------------------------------------------------------- console management

/**
 * The published bounds of a placing's discount to the reference price, fractions (0.01 = 1%, 0.3 = 30%): a placing
 * at no discount is no placing, and a deeper one than 30% would hand placees most of a day's value at the expense
 * of the other shareholders (docs/primary-markets.md "Console").
 */
export const PLACING_DISCOUNT_BOUNDS = { min: '0.01', max: '0.30' } as const;
/** The longest published lock-up, days. */
export const PLACING_MAX_LOCKUP_DAYS = 365;

/** A time of a placing's window: milliseconds, from 1970 to 2100. */
const when = r.integer(
  z.number().int({ error: r.V.invalid }).min(0, { error: r.V.invalid }).max(4_102_444_800_000, { error: r.V.invalid }),
);

/** What an operator enters to create a placing or change one before its window opens. */
export const placingInput = z.object({
  kind: placingKind,
  market: offeringMarket,
  /** A stock the simulator quotes in that market (US: source 0, HK: source 11); the server checks. */
  code: z
    .string({ error: r.V.instrumentCode })
    .trim()
    .toUpperCase()
    .min(1, { error: r.V.instrumentCode })
    .max(10, { error: r.V.instrumentCode }),
  /** A fraction with up to 4 decimals, within PLACING_DISCOUNT_BOUNDS (the server checks the bounds). */
  discount: z
    .string({ error: r.V.invalid })
    .trim()
    .regex(/^0(\.\d{1,4})?$/, { error: r.V.invalid }),
  opensAtTimestamp: when,
  closesAtTimestamp: when,
  lotSize: r.integer(z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(1_000_000)),
  sharesOffered: r.integer(
    z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(1_000_000_000_000),
  ),
  lockupDays: r.integer(
    z
      .number()
      .int({ error: r.V.invalid })
      .min(0, { error: r.V.invalid })
      .max(PLACING_MAX_LOCKUP_DAYS, { error: r.V.invalid }),
  ),
  /** The published fee of each application, in the stock's currency. */
  fee: r.amount,
  /** Default: by market (ballot in Hong Kong, pro rata in the US), as offerings. */
  allotmentRule: allotmentRule.optional(),
});
export type PlacingInput = z.input<typeof placingInput>;

const placingParams = z.object({ id: r.id });

export const consolePlacingCreate = defineEndpoint({
  method: 'POST',
  path: '/console/placings',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    "Create a placing (simulated) of a stock the simulator quotes in the market: the window opens after now and closes after it opens, the discount is within PLACING_DISCOUNT_BOUNDS, the shares offered are whole lots, the lock-up at most PLACING_MAX_LOCKUP_DAYS. The price is fixed at the window's open. Audited.",
  request: placingInput,
  data: consolePlacing,
});

export const consolePlacingUpdate = defineEndpoint({
  method: 'POST',
  path: '/console/placings/:id',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Change a placing before its window opens (422 placingNotEditable after), with the same checks as creating it. Audited with the old and new terms.',
  request: placingInput,
  params: placingParams,
  data: consolePlacing,
});

export const consolePlacingCancel = defineEndpoint({
  method: 'POST',
  path: '/console/placings/:id/cancel',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  idempotent: true,
  summary:
    'Cancel a placing that has not been allotted (422 placingNotCancellable after): in one transaction every live application is cancelled and its hold, fee included, released in full through the ledger. A second cancel moves nothing. Audited with the reason.',
  request: z.object({ reason: r.operatorReason }),
  params: placingParams,
  data: z.object({
    placing: consolePlacing,
    /** Applications cancelled by this request (0 when it was cancelled already). */
    refundedApplications: z.number().int(),
    /** What was released, per wallet currency. */
    refunded: z.array(z.object({ currency, amount: z.string() })),
  }),
});
