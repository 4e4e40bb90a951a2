/**
 * The pure trading rules (docs/trading.md), one copy for the server and the app: which side of a quote an order
 * opens and a position closes at, the quantity checks, the figures of an order (notional, margin, fee), profit,
 * stops and how a loss is settled. No I/O and no clock: every input is an argument, so the server's answers and
 * the app's previews cannot drift apart. Money is Decimal, never a JS float.
 *
 * Rounding follows money.ts (marginCents, feeCents, creditCents). Direction 0 is a buy (a long position), 1 a
 * sell (a short position): enums.ts Direction.
 */
import { Direction } from './enums.js';
import { creditCents, Decimal, feeCents, marginCents } from './money.js';

type Dec = Decimal | string | number;
/** A quote's two sides, decimal strings. */
export interface BidAsk {
  bid: string;
  ask: string;
}

// ------------------------------------------------------------------------------------------------ prices

const isBuy = (direction: number) => direction === Direction.Buy;

/** The side of a quote a new order fills at: the ask for a buy, the bid for a sell. */
export const openingSide = (direction: number): keyof BidAsk => (isBuy(direction) ? 'ask' : 'bid');
/** The side a position closes at: the bid for a long (it sells), the ask for a short (it buys back). */
export const closingSide = (direction: number): keyof BidAsk => (isBuy(direction) ? 'bid' : 'ask');

/** The price a new order fills at now (openingSide). */
export const openingPrice = (direction: number, q: BidAsk) => new Decimal(q[openingSide(direction)]);
/** The price a position closes at now (closingSide). */
export const closingPrice = (direction: number, q: BidAsk) => new Decimal(q[closingSide(direction)]);

/**
 * The price a limit order fills at once the market has reached it: the better of the limit and the market, as
 * best execution asks (a buy at min(limit, ask), a sell at max(limit, bid)); null while the market has not
 * reached the limit.
 */
export function limitFillPrice(direction: number, limit: Decimal, q: BidAsk): Decimal | null {
  const market = openingPrice(direction, q);
  const reached = isBuy(direction) ? market.lte(limit) : market.gte(limit);
  return reached ? market : null;
}

/** A fill price never worse than the order's limit, whatever was offered (a buy at most, a sell at least it). */
export const notWorseThanLimit = (direction: number, price: Decimal, limit: Decimal) =>
  isBuy(direction) ? Decimal.min(price, limit) : Decimal.max(price, limit);

// ------------------------------------------------------------------------------------------------ quantities

/** What is wrong with a quantity, with the figure its message names; null when it is fine. */
export type QuantityProblem =
  | { reason: 'enterQuantity' }
  | { reason: 'belowMinQuantity'; min: number }
  | { reason: 'quantityStep'; lot: number }
  | { reason: 'closeQuantityTooLarge'; max: number };

/** The smallest order of an instrument: the operator's minimum, and never less than one lot. */
export const minOrderQuantity = (minQuantity: number, lotSize: number) => Math.max(minQuantity, lotSize);

const wholeUnits = (quantity: number) => Number.isInteger(quantity) && quantity >= 1;

/**
 * An order's quantity against its instrument: whole units, at least `min` (minOrderQuantity), in whole lots.
 * Checked in this order, so the message names the first thing to fix.
 */
export function orderQuantityProblem(quantity: number, r: { min: number; lotSize: number }): QuantityProblem | null {
  if (!wholeUnits(quantity)) return { reason: 'enterQuantity' };
  if (quantity < r.min) return { reason: 'belowMinQuantity', min: r.min };
  if (quantity % r.lotSize !== 0) return { reason: 'quantityStep', lot: r.lotSize };
  return null;
}

/** A close's quantity: whole units, at most what is open and, when the lot size is known, in whole lots. */
export function closeQuantityProblem(quantity: number, r: { open: number; lotSize?: number }): QuantityProblem | null {
  if (!wholeUnits(quantity)) return { reason: 'enterQuantity' };
  if (quantity > r.open) return { reason: 'closeQuantityTooLarge', max: r.open };
  if (r.lotSize !== undefined && quantity % r.lotSize !== 0) return { reason: 'quantityStep', lot: r.lotSize };
  return null;
}

