/**
 * Robot orders (docs/strategies.md "Robot orders"): a customer's robot trades its allocation with the strategy
 * engine's own rules (grid or dca: no second engine) over one crypto pair, its book stepped hourly by the strategies
 * job (robotBookPass). Money moves only in the ledger, each entry with the reference robot:<id> (unique per type):
 *
 *   robotStart   US_STOCK wallet → robots (the allocation), → fees (the rent or purchase price)
 *   robotPayout  robots → wallet (the book's value); market ↔ robots (the result: what the trades made or lost)
 *
 * so the `robots` system account holds, at every moment, the allocations of the robots not ended. A robot is paid
 * out once (its row locked, status 6 set in the same transaction, the reference unique): at a rent's cycle end by
 * the job, or when the customer redeems it. Another customer's robot answers 404, as one that does not exist.
 */
import {
  robots as api,
  Code,
  Decimal,
  E,
  type RobotMessage,
  type RobotOrder,
  type RobotProduct,
  type RobotStatusCode,
} from '@beurs/contracts';
import { and, asc, count, desc, eq, gt, lt, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import {
  type Book,
  newBook,
  quotesOf,
  STEP_MS,
  type StrategyParams,
  stepBook,
  ticksToDo,
} from '../strategies/index.js';
import { robotProductById } from './products.js';
import { robotEvents, robotNavs, robotOrders } from './schema.js';

export const ROBOT_START_ENTRY = 'robotStart';
export const ROBOT_PAYOUT_ENTRY = 'robotPayout';
const DAY_MS = 86_400_000;
/** Robots trade fractions of a coin to 8 places, as crypto venues do (the catalogue's lot is the quote's round lot). */
export const ROBOT_LOT = '0.00000001';
/** The smallest order a robot places, in USD: below it, holding nothing, it stops (status 5). */
export const ROBOT_MIN_ORDER = '1.00';
/** Ticks stepped per transaction (a month of hours). */
const TICKS_PER_TX = 720;
const BATCH = 500;
/** The equity curve answers at most this many hourly points (30 days). */
const CURVE_POINTS = 30 * 24;
/** The trading module's published fee rate per side, as the strategies' books use. */
const FEE_RATE = '0.001';

export type RobotOrderRow = typeof robotOrders.$inferSelect;
type CreateBody = Omit<z.output<typeof api.robotOrderCreate.request>, 'payPassword' | 'totpCode'>;

export const robotOrderNotFound = (id: number) => new AppError(Code.notFound, E.robotOrderNotFound, { id });
const instrumentOf = (pair: string) => `100:${pair}`;
const pairOf = (instrument: string) => instrument.split(':')[1] ?? instrument;

/** The engine's parameters of a product over an allocation: its grid or its averaging, on one pair. */
export function robotParams(product: RobotProduct, pair: string, allocation: Decimal): StrategyParams {
  const key = instrumentOf(pair);
  const common = { instruments: [key], capital: allocation.toFixed(2), feeRate: FEE_RATE, lots: { [key]: ROBOT_LOT } };
  if (product.strategy === 'grid') {
    return {
      ...common,
      rule: 'grid',
      spacing: new Decimal(product.gridStepPercent ?? 0).div(100).toNumber(),
      levels: product.levels,
      slice: 1 / product.levels,
    };
  }
  return {
    ...common,
    rule: 'dca',
    everyTicks: product.intervalHours ?? 1,
    amount: allocation.div(product.levels).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
  };
}

/**
 * A robot's status from its book (docs/strategies.md): 1 before its first tick (the pair checked open and quoted at
 * it), 2 after it (the grid's levels placed around the first price), 3 while none of its orders has filled, 4 once
 * one has; 5 when it holds nothing and its cash is below the smallest order (it stops there).
 */
export function robotStatusOf(book: Book, start: number): RobotStatusCode {
  if (book.tick < start) return 1;
  if (Object.keys(book.positions).length === 0 && new Decimal(book.cash).lt(ROBOT_MIN_ORDER)) return 5;
  if (book.seq > 0) return 4;
  return book.tick === start ? 2 : 3;
}

const ratio = (income: Decimal, allocation: Decimal) =>
  income.div(allocation).times(100).toDecimalPlaces(api.ROBOT_INCOME_RATIO_DECIMALS, Decimal.ROUND_HALF_EVEN);

export function toRobotOrder(row: RobotOrderRow): RobotOrder {
  const allocation = new Decimal(row.allocation);
  const value = new Decimal(row.paidOut ?? row.value);
  const income = value.minus(allocation);
  return {
    id: row.id,
    robotId: row.robotId,
    code: row.code,
    strategy: row.params.rule === 'grid' ? 'grid' : 'averaging',
    pair: pairOf(row.instrument),
    term: row.term,
    cycleDays: row.cycleDays,
    price: new Decimal(row.price).toFixed(2),
    allocation: allocation.toFixed(2),
    value: value.toFixed(2),
    income: income.toFixed(2),
    incomeRatio: ratio(income, allocation).toFixed(api.ROBOT_INCOME_RATIO_DECIMALS),
    trades: row.book.seq,
    status: row.status as RobotStatusCode,
    currency: api.ROBOT_CURRENCY,
    createTimeTimestamp: row.createdAt.getTime(),
    startTimeStamp: row.startAt.getTime(),
    endTimeStamp: row.endAt ? row.endAt.getTime() : null,
    updatedTimeStamp: row.book.tick >= row.startAt.getTime() ? row.book.tick : null,
    closeTimeStamp: row.closedAt ? row.closedAt.getTime() : null,
    paidOut: row.paidOut === null ? null : new Decimal(row.paidOut).toFixed(2),
  };
}

export function createRobotOrders(deps: Pick<Deps, 'db' | 'ledger' | 'market' | 'log'>) {
  const { db, ledger, market } = deps;

  /** What the customer's robots that have not ended hold (their allocations) and how many they are. */
  async function holding(ex: Executor, userId: number) {
    const [row] = await ex
      .select({ allocated: sum(robotOrders.allocation), active: count() })
      .from(robotOrders)
      .where(and(eq(robotOrders.userId, userId), lt(robotOrders.status, 6)));
    return { allocated: new Decimal(row?.allocated ?? 0), active: row?.active ?? 0 };
  }

  async function event(
    tx: Tx,
    row: Pick<RobotOrderRow, 'id' | 'events'>,
    e: Omit<typeof robotEvents.$inferInsert, 'orderId' | 'seq'>,
  ) {
    row.events += 1;
    await tx.insert(robotEvents).values({ ...e, orderId: row.id, seq: row.events });
  }

  /**
   * Steps a locked robot's book from its checkpoint to `until` (at most a chunk), writing its equity points, fills
   * and state changes; stops at status 5 and at a rent's cycle end. Answers the ticks stepped.
   */
  async function stepLocked(tx: Tx, row: RobotOrderRow, until: number): Promise<number> {
    if (row.status >= 5) return 0;
    const last = row.endAt ? Math.min(until, row.endAt.getTime()) : until;
    const ticks = ticksToDo(row.book, last).slice(0, TICKS_PER_TX);
    if (ticks.length === 0) return 0;
    const start = row.startAt.getTime();
    const navRows: (typeof robotNavs.$inferInsert)[] = [];
    let book = row.book;
    let status = row.status as RobotStatusCode;
    let value = row.value;
    let stepped = 0;
    for (const tick of ticks) {
      // Too little left to place an order and nothing held: it stops before trading on (status 5).
      if (robotStatusOf(book, start) === 5) {
        status = 5;
        value = book.cash;
        await event(tx, row, { at: new Date(book.tick), kind: 'status', status });
        break;
      }
      const quotes = await market.quotes(row.params.instruments, new Date(tick));
      const step = stepBook(row.params, book, tick, quotesOf(row.params.instruments, quotes));
      book = step.book;
      value = step.nav.value;
      stepped += 1;
      navRows.push({ orderId: row.id, at: new Date(tick), value });
      for (const t of step.trades) {
        await event(tx, row, {
          at: new Date(tick),
          kind: 'filled',
          side: t.side,
          quantity: t.quantity,
          price: t.price,
          fee: t.fee,
        });
      }
      const next = robotStatusOf(book, start);
      if (next !== status) {
        status = next;
        await event(tx, row, { at: new Date(tick), kind: 'status', status });
      }
      if (status === 5) break;
    }
    if (navRows.length > 0) await tx.insert(robotNavs).values(navRows);
    Object.assign(row, { book, bookTick: new Date(book.tick), value, status });
    await tx
      .update(robotOrders)
      .set({ book, bookTick: row.bookTick, value, status, events: row.events })
      .where(eq(robotOrders.id, row.id));
    return stepped;
  }

  /** Ends a locked robot: its book's value to the wallet, the result against `market`; status 6. */
  async function payOut(tx: Tx, row: RobotOrderRow, at: Date) {
    const allocation = new Decimal(row.allocation);
    const value = new Decimal(row.value);
    const wallet = await ledger.walletAccount(tx, row.userId, api.ROBOT_WALLET);
    const postings = [
      { account: await ledger.systemAccount(tx, 'robots', wallet.currency), amount: allocation.negated() },
      { account: await ledger.systemAccount(tx, 'market', wallet.currency), amount: value.minus(allocation).negated() },
      { account: wallet, amount: value },
    ].filter((p) => !p.amount.isZero());
    await ledger.post(tx, {
      type: ROBOT_PAYOUT_ENTRY,
      reference: `robot:${row.id}`,
      at,
      detail: { order: row.id, code: row.code, value: value.toFixed(2) },
      postings,
    });
    await event(tx, row, { at, kind: 'status', status: 6 });
    Object.assign(row, { status: 6, paidOut: value.toFixed(2), closedAt: at, updatedAt: at });
    await tx
      .update(robotOrders)
      .set({ status: 6, paidOut: row.paidOut, closedAt: at, updatedAt: at, events: row.events })
      .where(eq(robotOrders.id, row.id));
  }

  const lock = async (tx: Tx, id: number) =>
    (await tx.select().from(robotOrders).where(eq(robotOrders.id, id)).for('update'))[0];

  /** /robotOrder/create in the request's transaction (confirmMoneyMove): the robot, then its one entry. */
  async function create(tx: Tx, userId: number, body: CreateBody, at: Date): Promise<RobotOrder> {
    const product = robotProductById(body.robotId);
    if (!product) throw new AppError(Code.notFound, E.robotNotFound, { id: body.robotId });
    const code = product.code;
    if (!product.open) throw rule(E.robotClosed, { code }, 'robotClosed');
    const price = body.term === 'rent' ? product.rentPrice : product.buyPrice;
    if (price === null) throw rule(E.robotTermUnavailable, { code }, 'robotTermUnavailable');
    if (!product.pairs.includes(body.pair))
      throw rule(E.robotPairNotTraded, { code, pair: body.pair }, 'robotPairNotTraded');
    const currency = api.ROBOT_CURRENCY;
    if (body.price !== undefined && !new Decimal(body.price).eq(price)) {
      throw rule(
        E.robotPriceChanged,
        { price, confirmed: new Decimal(body.price).toFixed(2), currency },
        'robotPriceChanged',
      );
    }
    const amount = new Decimal(body.amount);
    if (amount.lt(product.minAllocation) || amount.gt(product.maxAllocation)) {
      throw rule(
        E.robotAllocationRange,
        { code, min: product.minAllocation, max: product.maxAllocation, currency },
        'robotAllocationRange',
      );
    }
    // The customer's row locked: two creates at once see each other's allocation.
    const [user] = await tx.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId)).for('update');
    if (user?.kyc !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    const held = await holding(tx, userId);
    if (held.active >= api.ROBOT_CUSTOMER_MAX_ACTIVE)
      throw rule(E.robotTooMany, { count: api.ROBOT_CUSTOMER_MAX_ACTIVE }, 'robotTooMany');
    const room = new Decimal(api.ROBOT_CUSTOMER_MAX_ALLOCATION).minus(held.allocated);
    if (amount.gt(room))
      throw rule(E.robotQuotaExceeded, { available: room.toFixed(2), currency }, 'robotQuotaExceeded');
    // It trades from the next whole hour: never at a price already known.
    const start = (Math.floor(at.getTime() / STEP_MS) + 1) * STEP_MS;
    const params = robotParams(product, body.pair, amount);
    const book = newBook(params, start);
    const [row] = await tx
      .insert(robotOrders)
      .values({
        userId,
        robotId: product.id,
        code,
        instrument: instrumentOf(body.pair),
        term: body.term,
        cycleDays: body.term === 'rent' ? product.rentCycleDays : null,
        price,
        allocation: amount.toFixed(2),
        params,
        book,
        bookTick: new Date(book.tick),
        value: amount.toFixed(2),
        status: 1,
        events: 0,
        startAt: new Date(start),
        endAt: body.term === 'rent' ? new Date(start + (product.rentCycleDays ?? 0) * DAY_MS) : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('robot order not written');
    await event(tx, row, { at, kind: 'status', status: 1 });
    await tx.update(robotOrders).set({ events: row.events }).where(eq(robotOrders.id, row.id));
    const wallet = await ledger.walletAccount(tx, userId, api.ROBOT_WALLET);
    if (wallet.currency !== currency) throw new Error(`the ${api.ROBOT_WALLET} wallet is not in ${currency}`);
    await ledger.post(tx, {
      type: ROBOT_START_ENTRY,
      reference: `robot:${row.id}`,
      at,
      detail: { order: row.id, code, pair: body.pair, amount: amount.toFixed(2), price },
      postings: [
        { account: wallet, amount: amount.plus(price).negated() },
        { account: await ledger.systemAccount(tx, 'robots', currency), amount },
        { account: await ledger.systemAccount(tx, 'fees', currency), amount: new Decimal(price) },
      ].filter((p) => !p.amount.isZero()),
    });
    return toRobotOrder(row);
  }

  async function own(ex: Executor, userId: number, id: number) {
    const [row] = await ex
      .select()
      .from(robotOrders)
      .where(and(eq(robotOrders.id, id), eq(robotOrders.userId, userId)));
    if (!row) throw robotOrderNotFound(id);
    return row;
  }

  async function page(userId: number, body: z.output<typeof api.robotOrderPageList.request>) {
    const where = and(
      eq(robotOrders.userId, userId),
      body.ended === undefined ? undefined : body.ended ? eq(robotOrders.status, 6) : lt(robotOrders.status, 6),
    );
    const [counted] = await db.select({ n: count() }).from(robotOrders).where(where);
    const rows = await db
      .select()
      .from(robotOrders)
      .where(where)
      .orderBy(desc(robotOrders.id))
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize);
    return { list: rows.map(toRobotOrder), total: counted?.n ?? 0, page: body.page, pageSize: body.pageSize };
  }

  const detail = async (userId: number, id: number) => toRobotOrder(await own(db, userId, id));

  /**
   * /robotOrder/redeem in its idempotent transaction: the robot locked, its book brought to the last whole hour
   * (its cycle's end at most), its value paid out once. An ended robot answers as it is and pays nothing.
   */
  async function redeem(tx: Tx, userId: number, id: number, at: Date): Promise<RobotOrder> {
    await own(tx, userId, id);
    const row = await lock(tx, id);
    if (!row) throw robotOrderNotFound(id);
    if (row.status !== 6) {
      while ((await stepLocked(tx, row, at.getTime())) > 0) {}
      await payOut(tx, row, at);
    }
    return toRobotOrder(row);
  }

  async function curve(userId: number, orderId: number) {
    const row = await own(db, userId, orderId);
    const points = await db
      .select({ at: robotNavs.at, value: robotNavs.value })
      .from(robotNavs)
      .where(eq(robotNavs.orderId, orderId))
      .orderBy(desc(robotNavs.at))
      .limit(CURVE_POINTS);
    return {
      orderId,
      allocation: new Decimal(row.allocation).toFixed(2),
      points: points.reverse().map((p) => ({ time: p.at.getTime(), value: new Decimal(p.value).toFixed(2) })),
    };
  }

  async function messages(userId: number, orderId: number): Promise<{ list: RobotMessage[]; total: number }> {
    const row = await own(db, userId, orderId);
    const rows = await db
      .select()
      .from(robotEvents)
      .where(eq(robotEvents.orderId, orderId))
      .orderBy(desc(robotEvents.seq))
      .limit(api.ROBOT_MESSAGE_LIMIT);
    return {
      total: row.events,
      list: rows.map((e) => ({
        seq: e.seq,
        time: e.at.getTime(),
        kind: e.kind,
        status: (e.status ?? null) as RobotStatusCode | null,
        side: e.side ?? null,
        quantity: e.quantity === null ? null : new Decimal(e.quantity).toString(),
        price: e.price === null ? null : new Decimal(e.price).toString(),
        fee: e.fee === null ? null : new Decimal(e.fee).toFixed(2),
      })),
    };
  }

  /**
   * The job's pass (run by the strategies job on the leader): steps every robot not ended to the last whole hour, a
   * chunk per transaction with its row locked, and pays out each rent whose cycle has ended, once.
   */
  async function pass(at: Date) {
    let ticks = 0;
    let paid = 0;
    let failed = 0;
    let afterId = 0;
    for (;;) {
      const open = await db
        .select({ id: robotOrders.id })
        .from(robotOrders)
        .where(and(lt(robotOrders.status, 6), gt(robotOrders.id, afterId)))
        .orderBy(asc(robotOrders.id))
        .limit(BATCH);
      for (const { id } of open) {
        afterId = id;
        try {
          for (;;) {
            const r = await db.transaction(async (tx) => {
              const row = await lock(tx, id);
              if (!row || row.status === 6) return { stepped: 0, paid: false };
              const stepped = await stepLocked(tx, row, at.getTime());
              // A rent's cycle is over: its book reached the end (or it stopped below the minimum before it).
              const end = row.endAt?.getTime();
              if (
                stepped === 0 &&
                end !== undefined &&
                (row.book.tick >= end || (row.status === 5 && at.getTime() >= end))
              ) {
                await payOut(tx, row, at);
                return { stepped, paid: true };
              }
              return { stepped, paid: false };
            });
            ticks += r.stepped;
            if (r.paid) paid += 1;
            if (r.stepped === 0) break;
          }
        } catch (err) {
          failed += 1;
          deps.log.error({ err, robotOrder: id }, 'robot order pass failed');
        }
      }
      if (open.length < BATCH) break;
    }
    return { ticks, paid, failed };
  }

  return { holding, create, page, detail, redeem, curve, messages, pass };
}
