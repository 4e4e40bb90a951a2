/** Added margin (docs/trading.md "Positions", "Protection"): more of the wallet held for an open position. */
import { Decimal, type Wallet } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import type { TradingContext } from '../context.js';
import { tradePositions } from '../schema.js';
import { lockOpenPosition } from '../statements.js';

/** Holds more of the wallet as this position's margin (one hold per position: released and held again). */
export async function addMargin(
  ctx: TradingContext,
  tx: Tx,
  userId: number,
  positionId: number,
  amount: string,
  at: Date,
) {
  const { ledger, asMarginError } = ctx;
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
