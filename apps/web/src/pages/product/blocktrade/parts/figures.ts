/**
 * The block ticket's figures, with the server's own rule (orderFigures of @beurs/contracts): the notional is
 * quantity × desk price × the live rate into the wallet's currency, the fee the stock schedule's buy rate of it
 * (rounded half up to the cent), unleveraged, so the amount held is the notional rounded up to the cent. A preview:
 * the server books what it computes at the desk price of the moment, never above the price shown.
 */
import { Decimal, orderFigures } from '@beurs/contracts';
import type { BlockDeskStock } from '../../../../api/blocktrade';

export interface BlockFigures {
  quantity: number;
  amount: string;
  fee: string;
  total: string;
}

export type QuantityProblem = 'missing' | 'belowMinimum' | null;

export function quantityProblem(quantity: number, min: number): QuantityProblem {
  if (!Number.isInteger(quantity) || quantity < 1) return 'missing';
  if (quantity < min) return 'belowMinimum';
  return null;
}

export function blockFigures(stock: BlockDeskStock | undefined, quantity: number): BlockFigures | null {
  if (!stock || quantityProblem(quantity, 1) !== null) return null;
  const fig = orderFigures({
    quantity,
    price: new Decimal(stock.deskPrice),
    multiplier: 1,
    rate: new Decimal(stock.rate),
    leverage: 1,
    feeRate: new Decimal(stock.feeRate),
  });
  return {
    quantity,
    amount: fig.margin.toFixed(2),
    fee: fig.fee.toFixed(2),
    total: fig.margin.plus(fig.fee).toFixed(2),
  };
}
