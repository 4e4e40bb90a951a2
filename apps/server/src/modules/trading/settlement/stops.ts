/**
 * Stops (docs/trading.md "Protection"): setting or clearing an open position's stop-loss and take-profit. The
 * matching job (engine.ts) closes a position whose stop the price reaches.
 */
import { closingPrice } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import type { TradingContext } from '../context.js';
import { tradableOrNull } from '../instruments.js';
import type { PositionRow } from '../model.js';
import type { PriceBook } from '../prices.js';
import { tradePositions } from '../schema.js';
import { lockOpenPosition } from '../statements.js';
import { refuseLockedUp } from './close.js';

/**
 * Sets or clears the stop-loss and take-profit of an open position, checked against the closing price now. Refused
 * while the position is locked up (a placing's shares): a stop is a close the customer chose.
 */
export async function setStops(
  ctx: TradingContext,
  tx: Tx,
  userId: number,
  positionId: number,
  stopLoss: string | null,
  takeProfit: string | null,
): Promise<{ position: PositionRow; book: PriceBook }> {
  const { currencyOf, book, checkStops, checkTicks } = ctx;
  const row = await lockOpenPosition(tx, userId, positionId);
  refuseLockedUp(row, ctx.deps.clock.now());
  const t = tradableOrNull(row.source, row.code);
  if (!t) throw new Error(`position ${row.id}: instrument gone`);
  checkTicks(t, stopLoss, takeProfit);
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
