/**
 * Settling positions (docs/trading.md): filling orders into positions, closing them whole or in part, adding
 * margin and setting stops. Every cash effect goes through the ledger in the caller's transaction: margin is a
 * hold on the product's wallet, fees are entries to the `fees` account and profit or loss are entries against the
 * `market` (house) account.
 *
 * Row locks: a position or an entrusted order is locked (FOR UPDATE) before it changes, so a close sent twice
 * settles once and a fill races no cancel. The wallet account row is locked by the ledger's guarded updates.
 */
import {
  type CloseReason,
  closeFee,
  closeFeeRateOf,
  closeQuantityProblem,
  closingPrice,
  Decimal,
  Direction,
  E,
  feeCents,
  lossExceedsMargin,
  type MessageKind,
  notionalOf,
  notWorseThanLimit,
  OrderType,
  positionProfit,
  settleLoss,
  type Wallet,
} from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Account } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { tradeOrders, tradePositions } from '../../platform/db/schema.js';
import { rule } from '../../platform/errors.js';
import { notify } from '../inbox/index.js';
import { quantityError, type TradingContext } from './context.js';
import { type Tradable, tradableOrNull } from './instruments.js';
import { type OrderRow, type PositionRow, positionLink, priceText, STATUS, ZERO } from './model.js';
import type { PriceBook } from './prices.js';
import { idsAndKyc, lockEntrustedOrder, lockOpenPositionIfAny, lockPosition, nextIds } from './statements.js';

