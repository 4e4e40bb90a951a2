/**
 * Primary markets in the console (under /web/console; docs/primary-markets.md "Console"): the offerings with their
 * demand, creating one, changing it before its window opens, cancelling it with every hold refunded, and the
 * allotment's published inputs and result, so anyone can recompute it. Reviewers read; admins (and supervisors)
 * create, change and cancel. Every write is audited with the offering as it was and as it is.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { allotmentRule, offering, offeringMarket, offeringPhase, subscriptionState } from './primary.js';
import { currency } from './wallet.js';

const ms = z.number().int();

/** The exchanges of each market: an offering lists on one of its market's. */
export const OFFERING_EXCHANGES = { US: ['NASDAQ', 'NYSE'], HK: ['HKEX'] } as const;
export const offeringExchange = z.enum(['NASDAQ', 'NYSE', 'HKEX'], { error: r.V.invalid });

/** The rule an offering's allotment follows unless the operator picks the other: ballot in Hong Kong, pro rata in the US. */
export const DEFAULT_ALLOTMENT_RULE = { US: 'proRata', HK: 'ballot' } as const;

/**
 * A code an offering lists under: 1 to 5 capital letters (US) or 5 digits (HK); the server checks which. Sources of
 * regular expressions (plain strings, so the browser's copy of the contracts carries them).
 */
export const OFFERING_CODE_PATTERN = { US: '^[A-Z]{1,5}$', HK: '^\\d{5}$' } as const;

/** A time of the offering's calendar: milliseconds, from 1970 to 2100. */
const when = r.integer(
  z.number().int({ error: r.V.invalid }).min(0, { error: r.V.invalid }).max(4_102_444_800_000, { error: r.V.invalid }),
);

/** A price in the offering's currency: up to 4 decimals, above zero. */
export const OFFERING_PRICE_PATTERN = /^(0|[1-9]\d{0,8})(\.\d{1,4})?$/;
const offeringPrice = z
  .string({ error: r.V.correctAmount })
  .trim()
  .regex(OFFERING_PRICE_PATTERN, { error: r.V.correctAmount })
  .refine((s) => /[1-9]/.test(s), { error: r.V.correctAmount });

/** The stored state; the phase (upcoming, open, closed) is worked out from it and the clock. */
export const offeringState = z.enum(['scheduled', 'allotted', 'listed', 'cancelled']);

/** An offering as the console shows it: what customers see, the issuer in both languages, and the demand so far. */
export const consoleOffering = offering.extend({
  issuer: z.string(),
  issuerZh: z.string().nullable(),
  state: offeringState,
  /** Live subscriptions (not cancelled). */
  subscriptions: z.number().int(),
  /** Shares applied for by the live subscriptions. */
  sharesApplied: z.number().int(),
  /** sharesApplied / sharesOffered, 2 decimals ("1.25" is 125 % subscribed). */
  coverage: z.string(),
  /** Its terms may still change: the window has not opened. */
  editable: z.boolean(),
  /** It may still be cancelled: not listed, not cancelled. */
  cancellable: z.boolean(),
  createTimeTimestamp: ms,
});
export type ConsoleOffering = z.infer<typeof consoleOffering>;

/** What an operator enters to create an offering or change one before its window opens. */
export const offeringInput = z.object({
  code: z
    .string({ error: r.V.instrumentCode })
    .trim()
    .toUpperCase()
    .min(1, { error: r.V.instrumentCode })
    .max(5, { error: r.V.instrumentCode }),
  issuer: r.companyName,
  /** The issuer's Chinese name, shown in zh-Hans (the English one otherwise). */
  issuerZh: z
    .string()
    .trim()
    .max(100, { error: r.V.nameTooLong })
    .refine((s) => !r.LINE_BREAKS.test(s), { error: r.V.singleLine })
    .nullish()
    .transform((s) => s || null),
  market: offeringMarket,
  exchange: offeringExchange,
  prospectusAtTimestamp: when,
  opensAtTimestamp: when,
  closesAtTimestamp: when,
  listingAtTimestamp: when,
  /** A fixed price has priceMin = priceMax. */
  priceMin: offeringPrice,
  priceMax: offeringPrice,
  lotSize: r.integer(z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(1_000_000)),
  sharesOffered: r.integer(
    z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(1_000_000_000_000),
  ),
  /** The published fee of each subscription, in the offering's currency. */
  fee: r.amount,
  /** Default: by market (DEFAULT_ALLOTMENT_RULE). */
  allotmentRule: allotmentRule.optional(),
});
export type OfferingInput = z.input<typeof offeringInput>;

const offeringParams = z.object({ id: r.id });

