/**
 * Funds, Current and Regular (docs/fixed-income.md "Funds"): the products, subscribing from the FINANCIAL wallet,
 * the daily accrual (shared by the leader job and a Current's redemption), maturity and redemption. Money moves only
 * in the ledger, each entry with a reference unique per type:
 *
 *   fundSubscription  FINANCIAL wallet → funds account   principal               fund:<order>
 *   fundInterest      market account → funds account     a day's interest        fund:<order>:<day>
 *   fundRedemption    funds account → FINANCIAL wallet   principal + interest    fund:<order>
 *
 * so the `funds` system account holds, at every moment, what the fund orders in progress owe their customers.
 * Another customer's order answers 404, as one that does not exist.
 */
import {
  Code,
  creditCents,
  currentFundRate,
  Decimal,
  E,
  type FundAccrual,
  type FundOrder,
  type FundProduct,
  type FundType,
  fundInterestExact,
  type funds as fundsApi,
  type Language,
  paginate,
} from '@beurs/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { curvesOf } from '../../market/curves.js';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import { notify } from '../inbox/index.js';
import { fundAccruals, fundOrders, fundProducts } from './schema.js';

export const FUND_SUBSCRIPTION_ENTRY = 'fundSubscription';
export const FUND_INTEREST_ENTRY = 'fundInterest';
export const FUND_REDEMPTION_ENTRY = 'fundRedemption';
/** The wallet funds are paid from and into, and its currency. */
export const FUND_WALLET = 'FINANCIAL' as const;
export const FUND_CURRENCY = 'EUR' as const;
/** Where the inbox sends a customer about a fund order. */
export const FUND_HOLDINGS_LINK = '/pages/yinmutual/myhold';
/** The market yield a Current follows: the simulated Bund curve at three months. */
export const CURRENT_YIELD_ISSUER = 'DE' as const;
export const CURRENT_YIELD_YEARS = 0.25;

const DAY_MS = 86_400_000;
export type ProductRow = typeof fundProducts.$inferSelect;
export type OrderRow = typeof fundOrders.$inferSelect;
type CreateBody = Omit<z.output<typeof fundsApi.fundOrderCreate.request>, 'payPassword' | 'totpCode'>;

