/**
 * Trading robots on the simulated crypto market (SPEC §1 "a rentable or purchasable trading robot", §2 robotai/*,
 * §3 robot order, §4 robot statuses, §7 /robot/* and /robotOrder/*, §9 "robot income increase 0.001%"; issue 17).
 * The readings where the spec is silent are in docs/strategies.md "Trading robots".
 *
 * A robot is a published, rule-based strategy (a grid or averaging into a position) that trades one crypto pair
 * with the money a customer allocates to it, within published limits. It is rented for a cycle at a published
 * price or bought (it then runs until the customer ends it). Its income is what its trades made, losses included;
 * nobody types a return in. The wire names of the original app (getMiningQuota) stay on the wire; nothing on
 * screen speaks of mining.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DEFAULT_WALLET_CURRENCY } from '../enums.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { secondFactorCode } from './auth.js';

const money = z.string();
/** A percentage as a decimal string ("0.500"). */
const percent = z.string();

/** The rule a robot follows (docs/strategies.md): a grid of buy and sell levels, or averaging in equal slices. */
export const ROBOT_STRATEGIES = ['grid', 'averaging'] as const;
export type RobotStrategy = (typeof ROBOT_STRATEGIES)[number];

/** How a customer gets a robot: rented for its published cycle, or bought (runs until ended). */
export const ROBOT_TERMS = ['rent', 'buy'] as const;
export type RobotTerm = (typeof ROBOT_TERMS)[number];

/** Robots allocate US dollars from this wallet; the crypto pairs are quoted in USD. */
export const ROBOT_WALLET = 'US_STOCK' as const;
export const ROBOT_CURRENCY = DEFAULT_WALLET_CURRENCY[ROBOT_WALLET];

/**
 * SPEC §4's robot statuses keep their codes and colours (1-4 yellow, 5-6 red) with a trading robot's meanings:
 * 1 choosing its market, 2 placing its orders, 3 starting, 4 running, 5 stopped because what is left of the
 * allocation is below the smallest order it can place (the customer may end it and get what is left back; it
 * never asks for more money), 6 ended (cycle over or ended by the customer; the value was returned).
 */
export const ROBOT_STATUSES = {
  1: 'choosingMarket',
  2: 'placingOrders',
  3: 'starting',
  4: 'running',
  5: 'belowMinimum',
  6: 'ended',
} as const;
export type RobotStatusCode = keyof typeof ROBOT_STATUSES;
export const ROBOT_STATUS_CODES = [1, 2, 3, 4, 5, 6] as const satisfies readonly RobotStatusCode[];
/** SPEC §4: statuses 1 to 4 are shown yellow, 5 and 6 red. */
export const robotStatusColour = (status: RobotStatusCode): 'yellow' | 'red' => (status <= 4 ? 'yellow' : 'red');

/**
 * SPEC §9 "robot income increase 0.001%", read as a resolution, not a promise: a robot's income ratio is computed
 * and shown in steps of 0.001% (three decimals of a percent), so the smallest change a customer can see is 0.001%.
 */
export const ROBOT_INCOME_RATIO_DECIMALS = 3;

/** The most a customer may have allocated to robots at once, over all of them, and how many may run at once. */
export const ROBOT_CUSTOMER_MAX_ALLOCATION = '50000.00';
export const ROBOT_CUSTOMER_MAX_ACTIVE = 5;

export const robotProduct = z.object({
  id: z.number().int(),
  /** Stable code ('GRID-BTC'); names and descriptions come from the app's texts by strategy. */
  code: z.string(),
  strategy: z.enum(ROBOT_STRATEGIES),
  /** The crypto pairs (source 100) it may trade; the customer picks one. */
  pairs: z.array(z.string()),
  /** Grid: the distance between two levels, in percent of the price; averaging: null. */
  gridStepPercent: percent.nullable(),
  /** Grid: levels below and above the start price; averaging: the number of equal slices. */
  levels: z.number().int(),
  /** Averaging: hours between two slices; grid: null. */
  intervalHours: z.number().int().nullable(),
  /** Renting: the cycle in days and its price, paid once when the robot starts; null when it cannot be rented. */
  rentCycleDays: z.number().int().nullable(),
  rentPrice: money.nullable(),
  /** Buying: the price, paid once; the robot runs until ended. Null when it cannot be bought. */
  buyPrice: money.nullable(),
  /** What one robot may be given, in USD. */
  minAllocation: money,
  maxAllocation: money,
  currency: z.literal(ROBOT_CURRENCY),
  walletType: z.literal(ROBOT_WALLET),
  /** False: closed to new robots (running ones keep their terms). */
  open: z.boolean(),
});
export type RobotProduct = z.infer<typeof robotProduct>;

