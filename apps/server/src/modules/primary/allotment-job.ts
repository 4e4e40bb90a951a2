/**
 * The primary-markets job (docs/primary-markets.md "The allotment job", "Listing"): at each offering's close it runs
 * the published allotment and settles every subscription out of its hold; at the listing date it lists the code in
 * the simulator and delivers the allotted shares as ordinary positions. One node at a time runs it (the advisory
 * lock of platform/jobs.ts, as the trading job); every node keeps its own instruments in step (syncListings).
 *
 * Each offering's allotment, and each offering's listing, is one transaction that begins by locking the offering row
 * and checking its stored state: a rerun, or a run after a crash (which rolled the whole step back), either does the
 * whole step or finds it done and changes nothing. The ledger's references (unique per type) guard it a second time.
 */
import { Decimal, marginCents, walletForClassify } from '@beurs/contracts';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { deliverShares, priceBook } from '../trading/index.js';
import { allot, allotmentSeed } from './allotment.js';
import { offeringAllotments } from './allotment-schema.js';
import { createFinancing, makeUpOf } from './financing.js';
import { listOnThisNode, syncListings } from './listing.js';
import type { OfferingRow } from './offerings.js';
import { offeringSubscriptions, offerings } from './schema.js';
import type { SubscriptionRow } from './subscriptions.js';

/** The advisory lock key of the job. */
export const PRIMARY_JOB_LOCK = 'primary-markets';
/** Journal types: the allotment's payment and fee, and the shares' value delivered at the listing. */
export const ALLOTMENT_ENTRY = 'ipoAllotment';
export const DELIVERY_ENTRY = 'ipoDelivery';

export interface PrimaryRunResult {
  allotted: string[];
  /** Financed subscriptions (ids) whose make-up was not paid by the deadline. */
  lapsed: number[];
  /** Financed subscriptions (ids) reminded of their make-up deadline (IPO_FINANCING.reminderHoursBeforeDue). */
  reminded: number[];
  listed: string[];
  ran: boolean;
}

/** What an allotment of `quantity` shares costs, in the wallet's currency at the subscription's rate (rounded up). */
export const paidFor = (s: Pick<SubscriptionRow, 'price' | 'rate'>, quantity: number) =>
  quantity > 0 ? marginCents(new Decimal(s.price).times(quantity).times(s.rate)) : new Decimal(0);

async function lockOffering(tx: Tx, id: number): Promise<OfferingRow | undefined> {
  const [o] = await tx.select().from(offerings).where(eq(offerings.id, id)).for('update');
  return o;
}

