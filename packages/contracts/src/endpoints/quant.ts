/**
 * AI quantification (SPEC §1 "an AI quantification product", §7 /web/quantization/*, source AiQuantify 9999;
 * issue 17; docs/strategies.md "AI quantification"). A quant strategy is a deterministic rule of the strategies
 * engine whose book trades on the simulated market; its ranking, statistics and daily returns come from that book.
 * A subscription puts an amount of the FINANCIAL wallet into the strategy for a published period: it holds units of
 * the book at the NAV of the moment, and at the period's end the real simulated return on that amount (a loss
 * included) less the published performance fee (on profit above the high-water mark) is paid back automatically.
 * It is the copy-trading machinery (a follows row of a quant strategy) with its own product surface.
 *
 * checkSecret is the customer's own transaction password (and second-factor code when on), under the transaction
 * password's attempt limit; it answers a short-lived, single-use confirmation for one subscription. Never a key
 * handed out by staff.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { secondFactorCode } from './auth.js';
import { followState, navPoint } from './follow.js';

const money = z.string();
/** Percent, 2 decimals ("-3.25"). */
const percent = z.string();
const ms = z.number().int();

/** SPEC §3 source code of the product. */
export const QUANT_SOURCE = 9999;
/** The wallet a subscription is paid from and paid back to (EUR). */
export const QUANT_WALLET = 'FINANCIAL' as const;
/** The most one subscription may be (the least is each strategy's published minimum). */
export const QUANT_MAX = '1000000';
/** A confirmation from checkSecret is good for one subscription within this many seconds. */
export const QUANT_CONFIRMATION_SECONDS = 300;
/** Days of daily returns profit/list answers by default and at most. */
export const QUANT_PROFIT_DAYS = 30;
export const QUANT_PROFIT_DAYS_MAX = 366;

/** running: in the strategy until its period ends; paid: its value less the fee paid back to the wallet. */
export const QUANT_STATES = ['running', 'paid'] as const;

export const quantStrategy = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The currency the book trades in (its return applies to a subscription's euros as a percentage). */
  bookCurrency: z.string(),
  /** Published: the performance fee on profit above the high-water mark (percent), minimum and periods (days). */
  performanceFee: percent,
  minAmount: money,
  maxAmount: money,
  terms: z.array(z.number().int()),
  /** False: closed to new money (subscriptions already placed run to their end). */
  open: z.boolean(),
  nav: z.string(),
  totalReturn: percent,
  return30d: percent,
  maxDrawdown: percent,
  winRate: percent.nullable(),
  trades: z.number().int(),
  /** 1 = the best total return of the quant strategies listed. */
  rank: z.number().int(),
  since: ms,
  updatedAt: ms,
  /** The NAV at 00:00 UTC of each day and now, oldest first. */
  chart: z.array(navPoint),
});
export type QuantStrategy = z.infer<typeof quantStrategy>;

export const quantList = defineEndpoint({
  method: 'GET',
  path: '/quantization/list',
  auth: 'optional',
  tag: 'quant',
  summary:
    'The AI quant strategies, in their published order, each with its published fee, minimum and periods and its figures computed from its book on the simulated market. Past results are simulated and no guarantee.',
  request: z.object({}),
  data: z.object({
    list: z.array(quantStrategy),
    currency: z.literal('EUR'),
    walletType: z.literal(QUANT_WALLET),
  }),
});

export const quantRanking = defineEndpoint({
  method: 'GET',
  path: '/quantization/getRanking',
  auth: 'optional',
  tag: 'quant',
  summary:
    'The quant strategies ranked by total return since the record began (best first), with 30-day return and drawdown.',
  request: z.object({}),
  data: z.object({
    list: z.array(
      z.object({
        rank: z.number().int(),
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        totalReturn: percent,
        return30d: percent,
        maxDrawdown: percent,
      }),
    ),
  }),
});

export const quantProfitDay = z.object({
  /** 00:00 UTC of the day. */
  date: ms,
  /** The NAV at the day's end (or now, for today). */
  nav: z.string(),
  /** The day's return, percent (NAV at its end over NAV at its start). */
  profit: percent,
});