// ------------------------------------------------------------------------------------------------ figures

/** A fee schedule: the rate of a buy and of a sell. */
export interface FeeRates<T> {
  buyRate: T;
  sellRate: T;
}
/** The fee rate of an order in `direction`. */
export const openFeeRate = <T>(direction: number, r: FeeRates<T>) => (isBuy(direction) ? r.buyRate : r.sellRate);
/** The fee rate of closing a position opened in `direction`: closing a long sells, closing a short buys. */
export const closeFeeRateOf = <T>(direction: number, r: FeeRates<T>) => (isBuy(direction) ? r.sellRate : r.buyRate);

/** Quantity × price × multiplier × rate: an order's value in the wallet's currency, unrounded. */
export const notionalOf = (quantity: Dec, price: Dec, multiplier: Dec, rate: Dec) =>
  new Decimal(quantity).times(price).times(multiplier).times(rate);

/** Figures of an order at a price: notional, margin (rounded up) and fee (half up), in the wallet's currency. */
export function orderFigures(o: {
  quantity: number;
  price: Decimal;
  multiplier: Dec;
  rate: Decimal;
  leverage: number;
  feeRate: Decimal;
}) {
  // 8 places first: a rate like 1/7.8/1.25 has no exact form, and rounding the margin up must not turn
  // 3999.999…96 into an extra cent.
  const notional = notionalOf(o.quantity, o.price, o.multiplier, o.rate).toDecimalPlaces(8);
  return {
    notional,
    margin: marginCents(notional.dividedBy(o.leverage)),
    fee: feeCents(notional.times(o.feeRate)),
  };
}

/** Margin and fee of one unit at a price (the ticket multiplies them by the quantity), unrounded. */
export function perUnitFigures(o: { price: Decimal; multiplier: Dec; rate: Decimal; leverage: number; feeRate: Dec }) {
  const unitNotional = notionalOf(1, o.price, o.multiplier, o.rate);
  return { marginPerUnit: unitNotional.dividedBy(o.leverage), feePerUnit: unitNotional.times(o.feeRate) };
}

/**
 * The largest quantity `available` pays for at `perUnit` (margin + fee of one unit), in whole lots, and half of
 * it; 0 when below the minimum. Margin rounds up and the fee to the cent: a cent per figure is kept spare so the
 * full quantity always fits.
 */
export function affordableQuantity(available: Decimal, perUnit: Decimal, r: { min: number; lotSize: number }) {
  const units = perUnit.gt(0) ? available.minus(0.02).dividedBy(perUnit).floor().toNumber() : 0;
  const inLots = (n: number) => Math.floor(Math.max(n, 0) / r.lotSize) * r.lotSize;
  const atLeastMin = (n: number) => (n >= r.min ? n : 0);
  const full = atLeastMin(inLots(units));
  return { full, half: atLeastMin(inLots(full / 2)) };
}

/** The close fee of `quantity` closing at `price`: notional × the close fee rate, to the cent. */
export const closeFee = (o: { quantity: number; price: Dec; multiplier: Dec; rate: Dec; feeRate: Dec }) =>
  feeCents(notionalOf(o.quantity, o.price, o.multiplier, o.rate).times(o.feeRate));

// ------------------------------------------------------------------------------------------------ profit

/** What a position in `direction` gains from `from` to `to`, in the wallet currency at `rate`, unrounded. */
export function priceGain(
  p: { direction: number; multiplier: Dec },
  quantity: number,
  from: Dec,
  to: Dec,
  rate: Dec,
): Decimal {
  const perUnit = new Decimal(to).minus(from);
  return (isBuy(p.direction) ? perUnit : perUnit.negated()).times(quantity).times(p.multiplier).times(rate);
}

