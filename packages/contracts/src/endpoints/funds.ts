/**
 * Funds, Current and Regular (SPEC §1 "mutual-fund style products with interest types Current and Regular", §2
 * yinmutual/index and yinmutual/myhold, §3 fund profit and labels, §4 "Fund orders: in progress, completed", §7
 * /user_fund_orders/* and /stock/fund/*; issue 16). The terms and the readings where the spec is silent are in
 * docs/fixed-income.md "Funds".
 *
 * A customer subscribes from the FINANCIAL wallet (EUR). A Regular fund has a fixed term and an annual rate fixed at
 * subscription; principal and interest are paid back at maturity and it cannot be redeemed before (published before
 * confirming). A Current fund's rate is the simulator's 3-month Bund yield less a published management fee, set
 * each day by the market; it is redeemable any day (principal and the interest accrued). Interest accrues daily,
 * posted by the server's job as ledger entries.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { secondFactorCode } from './auth.js';

const money = z.string();
/** An annual rate in percent, 4 decimals ("2.1500"). */
const percent = z.string();
const ms = z.number().int();
const isoDate = z.string();

export const FUND_TYPES = ['current', 'regular'] as const;
export const fundType = z.enum(FUND_TYPES, { error: r.V.invalid });
export type FundType = z.infer<typeof fundType>;

/** The terms a Regular fund may have, in days. */
export const FUND_TERMS = [30, 90, 180, 365] as const;

/** SPEC §4: in progress (money in the fund), completed (paid back: matured or redeemed). */
export const FUND_ORDER_STATES = ['inProgress', 'completed'] as const;
export const fundOrderState = z.enum(FUND_ORDER_STATES, { error: r.V.invalid });
export type FundOrderState = z.infer<typeof fundOrderState>;

/** The days of a year in the interest formula: interest of a day = principal × annual rate / 365 (ACT/365). */
export const FUND_DAY_BASIS = 365;

export const fundProduct = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: fundType,
  /** Regular: the term in days; Current: null. */
  termDays: z.number().int().nullable(),
  /** The annual rate a subscription now gets (Regular: fixed for the term; Current: today's, moves daily). */
  annualRate: percent,
  /** Current: the management fee taken from the 3-month yield, in percent a year; Regular: null. */
  managementFee: percent.nullable(),
  /** Current: the 3-month Bund yield of the simulated market now, in percent; Regular: null. */
  marketYield: percent.nullable(),
  minAmount: money,
  currency: z.literal('EUR'),
  walletType: z.literal('FINANCIAL'),
  /** False: closed to new money (existing orders keep their terms). */
  open: z.boolean(),
  /** Regular: false (no redemption before maturity); Current: true. */
  redeemable: z.boolean(),
  /** For a subscription now: the first day that earns interest, and (Regular) the day it is paid back. */
  valueDate: isoDate,
  maturityDate: isoDate.nullable(),
});
export type FundProduct = z.infer<typeof fundProduct>;

export const fundOrder = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: fundType,
  termDays: z.number().int().nullable(),
  /** Regular: the rate fixed at subscription; Current: the rate of the last day accrued (or today's if none). */
  annualRate: percent,
  managementFee: percent.nullable(),
  amount: money,
  currency: z.literal('EUR'),
  /** The first day that earns interest (the day after the subscription, UTC). */
  valueDate: isoDate,
  /** Regular: the day principal and interest are paid (valueDate + term); Current: null. */
  maturityDate: isoDate.nullable(),
  /** Interest accrued so far (posted by the job; paid out with the principal). */
  income: money,
  /** The interest of the last day accrued ("daily yield"). */
  dailyIncome: money,
  /** What was paid back (principal + interest) once completed. */
  paidOut: money.nullable(),
  status: fundOrderState,
  redeemable: z.boolean(),
  /** SPEC §3 fund profit: when bought and when sold (redeemed or matured). */
  buyTimeStamp: ms,
  sellTimeStamp: ms.nullable(),
});
export type FundOrder = z.infer<typeof fundOrder>;

export const fundAccrual = z.object({
  date: isoDate,
  /** The annual rate of that day, in percent. */
  annualRate: percent,
  profit: money,
});
export type FundAccrual = z.infer<typeof fundAccrual>;

const fundAmount = r.amount;

