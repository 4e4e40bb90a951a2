/**
 * The placings job (docs/primary-markets.md "Placings"), on the primary-markets job's interval (PRIMARY_JOB_MS), one
 * node at a time (its own advisory lock): it fixes the price of each placing whose window has opened, and at each
 * placing's close runs the IPOs' published allotment (allot, seeded by the placing) and settles every application in
 * one transaction: its hold released, the allotted amount and the fee paid (placingAllotment), and, the stock being
 * listed already, the allotted shares delivered at once as an ordinary position (placingDelivery, deliverShares),
 * locked up for the published days (getPlacingFlatCount). A rerun finds the placing allotted and changes nothing;
 * the ledger's references (unique per type) guard it a second time.
 */
import { Decimal, marginCents, walletForClassify } from '@beurs/contracts';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { allot, paidFor } from '../primary/index.js';
import { deliverShares, priceBook } from '../trading/index.js';
import { type ApplicationRow, instrumentOf, lockupEndsAt, type PlacingRow, withPrice } from './placings.js';
import { placingSubscriptions, placings } from './schema.js';

export const PLACING_JOB_LOCK = 'placings';
export const PLACING_ALLOTMENT_ENTRY = 'placingAllotment';
export const PLACING_DELIVERY_ENTRY = 'placingDelivery';

/** The published seed of a placing's ballot (distinct from any offering's). */
export const placingSeed = (p: { id: number; code: string }) => `placing:${p.id}:${p.code}`;

export function createPlacingJob(deps: Deps) {
  const { db, clock, log, ledger } = deps;

  /** Paid: the hold released, amount and fee from the SUBSCRIPTION wallet to the market and fees accounts. */
  async function pay(tx: Tx, p: PlacingRow, a: ApplicationRow, quantity: number, at: Date) {
    if (!a.holdId || !(await ledger.release(tx, a.holdId, at))) throw new Error(`placing application ${a.id}: no hold`);
    const paid = paidFor(a, quantity);
    const fee = new Decimal(a.fee);
    const account = await ledger.walletAccount(tx, a.userId, a.wallet as never);
    const postings = [{ account, amount: paid.plus(fee).negated() }];
    if (paid.gt(0))
      postings.push({ account: await ledger.systemAccount(tx, 'market', account.currency), amount: paid });
    if (fee.gt(0)) postings.push({ account: await ledger.systemAccount(tx, 'fees', account.currency), amount: fee });
    if (postings.length > 1) {
      await ledger.post(tx, {
        type: PLACING_ALLOTMENT_ENTRY,
        reference: `placing:${a.id}`,
        at,
        detail: { subscription: a.id, placing: p.id, code: p.code, quantity, fee: fee.toFixed(2) },
        postings,
      });
    }
    return paid;
  }

  /** Delivered: the value from the market account to the stock wallet (through fx if need be), then the position. */
  async function deliver(tx: Tx, p: PlacingRow, a: ApplicationRow, quantity: number, paid: Decimal, at: Date) {
    const def = instrumentOf(p);
    const to = await ledger.walletAccount(
      tx,
      a.userId,
      walletForClassify[def.classify as keyof typeof walletForClassify],
    );
    let rate = new Decimal(a.rate);
    if (to.currency !== a.currency) {
      rate =
        to.currency === p.currency
          ? new Decimal(1)
          : (await priceBook(deps.market, [], [[p.currency, to.currency]]))
              .rate(p.currency, to.currency)
              .toSignificantDigits(12);
    }
    const value = to.currency === a.currency ? paid : marginCents(new Decimal(a.price).times(quantity).times(rate));
    const postings = [
      { account: await ledger.systemAccount(tx, 'market', a.currency as never), amount: paid.negated() },
      { account: to, amount: value },
    ];
    if (to.currency !== a.currency) {
      postings.push({ account: await ledger.systemAccount(tx, 'fx', a.currency as never), amount: paid });
      postings.push({ account: await ledger.systemAccount(tx, 'fx', to.currency), amount: value.negated() });
    }
    const lockupEnds = lockupEndsAt(p).toISOString().slice(0, 16).replace('T', ' ');
    await ledger.post(tx, {
      type: PLACING_DELIVERY_ENTRY,
      reference: `placing:${a.id}:delivery`,
      at,
      detail: { subscription: a.id, placing: p.id, code: p.code, quantity, lockupEnds },
      postings,
    });
    const price = new Decimal(a.price);
    const { position } = await deliverShares(deps, tx, {
      userId: a.userId,
      source: p.source,
      code: p.code,
      quantity,
      price,
      rate,
      margin: value,
      at,
      sellableFrom: lockupEndsAt(p),
    });
    return position.id;
  }

  /** One placing's allotment at its close, in one transaction; false when not due or already done. */
  async function allotPlacing(id: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [p] = await tx.select().from(placings).where(eq(placings.id, id)).for('update');
      if (p?.state !== 'scheduled' || p.closesAt > at) return false;
      const apps = await tx
        .select()
        .from(placingSubscriptions)
        .where(and(eq(placingSubscriptions.placingId, id), eq(placingSubscriptions.status, 'subscribed')))
        .orderBy(asc(placingSubscriptions.id))
        .for('update');
      const lotsOffered = p.sharesOffered / p.lotSize;
      const applications = apps.map((a) => ({ id: a.id, lots: a.quantity / p.lotSize }));
      const seed = placingSeed(p);
      const result = allot({ rule: p.allotmentRule, lotsOffered, seed, applications });
      const lots = applications.map((a) => ({ id: a.id, lots: result.get(a.id) ?? 0 }));
      for (const a of apps) {
        const quantity = (result.get(a.id) ?? 0) * p.lotSize;
        const paid = await pay(tx, p, a, quantity, at);
        const positionId = quantity > 0 ? await deliver(tx, p, a, quantity, paid, at) : null;
        await tx
          .update(placingSubscriptions)
          .set({
            status: quantity > 0 ? 'allotted' : 'notAllotted',
            allottedQuantity: quantity,
            amountPaid: paid.plus(a.fee).toString(),
            positionId,
            updatedAt: at,
          })
          .where(eq(placingSubscriptions.id, a.id));
      }
      await tx
        .update(placings)
        .set({
          state: 'allotted',
          seed,
          lotsApplied: applications.reduce((sum, a) => sum + a.lots, 0),
          lotsAllotted: lots.reduce((sum, a) => sum + a.lots, 0),
          applications,
          result: lots,
          allottedAt: at,
          updatedAt: at,
        })
        .where(eq(placings.id, id));
      return true;
    });
  }

  /** Every step due at the clock's instant: prices of opened windows, then allotments of closed ones. */
  async function runUnlocked() {
    const at = clock.now();
    const unpriced = await db
      .select()
      .from(placings)
      .where(and(eq(placings.state, 'scheduled'), isNull(placings.price), lte(placings.opensAt, at)));
    for (const p of unpriced) await withPrice(deps, p, at);
    const closed = await db
      .select({ id: placings.id, code: placings.code })
      .from(placings)
      .where(and(eq(placings.state, 'scheduled'), lte(placings.closesAt, at)))
      .orderBy(asc(placings.closesAt), asc(placings.id));
    const allotted: number[] = [];
    for (const p of closed) {
      try {
        if (await allotPlacing(p.id, at)) allotted.push(p.id);
      } catch (err) {
        log.error({ err, placing: p.id }, 'placings job step failed');
      }
    }
    return { allotted };
  }

  const runOnce = async () => {
    const pass = await runAsLeader(db, PLACING_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : { allotted: [] };
  };

  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'placings job');
  return { runOnce, runUnlocked, allotPlacing, start };
}
