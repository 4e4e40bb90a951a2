/**
 * Closing a position whole or in part (docs/trading.md "Positions", "Protection"), in steps: the terms (price,
 * rate, fee, profit, the split of a partial close) decided before anything is written, then the margin released,
 * the money settled by the ledger (profit or loss against the `market` account, the fee to `fees`), then the rows,
 * the close's own order and the inbox message. The position is locked first, so a close sent twice settles once.
 */
import {
  type CloseReason,
  closeFee,
  closeQuantityProblem,
  closingPrice,
  Decimal,
  Direction,
  E,
  feeCents,
  lossExceedsMargin,
  type MessageKind,
  notionalOf,
  OrderType,
  positionProfit,
  settleLoss,
  type Wallet,
} from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Account } from '../../../ledger/ledger.js';
import type { Tx } from '../../../platform/db/client.js';
import { rule } from '../../../platform/errors.js';
import { notify } from '../../inbox/index.js';
import { quantityError, type TradingContext } from '../context.js';
import { type Tradable, tradableOrNull } from '../instruments.js';
import { type OrderRow, type PositionRow, positionLink, priceText, STATUS, ZERO } from '../model.js';
import type { PriceBook } from '../prices.js';
import { tradeOrders, tradePositions } from '../schema.js';
import { lockOpenPosition, nextIds } from '../statements.js';

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

/**
 * A placed position's lock-up (docs/primary-markets.md "Lock-up"): the customer's own close, take-profit or
 * stop-loss before `sellable_from` is refused (422 positionLockedUp, the instant in UTC; the web app says it in the
 * customer's time zone from the position's sellableFromTimestamp). Read from the row the caller has locked.
 */
export function refuseLockedUp(row: Pick<PositionRow, 'sellableFrom'>, at: Date) {
  const until = row.sellableFrom;
  if (until === null || until.getTime() <= at.getTime()) return;
  throw rule(E.positionLockedUp, { until: until.toISOString().slice(0, 16).replace('T', ' ') }, 'positionLockedUp');
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

/**
 * Close step 1: the locked position, its lock-up (for every reason but a close-out, which always closes), the
 * quantity checked, the price, rate, fee and profit of the close.
 */
async function closeTerms(
  ctx: TradingContext,
  tx: Tx,
  userId: number | null,
  positionId: number,
  opts: CloseOptions,
  at: Date,
) {
  const { currencyOf, book } = ctx;
  const row = await lockOpenPosition(tx, userId, positionId);
  if (opts.reason !== 'closeOut') refuseLockedUp(row, at);
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
async function releaseMargin(ctx: TradingContext, tx: Tx, c: CloseTerms, account: Account, at: Date) {
  const { ledger } = ctx;
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
  ctx: TradingContext,
  tx: Tx,
  c: CloseTerms,
  account: Account,
  ids: { orderId: number; closedId: number },
  at: Date,
) {
  const { ledger } = ctx;
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
    const [closed] = await tx.update(tradePositions).set(closeFields).where(eq(tradePositions.id, row.id)).returning();
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
export async function close(
  ctx: TradingContext,
  tx: Tx,
  userId: number | null,
  positionId: number,
  opts: CloseOptions,
  at: Date,
): Promise<{ closed: PositionRow; remaining: PositionRow | null; order: OrderRow; book: PriceBook }> {
  const { ledger } = ctx;
  const c = await closeTerms(ctx, tx, userId, positionId, opts, at);
  const { row } = c;
  const next = await nextIds(tx);
  const ids = { orderId: next.orderId, closedId: c.split.whole ? row.id : next.positionId };

  const account = await ledger.walletAccount(tx, row.userId, row.wallet as Wallet);
  const newHoldId = await releaseMargin(ctx, tx, c, account, at);
  const { fee, absorbed } = await settleMoney(ctx, tx, c, account, ids, at);

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
