/**
 * The trading module's rows, statuses and order shapes, and how prices and rates are written: shared by its
 * placement, settlement, queries and DTOs.
 */
import { Decimal, type orderFigures, trading } from '@beurs/contracts';
import type { ProductEndpoint, Tradable } from './instruments.js';
import type { PriceBook } from './prices.js';
import type { tradeOrders, tradePositions } from './schema.js';

export type OrderRow = typeof tradeOrders.$inferSelect;
export type PositionRow = typeof tradePositions.$inferSelect;

export const STATUS = trading.TRADE_STATUS;
export const positionLink = (id: number) => `/pages/trade/detail?positionId=${id}`;
export const orderLink = (id: number) => `/pages/trade/detail?orderId=${id}`;

export const ZERO = new Decimal(0);
export const priceText = (d: Decimal | string) => new Decimal(d).toDecimalPlaces(8).toFixed();
/**
 * An instrument's price in an answer: every decimal it has (at most 8), and at least the instrument's
 * `priceDecimals`, as its quotes are written (EUR/USD 1.20590, not 1.2059; AAPL 95.00, not 95).
 */
export const instrumentPriceText = (d: Decimal | string, priceDecimals: number) => {
  const price = new Decimal(d).toDecimalPlaces(8);
  return price.toFixed(Math.max(priceDecimals, price.decimalPlaces()));
};
export const rateText = (d: Decimal | string) => new Decimal(d).toSignificantDigits(10).toFixed();

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
  /** An opening-auction order (modules/auction): a limit order that rests until this regular open, whatever the price. */
  atOpen?: Date | undefined;
}

/** An order decided but not written yet (placement.ts: plan, then execute or openNow). */
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
  /** The fee rate of this order's open, from the schedule it was placed under (fig.fee is charged at it). */
  feeRate: Decimal;
  /** The fee rate of the close of what this order opens, from the schedule it was placed under. */
  closeFeeRate: Decimal;
}
