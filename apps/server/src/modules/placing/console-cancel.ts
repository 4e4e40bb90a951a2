/**
 * Cancelling a placing (docs/primary-markets.md "Console"), as an offering is cancelled: in one transaction every
 * live application is cancelled and its hold (amount and fee) released in full through the ledger. Only a placing
 * still scheduled may be cancelled: nothing has been paid then (the job pays at the allotment), so releasing the
 * holds returns everything. The placing row is locked FOR UPDATE first, so applications in flight (which read it FOR
 * SHARE) finish before, none can start after, and the allotment job (which locks it too) cannot run meanwhile.
 */
import { Code, Decimal, E } from '@beurs/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Ledger } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { PlacingDemand } from './console.js';
import { placingForUpdate } from './console-manage.js';
import type { PlacingRow } from './placings.js';
import { placingSubscriptions, placings } from './schema.js';

export interface PlacingCancelOutcome {
  placing: PlacingRow;
  before: PlacingRow;
  /** Applications this request cancelled (0 when the placing was cancelled already). */
  cancelled: number;
  /** Released to customers, per wallet currency. */
  refunded: Map<string, Decimal>;
  /** The live applications and shares applied for before the cancellation. */
  beforeDemand: PlacingDemand;
}

/** Cancels placing `id` in the caller's transaction; a cancelled one answers as it is, moving nothing. */
export async function cancelPlacing(ledger: Ledger, tx: Tx, id: number, at: Date): Promise<PlacingCancelOutcome> {
  const before = await placingForUpdate(tx, id);
  if (before.state === 'cancelled') {
    return { placing: before, before, cancelled: 0, refunded: new Map(), beforeDemand: { applications: 0, shares: 0 } };
  }
  if (before.state !== 'scheduled') {
    throw new AppError(Code.rule, E.placingNotCancellable, { code: before.code }, 'placingNotCancellable');
  }
  const live = await tx
    .select()
    .from(placingSubscriptions)
    .where(and(eq(placingSubscriptions.placingId, id), ne(placingSubscriptions.status, 'cancelled')))
    .orderBy(placingSubscriptions.id)
    .for('update');
  const refunded = new Map<string, Decimal>();
  for (const a of live) {
    const amount = (a.holdId && (await ledger.releasedAmount(tx, a.holdId, at))) || new Decimal(0);
    refunded.set(a.currency, (refunded.get(a.currency) ?? new Decimal(0)).plus(amount));
  }
  if (live.length > 0) {
    await tx
      .update(placingSubscriptions)
      .set({ status: 'cancelled', updatedAt: at })
      .where(
        inArray(
          placingSubscriptions.id,
          live.map((a) => a.id),
        ),
      );
  }
  const [placing] = await tx
    .update(placings)
    .set({ state: 'cancelled', updatedAt: at })
    .where(eq(placings.id, id))
    .returning();
  if (!placing) throw new Error(`placing ${id} vanished while cancelled`);
  const beforeDemand = { applications: live.length, shares: live.reduce((sum, a) => sum + a.quantity, 0) };
  return { placing, before, cancelled: live.length, refunded, beforeDemand };
}
