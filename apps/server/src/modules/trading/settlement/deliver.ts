/**
 * Shares delivered from outside the order book (an IPO allotment at its listing, modules/primary): an ordinary long
 * position opened by the fill path every order takes (fillOpen), at the price the customer paid, unleveraged, with no
 * opening fee (the offering's own fee was charged at the allotment). Its close fee rate is today's schedule, as for
 * an order placed now. The margin must already be in the wallet: the caller credits it in the same transaction.
 * A placing's shares carry their lock-up (`sellableFrom`): the customer cannot close them before it (close.ts).
 */
import { closeFeeRateOf, Decimal, feeCents } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { createTradingContext } from '../context.js';
import { tradableOrNull } from '../instruments.js';
import { priceText, STATUS } from '../model.js';
import { tradePositions } from '../schema.js';
import { idsAndKyc } from '../statements.js';
import { fillOpen } from './fills.js';

export interface Delivery {
  userId: number;
  source: number;
  code: string;
  quantity: number;
  /** Per share, in the instrument's currency. */
  price: Decimal;
  /** Instrument currency -> the position wallet's currency. */
  rate: Decimal;
  /** quantity × price × rate, in the wallet's currency: held as the position's margin (leverage 1). */
  margin: Decimal;
  at: Date;
  /** A lock-up: the customer's own close and stops are refused before this instant (a close-out is not). */
  sellableFrom?: Date | undefined;
}

/** Opens the delivered position in the caller's transaction; answers the order and the position. */
export async function deliverShares(deps: Deps, tx: Tx, d: Delivery) {
  const ctx = createTradingContext(deps);
  const t = tradableOrNull(d.source, d.code);
  if (t?.kind !== 'stock') throw new Error(`deliver: ${d.source}:${d.code} is not a listed stock`);
  const closeFeeRate = closeFeeRateOf(0, await ctx.settings.rule(t.assetClass));
  const ids = await idsAndKyc(tx, d.userId);
  const account = await ctx.ledger.walletAccount(tx, d.userId, t.wallet);
  const price = priceText(d.price);
  const filled = await fillOpen(ctx, tx, {
    order: {
      id: ids.orderId,
      userId: d.userId,
      addToPositionId: null,
      positionId: null,
      source: t.source,
      code: t.code,
      wallet: t.wallet,
      direction: 0,
      orderType: 0,
      openClose: 0,
      quantity: d.quantity,
      price,
      leverage: 1,
      margin: d.margin.toFixed(2),
      fee: '0.00',
      amount: feeCents(new Decimal(d.quantity).times(d.price).times(d.rate)).toFixed(2),
      rate: d.rate.toString(),
      closeFeeRate: closeFeeRate.toFixed(),
      stopLoss: null,
      takeProfit: null,
      createdAt: d.at,
      holdId: null,
      status: STATUS.Success,
      fillPrice: price,
      filledAt: d.at,
    },
    isNew: true,
    positionId: ids.positionId,
    account,
    t,
    addTo: undefined,
    at: d.at,
  });
  if (!d.sellableFrom) return filled;
  const [position] = await tx
    .update(tradePositions)
    .set({ sellableFrom: d.sellableFrom })
    .where(eq(tradePositions.id, filled.position.id))
    .returning();
  if (!position) throw new Error('delivered position not stored');
  return { ...filled, position };
}