/** Floating profit of `quantity` of a position closing at `price`, in the wallet currency at `rate`, to the cent. */
export const positionProfit = (
  p: { direction: number; openPrice: Dec; multiplier: Dec },
  quantity: number,
  price: Dec,
  rate: Dec,
) => feeCents(priceGain(p, quantity, p.openPrice, price, rate));

/** Equity over required margin in percent (docs/trading.md "Margin level"); null without required margin. */
export const marginLevel = (equity: Decimal, required: Decimal) =>
  required.gt(0) ? equity.dividedBy(required).times(100) : null;

const lossOf = (profit: Decimal) => (profit.isNegative() ? profit.negated() : new Decimal(0));

/** Whether a close's loss and fee exceed the margin it releases (then the wallet's balance is needed: settleLoss). */
export const lossExceedsMargin = (o: { profit: Decimal; feeDue: Decimal; margin: Decimal }) =>
  lossOf(o.profit).plus(o.feeDue).gt(o.margin);

/**
 * How a close's loss and fee are paid. Within the released margin, in full; beyond it, from the wallet's
 * `available` balance (read once the margin is released) only, loss first, and the loss it cannot pay is absorbed
 * by the house (negative-balance protection). `available` counts only when lossExceedsMargin; floored to the cent.
 */
export function settleLoss(o: { profit: Decimal; feeDue: Decimal; margin: Decimal; available: Decimal }) {
  const loss = lossOf(o.profit);
  if (!lossExceedsMargin(o)) return { paidLoss: loss, fee: o.feeDue, absorbed: new Decimal(0) };
  const available = creditCents(Decimal.max(o.available, 0));
  const paidLoss = Decimal.min(loss, available);
  return { paidLoss, fee: Decimal.min(o.feeDue, available.minus(paidLoss)), absorbed: loss.minus(paidLoss) };
}

// ------------------------------------------------------------------------------------------------ ticks

/** The smallest step of an instrument's price, 10^-priceDecimals: 0.01 for a US stock, 0.00001 for EUR/USD. */
export const tickOf = (priceDecimals: number) => new Decimal(10).pow(-priceDecimals);

/**
 * Whether a typed price (a limit, a stop-loss, a take-profit) is a whole number of the instrument's ticks, that is
 * has no more decimals than its prices: a US stock of a dollar or more is quoted in cents (Reg NMS rule 612), and
 * an order between two ticks could never be shown as it is.
 */
export const onTick = (price: Dec, priceDecimals: number) => new Decimal(price).decimalPlaces() <= priceDecimals;

// ------------------------------------------------------------------------------------------------ stops

/**
 * Whether a stop-loss and a take-profit are on the right side of `reference` (the price now): for a long the
 * stop below and the take-profit above it, for a short the other way round. Names the first one that is not.
 */
export function stopsProblem(
  direction: number,
  reference: Decimal,
  stopLoss?: string | null,
  takeProfit?: string | null,
): 'stopLossInvalid' | 'takeProfitInvalid' | null {
  const long = isBuy(direction);
  if (stopLoss != null && (long ? reference.lte(stopLoss) : reference.gte(stopLoss))) return 'stopLossInvalid';
  if (takeProfit != null && (long ? reference.gte(takeProfit) : reference.lte(takeProfit))) return 'takeProfitInvalid';
  return null;
}

/** Which stop the closing price has reached, the stop-loss first; null when neither. */
export function stopReached(
  direction: number,
  price: Decimal,
  stopLoss: string | null,
  takeProfit: string | null,
): { reason: 'stopLoss' | 'takeProfit'; trigger: Decimal } | null {
  const long = isBuy(direction);
  if (stopLoss !== null && (long ? price.lte(stopLoss) : price.gte(stopLoss))) {
    return { reason: 'stopLoss', trigger: new Decimal(stopLoss) };
  }
  if (takeProfit !== null && (long ? price.gte(takeProfit) : price.lte(takeProfit))) {
    return { reason: 'takeProfit', trigger: new Decimal(takeProfit) };
  }
  return null;
}