export const offeringList = defineEndpoint({
  method: 'GET',
  path: '/console/offerings',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Every offering in every state (upcoming, open, closed, allotted, listed, cancelled), newest window first, with its live subscriptions, the shares applied for and the coverage. Filter by market, phase and `q` (code or issuer).',
  request: z.object({
    market: offeringMarket.optional(),
    phase: offeringPhase.optional(),
    q: z.string().trim().max(100).optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(consoleOffering),
});

export const offeringDetail = defineEndpoint({
  method: 'GET',
  path: '/console/offerings/:id',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'One offering with its demand; an unknown id answers 404.',
  request: z.object({}),
  params: offeringParams,
  data: consoleOffering,
});

export const offeringSubscriptionRow = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  userId: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  /** Lots applied for (quantity / lot size): the application the allotment reads. */
  lots: z.number().int(),
  currency,
  /** What the subscription holds or held: amount + fee, wallet currency. */
  total: z.string(),
  fee: z.string(),
  status: subscriptionState,
  allottedQuantity: z.number().int().nullable(),
  createTimeTimestamp: ms,
  /** IPO financing (docs "IPO financing"): only the deposit and the fee were held up front. */
  financed: z.boolean(),
  /** Financed: the deposit paid up front (without the fee), wallet currency; null when not financed. */
  deposit: z.string().nullable(),
  /** The make-up difference due (interest included) once the allotment enters pendingPayment; null before. */
  makeUp: z.string().nullable(),
  /** Financed: the make-up deadline. */
  paymentDueAtTimestamp: ms.nullable(),
  /** When the make-up was paid (its ledger entry), or null. */
  paidAtTimestamp: ms.nullable(),
  /** When the allotment lapsed unpaid (its deposit released), or null. */
  lapsedAtTimestamp: ms.nullable(),
});
export type OfferingSubscriptionRow = z.infer<typeof offeringSubscriptionRow>;

export const offeringSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/console/offerings/:id/subscriptions',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "An offering's subscriptions, oldest first, cancelled ones included, with the customer and the SPEC §4 state.",
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  params: offeringParams,
  data: pageOf(offeringSubscriptionRow),
});

export const offeringCreate = defineEndpoint({
  method: 'POST',
  path: '/console/offerings',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Create an offering (simulated, like every issuer here). The window must open after now; the dates run prospectus ≤ opens < closes ≤ listing; the price range is min ≤ max; the shares offered are whole lots; the code fits its market and is not in use (409). The allotment rule defaults by market. Audited.',
  request: offeringInput,
  data: consoleOffering,
});

export const offeringUpdate = defineEndpoint({
  method: 'POST',
  path: '/console/offerings/:id',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Change an offering before its window opens (422 offeringNotEditable after), with the same checks as creating it. Audited with the old and new terms.',
  request: offeringInput,
  params: offeringParams,
  data: consoleOffering,
});

export const offeringCancel = defineEndpoint({
  method: 'POST',
  path: '/console/offerings/:id/cancel',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  idempotent: true,
  summary:
    'Cancel an offering that has not listed (422 offeringNotCancellable after): in one transaction every live subscription is cancelled and everything it holds or paid, fee included, returns to the customer through the ledger. A second cancel moves nothing. Audited with the reason.',
  request: z.object({ reason: r.operatorReason }),
  params: offeringParams,
  data: z.object({
    offering: consoleOffering,
    /** Subscriptions cancelled by this request (0 when it was cancelled already). */
    refundedSubscriptions: z.number().int(),
    /** What was returned, per wallet currency. */
    refunded: z.array(z.object({ currency, amount: z.string() })),
  }),
});

/** One application of the allotment and what it got (null while the allotment has not run). */
export const allotmentApplication = z.object({
  id: z.number().int(),
  lots: z.number().int(),
  allottedLots: z.number().int().nullable(),
});

export const offeringAllotment = defineEndpoint({
  method: 'GET',
  path: '/console/offerings/:id/allotment',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "The allotment's published inputs (rule, seed, lots offered, applications in lots) and its result. `source` says where the result comes from: `recorded` by the allotment job, `recomputed` here from the subscriptions with the published function (allotted but no record), or `preview`: what it would give if it ran now (not run yet).",
  request: z.object({}),
  params: offeringParams,
  data: z.object({
    code: z.string(),
    rule: allotmentRule,
    seed: z.string(),
    lotSize: z.number().int(),
    lotsOffered: z.number().int(),
    lotsApplied: z.number().int(),
    lotsAllotted: z.number().int(),
    source: z.enum(['recorded', 'recomputed', 'preview']),
    /** When the job ran (recorded only). */
    ranAtTimestamp: ms.nullable(),
    applications: z.array(allotmentApplication),
  }),
});
