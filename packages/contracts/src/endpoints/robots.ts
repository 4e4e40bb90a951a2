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
