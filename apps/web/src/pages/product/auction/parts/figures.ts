/**
 * The auction ticket's figures, the server's rules (trading-rules.ts orderFigures: unleveraged, the open fee of the
 * stock schedule) on the limit price: what is held until the open, the most the order costs. A buy filled at a lower
 * opening price is charged the fill's figures and the rest is released, as for every entrusted limit order.
 */
import { Decimal, orderFigures, orderQuantityProblem, type QuantityProblem, trading } from '@beurs/contracts';
import type { AuctionStockRow } from '../../../../api/auction';

export interface AuctionFigures {
  amount: string;
  fee: string;
  total: string;
}

/** The limit as typed, or null when it is not a price above 0. */
export function limitOf(text: string): Decimal | null {
  const parsed = trading.priceInput.safeParse(text.replace(',', '.'));
  return parsed.success ? new Decimal(parsed.data) : null;
}

export function quantityProblemOf(stock: AuctionStockRow, quantity: number): QuantityProblem | null {
  return orderQuantityProblem(quantity, { min: stock.minQuantity, lotSize: stock.lotSize });
}

export function auctionFigures(
  stock: AuctionStockRow,
  direction: 0 | 1,
  limit: Decimal | null,
  quantity: number,
): AuctionFigures | null {
  if (!limit || quantityProblemOf(stock, quantity)) return null;
  const fig = orderFigures({
    quantity,
    price: limit,
    multiplier: 1,
    rate: new Decimal(stock.rate),
    leverage: 1,
    feeRate: new Decimal(direction === 0 ? stock.buyRate : stock.sellRate),
  });
  return { amount: fig.margin.toFixed(2), fee: fig.fee.toFixed(2), total: fig.margin.plus(fig.fee).toFixed(2) };
}
