/**
 * Settling positions (docs/trading.md): filling orders into positions (fills.ts), closing them whole or in part
 * (close.ts), adding margin (margin.ts) and setting stops (stops.ts). Every cash effect goes through the ledger in
 * the caller's transaction: margin is a hold on the product's wallet, fees are entries to the `fees` account and
 * profit or loss are entries against the `market` (house) account.
 *
 * Row locks: a position or an entrusted order is locked (FOR UPDATE) before it changes, so a close sent twice
 * settles once and a fill races no cancel. The wallet account row is locked by the ledger's guarded updates.
 */
import type { Decimal } from '@beurs/contracts';
import type { Tx } from '../../../platform/db/client.js';
import type { TradingContext } from '../context.js';
import { lockOpenPosition } from '../statements.js';
import { type CloseOptions, close } from './close.js';
import { type Fill, fillEntrusted, fillOpen } from './fills.js';
import { addMargin } from './margin.js';
import { setStops } from './stops.js';

export type { CloseOptions } from './close.js';
export { type Fill, filledMessage, newPositionRow } from './fills.js';

/** The settlement steps bound to the module's context: what the service and placement call. */
export function createSettlement(ctx: TradingContext) {
  return {
    fillOpen: (tx: Tx, f: Fill) => fillOpen(ctx, tx, f),
    fillEntrusted: (tx: Tx, orderId: number, at: Date, fillPrice?: Decimal) =>
      fillEntrusted(ctx, tx, orderId, at, fillPrice),
    lockOpenPosition,
    close: (tx: Tx, userId: number | null, positionId: number, opts: CloseOptions, at: Date) =>
      close(ctx, tx, userId, positionId, opts, at),
    addMargin: (tx: Tx, userId: number, positionId: number, amount: string, at: Date) =>
      addMargin(ctx, tx, userId, positionId, amount, at),
    setStops: (tx: Tx, userId: number, positionId: number, stopLoss: string | null, takeProfit: string | null) =>
      setStops(ctx, tx, userId, positionId, stopLoss, takeProfit),
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