export const quantProfitList = defineEndpoint({
  method: 'GET',
  path: '/quantization/profit/list',
  auth: 'optional',
  tag: 'quant',
  summary:
    "A quant strategy's daily returns from its book, newest first (`days`, 30 by default). 404 for an unknown id.",
  request: z.object({
    id: r.id,
    days: r.id.pipe(z.number().max(QUANT_PROFIT_DAYS_MAX, { error: r.V.invalid })).optional(),
  }),
  data: z.object({ list: z.array(quantProfitDay) }),
});

export const quantProfitStat = defineEndpoint({
  method: 'GET',
  path: '/quantization/getProfitStat',
  auth: 'optional',
  tag: 'quant',
  summary:
    "A quant strategy's statistics from its book: total, 30-day and 7-day return, drawdown, win rate, trades, and its days up and down with the best and worst. 404 for an unknown id.",
  request: z.object({ id: r.id }),
  data: z.object({
    id: z.number().int(),
    totalReturn: percent,
    return30d: percent,
    return7d: percent,
    maxDrawdown: percent,
    winRate: percent.nullable(),
    trades: z.number().int(),
    daysUp: z.number().int(),
    daysDown: z.number().int(),
    bestDay: percent.nullable(),
    worstDay: percent.nullable(),
    since: ms,
    updatedAt: ms,
  }),
});

export const quantCheckSecret = defineEndpoint({
  method: 'POST',
  path: '/quantization/checkSecret',
  auth: 'user',
  tag: 'quant',
  summary:
    "Confirm one subscription (strategy, amount, period) with the customer's own transaction password (and second-factor code when on), under the transaction password's attempt limit (429 when used up). Answers a confirmation good once, for 5 minutes, for that subscription. Never a key from staff.",
  request: z.object({
    strategyId: r.id,
    amount: r.amount,
    termDays: r.id,
    payPassword: r.payPassword,
    totpCode: secondFactorCode.optional(),
  }),
  data: z.object({ confirmation: z.string(), expiresAtTimestamp: ms }),
});

export const quantOrder = z.object({
  id: z.number().int(),
  strategyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  amount: money,
  currency: z.literal('EUR'),
  termDays: z.number().int(),
  performanceFee: percent,
  entryNav: z.string(),
  /** The book's NAV now (running) or at the period's end (paid). */
  nav: z.string(),
  /** Amount × NAV / entry NAV, before the fee, to the cent. */
  value: money,
  /** The performance fee: crystallised so far and due on the value now (running), or charged (paid). */
  fee: money,
  /** Value less fee less amount: negative for a loss. */
  profit: money,
  paidOut: money.nullable(),
  status: followState,
  buyTimeStamp: ms,
  endTimeStamp: ms,
  closeTimeStamp: ms.nullable(),
});
export type QuantOrder = z.infer<typeof quantOrder>;

export const quantOrderSave = defineEndpoint({
  method: 'POST',
  path: '/quantization/order/save',
  auth: 'user',
  tag: 'quant',
  idempotent: true,
  form: true,
  summary:
    'Subscribe `amount` EUR of the FINANCIAL wallet to a quant strategy for `termDays` (one of its published periods), with the confirmation checkSecret answered for exactly this subscription. Body form-encoded (SPEC §7); JSON is accepted too. `performanceFee` (what the screen showed, percent) must equal the published fee. Below the minimum, above the maximum, closed, too little money or a spent confirmation: 422, nothing changes. Identity verification required.',
  request: z.object({
    strategyId: r.id,
    amount: r.amount,
    termDays: r.id,
    confirmation: z.string({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(200, { error: r.V.invalid }),
    performanceFee: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,8})?$/, { error: r.V.invalid })
      .optional(),
  }),
  data: quantOrder,
});

export const quantOrderPageList = defineEndpoint({
  method: 'POST',
  path: '/quantization/order/pageList',
  auth: 'user',
  tag: 'quant',
  summary:
    "The caller's quant subscriptions, newest first (optionally one state, or one by id: another customer's id answers 404), with value, fee, profit or loss and state.",
  request: z.object({ status: followState.optional(), id: r.id.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(quantOrder),
});
