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
