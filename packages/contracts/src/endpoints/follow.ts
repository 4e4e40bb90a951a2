/**
 * Copy trading (SPEC §1 "following an institution's orders", §5 "Follow order: amount 100 to 1,000,000 dollars,
 * cannot be sold after placing", §6 "institutional following lets the user pick an institution", §7
 * /userFollowInvest/*; issue 17). The readings where the spec is silent are in docs/strategies.md.
 *
 * An institution is the manager of one deterministic strategy whose book trades on the simulated market; its
 * figures come from that book. A follow puts an amount of the FOLLOW wallet into the strategy for a term chosen
 * before confirming (it cannot be sold before the term ends); it holds units of the book at the NAV of the moment,
 * its value moves with the NAV, and at the term's end the value less the performance fee (on profit above the
 * high-water mark, crystallised every 30 days) is paid back to the wallet automatically.
 */
import { z } from 'zod';
import { FOLLOW_MAX, FOLLOW_MIN } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { secondFactorCode } from './auth.js';

const money = z.string();
/** Percent, 2 decimals ("-3.25"). */
const percent = z.string();
const ms = z.number().int();

/** The terms a customer may choose, in days; the fee is crystallised every FOLLOW_FEE_PERIOD_DAYS of it. */
export const FOLLOW_TERMS = [30, 90, 180] as const;
export const FOLLOW_FEE_PERIOD_DAYS = 30;
export const followTerm = z.union(
  FOLLOW_TERMS.map((d) => z.literal(d)),
  { error: r.V.invalid },
);

/** running: in the strategy until its term ends; paid: the value less the fee paid back to the FOLLOW wallet. */
export const FOLLOW_STATES = ['running', 'paid'] as const;
export const followState = z.enum(FOLLOW_STATES, { error: r.V.invalid });
export type FollowState = z.infer<typeof followState>;

export const navPoint = z.object({ time: ms, nav: z.string() });

export const followAgency = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The institution: the strategy's manager. */
  manager: z.string(),
  name: z.string(),
  description: z.string(),
  /** The currency the book trades in (its return applies to a follow's euros as a percentage). */
  bookCurrency: z.string(),
  /** The performance fee on profit above the high-water mark, percent. */
  performanceFee: percent,
  /** False: closed to new money (follows already placed run to their term). */
  open: z.boolean(),
  /** NAV per unit now (the book started at 1 on `since`). */
  nav: z.string(),
  totalReturn: percent,
  return30d: percent,
  maxDrawdown: percent,
  /** Winning sales / sales in percent; null before the first sale. */
  winRate: percent.nullable(),
  trades: z.number().int(),
  /** 1 = the best total return of the institutions listed. */
  rank: z.number().int(),
  /** The start of the record (the replay's start) and the book's last tick. */
  since: ms,
  updatedAt: ms,
  /** The NAV at 00:00 UTC of each day and now, oldest first: the track record chart. */
  chart: z.array(navPoint),
});
export type FollowAgency = z.infer<typeof followAgency>;

export const followOrder = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  code: z.string(),
  manager: z.string(),
  name: z.string(),
  amount: money,
  currency: z.literal('EUR'),
  termDays: z.number().int(),
  performanceFee: percent,
  entryNav: z.string(),
  /** The book's NAV now (running) or at the term's end (paid). */
  nav: z.string(),
  /** Amount × NAV / entry NAV, before the fee, to the cent. */
  value: money,
  /** The performance fee: crystallised so far and due on the value now (running), or charged (paid). */
  fee: money,
  /** Value less fee less amount: negative for a loss. */
  profit: money,
  /** What was paid back (paid), else null. */
  paidOut: money.nullable(),
  status: followState,
  buyTimeStamp: ms,
  endTimeStamp: ms,
  closeTimeStamp: ms.nullable(),
});
export type FollowOrder = z.infer<typeof followOrder>;

