/**
 * Primary markets: new-stock (IPO) subscriptions of US and Hong Kong offerings (SPEC §1, §3 "Subscription",
 * §4 "Subscription", §7: /m_ft/new_stock/detail, /m_ft/webull/new/stock, /NewShares/create, /position/subscription,
 * /position/getIpoFullNum). The rules and the readings where the spec is silent are in docs/primary-markets.md.
 *
 * Offerings are simulated, like every price of the app: fictional issuers, marked `simulated`. A subscription
 * holds quantity × the top of the price range plus the published fee in the customer's SUBSCRIPTION wallet,
 * converted from the offering's currency at the live mid rate, which the subscription keeps. Prices are decimal
 * strings in the offering's currency; amounts are decimal strings in the wallet's currency; times are milliseconds.
 */
import type DecimalJs from 'decimal.js';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { Decimal, feeCents, marginCents } from '../money.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { priceInput, quantity, stockCode } from './trading.js';
import { currency, walletType } from './wallet.js';

const money = z.string();
const price = z.string();
const ms = z.number().int();

// ------------------------------------------------------------------------------------------------ enums

/** Where an offering lists: a US exchange or the Hong Kong exchange. */
export const OFFERING_MARKETS = ['US', 'HK'] as const;
export const offeringMarket = z.enum(OFFERING_MARKETS, { error: r.V.invalid });
export type OfferingMarket = z.infer<typeof offeringMarket>;

/** The currency offerings of a market are priced in. */
export const OFFERING_CURRENCY = { US: 'USD', HK: 'HKD' } as const satisfies Record<OfferingMarket, string>;

/**
 * How the shares are shared out when demand exceeds supply (docs/primary-markets.md "Allotment"): `ballot`, the
 * Hong Kong style lot-by-lot ballot; `proRata`, the US style proportional allotment. Both are seeded by the offering.
 */
export const ALLOTMENT_RULES = ['ballot', 'proRata'] as const;
export const allotmentRule = z.enum(ALLOTMENT_RULES);
export type AllotmentRule = z.infer<typeof allotmentRule>;

/**
 * An offering's phase at the server's clock: `upcoming` before its window opens, `open` while subscriptions are
 * taken, `closed` after the window until the allotment, `allotted` until it lists, `listed`, or `cancelled`.
 */
export const OFFERING_PHASES = ['upcoming', 'open', 'closed', 'allotted', 'listed', 'cancelled'] as const;
export const offeringPhase = z.enum(OFFERING_PHASES, { error: r.V.invalid });
export type OfferingPhase = z.infer<typeof offeringPhase>;

/**
 * SPEC §4 "Subscription", one state a customer sees for an offering or a subscription:
 *   subscribable      — the window is open and the customer has not subscribed (offerings only);
 *   subscribed        — the application is in and its money held, the window still open;
 *   waitingAllotment  — the window has closed, the allotment has not run yet (money still held);
 *   allotted          — shares were allotted (allottedQuantity > 0); what was not allotted is released;
 *   notAllotted       — no shares were allotted; everything held was released;
 *   pendingPayment    — a financed subscription was allotted more than its deposit covers: the make-up difference
 *                       (allotted amount − deposit + interest) is due by its deadline (/NewShares/pay);
 *   lapsed            — ours: the make-up was not paid by the deadline; the deposit returned, the fee kept, no shares;
 *   cancelled         — the offering was cancelled; everything held was released.
 */
export const SUBSCRIPTION_STATES = [
  'subscribable',
  'subscribed',
  'waitingAllotment',
  'allotted',
  'notAllotted',
  'pendingPayment',
  'lapsed',
  'cancelled',
] as const;
export const subscriptionState = z.enum(SUBSCRIPTION_STATES, { error: r.V.invalid });
export type SubscriptionState = z.infer<typeof subscriptionState>;

/** SPEC §4 settle states of an allotted subscription: paid, shares not yet delivered (before listing); delivered. */
export const SETTLE_STATES = ['toBeSettled', 'settled'] as const;
export const settleState = z.enum(SETTLE_STATES);
export type SettleState = z.infer<typeof settleState>;

// ------------------------------------------------------------------------------------------ financing

/**
 * Published IPO financing (docs/primary-markets.md "IPO financing"), the same for every offering: a financed
 * subscription holds only `depositPercent` % of the amount (rounded up to the cent) plus the fee. At the allotment,
 * what the deposit does not cover (the financed part) is due with interest at `annualRatePercent` % a year for the
 * financing period, from the close to the deadline (actual/365, fixed at the allotment), by the deadline:
 * `dueHoursBeforeListing` hours before the listing. It is offered only when that leaves at least `minHoursToPay`
 * hours after the close. An inbox reminder is sent `reminderHoursBeforeDue` hours before the deadline, once, unless
 * the allotment's own message (which states the deadline) came later than that.
 */