/** The UTC date of an instant, and day arithmetic on ISO dates. */
export const dateOf = (at: Date | number) =>
  new Date(typeof at === 'number' ? at : at.getTime()).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOf(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** A rate (fraction) in percent, 4 places. */
export const pct = (fraction: Decimal | string | number | null) => new Decimal(fraction ?? 0).times(100).toFixed(4);

/**
 * The demo's products (seedFundProducts): one Current and four Regular terms. The Regular rates are the products'
 * published terms, set by the house like a bank's term deposit (a little above the Bund of the same term); the
 * Current's rate is the market's, less its fee.
 */
export const DEMO_FUND_PRODUCTS = [
  {
    code: 'KM-LIQ',
    name: 'Kade Euro Liquidity',
    nameNl: 'Kade Euro Liquiditeit',
    nameZh: 'Kade 欧元流动性基金',
    type: 'current' as const,
    termDays: null,
    annualRate: null,
    managementFee: '0.003',
    minAmount: '10',
    sort: 1,
  },
  ...(
    [
      [30, '0.019', '100'],
      [90, '0.021', '100'],
      [180, '0.023', '500'],
      [365, '0.026', '1000'],
    ] as const
  ).map(([days, annualRate, minAmount], i) => ({
    code: `KM-FIX${days}`,
    name: `Kade Fixed ${days} days`,
    nameNl: `Kade Vast ${days} dagen`,
    nameZh: `Kade 定期 ${days} 天`,
    type: 'regular' as const,
    termDays: days,
    annualRate,
    managementFee: null,
    minAmount,
    sort: 2 + i,
  })),
];

/** Writes the demo products that are missing (by code); never changes one an operator edited. */
export async function seedFundProducts(ex: Executor, at: Date) {
  await ex
    .insert(fundProducts)
    .values(DEMO_FUND_PRODUCTS.map((p) => ({ ...p, createdAt: at, updatedAt: at })))
    .onConflictDoNothing();
}

export function createFundService(deps: Deps) {
  const { db, ledger } = deps;
  const curves = () => curvesOf(deps.config.marketSeed);

  /** The market yield a Current follows at an instant (a fraction). */
  const marketYield = (at: Date) => curves().yieldAt(CURRENT_YIELD_ISSUER, CURRENT_YIELD_YEARS, at);

  /** A day's annual rate of an order (a fraction): fixed for a Regular; a Current's from the market at 00:00 UTC. */
  function rateOfDay(order: Pick<OrderRow, 'type' | 'annualRate' | 'managementFee'>, day: string): Decimal {
    if (order.type === 'regular') return new Decimal(order.annualRate ?? 0);
    return currentFundRate(marketYield(new Date(`${day}T00:00:00Z`)), order.managementFee ?? 0);
  }

  const nameOf = (p: ProductRow, lang: Language) => (lang === 'nl' ? p.nameNl : lang === 'zh-Hans' ? p.nameZh : p.name);

  function toProduct(p: ProductRow, at: Date, lang: Language): FundProduct {
    const current = p.type === 'current';
    const y = current ? marketYield(at) : null;
    return {
      id: p.id,
      code: p.code,
      name: nameOf(p, lang),
      type: p.type,
      termDays: p.termDays,
      annualRate: pct(current ? currentFundRate(y ?? 0, p.managementFee ?? 0) : p.annualRate),
      managementFee: current ? pct(p.managementFee) : null,
      marketYield: y === null ? null : pct(new Decimal(y).toDecimalPlaces(6)),
      minAmount: new Decimal(p.minAmount).toFixed(2),
      currency: FUND_CURRENCY,
      walletType: FUND_WALLET,
      open: p.open,
      redeemable: current,
      valueDate: addDays(dateOf(at), 1),
      maturityDate: current ? null : addDays(dateOf(at), 1 + (p.termDays ?? 0)),
    };
  }

  async function productPage(body: z.output<typeof fundsApi.fundProductPageList.request>, at: Date, lang: Language) {
    const rows = await db
      .select()
      .from(fundProducts)
      .where(and(eq(fundProducts.open, true), body.type ? eq(fundProducts.type, body.type) : undefined))
      .orderBy(asc(fundProducts.sort), asc(fundProducts.id));
    const page = paginate(rows, body.page, body.pageSize);
    return { ...page, list: page.list.map((p) => toProduct(p, at, lang)) };
  }

  /** The last day accrued of each order (its "daily yield"). */
  async function lastAccruals(ex: Executor, ids: number[]) {
    if (ids.length === 0) return new Map<number, { amount: string; rate: string }>();
    const rows = await ex
      .selectDistinctOn([fundAccruals.orderId], {
        orderId: fundAccruals.orderId,
        amount: fundAccruals.amount,
        rate: fundAccruals.annualRate,
      })
      .from(fundAccruals)
      .where(inArray(fundAccruals.orderId, ids))
      .orderBy(fundAccruals.orderId, desc(fundAccruals.day));
    return new Map(rows.map((r) => [r.orderId, { amount: r.amount, rate: r.rate }]));
  }

  function toOrder(
    row: OrderRow,
    product: ProductRow,
    last: { amount: string; rate: string } | undefined,
    at: Date,
    lang: Language,
  ): FundOrder {
    const rate = row.type === 'regular' ? row.annualRate : (last?.rate ?? rateOfDay(row, dateOf(at)).toString());
    return {
      id: row.id,
      productId: row.productId,
      code: product.code,
      name: nameOf(product, lang),
      type: row.type,
      termDays: row.termDays,
      annualRate: pct(rate),
      managementFee: row.managementFee === null ? null : pct(row.managementFee),
      amount: new Decimal(row.amount).toFixed(2),
      currency: FUND_CURRENCY,
      valueDate: row.valueDate,
      maturityDate: row.maturityDate,
      income: new Decimal(row.income).toFixed(2),
      dailyIncome: new Decimal(last?.amount ?? 0).toFixed(2),
      paidOut: row.paidOut === null ? null : new Decimal(row.paidOut).toFixed(2),
      status: row.status,
      redeemable: row.type === 'current' && row.status === 'inProgress',
      buyTimeStamp: row.createdAt.getTime(),
      sellTimeStamp: row.closedAt ? row.closedAt.getTime() : null,
    };
  }

  async function ordersOut(ex: Executor, rows: OrderRow[], at: Date, lang: Language): Promise<FundOrder[]> {
    const ids = [...new Set(rows.map((r) => r.productId))];
    const products = ids.length === 0 ? [] : await ex.select().from(fundProducts).where(inArray(fundProducts.id, ids));
    const byId = new Map(products.map((p) => [p.id, p]));
    const last = await lastAccruals(
      ex,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const product = byId.get(r.productId);
      if (!product) throw new Error(`fund order ${r.id} without its product`);
      return toOrder(r, product, last.get(r.id), at, lang);
    });
  }

  /** The caller's own order (FOR UPDATE in a transaction), or 404. */
  async function ownOrder(ex: Executor, userId: number, id: number, lock: boolean): Promise<OrderRow> {
    const query = ex
      .select()
      .from(fundOrders)
      .where(and(eq(fundOrders.id, id), eq(fundOrders.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError(Code.notFound, E.fundOrderNotFound, { id });
    return row;
  }

  /** The date the job next has something to do for an order in progress. */
  function nextDueOf(row: Pick<OrderRow, 'accruedThrough' | 'maturityDate'>): string {
    // The interest of day d is accrued from 00:00 UTC of d + 1.
    const next = addDays(row.accruedThrough, 2);
    return row.maturityDate !== null && row.maturityDate < next ? row.maturityDate : next;
  }

  /**
   * Accrues an order's interest for every full day not yet accrued before `today` (UTC), each day in its own
   * fundInterest entry, in the caller's transaction with the order's row locked. A Regular accrues up to the day
   * before its maturity; on and after the maturity it is paid (principal + interest) and completed. Answers the
   * updated row and the days accrued.
   */
  async function accrue(tx: Tx, row: OrderRow, today: string, at: Date): Promise<{ row: OrderRow; days: number }> {
    if (row.status !== 'inProgress') return { row, days: 0 };
    const lastDay = [addDays(today, -1), row.maturityDate ? addDays(row.maturityDate, -1) : null]
      .filter((d): d is string => d !== null)
      .sort()[0] as string;
    let exact = new Decimal(row.interestExact);
    let income = new Decimal(row.income);
    let through = row.accruedThrough;
    const account = await ledger.walletAccount(tx, row.userId, FUND_WALLET);
    const funds = await ledger.systemAccount(tx, 'funds', account.currency);
    const market = await ledger.systemAccount(tx, 'market', account.currency);
    let days = 0;
    while (through < lastDay) {
      const day = addDays(through, 1);
      const rate = rateOfDay(row, day);
      // A Regular's exact interest straight from its formula (no sum of rounded days); a Current's day by day.
      exact =
        row.type === 'regular'
          ? fundInterestExact(row.amount, rate, daysBetween(row.valueDate, day) + 1)
          : exact.plus(fundInterestExact(row.amount, rate, 1)).toDecimalPlaces(18, Decimal.ROUND_DOWN);
      const amount = creditCents(exact).minus(income);
      await tx.insert(fundAccruals).values({
        orderId: row.id,
        day,
        annualRate: rate.toFixed(8),
        amount: amount.toString(),
        createdAt: at,
      });
      if (amount.gt(0)) {
        await ledger.post(tx, {
          type: FUND_INTEREST_ENTRY,
          reference: `fund:${row.id}:${day}`,
          at,
          detail: { order: row.id, day, annualRate: rate.toFixed(8) },
          postings: [
            { account: market, amount: amount.negated() },
            { account: funds, amount },
          ],
        });
        income = income.plus(amount);
      }
      through = day;
      days += 1;
    }
    const mature = row.maturityDate !== null && row.maturityDate <= today;
    const paidOut = mature ? new Decimal(row.amount).plus(income) : null;
    if (paidOut) {
      await payOut(tx, row, paidOut, at);
      // Told in the same transaction, so the message exists exactly when the payment does.
      const [product] = await tx
        .select({ code: fundProducts.code })
        .from(fundProducts)
        .where(eq(fundProducts.id, row.productId));
      await notify(tx, {
        userId: row.userId,
        kind: 'fundMatured',
        params: {
          order: row.id,
          code: product?.code ?? '',
          maturity: row.maturityDate ?? '',
          amount: new Decimal(row.amount).toFixed(2),
          profit: income.toFixed(2),
        },
        link: FUND_HOLDINGS_LINK,
        at,
      });
    }
    const [updated] = await tx
      .update(fundOrders)
      .set({
        accruedThrough: through,
        interestExact: exact.toFixed(18),
        income: income.toString(),
        nextDue: mature ? null : nextDueOf({ accruedThrough: through, maturityDate: row.maturityDate }),
        ...(paidOut ? { status: 'completed' as const, paidOut: paidOut.toString(), closedAt: at } : {}),
        updatedAt: at,
      })
      .where(eq(fundOrders.id, row.id))
      .returning();
    if (!updated) throw new Error(`fund order ${row.id} vanished while accrued`);
    return { row: updated, days };
  }

  /** Principal + interest from the funds account back to the FINANCIAL wallet. */
  async function payOut(tx: Tx, row: OrderRow, total: Decimal, at: Date) {
    const account = await ledger.walletAccount(tx, row.userId, FUND_WALLET);
    await ledger.post(tx, {
      type: FUND_REDEMPTION_ENTRY,
      reference: `fund:${row.id}`,
      at,
      detail: {
        order: row.id,
        principal: new Decimal(row.amount).toFixed(2),
        interest: total.minus(row.amount).toFixed(2),
      },
      postings: [
        { account: await ledger.systemAccount(tx, 'funds', account.currency), amount: total.negated() },
        { account, amount: total },
      ],
    });
  }

  /** /user_fund_orders/create in the request's transaction (runIdempotent): the order, then its one entry. */
  async function create(tx: Tx, userId: number, body: CreateBody, at: Date, lang: Language): Promise<FundOrder> {
    // Locked so that an operator closing the product or changing its rate waits for subscriptions in flight.
    const [product] = await tx.select().from(fundProducts).where(eq(fundProducts.id, body.productId)).for('share');
    if (!product) throw new AppError(Code.notFound, E.fundProductNotFound, { id: body.productId });
    const name = nameOf(product, lang);
    if (!product.open) throw rule(E.fundProductClosed, { name }, 'fundProductClosed');
    const [user] = await tx.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId));
    if (user?.kyc !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    const amount = new Decimal(body.amount);
    if (amount.lt(product.minAmount)) {
      const min = new Decimal(product.minAmount).toFixed(2);
      throw rule(E.fundBelowMinimum, { name, min, currency: FUND_CURRENCY }, 'fundBelowMinimum');
    }
    if (product.type === 'regular' && body.annualRate !== undefined) {
      const rate = new Decimal(product.annualRate ?? 0).times(100);
      if (!rate.eq(body.annualRate)) {
        const confirmed = new Decimal(body.annualRate).toFixed(4);
        throw rule(E.fundRateChanged, { rate: rate.toFixed(4), confirmed }, 'fundRateChanged');
      }
    }
    const today = dateOf(at);
    const valueDate = addDays(today, 1);
    const regular = product.type === 'regular';
    const maturityDate = regular ? addDays(valueDate, product.termDays ?? 0) : null;
    const [row] = await tx
      .insert(fundOrders)
      .values({
        userId,
        productId: product.id,
        type: product.type,
        termDays: product.termDays,
        annualRate: product.annualRate,
        managementFee: product.managementFee,
        amount: amount.toString(),
        valueDate,
        maturityDate,
        accruedThrough: today,
        nextDue: nextDueOf({ accruedThrough: today, maturityDate }),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('fund order not written');
    const account = await ledger.walletAccount(tx, userId, FUND_WALLET);
    if (account.currency !== FUND_CURRENCY) throw new Error(`the ${FUND_WALLET} wallet is not in ${FUND_CURRENCY}`);
    await ledger.post(tx, {
      type: FUND_SUBSCRIPTION_ENTRY,
      reference: `fund:${row.id}`,
      at,
      detail: { order: row.id, product: product.code, type: product.type, termDays: product.termDays },
      postings: [
        { account, amount: amount.negated() },
        { account: await ledger.systemAccount(tx, 'funds', account.currency), amount },
      ],
    });
    return toOrder(row, product, undefined, at, lang);
  }

  /** /user_fund_orders/redeem in the request's transaction: a Current, all of it, with the days not yet accrued. */
  async function redeem(tx: Tx, userId: number, id: number, at: Date, lang: Language): Promise<FundOrder> {
    const locked = await ownOrder(tx, userId, id, true);
    if (locked.status !== 'inProgress') throw rule(E.fundOrderCompleted, {}, 'fundOrderCompleted');
    if (locked.type !== 'current') {
      throw rule(E.fundNotRedeemable, { maturity: locked.maturityDate ?? '' }, 'fundNotRedeemable');
    }
    const { row } = await accrue(tx, locked, dateOf(at), at);
    const total = new Decimal(row.amount).plus(row.income);
    await payOut(tx, row, total, at);
    const [done] = await tx
      .update(fundOrders)
      .set({ status: 'completed', paidOut: total.toString(), closedAt: at, nextDue: null, updatedAt: at })
      .where(eq(fundOrders.id, row.id))
      .returning();
    if (!done) throw new Error(`fund order ${row.id} vanished while redeemed`);
    const [out] = await ordersOut(tx, [done], at, lang);
    if (!out) throw new Error('fund order not shown');
    return out;
  }

  async function page(
    userId: number,
    body: z.output<typeof fundsApi.fundOrderPageList.request>,
    at: Date,
    lang: Language,
  ) {
    const where = and(
      eq(fundOrders.userId, userId),
      body.status ? eq(fundOrders.status, body.status) : undefined,
      body.type ? eq(fundOrders.type, body.type) : undefined,
    );
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(fundOrders).where(where);
    const rows = await db
      .select()
      .from(fundOrders)
      .where(where)
      .orderBy(desc(fundOrders.id))
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize);
    return {
      list: await ordersOut(db, rows, at, lang),
      total: counted?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
    };
  }

  async function details(userId: number, id: number, at: Date, lang: Language): Promise<FundOrder> {
    const [out] = await ordersOut(db, [await ownOrder(db, userId, id, false)], at, lang);
    if (!out) throw new Error('fund order not shown');
    return out;
  }

  async function profit(userId: number, id: number) {
    const row = await ownOrder(db, userId, id, false);
    const days = await db
      .select()
      .from(fundAccruals)
      .where(eq(fundAccruals.orderId, id))
      .orderBy(desc(fundAccruals.day));
    return {
      id: row.id,
      profit: new Decimal(row.income).toFixed(2),
      buyTimeStamp: row.createdAt.getTime(),
      sellTimeStamp: row.closedAt ? row.closedAt.getTime() : null,
      days: days.map(
        (d): FundAccrual => ({ date: d.day, annualRate: pct(d.annualRate), profit: new Decimal(d.amount).toFixed(2) }),
      ),
    };
  }

  async function stat(userId: number, at: Date) {
    const held = (type: FundType) => sql<string>`coalesce(sum(${fundOrders.amount} + ${fundOrders.income})
      filter (where ${fundOrders.status} = 'inProgress' and ${fundOrders.type} = ${type}), 0)::text`;
    const [totals] = await db
      .select({
        regular: held('regular'),
        current: held('current'),
        income: sql<string>`coalesce(sum(${fundOrders.income}), 0)::text`,
      })
      .from(fundOrders)
      .where(eq(fundOrders.userId, userId));
    const [yesterday] = await db
      .select({ amount: sql<string>`coalesce(sum(${fundAccruals.amount}), 0)::text` })
      .from(fundAccruals)
      .innerJoin(fundOrders, eq(fundOrders.id, fundAccruals.orderId))
      .where(and(eq(fundOrders.userId, userId), eq(fundAccruals.day, addDays(dateOf(at), -1))));
    const regular = new Decimal(totals?.regular ?? 0);
    const current = new Decimal(totals?.current ?? 0);
    return {
      currency: FUND_CURRENCY,
      regularAmount: regular.toFixed(2),
      currentAmount: current.toFixed(2),
      held: regular.plus(current).toFixed(2),
      dailyYield: new Decimal(yesterday?.amount ?? 0).toFixed(2),
      totalIncome: new Decimal(totals?.income ?? 0).toFixed(2),
    };
  }

  return { productPage, create, redeem, page, details, profit, stat, accrue, ownOrder, rateOfDay, toProduct };
}