export const robotPageList = defineEndpoint({
  method: 'POST',
  path: '/robot/pageList',
  auth: 'optional',
  tag: 'robots',
  summary:
    'The trading robots with their published terms: the rule (grid or averaging), the crypto pairs it may trade, the rent for a cycle or the purchase price, and the allocation limits. Past results are simulated and no guarantee.',
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(robotProduct),
});

export const robotQuota = z.object({
  currency: z.literal(ROBOT_CURRENCY),
  walletType: z.literal(ROBOT_WALLET),
  /** What the robot wallet holds now and may be allocated (its available balance). */
  available: money,
  /** The customer-wide limits: the most allocated at once, and the robots running at once. */
  maxAllocation: money,
  maxActive: z.number().int(),
  /** What the customer's robots that have not ended hold now (their allocations), and how many they are. */
  allocated: money,
  active: z.number().int(),
  /** The most a new robot may get now: the customer-wide room left, capped by the wallet (and the robot's limits). */
  remaining: money,
  /** With `robotId`: that robot's own limits. */
  robot: z
    .object({ id: z.number().int(), minAllocation: money, maxAllocation: money, canStart: z.boolean() })
    .nullable(),
});
export type RobotQuota = z.infer<typeof robotQuota>;

export const robotMiningQuota = defineEndpoint({
  method: 'POST',
  path: '/robot/getMiningQuota',
  auth: 'user',
  tag: 'robots',
  summary:
    "The caller's allocation limits (the original app's name is kept on the wire): what the robot wallet (US_STOCK, USD) holds, the customer-wide limits, what running robots hold, and the most a new robot may get now; with `robotId`, that robot's limits too. An unknown robot answers 404.",
  request: z.object({ robotId: z.number({ error: r.V.invalid }).int({ error: r.V.invalid }).positive().optional() }),
  data: robotQuota,
});

// ------------------------------------------------------------------------------------------------ robot orders

const ms = z.number().int();

/**
 * A customer's robot (SPEC §3 "Robot order": createTimeTimestamp; robot ID, working cycle, availability time, income,
 * trading status, purchase time). Every figure comes from the robot's own book, stepped hourly by the strategies job
 * over the simulated crypto market with the product's rule: value = the book marked at the bid, income = value less
 * allocation (negative for a loss).
 */
export const robotOrder = z.object({
  id: z.number().int(),
  robotId: z.number().int(),
  code: z.string(),
  strategy: z.enum(ROBOT_STRATEGIES),
  /** The pair it trades ('BTCUSD', source 100). */
  pair: z.string(),
  term: z.enum(ROBOT_TERMS),
  /** Renting: the working cycle in days; buying: null (runs until ended). */
  cycleDays: z.number().int().nullable(),
  /** The rent or purchase price paid once at the start (the robot's fee; never taken from the allocation). */
  price: money,
  allocation: money,
  /** The book's value at its last tick (ended: what was returned). */
  value: money,
  /** Value less allocation: what the trades made, fees included; negative for a loss. */
  income: money,
  /** Income over allocation, percent, ROBOT_INCOME_RATIO_DECIMALS places. */
  incomeRatio: percent,
  trades: z.number().int(),
  status: z.union(ROBOT_STATUS_CODES.map((c) => z.literal(c))),
  currency: z.literal(ROBOT_CURRENCY),
  /** Purchase time. */
  createTimeTimestamp: ms,
  /** The first hourly tick it trades at (the next whole hour after the purchase). */
  startTimeStamp: ms,
  /** Availability: the end of a rent's cycle; null for a bought robot. */
  endTimeStamp: ms.nullable(),
  /** The last tick its book reached; null before the first. */
  updatedTimeStamp: ms.nullable(),
  /** When it ended (status 6), else null. */
  closeTimeStamp: ms.nullable(),
  /** What was paid back to the wallet at the end, else null. */
  paidOut: money.nullable(),
});
export type RobotOrder = z.infer<typeof robotOrder>;

