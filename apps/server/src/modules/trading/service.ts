/**
 * Trading rules (docs/trading.md): placing, filling, adding to, closing and protecting positions. Every cash
 * effect goes through the ledger in the caller's transaction: margin is a hold on the product's wallet, fees are
 * entries to the `fees` account and profit or loss are entries against the `market` (house) account.
 *
 * Row locks: a position or an entrusted order is locked (FOR UPDATE) before it changes, so a close sent twice
 * settles once and a fill races no cancel. The wallet account row is locked by the ledger's guarded updates, so
 * two orders that together need more than the available balance are serialised and one of them is refused.
 */
import {
  affordableQuantity,
  type Currency,
  closeFee,
  closeFeeRateOf,
  closeQuantityProblem,
  closingPrice,
  Decimal,
  Direction,
  E,
  type Language,
  limitFillPrice,
  lossExceedsMargin,
  type MessageKind,
  marginLevel,
  minOrderQuantity,
  notionalOf,
  notWorseThanLimit,
  OrderType,
  openFeeRate,
  openingPrice,
  orderFigures,
  orderQuantityProblem,
  type Position,
  perUnitFigures,
  positionProfit,
  priceGain,
  type QuantityProblem,
  settleLoss,
  stopsProblem,
  type TradeOrder,
  trading,
  V,
  type Wallet,
  type WaterItem,
} from '@beurs/contracts';
import { and, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { type Account, toMoney } from '../../ledger/ledger.js';
import { tradingDay } from '../../market/sessions.js';
import { createBatcher } from '../../platform/batcher.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { raisedByDatabase } from '../../platform/db/errors.js';
import { ledgerAccounts, tradeOrders, tradePositions, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, invalid, notFound, rule } from '../../platform/errors.js';
import { type IdempotencyKey, idempotencyMismatch } from '../../platform/idempotency.js';
import { notify } from '../inbox/index.js';
import { bill } from '../wallet/index.js';
import {
  nameOf,
  type ProductEndpoint,
  type Tradable,
  tradable,
  tradableByCode,
  tradableOrNull,
} from './instruments.js';
import { type PriceBook, priceBook } from './prices.js';
import { createSettings, type Settings } from './settings.js';

export type OrderRow = typeof tradeOrders.$inferSelect;
export type PositionRow = typeof tradePositions.$inferSelect;
type CloseReason = trading.CloseReason;

export const STATUS = trading.TRADE_STATUS;
export const positionLink = (id: number) => `/pages/trade/detail?positionId=${id}`;
export const orderLink = (id: number) => `/pages/trade/detail?orderId=${id}`;

const ZERO = new Decimal(0);
/** Money at rest is kept in cents: margins, fees and settled profit or loss. */
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const priceText = (d: Decimal | string) => new Decimal(d).toDecimalPlaces(8).toFixed();
const rateText = (d: Decimal | string) => new Decimal(d).toSignificantDigits(10).toFixed();

/** The settings are one per process (per deps), so a console change reaches every user of them at once. */
const settingsByDeps = new WeakMap<object, Settings>();
export function settingsOf(deps: Pick<Deps, 'db'>): Settings {
  let s = settingsByDeps.get(deps.db);
  if (!s) {
    s = createSettings(deps.db);
    settingsByDeps.set(deps.db, s);
  }
  return s;
}

export interface PlaceInput {
  endpoint?: ProductEndpoint;
  source: number;
  stockCode: string;
  direction: 0 | 1;
  orderType: 0 | 1;
  price?: string | undefined;
  quantity: number;
  leverage?: number | undefined;
  stopLoss?: string | undefined;
  takeProfit?: string | undefined;
  /** The fee schedule the ticket showed (termsVersionOf): refused with 422 termsChanged when it is not current. */
  termsVersion: string;
}

/** An order decided but not written yet (createTradingService: plan, then execute or openNow). */
export interface OrderPlan {
  userId: number;
  input: PlaceInput;
  at: Date;
  addTo: PositionRow | undefined;
  t: Tradable;
  prices: PriceBook;
  leverage: number;
  /** The limit price of a limit order, null for a market order. */
  limit: Decimal | null;
  /** The fill price if it fills now, else the limit. */
  price: Decimal;
  fillsNow: boolean;
  rate: Decimal;
  fig: ReturnType<typeof orderFigures>;
  /** The fee rate of the close of what this order opens, from the schedule it was placed under. */
  closeFeeRate: Decimal;
}

/** A row as JSON keyed by column name (snake_case), for the SQL functions that insert it (jsonb_populate_record). */
function rowJson(table: typeof tradeOrders | typeof tradePositions, row: Record<string, unknown>) {
  const json: Record<string, unknown> = {};
  for (const [key, name] of columnNames(table)) {
    const value = row[key];
    if (value !== undefined) json[name] = value instanceof Date ? value.toISOString() : value;
  }
  return json;
}

/** [property, column name] of a table's columns, read once (rowJson runs on every order). */
const columnNamesOf = new Map<object, Array<[string, string]>>();
function columnNames(table: typeof tradeOrders | typeof tradePositions) {
  let names = columnNamesOf.get(table);
  if (!names) {
    names = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]);
    columnNamesOf.set(table, names);
  }
  return names;
}

/** The fee schedule of a rule as tickets show it and orders send it back. */
export const termsOf = (r: { buyRate: Decimal; sellRate: Decimal }) =>
  trading.termsVersionOf(r.buyRate.toFixed(), r.sellRate.toFixed());

/** A quantity the rules refuse (trading-rules orderQuantityProblem, closeQuantityProblem), as its 422. */
function quantityError(problem: QuantityProblem) {
  switch (problem.reason) {
    case 'enterQuantity':
      return invalid(V.addQuantity, 'quantity');
    case 'belowMinQuantity':
      return rule(E.belowMinQuantity, { min: problem.min }, problem.reason);
    case 'quantityStep':
      return rule(E.quantityStep, { lot: problem.lot }, problem.reason);
    case 'closeQuantityTooLarge':
      return rule(E.closeQuantityTooLarge, { max: problem.max }, problem.reason);
  }
}