// ------------------------------------------------------------------------------------------- endpoints

export const fundStat = defineEndpoint({
  method: 'POST',
  path: '/user_fund_orders/stat',
  auth: 'user',
  tag: 'funds',
  summary:
    "The caller's funds in total (EUR): what is held in Regular and in Current funds (principal + interest accrued, of orders in progress), yesterday's income (the interest of the last full UTC day) and the total income of every order.",
  request: z.object({}),
  data: z.object({
    currency: z.literal('EUR'),
    regularAmount: money,
    currentAmount: money,
    held: money,
    dailyYield: money,
    totalIncome: money,
  }),
});

export const fundProductPageList = defineEndpoint({
  method: 'POST',
  path: '/user_fund_orders/productPageList',
  auth: 'optional',
  tag: 'funds',
  summary:
    "The fund products open to new money (optionally one type), with the terms a subscription now gets: a Regular's fixed annual rate and term, a Current's rate today (the simulated 3-month Bund yield less the published management fee).",
  request: z.object({ type: fundType.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(fundProduct),
});

export const fundOrderPageList = defineEndpoint({
  method: 'POST',
  path: '/user_fund_orders/pageList',
  auth: 'user',
  tag: 'funds',
  summary: "The caller's fund orders, newest first; optionally of one state or type.",
  request: z.object({
    status: fundOrderState.optional(),
    type: fundType.optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(fundOrder),
});

export const fundOrderCreate = defineEndpoint({
  method: 'POST',
  path: '/user_fund_orders/create',
  auth: 'user',
  tag: 'funds',
  idempotent: true,
  summary:
    "Subscribe `amount` EUR of the FINANCIAL wallet to a fund product through the ledger, with the transaction password (and second-factor code when on). For a Regular, `annualRate` (what the screen showed) must equal the product's rate now, else 422 and nothing is subscribed. Below the product's minimum, a closed product or too little money: 422, nothing changes. Identity verification required.",
  request: z.object({
    productId: r.id,
    amount: fundAmount,
    /** The Regular's rate the customer confirmed, in percent ("2.6000"). */
    annualRate: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,8})?$/, { error: r.V.invalid })
      .optional(),
    payPassword: r.payPassword,
    totpCode: secondFactorCode.optional(),
  }),
  data: fundOrder,
});

export const fundOrderRedeem = defineEndpoint({
  method: 'POST',
  path: '/user_fund_orders/redeem',
  auth: 'user',
  tag: 'funds',
  idempotent: true,
  summary:
    "Redeem one of the caller's Current fund orders, all of it: the interest of every full day not yet accrued is accrued, then principal + interest are paid into the FINANCIAL wallet through the ledger. Not in SPEC §7 (it lists no redemption call): added so that a Current is redeemable any day. A Regular answers 422 (no redemption before maturity: paid automatically then), another customer's id 404.",
  request: z.object({ id: r.id }),
  data: fundOrder,
});

export const fundDetails = defineEndpoint({
  method: 'GET',
  path: '/stock/fund/details',
  auth: 'user',
  tag: 'funds',
  summary: "One of the caller's fund orders (another customer's id answers 404).",
  request: z.object({ id: r.id }),
  data: fundOrder,
});

export const fundProfit = defineEndpoint({
  method: 'GET',
  path: '/stock/fund/profit',
  auth: 'user',
  tag: 'funds',
  summary:
    "SPEC §3 fund profit of one of the caller's orders: the total interest, its buy and sell times, and the daily series (each day's rate and interest, newest first).",
  request: z.object({ id: r.id }),
  data: z.object({
    id: z.number().int(),
    profit: money,
    buyTimeStamp: ms,
    sellTimeStamp: ms.nullable(),
    days: z.array(fundAccrual),
  }),
});

// ------------------------------------------------------------------------------------------------ console

/**
 * A fund product as the console shows it: its published terms, the name in each language, open or closed to new
 * money, and what its orders in progress hold. A product's terms are fixed once published (new terms are a new
 * product; the old one is closed to new money), and each order keeps the terms it was sold with.
 */
export const consoleFundProduct = fundProduct.omit({ valueDate: true, maturityDate: true, redeemable: true }).extend({
  name: z.string(),
  nameNl: z.string(),
  nameZh: z.string(),
  /** Orders in progress, and what they hold (principal + interest posted). */
  ordersInProgress: z.number().int(),
  held: money,
  createTimeTimestamp: ms,
  updateTimeTimestamp: ms,
});
export type ConsoleFundProduct = z.infer<typeof consoleFundProduct>;

/** The most a Regular's published rate and a Current's management fee may be, in percent a year. */
export const FUND_MAX_RATE = 20;
export const FUND_MAX_FEE = 5;
export const FUND_MAX_TERM_DAYS = 3650;

/** A rate in percent a year as the operator types it: up to 4 decimals ("2.6", "0.30"). */
export const FUND_PERCENT_PATTERN = /^\d{1,2}(\.\d{1,4})?$/;
const percentInput = (max: number) =>
  z
    .string({ error: r.V.invalid })
    .trim()
    .regex(FUND_PERCENT_PATTERN, { error: r.V.invalid })
    .refine((s) => Number.parseFloat(s) <= max, { error: r.V.invalid });

/**
 * What an operator enters to publish a product. A Regular needs its term and annual rate; a Current its management
 * fee (its rate is the market's, less the fee); the server answers 400 naming the missing field.
 */
export const fundProductInput = z.object({
  code: z
    .string({ error: r.V.instrumentCode })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, { error: r.V.instrumentCode }),
  name: r.productName,
  nameNl: r.productName,
  nameZh: r.productName,
  type: fundType,
  termDays: r
    .integer(z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(FUND_MAX_TERM_DAYS))
    .nullish(),
  annualRate: percentInput(FUND_MAX_RATE).nullish(),
  managementFee: percentInput(FUND_MAX_FEE).nullish(),
  minAmount: fundAmount,
});
export type FundProductInput = z.input<typeof fundProductInput>;

