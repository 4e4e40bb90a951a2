/**
 * The subscription ticket's figures (docs/primary-markets.md "Subscribing"), from getIpoFullNum's answer and the
 * number of lots. The server holds `round_up(quantity × top price × rate)` + the fee; its `perLot` is one lot's
 * hold rounded up to the cent, so `lots × perLot` is never below the hold. The ticket shows that as what is held at
 * most and sends it as `maxTotal`: the server refuses a hold above it (the rate moved), and never refuses the
 * figure it showed only because of rounding.
 */
import { Decimal } from '@beurs/contracts';
import type { IpoTicketFigures } from '../../api/primary';

export interface SubscriptionFigures {
  lots: number;
  quantity: number;
  /** quantity × the top price, in the offering's currency. */
  priceAmount: string;
  /** What the shares hold at most, in the wallet's currency (lots × perLot). */
  amount: string;
  fee: string;
  /** amount + fee: the hold at most, and the `maxTotal` sent. */
  total: string;
  /** What the wallet lacks for it (null: it carries it). */
  shortfall: string | null;
}

/** The figures of `lots` whole lots; null when there is no whole positive number of lots or no figures yet. */
export function subscriptionFigures(info: IpoTicketFigures | undefined, lots: number): SubscriptionFigures | null {
  if (!info || !Number.isInteger(lots) || lots < 1) return null;
  const quantity = lots * info.lotSize;
  const amount = new Decimal(info.perLot).times(lots);
  const total = amount.plus(info.fee);
  const missing = total.minus(info.available);
  return {
    lots,
    quantity,
    priceAmount: new Decimal(info.price).times(quantity).toFixed(2),
    amount: amount.toFixed(2),
    fee: new Decimal(info.fee).toFixed(2),
    total: total.toFixed(2),
    shortfall: missing.gt(0) ? missing.toFixed(2) : null,
  };
}

/** The most lots the caller can subscribe now (getIpoFullNum's maxQuantity, whole lots). */
export const maxLotsOf = (info: IpoTicketFigures | undefined) =>
  info && info.lotSize > 0 ? Math.floor(info.maxQuantity / info.lotSize) : 0;

export type LotsProblem = 'missing' | 'aboveMax' | null;

/** What is wrong with the number of lots: none, or more than the balance carries. */
export function lotsProblem(lots: number, maxLots: number): LotsProblem {
  if (!Number.isInteger(lots) || lots < 1) return 'missing';
  if (lots > maxLots) return 'aboveMax';
  return null;
}
