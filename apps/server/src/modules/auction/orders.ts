/**
 * Auction orders (docs/primary-markets.md "Pre-market auction"): an ordinary entrusted limit order of the trading
 * module with an "at the open" instant (PlaceInput.atOpen), placed only while its stock is in pre-open, unleveraged,
 * its amount and fee held by the ledger as every entrusted order's are. One transaction holds the order, its auction
 * row and the idempotency key.
 */
import {
  type AuctionOrder,
  type AuctionOrderState,
  type auction,
  Decimal,
  E,
  type Language,
  OrderType,
} from '@beurs/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound, rule } from '../../platform/errors.js';
import { type IdempotentRequest, keyOf, runIdempotent, storedAnswer } from '../../platform/idempotency.js';
import {
  createTradingService,
  type OrderRow,
  STATUS,
  type TradingService,
  tradable,
  tradeOrders,
} from '../trading/index.js';
import { type AuctionOrderRow, auctionOrders } from './schema.js';
import { auctionable, preOpenWindow } from './window.js';

type CreateBody = z.output<typeof auction.auctionStockCreate.request>;
const utc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** An auction order's state, from its trading order and what the open decided. */
export function auctionStateOf(
  order: Pick<OrderRow, 'status'>,
  row: Pick<AuctionOrderRow, 'outcome'>,
): AuctionOrderState {
  if (order.status === STATUS.InProgress) return 'waiting';
  if (order.status === STATUS.Success) return 'filled';
  return row.outcome === 'notCrossed' ? 'notFilled' : 'cancelled';
}

export function toAuctionOrder(
  trading: TradingService,
  row: AuctionOrderRow,
  order: OrderRow,
  lang: Language,
): AuctionOrder {
  const dto = trading.orderDto(order, lang);
  return {
    id: row.id,
    orderId: order.id,
    code: row.code,
    name: dto.stockName,
    source: row.source,
    direction: order.direction as 0 | 1,
    quantity: order.quantity,
    limitPrice: new Decimal(order.price).toFixed(),
    held: new Decimal(order.margin).plus(order.fee).toFixed(2),
    walletType: dto.walletType,
    walletCurrency: dto.currency,
    state: auctionStateOf(order, row),
    openPrice: row.openPrice === null ? null : new Decimal(row.openPrice).toFixed(),
    positionId: order.positionId,
    opensAtTimestamp: row.opensAt.getTime(),
    createTimeTimestamp: row.createdAt.getTime(),
    decidedAtTimestamp: row.decidedAt?.getTime() ?? null,
  };
}

export function createAuctionOrders(deps: Deps, trading: TradingService = createTradingService(deps)) {
  const { db } = deps;

  /** The trading plan of the limit order, resting until the open; 422 auctionNotPreOpen outside the window. */
  async function auctionPlan(userId: number, body: CreateBody, at: Date) {
    const t = tradable(body.source, body.stockCode);
    if (!auctionable(t.def)) throw rule(E.notTradable, {}, 'notTradable');
    const w = preOpenWindow(t.def, at);
    if (!w?.now) {
      const params = { code: t.code, starts: w ? utc(w.startsAt) : '-', opens: w ? utc(w.opensAt) : '-' };
      throw rule(E.auctionNotPreOpen, params, 'auctionNotPreOpen');
    }
    const plan = await trading.plan(
      userId,
      {
        source: t.source,
        stockCode: t.code,
        direction: body.direction,
        orderType: OrderType.Limit,
        price: body.price,
        quantity: body.quantity,
        leverage: 1,
        termsVersion: body.termsVersion,
        atOpen: w.opensAt,
      },
      at,
    );
    if (plan.fillsNow) throw new Error('an auction order never fills before its open');
    return { plan, w };
  }

  async function create(userId: number, body: CreateBody, request: IdempotentRequest, lang: Language) {
    let planned: Awaited<ReturnType<typeof auctionPlan>>;
    try {
      planned = await auctionPlan(userId, body, request.at);
    } catch (error) {
      // A replay answers the first answer, even after the pre-open window has passed.
      const stored = error instanceof AppError ? await storedAnswer(db, keyOf(request)) : null;
      if (stored) return stored.response as never;
      throw error;
    }
    const { plan, w } = planned;
    return runIdempotent(db, request, async (tx) => {
      const placed = await trading.execute(tx, plan);
      const [row] = await tx
        .insert(auctionOrders)
        .values({
          orderId: placed.order.id,
          userId,
          source: plan.t.source,
          code: plan.t.code,
          market: w.market,
          opensAt: w.opensAt,
          createdAt: request.at,
        })
        .returning();
      if (!row) throw new Error('auction order not stored');
      return {
        order: trading.orderDto(placed.order, lang),
        position: null,
        auctionOrder: toAuctionOrder(trading, row, placed.order, lang),
      };
    });
  }

  async function page(userId: number, p: { page: number; pageSize: number }, lang: Language) {
    const rows = await db
      .select({ a: auctionOrders, o: tradeOrders })
      .from(auctionOrders)
      .innerJoin(tradeOrders, eq(tradeOrders.id, auctionOrders.orderId))
      .where(eq(auctionOrders.userId, userId))
      .orderBy(desc(auctionOrders.id))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize);
    const [total] = await db.select({ n: count() }).from(auctionOrders).where(eq(auctionOrders.userId, userId));
    return {
      list: rows.map(({ a, o }) => toAuctionOrder(trading, a, o, lang)),
      total: total?.n ?? 0,
      page: p.page,
      pageSize: p.pageSize,
    };
  }

  /** One of the caller's auction orders; another customer's id is not found (404), as one that does not exist. */
  async function detail(userId: number, id: number, lang: Language) {
    const [found] = await ownRows(db, userId, id);
    if (!found) throw notFound();
    return toAuctionOrder(trading, found.a, found.o, lang);
  }

  return { create, page, detail };
}

const ownRows = (db: Db, userId: number, id: number) =>
  db
    .select({ a: auctionOrders, o: tradeOrders })
    .from(auctionOrders)
    .innerJoin(tradeOrders, eq(tradeOrders.id, auctionOrders.orderId))
    .where(and(eq(auctionOrders.id, id), eq(auctionOrders.userId, userId)));