export const IPO_FINANCING = {
  depositPercent: 20,
  annualRatePercent: 6,
  dueHoursBeforeListing: 2,
  minHoursToPay: 12,
  reminderHoursBeforeDue: 24,
} as const;

const HOUR_MS = 3_600_000;

/** The make-up deadline of an offering (ms), or null when financing is not offered for it. */
export function financingDueAt(closesAt: number, listingAt: number): number | null {
  const due = listingAt - IPO_FINANCING.dueHoursBeforeListing * HOUR_MS;
  return due - closesAt >= IPO_FINANCING.minHoursToPay * HOUR_MS ? due : null;
}

/** The deposit a financed subscription of `amount` holds (without the fee): the published share, rounded up. */
export const financingDeposit = (amount: DecimalJs.Value) =>
  marginCents(new Decimal(amount).times(IPO_FINANCING.depositPercent).dividedBy(100));

/** Interest on `financed` for the period from the close to the deadline (ms), rounded half up to the cent. */
export function financingInterest(financed: DecimalJs.Value, closesAt: number, dueAt: number) {
  const years = new Decimal(dueAt - closesAt).dividedBy(365 * 24 * HOUR_MS);
  return feeCents(new Decimal(financed).times(IPO_FINANCING.annualRatePercent).dividedBy(100).times(years));
}

// --------------------------------------------------------------------------------------------- answers

/** An offering as the IPO calendar and its detail show it (SPEC §3 "Subscription" offering fields). */
export const offering = z.object({
  id: z.number().int(),
  /** The code it will list under. */
  code: z.string(),
  /** The issuer's name, in the request language where there is one (Chinese for zh-Hans). */
  name: z.string(),
  market: offeringMarket,
  /** The exchange code: NASDAQ, NYSE or HKEX. */
  exchange: z.string(),
  /** The currency of its prices and fee. */
  currency: z.string(),
  /** Always true: every offering of this app is a fictional issuer on the simulated market. */
  simulated: z.literal(true),
  prospectusDateTimestamp: ms,
  /** The subscription window. */
  opensAtTimestamp: ms,
  /** SPEC "subscription deadline". */
  closesAtTimestamp: ms,
  /** SPEC "listing date" (marketDateTimestamp). */
  marketDateTimestamp: ms,
  priceMin: price,
  priceMax: price,
  /** SPEC "subscription price": what a subscription holds per share, the top of the range. */
  subscriptionPrice: price,
  /** Shares per lot: a subscription is whole lots. */
  lotSize: z.number().int(),
  sharesOffered: z.number().int(),
  /** SPEC "fund raising": sharesOffered × priceMax, in the offering's currency. */
  fundRaising: money,
  /** The published fee per subscription, in the offering's currency (charged at allotment, docs). */
  fee: money,
  allotmentRule,
  phase: offeringPhase,
  modifyTimeTimestamp: ms,
});
export type Offering = z.infer<typeof offering>;

/** A customer's subscription (SPEC §3 "Subscription"; /position/subscription). */
export const subscription = z.object({
  id: z.number().int(),
  offeringId: z.number().int(),
  code: z.string(),
  name: z.string(),
  market: offeringMarket,
  exchange: z.string(),
  /** The offering's currency (price). */
  priceCurrency: z.string(),
  /** The wallet that holds the money, and its currency (amounts). */
  walletType,
  currency,
  /** Subscribed shares. */
  quantity: z.number().int(),
  /** The price held per share (the top of the range), offering currency. */
  price,
  /** Offering currency → wallet currency, the live mid rate when subscribing; the settlement uses it too. */
  rate: z.string(),
  /** quantity × price × rate, wallet currency. */
  amount: money,
  /** The published fee, wallet currency. */
  fee: money,
  /** amount + fee: what the subscription holds (SPEC "total"); financed, deposit + fee. */
  total: money,
  /** Shares allotted; null until the allotment. */
  allottedQuantity: z.number().int().nullable(),
  /** What has been paid (settled from the hold) so far, wallet currency. */
  amountPaid: money,
  /** What is still held for the subscription, wallet currency. */
  amountPending: money,
  /** Subscribed with published IPO financing (only the deposit and the fee held). */
  financed: z.boolean(),
  /** Financed: the deposit held (the published share of amount), wallet currency; null otherwise. */
  deposit: money.nullable(),
  /** pendingPayment: interest on the financed part, and the make-up difference due (interest included). */
  interest: money.nullable(),
  makeUp: money.nullable(),
  /** Financed: the deadline of the make-up payment. */
  paymentDueAtTimestamp: ms.nullable(),
  status: subscriptionState,
  settleStatus: settleState.nullable(),
  closesAtTimestamp: ms,
  marketDateTimestamp: ms,
  createTimeTimestamp: ms,
  modifyTimeTimestamp: ms,
});
export type Subscription = z.infer<typeof subscription>;

