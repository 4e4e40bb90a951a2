/**
 * Fills (docs/trading.md "Positions", "The placement path"): an order filling into a new position or adding to an
 * open one. The margin is held and the fee charged by the ledger in one guarded update; the entrusted order or
 * position being changed is locked first, so a fill races no cancel.
 */
import { closeFeeRateOf, Decimal, feeCents, notWorseThanLimit, orderFigures } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Account } from '../../../ledger/ledger.js';
import type { Tx } from '../../../platform/db/client.js';
import { notify } from '../../inbox/index.js';
import type { TradingContext } from '../context.js';
import { type Tradable, tradableOrNull } from '../instruments.js';
import { type OrderRow, type PositionRow, positionLink, priceText, STATUS, ZERO } from '../model.js';
import { tradeOrders, tradePositions } from '../schema.js';
import { idsAndKyc, lockEntrustedOrder, lockOpenPositionIfAny } from '../statements.js';

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
  ids: { id: number; holdId: number | null },
): PositionRow {
  // Every column in one literal: a row spread and given more columns after costs V8 far more (placement.ts orderRowOf).
  return {
    id: ids.id,
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
    holdId: ids.holdId,
    holdSeq: 0,
    stopLoss: o.stopLoss ?? null,
    takeProfit: o.takeProfit ?? null,
    status: STATUS.Success,
    closePrice: null,
    closeRate: null,
    sellProfit: null,
    closeFee: null,
    absorbedLoss: null,
    closeReason: null,
    createdAt: at,
    closedAt: null,
    sellableFrom: null,
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

/** The close fee rate an order was placed under; an order from before migration 0015 takes today's schedule. */
async function closeFeeRateOfOrder(
  ctx: TradingContext,
  order: { closeFeeRate?: string | null; direction: number },
  t: Tradable,
) {
  const { settings } = ctx;
  if (order.closeFeeRate != null) return new Decimal(order.closeFeeRate);
  return closeFeeRateOf(order.direction, await settings.rule(t.assetClass));
}

/** The margin held and the fee charged in one guarded update: the available balance carries both or neither. */
async function holdAndChargeFill(
  ctx: TradingContext,
  tx: Tx,
  f: Fill,
  positionId: number,
  margin: Decimal,
  fee: Decimal,
) {
  const { ledger, asMarginError } = ctx;
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
async function writeFilledPosition(
  ctx: TradingContext,
  tx: Tx,
  f: Fill,
  positionId: number,
  holdId: number,
  fillPrice: Decimal,
) {
  const { order, t, at } = f;
  const margin = new Decimal(order.margin);
  const fee = new Decimal(order.fee);
  const closeFeeRate = await closeFeeRateOfOrder(ctx, order, t);
  const addTo = f.addTo?.status === STATUS.Success ? f.addTo : undefined;
  if (!addTo) {
    const [position] = await tx
      .insert(tradePositions)
      .values(newPositionRow(order, closeFeeRate, order, t, fillPrice, margin, fee, at, { id: positionId, holdId }))
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
export async function fillOpen(
  ctx: TradingContext,
  tx: Tx,
  f: Fill,
): Promise<{ order: OrderRow; position: PositionRow }> {
  const { order, account, t, at } = f;
  const margin = new Decimal(order.margin);
  const fee = new Decimal(order.fee);
  const fillPrice = new Decimal(order.fillPrice ?? order.price);
  const positionId = f.addTo?.status === STATUS.Success ? f.addTo.id : f.positionId;

  const holdId = await holdAndChargeFill(ctx, tx, f, positionId, margin, fee);
  const position = await writeFilledPosition(ctx, tx, f, positionId, holdId, fillPrice);
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
 * A resting order's margin, fee and notional at its fill price: the figures of an order placed at that price (at
 * the fee rate and currency rate its ticket showed), each no more than held at placement. A buy filled below its
 * limit holds and pays less, as if it had filled at once; a sell filled above its limit keeps its limit's margin
 * and fee (what its ticket showed is the most an order costs). An order from before migration 0041 has no fee
 * rate stored, and keeps what was held.
 */
function figuresAtFill(order: OrderRow, t: Tradable, price: Decimal) {
  const held = { margin: new Decimal(order.margin), fee: new Decimal(order.fee) };
  if (order.feeRate == null) return { ...held, amount: order.amount };
  const fig = orderFigures({
    quantity: order.quantity,
    price,
    multiplier: t.multiplier,
    rate: new Decimal(order.rate),
    leverage: order.leverage,
    feeRate: new Decimal(order.feeRate),
  });
  return {
    margin: Decimal.min(fig.margin, held.margin),
    fee: Decimal.min(fig.fee, held.fee),
    amount: feeCents(fig.notional).toFixed(2),
  };
}

/**
 * Fills an entrusted limit order (the matching job, when the market has reached it; the opening auction) at
 * `fillPrice`, the better of the limit and the market (limitFillPrice). Its margin and fee were held when it was
 * placed (the figures its ticket showed), so the fill cannot fail for lack of money; at a better price they are
 * those of the fill (figuresAtFill), and the rest of the hold is released. Null when the order is no longer
 * entrusted (cancelled or filled meanwhile).
 */
export async function fillEntrusted(ctx: TradingContext, tx: Tx, orderId: number, at: Date, fillPrice?: Decimal) {
  const { ledger } = ctx;
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
  const fig = figuresAtFill(order, t, price);
  return fillOpen(ctx, tx, {
    order: {
      ...order,
      fillPrice: priceText(price),
      margin: fig.margin.toFixed(2),
      fee: fig.fee.toFixed(2),
      amount: fig.amount,
    },
    isNew: false,
    positionId: ids.positionId,
    account,
    t,
    addTo,
    at,
  });
}