export const getInvestAgencyList = defineEndpoint({
  method: 'GET',
  path: '/userFollowInvest/getInvestAgencyList',
  auth: 'optional',
  tag: 'follow',
  summary:
    "The institutions a customer can follow (published strategies), best total return first, with figures computed from each strategy's book on the simulated market (return, 30-day return, max drawdown, win rate, trades) and its daily NAV. Past results are simulated and no guarantee.",
  request: z.object({}),
  data: z.object({
    list: z.array(followAgency),
    terms: z.array(z.number().int()),
    minAmount: money,
    maxAmount: money,
    currency: z.literal('EUR'),
    walletType: z.literal('FOLLOW'),
  }),
});

export const followPageList = defineEndpoint({
  method: 'POST',
  path: '/userFollowInvest/pageList',
  auth: 'user',
  tag: 'follow',
  summary:
    "The caller's follows, newest first (optionally one state, or one follow by id: another customer's id answers 404), with value, fee and profit or loss.",
  request: z.object({ status: followState.optional(), id: r.id.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(followOrder),
});

export const followAdd = defineEndpoint({
  method: 'POST',
  path: '/userFollowInvest/add',
  auth: 'user',
  tag: 'follow',
  idempotent: true,
  summary: `Follow an institution with \`amount\` EUR of the FOLLOW wallet (${FOLLOW_MIN} to ${FOLLOW_MAX}) for \`termDays\`, through the ledger, with the transaction password (and second-factor code when on). It cannot be sold before the term ends; then the value less the performance fee is paid back automatically. \`performanceFee\` (what the screen showed, percent) must equal the published fee, else 422. Out of range, closed, or too little money: 422, nothing changes. Identity verification required.`,
  request: z.object({
    agencyId: r.id,
    amount: r.amount,
    termDays: followTerm,
    performanceFee: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,8})?$/, { error: r.V.invalid })
      .optional(),
    payPassword: r.payPassword,
    totpCode: secondFactorCode.optional(),
  }),
  data: followOrder,
});

// ------------------------------------------------------------------------------------------------ console

/**
 * The console's strategies (docs/strategies.md "Console"). Operators describe a strategy, set the performance fee
 * new follows are sold with (within STRATEGY_MAX_FEE), publish or unpublish it and close it to new money. There is
 * no call that writes a strategy's parameters, its trades, its NAV or a follow: the book is read only, and every
 * follow keeps the fee it was sold with.
 */

/** The most a strategy's performance fee may be, in percent of the profit above the high-water mark. */
export const STRATEGY_MAX_FEE = 30;
/** A performance fee as the operator types it, in percent: up to 2 decimals (what the customer's screen shows). */
export const STRATEGY_FEE_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;
export const STRATEGY_DESCRIPTION_MAX = 1000;

export const consoleStrategy = z.object({
  id: z.number().int(),
  code: z.string(),
  manager: z.string(),
  /** The product it is sold as: copy trading (follows) or AI quantification (subscriptions); both are follows rows. */
  kind: z.enum(['follow', 'quant']),
  /** The rule the book runs (momentum, meanReversion, grid, dca) and its instruments (simulator keys). */
  rule: z.string(),
  instruments: z.array(z.string()),
  /** The currency the book trades in. */
  currency: z.string(),
  name: z.string(),
  nameNl: z.string(),
  nameZh: z.string(),
  description: z.string(),
  descriptionNl: z.string(),
  descriptionZh: z.string(),
  /** Percent, charged to follows placed from now on. */
  performanceFee: percent,
  /** Listed to customers; open to new money. */
  published: z.boolean(),
  open: z.boolean(),
  /** null before the book's first tick. */
  nav: z.string().nullable(),
  totalReturn: percent.nullable(),
  return30d: percent.nullable(),
  maxDrawdown: percent.nullable(),
  winRate: percent.nullable(),
  trades: z.number().int(),
  /** Follows running and the money they put in (EUR, the FOLLOW wallet's). */
  followsRunning: z.number().int(),
  moneyIn: money,
  /** The book's last tick; null before the first. */
  bookTimestamp: ms.nullable(),
  updateTimeTimestamp: ms,
});
export type ConsoleStrategy = z.infer<typeof consoleStrategy>;

