/**
 * Placing orders (docs/trading.md "The placement path"): the order rules decide an order before anything is
 * written (plan); a resting limit order holds its margin and fee (execute), an order that fills now opens or adds
 * to a position (settlement/fills.ts fillOpen), and a new position that fills now goes the batched way (openNow).
 */
import {
  closeFeeRateOf,
  Decimal,
  E,
  feeCents,
  type Language,
  limitFillPrice,
  minOrderQuantity,
  OrderType,
  openFeeRate,
  openingPrice,
  orderFigures,
  orderQuantityProblem,
} from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { createBatcher, MONEY_WRITES } from '../../platform/batcher.js';
import type { Tx } from '../../platform/db/client.js';
import { raisedByDatabase } from '../../platform/db/errors.js';
import { jsonTexts } from '../../platform/db/json-texts.js';
import { rule } from '../../platform/errors.js';
import { type IdempotencyKey, idempotencyMismatch } from '../../platform/idempotency.js';
import { markDbDone, timelineOn } from '../../platform/timeline.js';
import { quantityError, type TradingContext, termsOf } from './context.js';
import type { Dtos } from './dtos.js';
import { tradable } from './instruments.js';
import { type OrderPlan, type OrderRow, type PlaceInput, type PositionRow, priceText, STATUS } from './model.js';
import type { PriceBook } from './prices.js';
import { tradeOrders, tradePositions } from './schema.js';
import { filledMessage, newPositionRow, type Settlement } from './settlement/index.js';
import {
  idsAndKyc,
  lockOrderOf,
  OPEN_BATCH_SQL,
  OPEN_BATCH_TIMED_SQL,
  OPEN_NOW_SQL,
  type RecordLayouts,
  recordLayouts,
  rowJson,
  rowRecord,
} from './statements.js';

/** What differs between a resting order and a filled one, and the ids when known (0 for the batch to fill in). */
interface OrderState {
  id: number;
  positionId: number | null;
  holdId: number | null;
  status: number;
  fillPrice: string | null;
  filledAt: Date | null;
}

/**
 * The order as a row (openNow and execute share it), every column in one literal: a row spread from another and
 * given more columns after (`{ ...row, id, status, ... }`) cost V8 7 to 35 µs an object on Node 20, its
 * property-definition cache missing every time (measured 2026-12-03: 4.7 % of the server's CPU in the orders bench
 * went there), against well under 1 µs for a literal.
 */
function orderRowOf(p: OrderPlan, s: OrderState): OrderRow {
  const { input, t, fig, limit, price, rate, leverage, addTo, at } = p;
  return {
    id: s.id,
    userId: p.userId,
    positionId: s.positionId,
    addToPositionId: addTo?.id ?? null,
    source: t.source,
    code: t.code,
    wallet: t.wallet,
    direction: input.direction,
    orderType: input.orderType,
    openClose: 0,
    quantity: input.quantity,
    price: priceText(limit ?? price),
    fillPrice: s.fillPrice,
    leverage,
    margin: fig.margin.toFixed(2),
    fee: fig.fee.toFixed(2),
    amount: feeCents(fig.notional).toFixed(2),
    rate: rate.toString(),
    closeFeeRate: p.closeFeeRate.toFixed(),
    feeRate: p.feeRate.toFixed(),
    holdId: s.holdId,
    status: s.status,
    profit: null,
    closeReason: null,
    stopLoss: input.stopLoss ?? null,
    takeProfit: input.takeProfit ?? null,
    createdAt: at,
    filledAt: s.filledAt,
    cancelledAt: null,
    opensAt: input.atOpen ?? null,
  };
}

/** One order for trade_open_batch / trade_open_now (migrations 0006 to 0008), with every figure decided. */
export interface OpenNowItem {
  scope: string;
  key: string;
  endpoint: string;
  hash: string;
  user: number;
  account: number;
  feesAccount: number;
  margin: string;
  fee: string;
  at: string;
  /** The position's and the order's row by property (PositionRow, OrderRow), as JSON (rowJson) for trade_open_now. */
  position: Record<string, unknown>;
  order: Record<string, unknown>;
  /** The same rows as record literals of their tables (rowRecord) for trade_open_batch. */
  positionRecord: string;
  orderRecord: string;
  /** The instrument's code, for the fee's entry. */
  code: string;
  message: { kind: string; params: object };
  /** The answer's order and position as JSON after their ids (answerTail), which the SQL functions write. */
  answerOrder: string;
  answerPosition: string;
}

/** How the JSON of the answer's order and of its position begin in openNow, before the ids are known. */
const ORDER_HEAD = '{"id":0,"positionId":0';
const POSITION_HEAD = '{"id":0';

