/**
 * Cancelling an offering (docs/primary-markets.md "Console"): in one transaction, every live subscription is
 * cancelled and everything it holds or paid returns to the customer through the ledger, fee included. The offering
 * row is locked FOR UPDATE first, so subscriptions in flight (which read it FOR SHARE) finish before, and none can
 * start after: no subscription is left holding money on a cancelled offering.
 */
import { Code, Decimal, E } from '@beurs/contracts';
import { and, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Ledger } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { journalEntries, ledgerAccounts, ledgerHolds, ledgerPostings } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { offeringById } from './console-offerings.js';
import type { OfferingRow } from './offerings.js';
import { offeringSubscriptions, offerings } from './schema.js';
import type { SubscriptionRow } from './subscriptions.js';

/** The journal type of a cancellation's refund of money a subscription had paid (after an allotment). */
export const CANCEL_REFUND_TYPE = 'offeringCancelRefund';

export interface CancelOutcome {
  offering: OfferingRow;
  /** Subscriptions this request cancelled (0 when the offering was cancelled already). */
  cancelled: number;
  /** Returned to customers, per wallet currency. */
  refunded: Map<string, Decimal>;
  before: OfferingRow;
  /** The live subscriptions and shares applied for before the cancellation. */
  beforeDemand: { subscriptions: number; shares: number };
}

/**
 * The entries that took money out of the customer's wallet for this subscription: the hold's own settlement and any
 * entry referenced `subscription:<id>` (the allotment job's). Each is reversed once: the refund's reference is
 * unique per type (`offering-cancel:<entry id>`), so a retry cannot pay it twice.
 */
async function reversePaid(ledger: Ledger, tx: Tx, s: SubscriptionRow, at: Date, operatorId: number) {
  const ref = `subscription:${s.id}`;
  const holdEntry = s.holdId
    ? tx.select({ id: ledgerHolds.entryId }).from(ledgerHolds).where(eq(ledgerHolds.id, s.holdId))
    : undefined;
  const entries = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(
      or(
        eq(journalEntries.reference, ref),
        like(journalEntries.reference, `${ref}:%`),
        holdEntry ? inArray(journalEntries.id, holdEntry) : sql`false`,
      ),
    );
  let total = new Decimal(0);
  for (const { id } of entries) {
    const postings = await tx
      .select({ account: ledgerAccounts, amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.entryId, id));
    const paid = postings.find((p) => p.account.userId === s.userId && new Decimal(p.amount).isNegative());
    // Only what left the customer's wallet is returned; an entry that paid them is theirs to keep.
    if (!paid) continue;
    await ledger.post(tx, {
      type: CANCEL_REFUND_TYPE,
      reference: `offering-cancel:${id}`,
      at,
      operatorId,
      detail: { subscriptionId: s.id, offeringId: s.offeringId, reversedEntryId: id },
      postings: postings.map((p) => ({
        account: { id: p.account.id, currency: p.account.currency as never, userId: p.account.userId },
        amount: new Decimal(p.amount).negated(),
      })),
    });
    total = total.minus(paid.amount);
  }
  return total;
}

/** One subscription's refund: the active hold released, anything already paid posted back. */
async function refund(ledger: Ledger, tx: Tx, s: SubscriptionRow, at: Date, operatorId: number) {
  const released = (s.holdId && (await ledger.releasedAmount(tx, s.holdId, at))) || new Decimal(0);
  return released.plus(await reversePaid(ledger, tx, s, at, operatorId));
}

/** Cancels offering `id` in the caller's transaction; a cancelled one answers as it is, moving nothing. */
export async function cancelOffering(
  ledger: Ledger,
  tx: Tx,
  id: number,
  at: Date,
  operatorId: number,
): Promise<CancelOutcome> {
  const before = await offeringById(tx, id, 'update');
  if (before.state === 'cancelled') {
    return {
      offering: before,
      before,
      cancelled: 0,
      refunded: new Map(),
      beforeDemand: { subscriptions: 0, shares: 0 },
    };
  }
  if (before.state === 'listed') {
    throw new AppError(Code.rule, E.offeringNotCancellable, { code: before.code }, 'offeringNotCancellable');
  }
  const live = await tx
    .select()
    .from(offeringSubscriptions)
    .where(and(eq(offeringSubscriptions.offeringId, id), ne(offeringSubscriptions.status, 'cancelled')))
    .orderBy(offeringSubscriptions.id)
    .for('update');
  const refunded = new Map<string, Decimal>();
  for (const s of live) {
    const amount = await refund(ledger, tx, s, at, operatorId);
    refunded.set(s.currency, (refunded.get(s.currency) ?? new Decimal(0)).plus(amount));
  }
  if (live.length > 0) {
    await tx
      .update(offeringSubscriptions)
      // Everything paid came back: nothing stays paid or pending on a cancelled subscription.
      .set({ status: 'cancelled', amountPaid: '0', updatedAt: at })
      .where(
        inArray(
          offeringSubscriptions.id,
          live.map((s) => s.id),
        ),
      );
  }
  const [offering] = await tx
    .update(offerings)
    .set({ state: 'cancelled', updatedAt: at })
    .where(eq(offerings.id, id))
    .returning();
  if (!offering) throw new Error(`offering ${id} vanished while cancelled`);
  const beforeDemand = { subscriptions: live.length, shares: live.reduce((sum, s) => sum + s.quantity, 0) };
  return { offering, before, cancelled: live.length, refunded, beforeDemand };
}