export function createPrimaryJob(deps: Deps) {
  const { db, clock, log, ledger } = deps;
  const financing = createFinancing(deps);

  /** One subscription settled: its hold released, the allotted amount and the fee posted, its state set. */
  async function settle(tx: Tx, o: OfferingRow, s: SubscriptionRow, quantity: number, at: Date) {
    if (!s.holdId || !(await ledger.release(tx, s.holdId, at))) {
      throw new Error(`subscription ${s.id}: its hold is not active`);
    }
    const paid = paidFor(s, quantity);
    // Financed, and the deposit does not cover the allotment: the make-up is due (docs "IPO financing").
    if (s.financed && makeUpOf(s, o, paid)) return financing.pend(tx, o, s, quantity, paid, at);
    const fee = new Decimal(s.fee);
    const account = await ledger.walletAccount(tx, s.userId, s.wallet as never);
    const postings = [{ account, amount: paid.plus(fee).negated() }];
    if (paid.gt(0))
      postings.push({ account: await ledger.systemAccount(tx, 'market', account.currency), amount: paid });
    if (fee.gt(0)) postings.push({ account: await ledger.systemAccount(tx, 'fees', account.currency), amount: fee });
    if (postings.length > 1) {
      await ledger.post(tx, {
        type: ALLOTMENT_ENTRY,
        reference: `subscription:${s.id}`,
        at,
        detail: { subscription: s.id, offering: o.id, code: o.code, quantity, fee: fee.toFixed(2) },
        postings,
      });
    }
    await tx
      .update(offeringSubscriptions)
      .set({
        status: quantity > 0 ? 'allotted' : 'notAllotted',
        allottedQuantity: quantity,
        amountPaid: paid.plus(fee).toString(),
        updatedAt: at,
      })
      .where(eq(offeringSubscriptions.id, s.id));
  }

  /** The allotment of one offering at its close, in one transaction; false when it is not due or already done. */
  async function allotOffering(id: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const o = await lockOffering(tx, id);
      if (o?.state !== 'scheduled' || o.closesAt > at) return false;
      const subs = await tx
        .select()
        .from(offeringSubscriptions)
        .where(and(eq(offeringSubscriptions.offeringId, id), eq(offeringSubscriptions.status, 'subscribed')))
        .orderBy(asc(offeringSubscriptions.id))
        .for('update');
      const lotsOffered = o.sharesOffered / o.lotSize;
      const applications = subs.map((s) => ({ id: s.id, lots: s.quantity / o.lotSize }));
      const seed = allotmentSeed(o);
      const result = allot({ rule: o.allotmentRule, lotsOffered, seed, applications });
      const lots = applications.map((a) => ({ id: a.id, lots: result.get(a.id) ?? 0 }));
      await tx.insert(offeringAllotments).values({
        offeringId: o.id,
        rule: o.allotmentRule,
        seed,
        lotSize: o.lotSize,
        lotsOffered,
        lotsApplied: applications.reduce((sum, a) => sum + a.lots, 0),
        lotsAllotted: lots.reduce((sum, a) => sum + a.lots, 0),
        applications,
        result: lots,
        ranAt: at,
      });
      for (const s of subs) await settle(tx, o, s, (result.get(s.id) ?? 0) * o.lotSize, at);
      await tx.update(offerings).set({ state: 'allotted', updatedAt: at }).where(eq(offerings.id, id));
      return true;
    });
  }

  /**
   * The rate of a delivered position (offering currency -> the stock wallet's): the subscription's own when the
   * wallets share a currency, 1 when the stock wallet is in the offering's currency, else the live mid rate.
   */
  async function deliveryRate(o: OfferingRow, s: SubscriptionRow, walletCurrency: string) {
    if (walletCurrency === s.currency) return new Decimal(s.rate);
    if (walletCurrency === o.currency) return new Decimal(1);
    const book = await priceBook(deps.market, [], [[o.currency, walletCurrency]]);
    return book.rate(o.currency, walletCurrency).toSignificantDigits(12);
  }

  /** One allotment delivered: its value from the market account to the stock wallet, then the position. */
  async function deliver(tx: Tx, o: OfferingRow, s: SubscriptionRow, source: number, at: Date) {
    const quantity = s.allottedQuantity ?? 0;
    const wallet = walletForClassify[o.market === 'HK' ? 'HK' : 'UsStock'];
    const paid = paidFor(s, quantity);
    const to = await ledger.walletAccount(tx, s.userId, wallet);
    const rate = await deliveryRate(o, s, to.currency);
    const value = to.currency === s.currency ? paid : marginCents(new Decimal(s.price).times(quantity).times(rate));
    const postings = [
      { account: await ledger.systemAccount(tx, 'market', s.currency as never), amount: paid.negated() },
      { account: to, amount: value },
    ];
    if (to.currency !== s.currency) {
      postings.push({ account: await ledger.systemAccount(tx, 'fx', s.currency as never), amount: paid });
      postings.push({ account: await ledger.systemAccount(tx, 'fx', to.currency), amount: value.negated() });
    }
    await ledger.post(tx, {
      type: DELIVERY_ENTRY,
      reference: `subscription:${s.id}:delivery`,
      at,
      detail: { subscription: s.id, offering: o.id, code: o.code, quantity },
      postings,
    });
    const price = new Decimal(s.price);
    await deliverShares(deps, tx, { userId: s.userId, source, code: o.code, quantity, price, rate, margin: value, at });
    await tx
      .update(offeringSubscriptions)
      .set({ settledAt: at, updatedAt: at })
      .where(eq(offeringSubscriptions.id, s.id));
  }

  /** The listing of one allotted offering, in one transaction; false when it is not due or already done. */
  async function listOffering(id: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const o = await lockOffering(tx, id);
      if (o?.state !== 'allotted' || o.listingAt > at) return false;
      const def = listOnThisNode(deps, o);
      const due = await tx
        .select()
        .from(offeringSubscriptions)
        .where(
          and(
            eq(offeringSubscriptions.offeringId, id),
            eq(offeringSubscriptions.status, 'allotted'),
            isNull(offeringSubscriptions.settledAt),
          ),
        )
        .orderBy(asc(offeringSubscriptions.id))
        .for('update');
      for (const s of due) await deliver(tx, o, s, def.source, at);
      await tx.update(offerings).set({ state: 'listed', updatedAt: at }).where(eq(offerings.id, id));
      return true;
    });
  }

  /** Every step due at the clock's instant, oldest first; each offering on its own (one failing stops no other). */
  async function runUnlocked(): Promise<PrimaryRunResult> {
    const at = clock.now();
    const allotted: string[] = [];
    const listed: string[] = [];
    const step = async (o: { id: number; code: string }, work: (id: number, at: Date) => Promise<boolean>) => {
      try {
        return await work(o.id, at);
      } catch (err) {
        log.error({ err, offering: o.code }, 'primary-markets job step failed');
        return false;
      }
    };
    const closed = await db
      .select({ id: offerings.id, code: offerings.code })
      .from(offerings)
      .where(and(eq(offerings.state, 'scheduled'), lte(offerings.closesAt, at)))
      .orderBy(asc(offerings.closesAt), asc(offerings.id));
    for (const o of closed) if (await step(o, allotOffering)) allotted.push(o.code);
    // Lapses before listings, so an unpaid allotment is never delivered (its deadline is before the listing).
    const lapsed = await financing.lapseDue(db, at).catch((err: unknown) => {
      log.error({ err }, 'primary-markets job: lapses failed');
      return [];
    });
    const reminded = await financing.remindDue(db, at).catch((err: unknown) => {
      log.error({ err }, 'primary-markets job: reminders failed');
      return [];
    });
    const listing = await db
      .select({ id: offerings.id, code: offerings.code })
      .from(offerings)
      .where(and(eq(offerings.state, 'allotted'), lte(offerings.listingAt, at)))
      .orderBy(asc(offerings.listingAt), asc(offerings.id));
    for (const o of listing) if (await step(o, listOffering)) listed.push(o.code);
    return { allotted, lapsed, reminded, listed, ran: true };
  }

  /** One pass under the advisory lock: a node that cannot take it skips (another node is running the job). */
  async function runOnce(): Promise<PrimaryRunResult> {
    const pass = await runAsLeader(db, PRIMARY_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : { allotted: [], lapsed: [], reminded: [], listed: [], ran: false };
  }

  /** Every node: its instruments in step with the listings, then the job if it is the leader. */
  const pass = async () => {
    await syncListings(deps, db, clock.now());
    return runOnce();
  };

  const start = (intervalMs: number) => every(intervalMs, pass, log, 'primary-markets job');

  return { runOnce, runUnlocked, pass, allotOffering, listOffering, start };
}
export type PrimaryJob = ReturnType<typeof createPrimaryJob>;