export const robotOrderCreate = defineEndpoint({
  method: 'POST',
  path: '/robotOrder/create',
  auth: 'user',
  tag: 'robots',
  idempotent: true,
  summary:
    "Rent a robot for its published cycle at its published price, or buy it, and allocate `amount` USD of the US stock wallet to it (within /robot/getMiningQuota's limits), through the ledger, with the transaction password (and second-factor code when on). `price` (what the screen showed) must equal the published price, else 422. It trades `pair` from the next whole hour. Out of limits or too little money: 422, nothing changes. Identity verification required.",
  request: z.object({
    robotId: r.id,
    term: z.enum(ROBOT_TERMS, { error: r.V.invalid }),
    pair: z.string({ error: r.V.invalid }).regex(/^[A-Z]{2,10}USD$/, { error: r.V.invalid }),
    amount: r.amount,
    price: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: r.V.invalid })
      .optional(),
    payPassword: r.payPassword,
    totpCode: secondFactorCode.optional(),
  }),
  data: robotOrder,
});

export const robotOrderPageList = defineEndpoint({
  method: 'POST',
  path: '/robotOrder/pageList',
  auth: 'user',
  tag: 'robots',
  summary:
    "The caller's robots, newest first (`ended`: only ended ones, or only those not ended), with value, income and status from their books.",
  request: z.object({ ended: z.boolean({ error: r.V.invalid }).optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(robotOrder),
});

export const robotOrderDetail = defineEndpoint({
  method: 'POST',
  path: '/robotOrder/detail',
  auth: 'user',
  tag: 'robots',
  summary: "One of the caller's robots. Another customer's answers 404, as one that does not exist.",
  request: z.object({ id: r.id }),
  data: robotOrder,
});

export const robotOrderRedeem = defineEndpoint({
  method: 'POST',
  path: '/robotOrder/redeem',
  auth: 'user',
  tag: 'robots',
  idempotent: true,
  summary:
    "Ends the caller's robot and returns its book's value (brought to the last whole hour) to the US stock wallet, once: a second redeem, at once or later, answers the ended robot and pays nothing. Another customer's robot answers 404.",
  request: z.object({ id: r.id }),
  data: robotOrder,
});

export const robotEquityPoint = z.object({ time: ms, value: money });

export const robotKline = defineEndpoint({
  method: 'GET',
  path: '/crypto/robotKline',
  auth: 'user',
  tag: 'robots',
  summary:
    "A robot's equity curve: its book's value at each hourly tick, oldest first (at most the last 30 days). Another customer's robot answers 404.",
  request: z.object({ orderId: r.id }),
  data: z.object({ orderId: z.number().int(), allocation: money, points: z.array(robotEquityPoint) }),
});

/** What a robot's event log records: a state change, or an order it placed and that filled (one step). */
export const ROBOT_EVENT_KINDS = ['status', 'filled'] as const;
/** The most events /robotMessage answers (SPEC §9 "Robot message list cut to 20"), newest first. */
export const ROBOT_MESSAGE_LIMIT = 20;

export const robotMessage = z.object({
  seq: z.number().int(),
  time: ms,
  kind: z.enum(ROBOT_EVENT_KINDS),
  /** status: the new status. */
  status: z.union(ROBOT_STATUS_CODES.map((c) => z.literal(c))).nullable(),
  /** filled: the order. */
  side: z.enum(['buy', 'sell']).nullable(),
  quantity: z.string().nullable(),
  price: z.string().nullable(),
  fee: money.nullable(),
});
export type RobotMessage = z.infer<typeof robotMessage>;

export const robotMessages = defineEndpoint({
  method: 'GET',
  path: '/robotMessage/:orderId',
  auth: 'user',
  tag: 'robots',
  summary: `A robot's event log, newest first, at most ${ROBOT_MESSAGE_LIMIT}: its state changes and the orders it placed and filled. Another customer's robot answers 404.`,
  request: z.object({}),
  params: z.object({ orderId: r.id }),
  data: z.object({ list: z.array(robotMessage), total: z.number().int() }),
});