// ------------------------------------------------------------------------------------------- market

export const newStockCalendar = defineEndpoint({
  method: 'GET',
  path: '/m_ft/webull/new/stock',
  auth: 'optional',
  tag: 'primary',
  summary:
    'The IPO calendar: offerings, soonest window first (open, then upcoming, then closed, allotted and listed, newest first). Filter by market (US, HK) and phase. Signed in, each offering also carries what the caller sees for it (subscribable, subscribed, ...).',
  request: z.object({
    market: offeringMarket.optional(),
    phase: offeringPhase.optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(offering.extend({ state: subscriptionState.nullable() })),
});

export const newStockDetail = defineEndpoint({
  method: 'GET',
  path: '/m_ft/new_stock/detail',
  auth: 'optional',
  tag: 'primary',
  summary:
    "One offering by its code, with the allotment rule and, signed in, the caller's state for it and their subscription; an unknown code answers 404.",
  request: z.object({ code: stockCode }),
  data: z.object({
    offering,
    /** What the caller sees for it (null for a guest). */
    state: subscriptionState.nullable(),
    subscription: subscription.nullable(),
  }),
});

// ------------------------------------------------------------------------------------------ subscribe

export const newSharesCreate = defineEndpoint({
  method: 'POST',
  path: '/NewShares/create',
  auth: 'user',
  tag: 'primary',
  idempotent: true,
  summary:
    'Subscribe to an open offering in whole lots: holds quantity × the top of the price range + the published fee in the SUBSCRIPTION wallet, converted at the live rate. One subscription per customer and offering (409). 422 when the window is not open, the quantity is not whole lots or above the shares offered, identity is not verified, or the wallet does not carry it; nothing is written then. `maxTotal`, when sent, refuses (422 termsChanged) a hold above what the ticket showed.',
  request: z.object({
    code: stockCode,
    quantity,
    /** The most the ticket said would be held (getIpoFullNum's figures), wallet currency. */
    maxTotal: priceInput.optional(),
    /** Subscribe with published IPO financing (IPO_FINANCING): hold only the deposit and the fee. Default off. */
    financing: z.boolean({ error: r.V.invalid }).optional(),
  }),
  data: subscription,
});

export const newSharesPay = defineEndpoint({
  method: 'POST',
  path: '/NewShares/pay',
  auth: 'user',
  tag: 'primary',
  idempotent: true,
  summary:
    "Ours: pays the make-up difference of one of the caller's financed subscriptions in pendingPayment, from the SUBSCRIPTION wallet (the deposit held and the rest available), before its deadline; its shares are then delivered at the listing. 422 when nothing is due, the deadline has passed or the wallet does not carry it (nothing moves); another customer's id answers 404.",
  request: z.object({ id: r.id }),
  data: subscription,
});

export const ipoFullNum = defineEndpoint({
  method: 'POST',
  path: '/position/getIpoFullNum',
  auth: 'user',
  tag: 'primary',
  summary:
    "The subscription ticket's figures for an offering: price, rate, the hold per lot and the fee in the SUBSCRIPTION wallet's currency, the available balance, and the most shares the caller can subscribe now (whole lots, at most the shares offered; 0 when not even one lot fits).",
  request: z.object({ code: stockCode }),
  data: z.object({
    code: z.string(),
    walletType,
    currency,
    priceCurrency: z.string(),
    price,
    rate: z.string(),
    lotSize: z.number().int(),
    /** lotSize × price × rate, wallet currency (rounded up, as the hold is). */
    perLot: money,
    fee: money,
    available: money,
    maxQuantity: z.number().int(),
    /** Published IPO financing for this offering (IPO_FINANCING); null when it is not offered. */
    financing: z
      .object({
        depositPercent: z.number(),
        annualRatePercent: z.number(),
        /** The make-up deadline. */
        dueAtTimestamp: ms,
        /** The close: the financing period runs from it to the deadline. */
        closesAtTimestamp: ms,
        /** The most shares a financed subscription can take now (deposit and fee in the available balance). */
        maxQuantity: z.number().int(),
      })
      .nullable(),
  }),
});

export const positionSubscription = defineEndpoint({
  method: 'POST',
  path: '/position/subscription',
  auth: 'user',
  tag: 'primary',
  summary: "The caller's subscriptions, newest first, each with its SPEC §4 state; filter by state and market.",
  request: z.object({
    status: subscriptionState.optional(),
    market: offeringMarket.optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(subscription),
});

export const subscriptionDetail = defineEndpoint({
  method: 'POST',
  path: '/NewShares/detail',
  auth: 'user',
  tag: 'primary',
  summary: "One of the caller's subscriptions (ours, for the subscription record); another customer's id answers 404.",
  request: z.object({ id: r.id }),
  data: subscription,
});