/**
 * A DTO's JSON after its ids: trade_open_batch writes the new ids in front of it and stores the answer's text as it
 * is (docs/trading.md "The placement path"), so PostgreSQL never parses the answer. The DTOs put their ids first.
 */
function answerTail(dto: object, head: string): string {
  const json = JSON.stringify(dto);
  if (!json.startsWith(head)) throw new Error(`an answer that does not begin with ${head}`);
  return json.slice(head.length);
}

/**
 * A batch for trade_open_batch: one array per field, order k at index k of each (sql/trade_open_batch.sql; typed
 * arrays cost PostgreSQL less than a JSON array of objects, docs/trading.md "The placement path"), and the column
 * lists the rows' records were written by.
 */
export function batchColumns(items: readonly OpenNowItem[], layouts: RecordLayouts): unknown[] {
  const column = <T>(of: (item: OpenNowItem) => T) => items.map(of);
  return [
    column((i) => i.scope),
    column((i) => i.key),
    column((i) => i.endpoint),
    column((i) => i.hash),
    column((i) => i.user),
    column((i) => i.account),
    column((i) => i.feesAccount),
    column((i) => i.margin),
    column((i) => i.fee),
    column((i) => i.at),
    column((i) => i.code),
    column((i) => i.positionRecord),
    column((i) => i.orderRecord),
    column((i) => i.message.kind),
    jsonTexts(column((i) => JSON.stringify(i.message.params))),
    jsonTexts(column((i) => i.answerOrder)),
    jsonTexts(column((i) => i.answerPosition)),
    layouts.positions.join(','),
    layouts.orders.join(','),
  ];
}

/** Written now: the new ids only (the server fills them into the answer it holds); a replay: the stored answer. */
type OpenNowResult =
  | { replayed: true; answer: unknown }
  | { replayed: false; orderId: number; positionId: number }
  | { error: 'kycRequired' }
  | { error: 'mismatch' }
  | { error: 'insufficient'; available: string | null };

export type Placement = ReturnType<typeof createPlacement>;