/** A new position's row for an order filling at `fillPrice` (openNow and fillOpen share it). */
export function newPositionRow(
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
export function filledMessage(
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

/** An order filling into a position (fillOpen): the order row with its final figures and where it goes. */
export interface Fill {
  order: typeof tradeOrders.$inferInsert & { id: number; margin: string; fee: string; price: string };
  /** True when the order row is new (inserted), false when an entrusted order is updated. */
  isNew: boolean;
  positionId: number;
  account: Account;
  t: Tradable;
  addTo?: PositionRow | undefined;
  at: Date;
}

/** An added order's quantity, price, rate and close fee rate blended into the position's (weighted averages). */
function blendInto(addTo: PositionRow, quantity: number, fillPrice: Decimal, rate: string, closeFeeRate: Decimal) {
  const oldQty = new Decimal(addTo.quantity);
  const newQty = oldQty.plus(quantity);
  const oldNotional = oldQty.times(addTo.openPrice);
  const addNotional = new Decimal(quantity).times(fillPrice);
  const openPrice = oldNotional.plus(addNotional).dividedBy(newQty);
  const openRate = oldNotional
    .times(addTo.openRate)
    .plus(addNotional.times(rate))
    .dividedBy(oldNotional.plus(addNotional));
  // Each part keeps the rate it was bought under: weighted by quantity, the close fee of the whole (quantity ×
  // close price × rate) is the sum of the parts' close fees.
  const blendedCloseFeeRate = oldQty.times(addTo.closeFeeRate).plus(closeFeeRate.times(quantity)).dividedBy(newQty);
  return {
    quantity: newQty.toNumber(),
    openPrice: openPrice.toDecimalPlaces(12).toFixed(),
    openRate: openRate.toDecimalPlaces(12).toFixed(),
    closeFeeRate: blendedCloseFeeRate.toDecimalPlaces(12).toFixed(),
  };
}

/** A close split into what closes and what stays open: each figure of the row is cut pro rata (to the cent). */
function splitRow(row: PositionRow, quantity: number) {
  const whole = quantity === row.quantity;
  const part = (v: string) =>
    whole ? new Decimal(v) : feeCents(new Decimal(v).times(quantity).dividedBy(row.quantity));
  const closing = {
    margin: part(row.margin),
    initialMargin: part(row.initialMargin),
    addedMargin: part(row.addedMargin),
    openFee: part(row.openFee),
  };
  const rest = {
    quantity: row.quantity - quantity,
    margin: new Decimal(row.margin).minus(closing.margin),
    initialMargin: new Decimal(row.initialMargin).minus(closing.initialMargin),
    addedMargin: new Decimal(row.addedMargin).minus(closing.addedMargin),
    openFee: new Decimal(row.openFee).minus(closing.openFee),
  };
  return { whole, closing, rest };
}

/** The figures of a close, decided before anything is written (close: terms, then the ledger, then the rows). */
interface CloseTerms {
  row: PositionRow;
  t: Tradable;
  quantity: number;
  prices: PriceBook;
  price: Decimal;
  rate: Decimal;
  notional: Decimal;
  feeDue: Decimal;
  pnl: Decimal;
  split: ReturnType<typeof splitRow>;
}

export type CloseOptions = {
  quantity?: number | undefined;
  reason: CloseReason;
  trigger?: string;
  level?: string;
  book?: PriceBook;
};

export type Settlement = ReturnType<typeof createSettlement>;

export function createSettlement(ctx: TradingContext) {
  const { ledger, settings, currencyOf, asMarginError, book, checkStops } = ctx;

  /** The close fee rate an order was placed under; an order from before migration 0015 takes today's schedule. */
  async function closeFeeRateOfOrder(order: { closeFeeRate?: string | null; direction: number }, t: Tradable) {
    if (order.closeFeeRate != null) return new Decimal(order.closeFeeRate);
    return closeFeeRateOf(order.direction, await settings.rule(t.assetClass));
  }

  /** The margin held and the fee charged in one guarded update: the available balance carries both or neither. */
  async function holdAndChargeFill(tx: Tx, f: Fill, positionId: number, margin: Decimal, fee: Decimal) {
    const { order, account, t, at } = f;
    const addTo = f.addTo?.status === STATUS.Success ? f.addTo : undefined;
    const heldBefore = addTo ? new Decimal(addTo.margin) : ZERO;
    const fees = await ledger.systemAccount(tx, 'fees', account.currency);
    try {
      if (addTo?.holdId) await ledger.release(tx, addTo.holdId, at);
      const { holdId } = await ledger.holdAndCharge(tx, {
        account,
        amount: heldBefore.plus(margin),
        reference: `position:${positionId}:${addTo ? addTo.holdSeq + 1 : 0}`,
        at,
        fee: {
          amount: fee,
          to: fees,
          type: 'tradeFee',
          reference: `order:${order.id}`,
          detail: { order: order.id, position: positionId, code: t.code },
        },
      });
      return holdId;
    } catch (error) {
      throw asMarginError(error, margin.plus(fee), account.currency, heldBefore.negated());
    }
  }

  /** Writes the position a fill opens, or adds the fill to the open position it is for. */
  async function writeFilledPosition(tx: Tx, f: Fill, positionId: number, holdId: number, fillPrice: Decimal) {
    const { order, t, at } = f;
    const margin = new Decimal(order.margin);
    const fee = new Decimal(order.fee);
    const closeFeeRate = await closeFeeRateOfOrder(order, t);
    const addTo = f.addTo?.status === STATUS.Success ? f.addTo : undefined;
    if (!addTo) {
      const [position] = await tx
        .insert(tradePositions)
        .values({
          ...newPositionRow(order, closeFeeRate, order, t, fillPrice, margin, fee, at),
          id: positionId,
          holdId,
        })
        .returning();
      return position;
    }
    const [position] = await tx
      .update(tradePositions)
      .set({
        ...blendInto(addTo, order.quantity, fillPrice, order.rate as string, closeFeeRate),
        margin: new Decimal(addTo.margin).plus(margin).toFixed(2),
        initialMargin: new Decimal(addTo.initialMargin).plus(margin).toFixed(2),
        openFee: new Decimal(addTo.openFee).plus(fee).toFixed(2),
        holdId,
        holdSeq: addTo.holdSeq + 1,
      })
      .where(eq(tradePositions.id, addTo.id))
      .returning();
    return position;
  }

  /**
   * Opens a position (or adds to one) for an order that fills now: holds the margin, charges the fee and writes
   * the position and the order. The order's margin, fee, price and rate are final here.
   */
  async function fillOpen(tx: Tx, f: Fill): Promise<{ order: OrderRow; position: PositionRow }> {
    const { order, account, t, at } = f;
    const margin = new Decimal(order.margin);
    const fee = new Decimal(order.fee);
    const fillPrice = new Decimal(order.fillPrice ?? order.price);
    const positionId = f.addTo?.status === STATUS.Success ? f.addTo.id : f.positionId;

    const holdId = await holdAndChargeFill(tx, f, positionId, margin, fee);
    const position = await writeFilledPosition(tx, f, positionId, holdId, fillPrice);
    if (!position) throw new Error('position not stored');

    const values = {
      ...order,
      positionId,
      holdId: null,
      status: STATUS.Success,
      fillPrice: priceText(fillPrice),
      filledAt: at,
    };
    const [stored] = f.isNew
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
    const order = await lockEntrustedOrder(tx, orderId);
    if (!order) return null;
    const t = tradableOrNull(order.source, order.code);
    if (!t) throw new Error(`order ${order.id}: instrument ${order.code} gone`);
    const limit = new Decimal(order.price);
    // Never worse than the limit, whatever the caller passed.
    const price = fillPrice === undefined ? limit : notWorseThanLimit(order.direction, fillPrice, limit);
    if (order.holdId) await ledger.release(tx, order.holdId, at);
    const addTo = order.addToPositionId ? await lockOpenPositionIfAny(tx, order.addToPositionId) : undefined;
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

  async function lockOpenPosition(tx: Tx, userId: number | null, positionId: number): Promise<PositionRow> {
    const row = await lockPosition(tx, userId, positionId);
    if (row.status !== STATUS.Success) throw rule(E.positionNotOpen, {}, 'positionNotOpen');
    return row;
  }

  /** Close step 1: the locked position, the quantity checked, the price, rate, fee and profit of the close. */
  async function closeTerms(tx: Tx, userId: number | null, positionId: number, opts: CloseOptions) {
    const row = await lockOpenPosition(tx, userId, positionId);
    const t = tradableOrNull(row.source, row.code);
    if (!t) throw new Error(`position ${row.id}: instrument ${row.code} gone`);
    const quantity = opts.quantity ?? row.quantity;
    const quantityProblem = closeQuantityProblem(quantity, { open: row.quantity, lotSize: t.lotSize });
    if (quantityProblem) throw quantityError(quantityProblem);

    const walletCurrency = currencyOf(row.wallet);
    const prices = opts.book ?? (await book(t, walletCurrency));
    const q = prices.quote(t);
    if (!q.marketOpen) throw rule(E.marketClosed, { code: t.code }, 'marketClosed');
    const price = closingPrice(row.direction, q);
    const rate = prices.rate(t.priceCurrency, walletCurrency);
    // The schedule the position opened under, not the operator's current one.
    const feeRate = new Decimal(row.closeFeeRate);
    return {
      row,
      t,
      quantity,
      prices,
      price,
      rate,
      notional: notionalOf(quantity, price, row.multiplier, rate),
      feeDue: closeFee({ quantity, price, multiplier: row.multiplier, rate, feeRate }),
      pnl: positionProfit(row, quantity, price, rate),
      split: splitRow(row, quantity),
    } satisfies CloseTerms;
  }

  /** Close step 2: the position's hold released, and the margin of what stays open held again. */
  async function releaseMargin(tx: Tx, c: CloseTerms, account: Account, at: Date) {
    const { row, split } = c;
    if (row.holdId) await ledger.release(tx, row.holdId, at);
    if (split.whole || !split.rest.margin.gt(0)) return null;
    return ledger.hold(tx, {
      account,
      amount: split.rest.margin,
      reference: `position:${row.id}:${row.holdSeq + 1}`,
      at,
    });
  }

  /**
   * Close step 3: profit paid by the house or loss paid to it, then the close fee. What the customer owes beyond
   * the released margin is paid only up to the wallet's available balance (settleLoss).
   */
  async function settleMoney(
    tx: Tx,
    c: CloseTerms,
    account: Account,
    ids: { orderId: number; closedId: number },
    at: Date,
  ) {
    const { pnl, feeDue, rate } = c;
    const margin = c.split.closing.margin;
    const available = lossExceedsMargin({ profit: pnl, feeDue, margin }) ? await ledger.available(tx, account) : ZERO;
    const settled = settleLoss({ profit: pnl, feeDue, margin, available });
    const detail = { order: ids.orderId, position: ids.closedId, code: c.t.code };
    if (pnl.gt(0) || settled.paidLoss.gt(0)) {
      const market = await ledger.systemAccount(tx, 'market', account.currency);
      const amount = pnl.gt(0) ? pnl : settled.paidLoss.negated();
      await ledger.post(tx, {
        type: pnl.gt(0) ? 'tradeProfit' : 'tradeLoss',
        reference: `close:${ids.orderId}`,
        at,
        // The conversion from the instrument's currency, when there is one (a rate of 1 says nothing).
        rate: rate.eq(1) ? null : rate,
        detail: { ...detail, absorbed: settled.absorbed.toFixed(2) },
        postings: [
          { account, amount },
          { account: market, amount: amount.negated() },
        ],
      });
    }
    if (settled.fee.gt(0)) {
      const fees = await ledger.systemAccount(tx, 'fees', account.currency);
      await ledger.post(tx, {
        type: 'tradeFee',
        reference: `order:${ids.orderId}`,
        at,
        detail,
        postings: [
          { account, amount: settled.fee.negated() },
          { account: fees, amount: settled.fee },
        ],
      });
    }
    return { fee: settled.fee, absorbed: settled.absorbed };
  }

  /** Close step 4: the closed row (the position itself, or a new row for the closed part) and the rest. */
  async function writeClosedRows(
    tx: Tx,
    c: CloseTerms,
    closeFields: Partial<PositionRow>,
    closedId: number,
    newHoldId: number | null,
  ) {
    const { row, quantity, split } = c;
    if (split.whole) {
      const [closed] = await tx
        .update(tradePositions)
        .set(closeFields)
        .where(eq(tradePositions.id, row.id))
        .returning();
      return { closed, remaining: null };
    }
    const { id: _id, ...copy } = row;
    const money = (d: Decimal) => d.toFixed(2);
    const [closed] = await tx
      .insert(tradePositions)
      .values({
        ...copy,
        ...closeFields,
        id: closedId,
        parentId: row.id,
        quantity,
        margin: money(split.closing.margin),
        initialMargin: money(split.closing.initialMargin),
        addedMargin: money(split.closing.addedMargin),
        openFee: money(split.closing.openFee),
        holdSeq: 0,
      })
      .returning();
    const [rest] = await tx
      .update(tradePositions)
      .set({
        quantity: split.rest.quantity,
        margin: money(split.rest.margin),
        initialMargin: money(split.rest.initialMargin),
        addedMargin: money(split.rest.addedMargin),
        openFee: money(split.rest.openFee),
        holdId: newHoldId,
        holdSeq: row.holdSeq + 1,
      })
      .where(eq(tradePositions.id, row.id))
      .returning();
    return { closed, remaining: rest ?? null };
  }

  /** Close step 5: the close's own order (a market order the other way, already filled). */
  async function writeCloseOrder(
    tx: Tx,
    c: CloseTerms,
    ids: { orderId: number; closedId: number },
    fee: Decimal,
    reason: CloseReason,
    at: Date,
  ) {
    const { row, price, rate } = c;
    const [order] = await tx
      .insert(tradeOrders)
      .values({
        id: ids.orderId,
        userId: row.userId,
        positionId: ids.closedId,
        source: row.source,
        code: row.code,
        wallet: row.wallet,
        direction: row.direction === Direction.Buy ? Direction.Sell : Direction.Buy,
        orderType: OrderType.Market,
        openClose: 1,
        quantity: c.quantity,
        price: priceText(price),
        fillPrice: priceText(price),
        leverage: row.leverage,
        margin: '0',
        fee: fee.toFixed(2),
        amount: feeCents(c.notional).toFixed(2),
        rate: rate.toString(),
        status: STATUS.Success,
        profit: c.pnl.toFixed(2),
        closeReason: reason,
        createdAt: at,
        filledAt: at,
      })
      .returning();
    if (!order) throw new Error('close order not stored');
    return order;
  }

  /** Close step 6: the customer's inbox message (positionClosed, or the stop or close-out that closed it). */
  async function notifyClosed(
    tx: Tx,
    c: CloseTerms,
    closedId: number,
    money: { fee: Decimal; absorbed: Decimal; currency: string },
    opts: CloseOptions,
    at: Date,
  ) {
    const kind: MessageKind = opts.reason === 'customer' ? 'positionClosed' : opts.reason;
    await notify(tx, {
      userId: c.row.userId,
      kind,
      params: {
        position: closedId,
        code: c.t.code,
        quantity: c.quantity,
        price: priceText(c.price),
        priceCurrency: c.t.priceCurrency,
        profit: c.pnl.toFixed(2),
        fee: money.fee.toFixed(2),
        currency: money.currency,
        absorbed: money.absorbed.toFixed(2),
        wallet: c.row.wallet,
        ...(opts.trigger ? { trigger: opts.trigger } : {}),
        ...(opts.level ? { level: opts.level } : {}),
      },
      link: positionLink(closedId),
      at,
    });
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
    opts: CloseOptions,
    at: Date,
  ): Promise<{ closed: PositionRow; remaining: PositionRow | null; order: OrderRow; book: PriceBook }> {
    const c = await closeTerms(tx, userId, positionId, opts);
    const { row } = c;
    const next = await nextIds(tx);
    const ids = { orderId: next.orderId, closedId: c.split.whole ? row.id : next.positionId };

    const account = await ledger.walletAccount(tx, row.userId, row.wallet as Wallet);
    const newHoldId = await releaseMargin(tx, c, account, at);
    const { fee, absorbed } = await settleMoney(tx, c, account, ids, at);

    const { closed, remaining } = await writeClosedRows(
      tx,
      c,
      {
        status: STATUS.Closed,
        closePrice: priceText(c.price),
        closeRate: c.rate.toString(),
        sellProfit: c.pnl.toFixed(2),
        closeFee: fee.toFixed(2),
        absorbedLoss: absorbed.toFixed(2),
        closeReason: opts.reason,
        closedAt: at,
        holdId: null,
      },
      ids.closedId,
      newHoldId,
    );
    if (!closed) throw new Error('closed position not stored');
    const order = await writeCloseOrder(tx, c, ids, fee, opts.reason, at);
    await notifyClosed(tx, c, ids.closedId, { fee, absorbed, currency: account.currency }, opts, at);
    return { closed, remaining, order, book: c.prices };
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

  return { fillOpen, fillEntrusted, lockOpenPosition, close, addMargin, setStops };
}