export const consoleFundProducts = defineEndpoint({
  method: 'GET',
  path: '/console/fund-products',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Every fund product, open or closed, with its published terms (a Current with its rate today), the name in each language and what its orders in progress hold.',
  request: z.object({}),
  data: z.array(consoleFundProduct),
});

export const consoleFundProductCreate = defineEndpoint({
  method: 'POST',
  path: '/console/fund-products',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Publish a fund product, open to new money: a Regular with its term and annual rate, or a Current with its management fee; the name in en, nl and zh-Hans; the minimum subscription. A code in use answers 409. Its terms cannot be changed afterwards (publish a new product and close this one). Audited.',
  request: fundProductInput,
  data: consoleFundProduct,
});

export const consoleFundProductOpen = defineEndpoint({
  method: 'POST',
  path: '/console/fund-products/:id/open',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    'Close a fund product to new money (`open: false`) or reopen it. Orders already subscribed keep their terms and run to their end either way. Audited with the product as it was and as it is.',
  params: z.object({ id: r.id }),
  request: z.object({ open: z.boolean({ error: r.V.invalid }) }),
  data: consoleFundProduct,
});

/** One day of the accrual job's work: the interest accrued for that day, and the Regular orders paid on it. */
export const fundAccrualDay = z.object({
  date: isoDate,
  /** Orders whose interest of that day was accrued, and the interest posted (EUR; a small order's day may be 0). */
  ordersAccrued: z.number().int(),
  interest: money,
  /** Regular orders that matured that day and were paid, and what they were paid (principal + interest). */
  matured: z.number().int(),
  maturedPaid: money,
});

export const consoleFundAccruals = defineEndpoint({
  method: 'GET',
  path: '/console/fund-accruals',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "The funds job's work per day, newest first (orders accrued, interest posted, Regular orders matured and paid), its totals, when it last posted, and the orders it owes work now (none after a pass: more means the job is behind).",
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(fundAccrualDay).extend({
    totals: z.object({ interest: money, matured: z.number().int(), maturedPaid: money }),
    /** When the job (or a Current's redemption) last accrued a day; null when never. */
    lastAccrualTimestamp: ms.nullable(),
    /** Orders in progress with work due now (a day to accrue or a maturity to pay). */
    ordersDue: z.number().int(),
  }),
});

export const consoleCustomerFunds = defineEndpoint({
  method: 'GET',
  path: '/console/customers/:id/funds',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "A customer's fund orders, newest first, as the customer sees them (an unknown customer answers 404).",
  params: z.object({ id: r.id }),
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(fundOrder),
});