export const consoleStrategyPosition = z.object({
  instrument: z.string(),
  quantity: z.string(),
  /** What the position cost, fees included. */
  cost: money,
  /** The bid at the book's tick and the position marked at it. */
  bid: z.string(),
  value: money,
});

export const consoleStrategyTrade = z.object({
  seq: z.number().int(),
  time: ms,
  instrument: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: z.string(),
  price: z.string(),
  fee: money,
  /** A sale's realised profit after fees; null for a buy. */
  profit: money.nullable(),
  cashAfter: money,
});
export type ConsoleStrategyTrade = z.infer<typeof consoleStrategyTrade>;

const strategyText = z
  .string({ error: r.V.enterText })
  .trim()
  .min(1, { error: r.V.enterText })
  .max(STRATEGY_DESCRIPTION_MAX, { error: r.V.textTooLong });

export const strategyDescriptionInput = z.object({
  name: r.productName,
  nameNl: r.productName,
  nameZh: r.productName,
  description: strategyText,
  descriptionNl: strategyText,
  descriptionZh: strategyText,
});
export type StrategyDescriptionInput = z.input<typeof strategyDescriptionInput>;

export const strategyFeeInput = z.object({
  performanceFee: z
    .string({ error: r.V.invalid })
    .trim()
    .regex(STRATEGY_FEE_PATTERN, { error: r.V.invalid })
    .refine((s) => Number.parseFloat(s) <= STRATEGY_MAX_FEE, { error: r.V.invalid }),
});

export const consoleStrategies = defineEndpoint({
  method: 'GET',
  path: '/console/strategies',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Every strategy, published or not, with its rule, figures from its book (NAV, return, drawdown), the follows running and the money they put in, and what operators publish (names, descriptions, fee, published, open).',
  request: z.object({}),
  data: z.array(consoleStrategy),
});

export const consoleStrategyDetail = defineEndpoint({
  method: 'GET',
  path: '/console/strategies/:id',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "One strategy with its book, read only: cash, positions marked at the bid of the book's tick, the book's value, and the daily NAV (the track record customers see).",
  params: z.object({ id: r.id }),
  request: z.object({}),
  data: consoleStrategy.extend({
    cash: money,
    value: money,
    units: z.string(),
    positions: z.array(consoleStrategyPosition),
    chart: z.array(navPoint),
  }),
});

export const consoleStrategyTrades = defineEndpoint({
  method: 'GET',
  path: '/console/strategies/:id/trades',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "A strategy's trades on the simulated market, newest first.",
  params: z.object({ id: r.id }),
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(consoleStrategyTrade),
});

export const consoleStrategyDescribe = defineEndpoint({
  method: 'POST',
  path: '/console/strategies/:id/describe',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    "Change a strategy's name and description in en, nl and zh-Hans (what customers read). Its rule, book and figures do not change. Audited with the strategy as it was and as it is.",
  params: z.object({ id: r.id }),
  request: strategyDescriptionInput,
  data: consoleStrategy,
});

export const consoleStrategyFee = defineEndpoint({
  method: 'POST',
  path: '/console/strategies/:id/fee',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: `Set the performance fee (percent, 0 to ${STRATEGY_MAX_FEE}, 2 decimals) that follows placed from now on are sold with. Follows running keep the fee they were sold with. Audited.`,
  params: z.object({ id: r.id }),
  request: strategyFeeInput,
  data: consoleStrategy,
});

export const consoleStrategyPublish = defineEndpoint({
  method: 'POST',
  path: '/console/strategies/:id/publish',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'List a strategy to customers (`published: true`) or take it off the list. Follows running run to their term either way. Audited.',
  params: z.object({ id: r.id }),
  request: z.object({ published: z.boolean({ error: r.V.invalid }) }),
  data: consoleStrategy,
});

export const consoleStrategyOpen = defineEndpoint({
  method: 'POST',
  path: '/console/strategies/:id/open',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Close a strategy to new money (`open: false`) or reopen it. Follows running run to their term either way. Audited.',
  params: z.object({ id: r.id }),
  request: z.object({ open: z.boolean({ error: r.V.invalid }) }),
  data: consoleStrategy,
});