export function createTradingService(deps: Deps) {
  const { db, ledger } = deps;
  const settings = settingsOf(deps);
  const currencyOf = (wallet: string) => ledger.currencyOf(wallet as Wallet);

  /** The ledger's 422 insufficientBalance, said the trading way: what is needed and what is there. */
  function asMarginError(error: unknown, required: Decimal, currency: Currency, availableOffset: Decimal = ZERO) {
    if (error instanceof AppError && error.reason === 'insufficientBalance') {
      const available = new Decimal(String(error.params.available ?? '0')).plus(availableOffset);
      return rule(
        E.insufficientMargin,
        { required: toMoney(required), available: toMoney(Decimal.max(available, 0)), currency },
        'insufficientMargin',
      );
    }
    return error;
  }

  async function book(t: { source: number; code: string; priceCurrency: string }, walletCurrency: string) {
    return priceBook(deps.market, [{ source: t.source, code: t.code }], [[t.priceCurrency, walletCurrency]]);
  }

  function checkStops(direction: number, ref: Decimal, stopLoss?: string | null, takeProfit?: string | null) {
    const problem = stopsProblem(direction, ref, stopLoss, takeProfit);
    if (problem) throw rule(E[problem], { price: priceText(ref) }, problem);
  }

  /** Two fresh ids and the caller's identity status in one statement (ids are needed for hold references). */
  async function idsAndKyc(tx: Tx, userId: number) {
    const { rows } = await tx.execute<{ kyc: number; oid: string; pid: string }>(
      sql`select kyc_status as kyc, nextval('trade_orders_id_seq') as oid, nextval('trade_positions_id_seq') as pid from ${users} where id = ${userId}`,
    );
    const row = rows[0];
    if (!row) throw notFound();
    return { kyc: Number(row.kyc), orderId: Number(row.oid), positionId: Number(row.pid) };
  }

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
    const fillsNow = q.marketOpen && reached !== null;
    const price = fillsNow && reached ? reached : (limit as Decimal);
    checkStops(input.direction, price, input.stopLoss, input.takeProfit);

    const rate = prices.rate(t.priceCurrency, walletCurrency);
    const closeFeeRate = closeFeeRateOf(input.direction, r);
    const fig = orderFigures({
      quantity: input.quantity,
      price,
      multiplier: t.multiplier,
      rate,
      leverage,
      feeRate: openFeeRate(input.direction, r),
    });
    return { userId, input, at, addTo, t, prices, leverage, limit, price, fillsNow, rate, fig, closeFeeRate };
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

  /** The order's rows in the row shape, before ids exist (openNow and execute share them). */
  function orderRowOf(p: OrderPlan) {
    const { input, t, fig, limit, price, rate, leverage, addTo, at } = p;
    return {
      userId: p.userId,
      addToPositionId: addTo?.id ?? null,
      source: t.source,
      code: t.code,
      wallet: t.wallet,
      direction: input.direction,
      orderType: input.orderType,
      openClose: 0,
      quantity: input.quantity,
      price: priceText(limit ?? price),
      leverage,
      margin: fig.margin.toFixed(2),
      fee: fig.fee.toFixed(2),
      amount: cents(fig.notional).toFixed(2),
      rate: rate.toString(),
      closeFeeRate: p.closeFeeRate.toFixed(),
      stopLoss: input.stopLoss ?? null,
      takeProfit: input.takeProfit ?? null,
      createdAt: at,
    };
  }

  /** A new position's row for an order filling at `fillPrice` (openNow and fillOpen share it). */
  function newPositionRow(
    order: { userId: number; direction: number; quantity: number; leverage: number; rate: unknown },
    closeFeeRate: Decimal,
    o: { stopLoss?: string | null; takeProfit?: string | null },
    t: Tradable,
    fillPrice: Decimal,
    margin: Decimal,
    fee: Decimal,
    at: Date,
  ) {
    return {
      userId: order.userId,
      parentId: null,
      source: t.source,
      code: t.code,
      wallet: t.wallet,
      assetClass: t.assetClass,
      direction: order.direction,
      quantity: order.quantity,
      leverage: order.leverage,
      openPrice: priceText(fillPrice),
      multiplier: t.multiplier.toFixed(),
      openRate: String(order.rate),
      margin: margin.toFixed(2),
      initialMargin: margin.toFixed(2),
      addedMargin: '0',
      openFee: fee.toFixed(2),
      closeFeeRate: closeFeeRate.toFixed(),
      holdSeq: 0,
      stopLoss: o.stopLoss ?? null,
      takeProfit: o.takeProfit ?? null,
      status: STATUS.Success,
      createdAt: at,
    };
  }

  /** The inbox message of a fill (openNow and fillOpen share it); the order id joins its params when known. */
  function filledMessage(
    t: Tradable,
    quantity: number,
    fillPrice: Decimal,
    margin: Decimal,
    fee: Decimal,
    currency: string,
  ) {
    return {
      kind: 'orderFilled' as const,
      params: {
        quantity,
        code: t.code,
        price: priceText(fillPrice),
        priceCurrency: t.priceCurrency,
        margin: margin.toFixed(2),
        fee: fee.toFixed(2),
        currency,
      },
    };
  }

  /** One order for trade_open_batch / trade_open_now (migrations 0006 to 0008), with every figure decided. */
  interface OpenNowItem {
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
    position: Record<string, unknown>;
    order: Record<string, unknown>;
    message: object;
    answer: object;
  }
  type OpenNowResult =
    | { replayed: boolean; answer: unknown }
    | { error: 'kycRequired' }
    | { error: 'mismatch' }
    | { error: 'insufficient'; available: string | null };

  /** One order on its own (a batch that failed as a whole): trade_open_now's refusals as results. */
  async function openOne(item: OpenNowItem): Promise<OpenNowResult> {
    try {
      const { rows } = await db.$client.query<{ result: OpenNowResult }>({
        name: 'trade_open_now',
        text: 'select trade_open_now($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) as result',
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
          item.position,
          item.order,
          item.message,
          item.answer,
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
   * arrive while up to two batches are being written go together in the next one, never two of one wallet
   * account or one key in a batch. bench/reports/orders.md measures it.
   */
  const openNowBatcher = createBatcher<OpenNowItem, OpenNowResult>({
    maxBatch: 64,
    maxInFlight: 2,
    conflicts: (item) => [`a:${item.account}`, `k:${item.scope}\n${item.key}`],
    runOne: openOne,
    onBatchFailed: (err, size) =>
      deps.log.error({ err, size }, 'trade_open_batch failed as a whole; writing its orders one by one'),
    runBatch: async (items) => {
      const { rows } = await db.$client.query<{ results: OpenNowResult[] }>({
        name: 'trade_open_batch',
        text: 'select trade_open_batch($1) as results',
        values: [JSON.stringify(items)],
      });
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
    const account = await ledger.walletAccount(db, p.userId, p.t.wallet);
    const fees = await ledger.systemAccount(db, 'fees', account.currency);
    const order = orderRowOf(p);
    const filled = {
      ...order,
      id: 0,
      positionId: 0,
      holdId: null,
      status: STATUS.Success,
      fillPrice: priceText(p.price),
      filledAt: p.at,
      profit: null,
      closeReason: null,
      cancelledAt: null,
    } satisfies OrderRow;
    const position = {
      ...newPositionRow(order, p.closeFeeRate, p.input, p.t, p.price, p.fig.margin, p.fig.fee, p.at),
      id: 0,
      holdId: null,
      closePrice: null,
      closeRate: null,
      sellProfit: null,
      closeFee: null,
      absorbedLoss: null,
      closeReason: null,
      closedAt: null,
    } satisfies PositionRow;
    const answer = { order: orderDto(filled, lang), position: positionDto(position, p.prices, lang) };
    const message = filledMessage(p.t, order.quantity, p.price, p.fig.margin, p.fig.fee, account.currency);
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
      position: rowJson(tradePositions, position),
      order: rowJson(tradeOrders, filled),
      message,
      answer,
    });
    if ('answer' in written) return written.answer as typeof answer;
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

    const base = { ...orderRowOf(p), id: ids.orderId };

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
        .values({ ...base, positionId: null, holdId, status: STATUS.InProgress })
        .returning();
      if (!order) throw new Error('order not stored');
      return { order, position: null, book: prices };
    }

    const filled = await fillOpen(tx, {
      order: {
        ...base,
        positionId: null,
        holdId: null,
        status: STATUS.Success,
        fillPrice: priceText(price),
        filledAt: at,
      },
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
   * Opens a position (or adds to one) for an order that fills now: holds the margin, charges the fee and writes
   * the position and the order. The order's margin, fee, price and rate are final here.
   */
  async function fillOpen(
    tx: Tx,
    p: {
      order: typeof tradeOrders.$inferInsert & { id: number; margin: string; fee: string; price: string };
      isNew: boolean;
      positionId: number;
      account: Account;
      t: Tradable;
      addTo?: PositionRow | undefined;
      at: Date;
    },
  ): Promise<{ order: OrderRow; position: PositionRow }> {
    const { order, account, t, at } = p;
    const margin = new Decimal(order.margin);
    const fee = new Decimal(order.fee);
    const fillPrice = new Decimal(order.fillPrice ?? order.price);
    const addTo = p.addTo && p.addTo.status === STATUS.Success ? p.addTo : undefined;
    const positionId = addTo?.id ?? p.positionId;
    const seq = addTo ? addTo.holdSeq + 1 : 0;
    const heldBefore = addTo ? new Decimal(addTo.margin) : ZERO;
    // The close fee rate the order was placed under; an order from before migration 0015 has none and takes the
    // schedule of this moment, as every order did then.
    let closeFeeRate: Decimal;
    if (order.closeFeeRate != null) closeFeeRate = new Decimal(order.closeFeeRate);
    else {
      const r = await settings.rule(t.assetClass);
      closeFeeRate = order.direction === Direction.Buy ? r.sellRate : r.buyRate;
    }

    // The margin held and the fee charged in one guarded update: the available balance carries both or neither.
    const fees = await ledger.systemAccount(tx, 'fees', account.currency);
    let holdId: number;
    try {
      if (addTo?.holdId) await ledger.release(tx, addTo.holdId, at);
      ({ holdId } = await ledger.holdAndCharge(tx, {
        account,
        amount: heldBefore.plus(margin),
        reference: `position:${positionId}:${seq}`,
        at,
        fee: {
          amount: fee,
          to: fees,
          type: 'tradeFee',
          reference: `order:${order.id}`,
          detail: { order: order.id, position: positionId, code: t.code },
        },
      }));
    } catch (error) {
      throw asMarginError(error, margin.plus(fee), account.currency, heldBefore.negated());
    }

    let position: PositionRow | undefined;
    if (addTo) {
      const oldQty = new Decimal(addTo.quantity);
      const newQty = oldQty.plus(order.quantity);
      const oldNotional = oldQty.times(addTo.openPrice);
      const addNotional = new Decimal(order.quantity).times(fillPrice);
      const openPrice = oldNotional.plus(addNotional).dividedBy(newQty);
      const openRate = oldNotional
        .times(addTo.openRate)
        .plus(addNotional.times(order.rate as string))
        .dividedBy(oldNotional.plus(addNotional));
      // Each part keeps the rate it was bought under: weighted by quantity, the close fee of the whole (quantity ×
      // close price × rate) is the sum of the parts' close fees.
      const blendedCloseFeeRate = oldQty
        .times(addTo.closeFeeRate)
        .plus(closeFeeRate.times(order.quantity))
        .dividedBy(newQty);
      [position] = await tx
        .update(tradePositions)
        .set({
          quantity: newQty.toNumber(),
          openPrice: openPrice.toDecimalPlaces(12).toFixed(),
          openRate: openRate.toDecimalPlaces(12).toFixed(),
          margin: heldBefore.plus(margin).toFixed(2),
          initialMargin: new Decimal(addTo.initialMargin).plus(margin).toFixed(2),
          openFee: new Decimal(addTo.openFee).plus(fee).toFixed(2),
          closeFeeRate: blendedCloseFeeRate.toDecimalPlaces(12).toFixed(),
          holdId,
          holdSeq: seq,
        })
        .where(eq(tradePositions.id, addTo.id))
        .returning();
    } else {
      [position] = await tx
        .insert(tradePositions)
        .values({
          ...newPositionRow(order, closeFeeRate, order, t, fillPrice, margin, fee, at),
          id: positionId,
          holdId,
        })
        .returning();
    }
    if (!position) throw new Error('position not stored');

    const values = {
      ...order,
      positionId,
      holdId: null,
      status: STATUS.Success,
      fillPrice: priceText(fillPrice),
      filledAt: at,
    };
    const [stored] = p.isNew
      ? await tx.insert(tradeOrders).values(values).returning()
      : await tx.update(tradeOrders).set(values).where(eq(tradeOrders.id, order.id)).returning();
    if (!stored) throw new Error('order not stored');

    const message = filledMessage(t, stored.quantity, fillPrice, margin, fee, account.currency);
    await notify(tx, {
      userId: stored.userId,
      kind: message.kind,
      params: { ...message.params, order: stored.id },
      link: positionLink(positionId),
      at,
    });
    return { order: stored, position };
  }

  /**
   * Fills an entrusted limit order (the matching job, when the market has reached it) at `fillPrice`, the better
   * of the limit and the market (limitFillPrice). Its margin and fee were fixed and held when it was placed (the
   * figures its ticket showed), so the fill cannot fail for lack of money and a better price does not change
   * them. Null when the order is no longer entrusted (cancelled or filled meanwhile).
   */
  async function fillEntrusted(tx: Tx, orderId: number, at: Date, fillPrice?: Decimal) {
    const [order] = await tx
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.status, STATUS.InProgress)))
      .for('update');
    if (!order) return null;
    const t = tradableOrNull(order.source, order.code);
    if (!t) throw new Error(`order ${order.id}: instrument ${order.code} gone`);
    const limit = new Decimal(order.price);
    // Never worse than the limit, whatever the caller passed.
    const price = fillPrice === undefined ? limit : notWorseThanLimit(order.direction, fillPrice, limit);
    if (order.holdId) await ledger.release(tx, order.holdId, at);
    let addTo: PositionRow | undefined;
    if (order.addToPositionId) {
      [addTo] = await tx
        .select()
        .from(tradePositions)
        .where(and(eq(tradePositions.id, order.addToPositionId), eq(tradePositions.status, STATUS.Success)))
        .for('update');
    }
    const ids = await idsAndKyc(tx, order.userId);
    const account = await ledger.walletAccount(tx, order.userId, t.wallet);
    return fillOpen(tx, {
      order: { ...order, fillPrice: priceText(price) },
      isNew: false,
      positionId: ids.positionId,
      account,
      t,
      addTo,
      at,
    });
  }

  /** Cancels an entrusted order of the customer: the held margin and fee are released. */
  async function cancel(tx: Tx, userId: number, orderId: number, at: Date): Promise<OrderRow> {
    const [order] = await tx
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.userId, userId)))
      .for('update');
    if (!order) throw notFound();
    if (order.status !== STATUS.InProgress) throw rule(E.orderNotCancellable, {}, 'orderNotCancellable');
    if (order.holdId) await ledger.release(tx, order.holdId, at);
    const [stored] = await tx
      .update(tradeOrders)
      .set({ status: STATUS.Cancelled, cancelledAt: at, holdId: null })
      .where(eq(tradeOrders.id, order.id))
      .returning();
    if (!stored) throw new Error('order not stored');
    return stored;
  }

  /** A position of the customer (any status), locked; 404 for another customer's. */
  async function lockPosition(tx: Tx, userId: number | null, positionId: number): Promise<PositionRow> {
    const where = [eq(tradePositions.id, positionId)];
    if (userId !== null) where.push(eq(tradePositions.userId, userId));
    const [row] = await tx
      .select()
      .from(tradePositions)
      .where(and(...where))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  async function lockOpenPosition(tx: Tx, userId: number | null, positionId: number): Promise<PositionRow> {
    const row = await lockPosition(tx, userId, positionId);
    if (row.status !== STATUS.Success) throw rule(E.positionNotOpen, {}, 'positionNotOpen');
    return row;
  }

  /**
   * Closes a position whole or in part at the bid (long) or ask (short). The margin is released; the profit is
   * paid by the house (market account) or the loss paid to it, then the close fee. A loss larger than the wallet's
   * available balance is taken only up to that balance: the rest is absorbed by the house and recorded
   * (negative-balance protection).
   */
  async function close(
    tx: Tx,
    userId: number | null,
    positionId: number,
    opts: { quantity?: number | undefined; reason: CloseReason; trigger?: string; level?: string; book?: PriceBook },
    at: Date,
  ): Promise<{ closed: PositionRow; remaining: PositionRow | null; order: OrderRow; book: PriceBook }> {
    const row = await lockOpenPosition(tx, userId, positionId);
    const t = tradableOrNull(row.source, row.code);
    if (!t) throw new Error(`position ${row.id}: instrument ${row.code} gone`);
    const quantity = opts.quantity ?? row.quantity;
    const quantityProblem = closeQuantityProblem(quantity, { open: row.quantity, lotSize: t.lotSize });
    if (quantityProblem) throw quantityError(quantityProblem);
    const whole = quantity === row.quantity;

    const walletCurrency = currencyOf(row.wallet);
    const prices = opts.book ?? (await book(t, walletCurrency));
    const q = prices.quote(t);
    if (!q.marketOpen) throw rule(E.marketClosed, { code: t.code }, 'marketClosed');
    const price = closingPrice(row.direction, q);
    const rate = prices.rate(t.priceCurrency, walletCurrency);
    // The schedule the position opened under, not the operator's current one.
    const feeRate = new Decimal(row.closeFeeRate);
    const notional = notionalOf(quantity, price, row.multiplier, rate);
    const feeDue = closeFee({ quantity, price, multiplier: row.multiplier, rate, feeRate });
    const pnl = positionProfit(row, quantity, price, rate);

    const part = (v: string) =>
      whole ? new Decimal(v) : cents(new Decimal(v).times(quantity).dividedBy(row.quantity));
    const margin = part(row.margin);
    const initialMargin = part(row.initialMargin);
    const addedMargin = part(row.addedMargin);
    const openFee = part(row.openFee);

    const { rows } = await tx.execute<{ oid: string; pid: string }>(
      sql`select nextval('trade_orders_id_seq') as oid, nextval('trade_positions_id_seq') as pid`,
    );
    const orderId = Number(rows[0]?.oid);
    const closedId = whole ? row.id : Number(rows[0]?.pid);

    const account = await ledger.walletAccount(tx, row.userId, row.wallet as Wallet);
    if (row.holdId) await ledger.release(tx, row.holdId, at);
    let newHoldId: number | null = null;
    const remainingMargin = new Decimal(row.margin).minus(margin);
    if (!whole && remainingMargin.gt(0)) {
      newHoldId = await ledger.hold(tx, {
        account,
        amount: remainingMargin,
        reference: `position:${row.id}:${row.holdSeq + 1}`,
        at,
      });
    }

    // What the customer owes (loss and fee) beyond the released margin is checked against the wallet.
    let available = ZERO;
    if (lossExceedsMargin({ profit: pnl, feeDue, margin })) {
      const [acc] = await tx
        .select({ available: sql<string>`${ledgerAccounts.balance} - ${ledgerAccounts.held}` })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, account.id));
      available = new Decimal(acc?.available ?? 0);
    }
    const { paidLoss, fee, absorbed } = settleLoss({ profit: pnl, feeDue, margin, available });
    const detail = { order: orderId, position: closedId, code: t.code };
    if (pnl.gt(0) || paidLoss.gt(0)) {
      const market = await ledger.systemAccount(tx, 'market', account.currency);
      const amount = pnl.gt(0) ? pnl : paidLoss.negated();
      await ledger.post(tx, {
        type: pnl.gt(0) ? 'tradeProfit' : 'tradeLoss',
        reference: `close:${orderId}`,
        at,
        // The conversion from the instrument's currency, when there is one (a rate of 1 says nothing).
        rate: rate.eq(1) ? null : rate,
        detail: { ...detail, absorbed: absorbed.toFixed(2) },
        postings: [
          { account, amount },
          { account: market, amount: amount.negated() },
        ],
      });
    }
    if (fee.gt(0)) {
      const fees = await ledger.systemAccount(tx, 'fees', account.currency);
      await ledger.post(tx, {
        type: 'tradeFee',
        reference: `order:${orderId}`,
        at,
        detail,
        postings: [
          { account, amount: fee.negated() },
          { account: fees, amount: fee },
        ],
      });
    }

    const closeFields = {
      status: STATUS.Closed,
      closePrice: priceText(price),
      closeRate: rate.toString(),
      sellProfit: pnl.toFixed(2),
      closeFee: fee.toFixed(2),
      absorbedLoss: absorbed.toFixed(2),
      closeReason: opts.reason,
      closedAt: at,
      holdId: null,
    };
    let closed: PositionRow | undefined;
    let remaining: PositionRow | null = null;
    if (whole) {
      [closed] = await tx.update(tradePositions).set(closeFields).where(eq(tradePositions.id, row.id)).returning();
    } else {
      const { id: _id, ...copy } = row;
      [closed] = await tx
        .insert(tradePositions)
        .values({
          ...copy,
          ...closeFields,
          id: closedId,
          parentId: row.id,
          quantity,
          margin: margin.toFixed(2),
          initialMargin: initialMargin.toFixed(2),
          addedMargin: addedMargin.toFixed(2),
          openFee: openFee.toFixed(2),
          holdSeq: 0,
        })
        .returning();
      const [rest] = await tx
        .update(tradePositions)
        .set({
          quantity: row.quantity - quantity,
          margin: remainingMargin.toFixed(2),
          initialMargin: new Decimal(row.initialMargin).minus(initialMargin).toFixed(2),
          addedMargin: new Decimal(row.addedMargin).minus(addedMargin).toFixed(2),
          openFee: new Decimal(row.openFee).minus(openFee).toFixed(2),
          holdId: newHoldId,
          holdSeq: row.holdSeq + 1,
        })
        .where(eq(tradePositions.id, row.id))
        .returning();
      remaining = rest ?? null;
    }
    if (!closed) throw new Error('closed position not stored');

    const [order] = await tx
      .insert(tradeOrders)
      .values({
        id: orderId,
        userId: row.userId,
        positionId: closedId,
        source: row.source,
        code: row.code,
        wallet: row.wallet,
        direction: row.direction === Direction.Buy ? Direction.Sell : Direction.Buy,
        orderType: OrderType.Market,
        openClose: 1,
        quantity,
        price: priceText(price),
        fillPrice: priceText(price),
        leverage: row.leverage,
        margin: '0',
        fee: fee.toFixed(2),
        amount: cents(notional).toFixed(2),
        rate: rate.toString(),
        status: STATUS.Success,
        profit: pnl.toFixed(2),
        closeReason: opts.reason,
        createdAt: at,
        filledAt: at,
      })
      .returning();
    if (!order) throw new Error('close order not stored');

    const kind: MessageKind = opts.reason === 'customer' ? 'positionClosed' : opts.reason;
    await notify(tx, {
      userId: row.userId,
      kind,
      params: {
        position: closedId,
        code: t.code,
        quantity,
        price: priceText(price),
        priceCurrency: t.priceCurrency,
        profit: pnl.toFixed(2),
        fee: fee.toFixed(2),
        currency: account.currency,
        absorbed: absorbed.toFixed(2),
        wallet: row.wallet,
        ...(opts.trigger ? { trigger: opts.trigger } : {}),
        ...(opts.level ? { level: opts.level } : {}),
      },
      link: positionLink(closedId),
      at,
    });
    return { closed, remaining, order, book: prices };
  }

  /** Holds more of the wallet as this position's margin (one hold per position: released and held again). */
  async function addMargin(tx: Tx, userId: number, positionId: number, amount: string, at: Date) {
    const row = await lockOpenPosition(tx, userId, positionId);
    const account = await ledger.walletAccount(tx, userId, row.wallet as Wallet);
    const add = new Decimal(amount);
    const total = new Decimal(row.margin).plus(add);
    let holdId: number;
    try {
      if (row.holdId) await ledger.release(tx, row.holdId, at);
      holdId = await ledger.hold(tx, {
        account,
        amount: total,
        reference: `position:${row.id}:${row.holdSeq + 1}`,
        at,
      });
    } catch (error) {
      throw asMarginError(error, add, account.currency, new Decimal(row.margin).negated());
    }
    const [stored] = await tx
      .update(tradePositions)
      .set({
        margin: total.toFixed(2),
        addedMargin: new Decimal(row.addedMargin).plus(add).toFixed(2),
        holdId,
        holdSeq: row.holdSeq + 1,
      })
      .where(eq(tradePositions.id, row.id))
      .returning();
    if (!stored) throw new Error('position not stored');
    return stored;
  }

  /** Sets or clears the stop-loss and take-profit of an open position, checked against the closing price now. */
  async function setStops(
    tx: Tx,
    userId: number,
    positionId: number,
    stopLoss: string | null,
    takeProfit: string | null,
  ): Promise<{ position: PositionRow; book: PriceBook }> {
    const row = await lockOpenPosition(tx, userId, positionId);
    const t = tradableOrNull(row.source, row.code);
    if (!t) throw new Error(`position ${row.id}: instrument gone`);
    const prices = await book(t, currencyOf(row.wallet));
    checkStops(row.direction, closingPrice(row.direction, prices.quote(t)), stopLoss, takeProfit);
    const [stored] = await tx
      .update(tradePositions)
      .set({ stopLoss, takeProfit })
      .where(eq(tradePositions.id, row.id))
      .returning();
    if (!stored) throw new Error('position not stored');
    return { position: stored, book: prices };
  }

  // -------------------------------------------------------------------------------------------- reading

  /** Quotes every instrument of these rows and the conversions into their wallets' currencies, at once. */
  async function bookFor(rows: ReadonlyArray<{ source: number; code: string; wallet: string }>) {
    const instruments = new Map<string, { source: number; code: string }>();
    const conversions = new Map<string, readonly [string, string]>();
    for (const r of rows) {
      const t = tradableOrNull(r.source, r.code);
      if (!t) continue;
      instruments.set(`${t.source}:${t.code}`, { source: t.source, code: t.code });
      const to = currencyOf(r.wallet);
      conversions.set(`${t.priceCurrency}>${to}`, [t.priceCurrency, to]);
    }
    return priceBook(deps.market, [...instruments.values()], [...conversions.values()]);
  }

  function instrumentFields(row: { source: number; code: string; wallet: string }, lang: Language) {
    const t = tradableOrNull(row.source, row.code);
    if (!t) throw new Error(`instrument ${row.source}:${row.code} is not tradable`);
    return {
      t,
      fields: {
        stockCode: t.code,
        stockName: nameOf(t.def, lang),
        source: t.source,
        kind: t.kind,
        classify: t.def.classify ?? null,
        assetClass: t.assetClass,
        walletType: row.wallet as Wallet,
        currency: currencyOf(row.wallet),
        priceCurrency: t.priceCurrency,
        multiplier: t.multiplier.toFixed(),
      },
    };
  }

  function positionDto(row: PositionRow, prices: PriceBook | null, lang: Language): Position {
    const { t, fields } = instrumentFields(row, lang);
    const open = row.status === STATUS.Success;
    let nowPrice: Decimal;
    let rate: Decimal;
    let profit: Decimal;
    let marketOpen = false;
    if (open && prices) {
      const q = prices.quote(t);
      nowPrice = closingPrice(row.direction, q);
      rate = prices.rate(t.priceCurrency, fields.currency);
      profit = positionProfit(row, row.quantity, nowPrice, rate);
      marketOpen = q.marketOpen;
    } else {
      nowPrice = new Decimal(row.closePrice ?? row.openPrice);
      rate = new Decimal(row.closeRate ?? row.openRate);
      profit = open ? ZERO : new Decimal(row.sellProfit ?? 0);
      if (prices) marketOpen = prices.quote(t).marketOpen;
    }
    const margin = new Decimal(row.margin);
    const notional = new Decimal(row.quantity).times(nowPrice).times(row.multiplier).times(rate);
    return {
      id: row.id,
      ...fields,
      direction: row.direction === Direction.Sell ? Direction.Sell : Direction.Buy,
      positionNum: row.quantity,
      leverage: row.leverage,
      openPrice: priceText(new Decimal(row.openPrice).toDecimalPlaces(t.def.priceDecimals + 4)),
      nowPrice: priceText(nowPrice),
      isolatedPosition: toMoney(margin),
      initialMargin: toMoney(row.initialMargin),
      addedMargin: toMoney(row.addedMargin),
      notional: toMoney(cents(notional)),
      openFee: toMoney(row.openFee),
      profit: profit.toFixed(2),
      zdf: margin.gt(0) ? profit.dividedBy(margin).times(100).toFixed(2) : '0.00',
      rate: rateText(rate),
      openRate: rateText(row.openRate),
      stopLoss: row.stopLoss === null ? null : priceText(row.stopLoss),
      takeProfit: row.takeProfit === null ? null : priceText(row.takeProfit),
      status: open ? STATUS.Success : STATUS.Closed,
      marketOpen,
      createTimeTimestamp: row.createdAt.getTime(),
      sellProfit: open ? null : new Decimal(row.sellProfit ?? 0).toFixed(2),
      sellPrice: open || row.closePrice === null ? null : priceText(row.closePrice),
      closeFee: open ? null : toMoney(row.closeFee ?? '0'),
      // The open fee stored on a closed row is the closed quantity's share (a partial close cuts it), so these
      // are the closed part's own fees; the close fee is what was charged (a waived part is not counted).
      fees: open ? null : toMoney(closedFees(row)),
      netProfit: open ? null : new Decimal(row.sellProfit ?? 0).minus(closedFees(row)).toFixed(2),
      absorbedLoss: open ? null : toMoney(row.absorbedLoss ?? '0'),
      closeReason: open ? null : ((row.closeReason as CloseReason | null) ?? null),
      parentId: row.parentId,
      sellTimeTimestamp: row.closedAt?.getTime() ?? null,
    };
  }

  const closedFees = (row: PositionRow) => new Decimal(row.openFee).plus(row.closeFee ?? 0);

  function orderDto(row: OrderRow, lang: Language): TradeOrder {
    const { fields } = instrumentFields(row, lang);
    const margin = new Decimal(row.margin);
    const fee = new Decimal(row.fee);
    return {
      id: row.id,
      ...fields,
      positionId: row.positionId ?? row.addToPositionId ?? null,
      direction: row.direction === Direction.Sell ? Direction.Sell : Direction.Buy,
      orderType: row.orderType === OrderType.Limit ? OrderType.Limit : OrderType.Market,
      openClose: row.openClose === 1 ? 1 : 0,
      quantity: row.quantity,
      price: priceText(row.price),
      fillPrice: row.fillPrice === null ? null : priceText(row.fillPrice),
      leverage: row.leverage,
      margin: toMoney(margin),
      fee: toMoney(fee),
      total: toMoney(margin.plus(fee)),
      amount: toMoney(row.amount),
      rate: rateText(row.rate),
      status: row.status === 0 ? 0 : row.status === 2 ? 2 : 1,
      profit: row.profit === null ? null : new Decimal(row.profit).toFixed(2),
      closeReason: (row.closeReason as CloseReason | null) ?? null,
      createTimeTimestamp: row.createdAt.getTime(),
      fillTimeTimestamp: row.filledAt?.getTime() ?? null,
      cancelTimeTimestamp: row.cancelledAt?.getTime() ?? null,
    };
  }

  /** The margin level of each wallet from its open positions (docs/trading.md "Margin level and close-out"). */
  function marginSummaries(rows: PositionRow[], prices: PriceBook) {
    const byWallet = new Map<string, { equity: Decimal; required: Decimal; fullyPaid: boolean }>();
    for (const row of rows) {
      if (row.status !== STATUS.Success) continue;
      const t = tradableOrNull(row.source, row.code);
      if (!t) continue;
      const profit = positionProfit(
        row,
        row.quantity,
        closingPrice(row.direction, prices.quote(t)),
        prices.rate(t.priceCurrency, currencyOf(row.wallet)),
      );
      const sum = byWallet.get(row.wallet) ?? { equity: ZERO, required: ZERO, fullyPaid: true };
      sum.equity = sum.equity.plus(row.margin).plus(profit);
      sum.required = sum.required.plus(row.initialMargin);
      sum.fullyPaid &&= row.leverage === 1;
      byWallet.set(row.wallet, sum);
    }
    return [...byWallet].map(([wallet, s]) => ({
      walletType: wallet as Wallet,
      currency: currencyOf(wallet),
      equity: s.equity.toFixed(2),
      requiredMargin: s.required.toFixed(2),
      marginLevel: marginLevel(s.equity, s.required)?.toFixed(2) ?? null,
      closeOutLevel: String(trading.CLOSE_OUT_LEVEL_PERCENT),
      fullyPaid: s.fullyPaid,
    }));
  }

  const paged = <T>(all: T[], page: number, pageSize: number) => ({
    list: all.slice((page - 1) * pageSize, page * pageSize),
    total: all.length,
    page,
    pageSize,
  });

  async function openPositions(
    db: Db | Tx,
    userId: number,
    filter: { source?: number | undefined; walletType?: string | undefined; page: number; pageSize: number },
    lang: Language,
  ) {
    const rows = await db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.userId, userId), eq(tradePositions.status, STATUS.Success)))
      .orderBy(desc(tradePositions.id));
    const prices = await bookFor(rows);
    const shown = rows.filter(
      (r) =>
        (filter.source === undefined || r.source === filter.source) &&
        (filter.walletType === undefined || r.wallet === filter.walletType),
    );
    const page = paged(shown, filter.page, filter.pageSize);
    return {
      ...page,
      list: page.list.map((r) => positionDto(r, prices, lang)),
      margin: marginSummaries(rows, prices),
    };
  }

  async function closedPositions(
    db: Db | Tx,
    userId: number,
    filter: { source?: number | undefined; walletType?: string | undefined; page: number; pageSize: number },
    lang: Language,
  ) {
    const where: SQL[] = [eq(tradePositions.userId, userId), eq(tradePositions.status, STATUS.Closed)];
    if (filter.source !== undefined) where.push(eq(tradePositions.source, filter.source));
    if (filter.walletType) where.push(eq(tradePositions.wallet, filter.walletType));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(tradePositions)
        .where(and(...where))
        .orderBy(desc(tradePositions.closedAt), desc(tradePositions.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      db
        .select({ n: count() })
        .from(tradePositions)
        .where(and(...where)),
    ]);
    return {
      list: rows.map((r) => positionDto(r, null, lang)),
      total: total?.n ?? 0,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async function orders(
    db: Db | Tx,
    userId: number,
    filter: {
      source?: number | undefined;
      walletType?: string | undefined;
      status?: number | undefined;
      history?: boolean | undefined;
      all?: boolean | undefined;
      page: number;
      pageSize: number;
    },
    lang: Language,
  ) {
    const where: SQL[] = [eq(tradeOrders.userId, userId)];
    if (filter.history && !filter.all) where.push(inArray(tradeOrders.status, [STATUS.Success, STATUS.Cancelled]));
    else if (!filter.all) where.push(eq(tradeOrders.status, filter.status ?? STATUS.InProgress));
    if (filter.source !== undefined) where.push(eq(tradeOrders.source, filter.source));
    if (filter.walletType) where.push(eq(tradeOrders.wallet, filter.walletType));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(tradeOrders)
        .where(and(...where))
        .orderBy(desc(tradeOrders.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize),
      db
        .select({ n: count() })
        .from(tradeOrders)
        .where(and(...where)),
    ]);
    return {
      list: rows.map((r) => orderDto(r, lang)),
      total: total?.n ?? 0,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async function byStock(userId: number, source: number | undefined, code: string, lang: Language) {
    const t = tradableByCode(code, source);
    const [positions, entrusted] = await Promise.all([
      db
        .select()
        .from(tradePositions)
        .where(
          and(
            eq(tradePositions.userId, userId),
            eq(tradePositions.status, STATUS.Success),
            eq(tradePositions.source, t.source),
            eq(tradePositions.code, t.code),
          ),
        )
        .orderBy(desc(tradePositions.id)),
      db
        .select()
        .from(tradeOrders)
        .where(
          and(
            eq(tradeOrders.userId, userId),
            eq(tradeOrders.status, STATUS.InProgress),
            eq(tradeOrders.source, t.source),
            eq(tradeOrders.code, t.code),
          ),
        )
        .orderBy(desc(tradeOrders.id)),
    ]);
    const prices = await book(t, currencyOf(t.wallet));
    return {
      positions: positions.map((p) => positionDto(p, prices, lang)),
      orders: entrusted.map((o) => orderDto(o, lang)),
    };
  }

  async function positionDetail(userId: number, positionId: number, lang: Language) {
    const [row] = await db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.id, positionId), eq(tradePositions.userId, userId)));
    if (!row) throw notFound();
    const children = await db
      .select({ id: tradePositions.id })
      .from(tradePositions)
      .where(and(eq(tradePositions.parentId, row.id), eq(tradePositions.userId, userId)));
    const ids = [row.id, ...children.map((c) => c.id)];
    const [related, prices] = await Promise.all([
      db
        .select()
        .from(tradeOrders)
        .where(
          and(
            eq(tradeOrders.userId, userId),
            sql`(${inArray(tradeOrders.positionId, ids)} or ${inArray(tradeOrders.addToPositionId, ids)})`,
          ),
        )
        .orderBy(desc(tradeOrders.id)),
      bookFor([row]),
    ]);
    return { position: positionDto(row, prices, lang), orders: related.map((o) => orderDto(o, lang)) };
  }

  async function orderDetail(userId: number, orderId: number, lang: Language) {
    const [row] = await db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.userId, userId)));
    if (!row) throw notFound();
    return orderDto(row, lang);
  }

  /** The trading cash flow: postings of trade entries on the customer's wallets, newest first. */
  /** The trading cash flow: the bill (wallet/service.ts) of the trade entries, with their order, position and code. */
  async function water(
    userId: number,
    filter: { walletType?: Wallet | undefined; page: number; pageSize: number },
    lang: Language,
  ) {
    const page = await bill(db, userId, { ...filter, types: trading.TRADE_ENTRY_TYPES }, lang, deps.clock.now());
    const list: WaterItem[] = page.list.map(({ operator: _operator, detail, ...item }) => ({
      ...item,
      type: item.type as WaterItem['type'],
      positionId: typeof detail.position === 'number' ? detail.position : null,
      orderId: typeof detail.order === 'number' ? detail.order : null,
      stockCode: typeof detail.code === 'string' ? detail.code : null,
    }));
    return { ...page, list };
  }

  /** The order ticket's figures: what the available balance buys at the price and leverage asked. */
  async function halfOrFull(
    userId: number,
    input: {
      stockCode: string;
      source?: number | undefined;
      direction: 0 | 1;
      orderType: 0 | 1;
      price?: string | undefined;
      leverage?: number | undefined;
    },
  ) {
    const t = tradableByCode(input.stockCode, input.source);
    const r = await settings.rule(t.assetClass);
    const leverage = Math.min(input.leverage ?? r.leverageCap, r.leverageCap);
    const walletCurrency = currencyOf(t.wallet);
    const prices = await book(t, walletCurrency);
    const q = prices.quote(t);
    const price =
      input.orderType === OrderType.Limit && input.price ? new Decimal(input.price) : openingPrice(input.direction, q);
    const rate = prices.rate(t.priceCurrency, walletCurrency);
    const feeRate = openFeeRate(input.direction, r);
    const { marginPerUnit, feePerUnit } = perUnitFigures({ price, multiplier: t.multiplier, rate, leverage, feeRate });
    const [acc] = await db
      .select({ available: sql<string>`${ledgerAccounts.balance} - ${ledgerAccounts.held}` })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.wallet, t.wallet)));
    const available = new Decimal(acc?.available ?? 0);
    const minCount = minOrderQuantity(r.minQuantity, t.lotSize);
    const { full, half } = affordableQuantity(available, marginPerUnit.plus(feePerUnit), {
      min: minCount,
      lotSize: t.lotSize,
    });
    return {
      stockCode: t.code,
      source: t.source,
      walletType: t.wallet,
      currency: walletCurrency,
      priceCurrency: t.priceCurrency,
      price: priceText(price),
      rate: rateText(rate),
      leverage,
      maxLeverage: r.leverageCap,
      available: toMoney(available),
      marginPerUnit: marginPerUnit.toDecimalPlaces(8).toFixed(),
      feePerUnit: feePerUnit.toDecimalPlaces(8).toFixed(),
      feeRate: feeRate.toFixed(),
      closeFeeRate: closeFeeRateOf(input.direction, r).toFixed(),
      termsVersion: termsOf(r),
      full,
      half,
      minCount,
      lotSize: t.lotSize,
      marketOpen: q.marketOpen,
    };
  }

  /**
   * Profit of the customer's open positions since the previous close, in EUR at the live rates (the funding
   * overview's todayProfit; hkTodayProfit is the Hong Kong stocks' part). A position opened during the current
   * trading day counts from its open price, an older one from the previous close.
   */
  async function todayProfit(userId: number, currency: Currency = 'EUR') {
    const rows = await db
      .select()
      .from(tradePositions)
      .where(and(eq(tradePositions.userId, userId), eq(tradePositions.status, STATUS.Success)));
    let total = ZERO;
    let hk = ZERO;
    if (rows.length === 0) return { total, hk };
    const instruments = new Map<string, { source: number; code: string }>();
    const conversions = new Map<string, readonly [string, string]>();
    for (const r of rows) {
      const t = tradableOrNull(r.source, r.code);
      if (!t) continue;
      instruments.set(`${t.source}:${t.code}`, { source: t.source, code: t.code });
      conversions.set(t.priceCurrency, [t.priceCurrency, currency]);
    }
    const prices = await priceBook(deps.market, [...instruments.values()], [...conversions.values()]);
    for (const r of rows) {
      const t = tradableOrNull(r.source, r.code);
      if (!t) continue;
      const q = prices.quote(t);
      const openedToday = tradingDay(t.def, r.createdAt) === q.tradingDay;
      const from = openedToday ? new Decimal(r.openPrice) : new Decimal(q.prevClose);
      const rate = prices.rate(t.priceCurrency, currency);
      const profit = priceGain(r, r.quantity, from, closingPrice(r.direction, q), rate);
      total = total.plus(profit);
      if (t.source === 11) hk = hk.plus(profit);
    }
    return { total: cents(total), hk: cents(hk) };
  }

  return {
    settings,
    todayProfit,
    place,
    plan,
    execute,
    openNow,
    fillEntrusted,
    cancel,
    close,
    addMargin,
    setStops,
    lockOpenPosition,
    positionDto,
    orderDto,
    bookFor,
    openPositions,
    closedPositions,
    orders,
    byStock,
    positionDetail,
    orderDetail,
    water,
    halfOrFull,
    marginSummaries,
  };
}
export type TradingService = ReturnType<typeof createTradingService>;