export function createPlacement(ctx: TradingContext, { orderDto, positionDto }: Dtos, { fillOpen }: Settlement) {
  const { db, deps, ledger, settings, currencyOf, asMarginError, book, checkStops, checkTicks } = ctx;
  /**
   * The tables' column order for rowRecord (statements.ts recordLayouts), read by the first orders (each of those
   * that arrive before it is known reads it), before any order reaches the batcher.
   */
  let layouts: RecordLayouts | undefined;

  /**
   * What an order will do, decided before anything is written: the instrument and its rules, the price (the
   * ask or bid now, or the limit), the rate, margin and fee, and whether it fills now. Throws the 422s of the
   * order rules (closed market, leverage, quantity, stops).
   */
  async function plan(userId: number, input: PlaceInput, at: Date, addTo?: PositionRow): Promise<OrderPlan> {
    const t = tradable(input.source, input.stockCode, input.endpoint);
    const r = await settings.rule(t.assetClass);
    // Checked before anything else is decided: a ticket that showed other fees is reviewed again, not filled.
    if (input.termsVersion !== termsOf(r)) {
      throw rule(E.termsChanged, { terms: termsOf(r) }, 'termsChanged');
    }
    const leverage = input.leverage ?? addTo?.leverage ?? r.leverageCap;
    if (leverage > r.leverageCap) {
      throw rule(E.leverageTooHigh, { leverage, max: r.leverageCap }, 'leverageTooHigh');
    }
    checkTicks(t, input.orderType === OrderType.Limit ? input.price : undefined, input.stopLoss, input.takeProfit);
    const quantityProblem = orderQuantityProblem(input.quantity, {
      min: minOrderQuantity(r.minQuantity, t.lotSize),
      lotSize: t.lotSize,
    });
    if (quantityProblem) throw quantityError(quantityProblem);

    const walletCurrency = currencyOf(t.wallet);
    const prices = await book(t, walletCurrency);
    const q = prices.quote(t);
    const marketPrice = openingPrice(input.direction, q);
    const limit = input.orderType === OrderType.Limit && input.price ? new Decimal(input.price) : null;
    if (!limit && !q.marketOpen) throw rule(E.marketClosed, { code: t.code }, 'marketClosed');
    // A limit the market has already reached fills at once at the better of the two (limitFillPrice).
    const reached = limit ? limitFillPrice(input.direction, limit, q) : marketPrice;
    // An opening-auction order waits for the open whatever the price now (US stocks trade in the pre-market).
    const fillsNow = !input.atOpen && q.marketOpen && reached !== null;
    const price = fillsNow && reached ? reached : (limit as Decimal);
    checkStops(input.direction, price, input.stopLoss, input.takeProfit);

    const rate = prices.rate(t.priceCurrency, walletCurrency);
    const feeRate = openFeeRate(input.direction, r);
    const closeFeeRate = closeFeeRateOf(input.direction, r);
    const fig = orderFigures({ quantity: input.quantity, price, multiplier: t.multiplier, rate, leverage, feeRate });
    return { userId, input, at, addTo, t, prices, leverage, limit, price, fillsNow, rate, fig, feeRate, closeFeeRate };
  }

  /**
   * Places an order (create endpoints and additions). A market order, or a limit order whose price the market
   * has already reached, fills now; any other limit order rests with its margin and fee held. A new position
   * that fills now has a faster way in, batched with others: openNow.
   */
  async function place(
    tx: Tx,
    userId: number,
    input: PlaceInput,
    at: Date,
    addTo?: PositionRow,
  ): Promise<{ order: OrderRow; position: PositionRow | null; book: PriceBook }> {
    return execute(tx, await plan(userId, input, at, addTo));
  }

  /** One order on its own (a batch that failed as a whole): trade_open_now's refusals as results. */
  async function openOne(item: OpenNowItem): Promise<OpenNowResult> {
    try {
      const { rows } = await db.$client.query<{ result: OpenNowResult }>({
        name: 'trade_open_now',
        text: OPEN_NOW_SQL,
        values: [
          item.scope,
          item.key,
          item.endpoint,
          item.hash,
          item.user,
          item.account,
          item.feesAccount,
          item.margin,
          item.fee,
          item.at,
          rowJson(tradePositions, item.position),
          rowJson(tradeOrders, item.order),
          item.message,
          // trade_open_now takes the whole answer with zero ids, and writes the ids into it.
          `{"order":${ORDER_HEAD}${item.answerOrder},"position":${POSITION_HEAD}${item.answerPosition}}`,
        ],
      });
      const result = rows[0]?.result;
      if (!result) throw new Error('trade_open_now answered nothing');
      return result;
    } catch (error) {
      if (raisedByDatabase(error, 'trade.kycRequired')) return { error: 'kycRequired' };
      if (raisedByDatabase(error, 'idempotency.mismatch')) return { error: 'mismatch' };
      const short = raisedByDatabase(error, 'ledger.insufficient');
      if (!short) throw error;
      const { available } = JSON.parse(short.detail ?? '{}') as { available?: string };
      return { error: 'insufficient', available: available ?? null };
    }
  }

  /**
   * New positions that fill now are written in batches (group commit, platform/batcher.ts): the orders that
   * arrive while a batch is being written go together in the next one, never two of one wallet account or one key
   * in a batch. bench/reports/orders.md measures it.
   */
  const openNowBatcher = createBatcher<OpenNowItem, OpenNowResult>({
    ...MONEY_WRITES,
    conflicts: (item) => [`a:${item.account}`, `k:${item.scope}\n${item.key}`],
    runOne: openOne,
    onBatchFailed: (err, size) =>
      deps.log.error({ err, size }, 'trade_open_batch failed as a whole; writing its orders one by one'),
    runBatch: async (items) => {
      if (!layouts) throw new Error("a batch before the tables' column order was read");
      const { rows } = await db.$client.query<{ results: OpenNowResult[]; done?: string }>({
        name: timelineOn ? 'trade_open_batch_timed' : 'trade_open_batch',
        text: timelineOn ? OPEN_BATCH_TIMED_SQL : OPEN_BATCH_SQL,
        values: batchColumns(items, layouts),
      });
      if (rows[0]?.done) markDbDone(items, Number(rows[0].done));
      return rows[0]?.results ?? [];
    },
  });

  /**
   * A new position that fills now, written with the orders that arrive at the same time (openNowBatcher:
   * trade_open_batch, migration 0008) under the request's idempotency key, answered once its batch committed:
   * the hot path of POST /stock/create and the other create endpoints.
   * Writes what execute + fillOpen would write for the same plan (trading.test.ts compares them).
   */
  async function openNow(key: IdempotencyKey, p: OrderPlan, lang: Language) {
    if (!p.fillsNow || p.addTo) throw new Error('openNow is for a new position that fills now');
    layouts ??= await recordLayouts(db);
    const { positions: positionColumns, orders: orderColumns } = layouts;
    const account = await ledger.walletAccount(db, p.userId, p.t.wallet);
    const fees = await ledger.systemAccount(db, 'fees', account.currency);
    const filled = orderRowOf(p, {
      id: 0,
      positionId: 0,
      holdId: null,
      status: STATUS.Success,
      fillPrice: priceText(p.price),
      filledAt: p.at,
    });
    const position = newPositionRow(filled, p.closeFeeRate, p.input, p.t, p.price, p.fig.margin, p.fig.fee, p.at, {
      id: 0,
      holdId: null,
    });
    const answer = { order: orderDto(filled, lang), position: positionDto(position, p.prices, lang) };
    const message = filledMessage(p.t, filled.quantity, p.price, p.fig.margin, p.fig.fee, account.currency);
    const written = await openNowBatcher.submit({
      scope: key.scope,
      key: key.key,
      endpoint: key.endpoint,
      hash: key.requestHash,
      user: p.userId,
      account: account.id,
      feesAccount: fees.id,
      margin: p.fig.margin.toFixed(2),
      fee: p.fig.fee.toFixed(2),
      at: p.at.toISOString(),
      position,
      order: filled,
      positionRecord: rowRecord(tradePositions, position, positionColumns),
      orderRecord: rowRecord(tradeOrders, filled, orderColumns),
      code: filled.code,
      message,
      answerOrder: answerTail(answer.order, ORDER_HEAD),
      answerPosition: answerTail(answer.position, POSITION_HEAD),
    });
    if ('replayed' in written) {
      if (written.replayed) return written.answer as typeof answer;
      // The ids trade_open_batch stored in the key's answer, at the same places.
      answer.order.id = written.orderId;
      answer.order.positionId = written.positionId;
      answer.position.id = written.positionId;
      return answer;
    }
    if (written.error === 'kycRequired') throw rule(E.kycRequired, {}, 'kycRequired');
    if (written.error === 'mismatch') throw idempotencyMismatch();
    if (written.available == null) throw new Error(`account ${account.id} is not a wallet of user ${p.userId}`);
    const refusal = ledger.insufficient(written.available, account.currency);
    throw asMarginError(refusal, p.fig.margin.plus(p.fig.fee), account.currency);
  }

  /** Writes a planned order in the caller's transaction: rests it, or fills it (fillOpen). */
  async function execute(
    tx: Tx,
    p: OrderPlan,
  ): Promise<{ order: OrderRow; position: PositionRow | null; book: PriceBook }> {
    const { userId, t, prices, fig, fillsNow, price, addTo, at } = p;
    const ids = await idsAndKyc(tx, userId);
    if (ids.kyc !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    const account = await ledger.walletAccount(tx, userId, t.wallet);

    if (!fillsNow) {
      let holdId: number;
      try {
        holdId = await ledger.hold(tx, {
          account,
          amount: fig.margin.plus(fig.fee),
          reference: `order:${ids.orderId}`,
          at,
        });
      } catch (error) {
        throw asMarginError(error, fig.margin.plus(fig.fee), account.currency);
      }
      const [order] = await tx
        .insert(tradeOrders)
        .values(
          orderRowOf(p, {
            id: ids.orderId,
            positionId: null,
            holdId,
            status: STATUS.InProgress,
            fillPrice: null,
            filledAt: null,
          }),
        )
        .returning();
      if (!order) throw new Error('order not stored');
      return { order, position: null, book: prices };
    }

    const filled = await fillOpen(tx, {
      order: orderRowOf(p, {
        id: ids.orderId,
        positionId: null,
        holdId: null,
        status: STATUS.Success,
        fillPrice: priceText(price),
        filledAt: at,
      }),
      isNew: true,
      positionId: ids.positionId,
      account,
      t,
      addTo,
      at,
    });
    return { ...filled, book: prices };
  }

  /**
   * Cancels an entrusted order of the customer: the held margin and fee are released. `byAuction`: the opening
   * auction cancels an order its opening price did not cross (modules/auction).
   */
  async function cancel(
    tx: Tx,
    userId: number,
    orderId: number,
    at: Date,
    { byAuction = false }: { byAuction?: boolean } = {},
  ): Promise<OrderRow> {
    const order = await lockOrderOf(tx, userId, orderId);
    if (order.status !== STATUS.InProgress) throw rule(E.orderNotCancellable, {}, 'orderNotCancellable');
    // From its open on, an auction order is the auction's to decide (at the opening price, which is known by then).
    if (!byAuction && order.opensAt && order.opensAt <= at) throw rule(E.auctionOrderLocked, {}, 'auctionOrderLocked');
    if (order.holdId) await ledger.release(tx, order.holdId, at);
    const [stored] = await tx
      .update(tradeOrders)
      .set({ status: STATUS.Cancelled, cancelledAt: at, holdId: null })
      .where(eq(tradeOrders.id, order.id))
      .returning();
    if (!stored) throw new Error('order not stored');
    return stored;
  }

  return { plan, place, execute, openNow, cancel };
}
