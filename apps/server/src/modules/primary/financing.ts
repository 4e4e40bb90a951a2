/**
 * IPO financing (docs/primary-markets.md "IPO financing"; IPO_FINANCING in the contracts): a financed subscription
 * holds only the published deposit and the fee. At the allotment, an allotment the deposit does not cover enters
 * `pendingPayment`: the fee is charged, the deposit stays held, and the make-up difference (allotted amount −
 * deposit + interest) is due by the deadline. Paying it (/NewShares/pay) posts the allotted amount and the interest
 * and makes it an ordinary allotment, delivered at the listing; unpaid at the deadline, the leader job lapses it:
 * the deposit is released, the fee stays charged, no shares.
 *
 * Every step locks the subscription row and checks its state, so a replay, a second payment or a payment racing
 * the lapse changes nothing twice; the ledger's references (unique per type) guard the money a second time.
 */
import { Decimal, E, financingInterest, type Language, type Subscription } from '@beurs/contracts';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { rule } from '../../platform/errors.js';
import type { OfferingRow } from './offerings.js';
import { offeringSubscriptions, offerings } from './schema.js';
import { ownSubscription, type SubscriptionRow, toSubscription } from './subscriptions.js';

/** Journal type of the make-up payment (allotted amount to the market account, interest to fees). */
export const MAKE_UP_ENTRY = 'ipoMakeUp';

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')}`;

/** The make-up of a financed allotment of `paid` (its allotted amount): null when the deposit covers it. */
export function makeUpOf(
  s: Pick<SubscriptionRow, 'deposit' | 'paymentDueAt'>,
  o: Pick<OfferingRow, 'closesAt'>,
  paid: Decimal,
) {
  const deposit = new Decimal(s.deposit ?? 0);
  if (!s.paymentDueAt || paid.lte(deposit)) return null;
  const financed = paid.minus(deposit);
  const interest = financingInterest(financed, o.closesAt.getTime(), s.paymentDueAt.getTime());
  return { financed, interest, due: financed.plus(interest) };
}

export function createFinancing(deps: Pick<Deps, 'ledger'>) {
  const { ledger } = deps;

  /**
   * The allotment of a financed subscription the deposit does not cover (allotment job, its transaction, the old
   * hold already released): the fee posted, the deposit held again, the state pendingPayment with the make-up.
   */
  async function pend(tx: Tx, o: OfferingRow, s: SubscriptionRow, quantity: number, paid: Decimal, at: Date) {
    const makeUp = makeUpOf(s, o, paid);
    if (!makeUp) throw new Error(`subscription ${s.id}: its deposit covers the allotment`);
    const account = await ledger.walletAccount(tx, s.userId, s.wallet as never);
    const fee = new Decimal(s.fee);
    if (fee.gt(0)) {
      await ledger.post(tx, {
        type: 'ipoAllotment',
        reference: `subscription:${s.id}`,
        at,
        detail: { subscription: s.id, offering: o.id, code: o.code, quantity, fee: fee.toFixed(2) },
        postings: [
          { account, amount: fee.negated() },
          { account: await ledger.systemAccount(tx, 'fees', account.currency), amount: fee },
        ],
      });
    }
    const holdId = await ledger.hold(tx, {
      account,
      amount: s.deposit!,
      reference: `subscription:${s.id}:deposit`,
      at,
    });
    await tx
      .update(offeringSubscriptions)
      .set({
        status: 'pendingPayment',
        allottedQuantity: quantity,
        amountPaid: fee.toString(),
        holdId,
        interest: makeUp.interest.toString(),
        makeUp: makeUp.due.toString(),
        updatedAt: at,
      })
      .where(eq(offeringSubscriptions.id, s.id));
  }

  /** The subscription row locked, after its offering FOR SHARE (the listing locks it FOR UPDATE: it waits). */
  async function lockPending(tx: Tx, id: number) {
    const [{ offeringId } = { offeringId: 0 }] = await tx
      .select({ offeringId: offeringSubscriptions.offeringId })
      .from(offeringSubscriptions)
      .where(eq(offeringSubscriptions.id, id));
    const [o] = await tx.select().from(offerings).where(eq(offerings.id, offeringId)).for('share');
    const [s] = await tx.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.id, id)).for('update');
    return { o: o!, s: s! };
  }

  /**
   * /NewShares/pay in the request's transaction (runIdempotent): the deposit released and, in one entry, the
   * allotted amount (deposit + make-up − interest) to the market account and the interest to fees. The wallet's
   * guarded update refuses (422 insufficientBalance) when it does not carry it, and nothing moves then.
   */
  async function pay(tx: Tx, userId: number, id: number, at: Date, lang: Language): Promise<Subscription> {
    await ownSubscription(tx, userId, id); // 404 when not the caller's
    const { o, s } = await lockPending(tx, id);
    if (s.status !== 'pendingPayment' || !s.makeUp || !s.holdId) {
      throw rule(E.subscriptionNothingDue, { id }, 'subscriptionNothingDue');
    }
    if (!s.paymentDueAt || at >= s.paymentDueAt) {
      throw rule(E.subscriptionPaymentLapsed, { due: utc(s.paymentDueAt ?? at) }, 'subscriptionPaymentLapsed');
    }
    if (!(await ledger.release(tx, s.holdId, at))) throw new Error(`subscription ${s.id}: its deposit is not held`);
    const interest = new Decimal(s.interest ?? 0);
    const total = new Decimal(s.deposit ?? 0).plus(s.makeUp);
    const account = await ledger.walletAccount(tx, userId, s.wallet as never);
    const postings = [
      { account, amount: total.negated() },
      { account: await ledger.systemAccount(tx, 'market', account.currency), amount: total.minus(interest) },
    ];
    if (interest.gt(0)) {
      postings.push({ account: await ledger.systemAccount(tx, 'fees', account.currency), amount: interest });
    }
    await ledger.post(tx, {
      type: MAKE_UP_ENTRY,
      reference: `subscription:${s.id}:makeup`,
      at,
      detail: {
        subscription: s.id,
        offering: o.id,
        code: o.code,
        quantity: s.allottedQuantity,
        interest: interest.toFixed(2),
      },
      postings,
    });
    const [row] = await tx
      .update(offeringSubscriptions)
      .set({ status: 'allotted', amountPaid: new Decimal(s.amountPaid).plus(total).toString(), updatedAt: at })
      .where(eq(offeringSubscriptions.id, s.id))
      .returning();
    return toSubscription(row!, o, at, lang);
  }

  /** One lapse in its own transaction: false when it was paid, lapsed already, or is not due. */
  async function lapseOne(db: Deps['db'], id: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [s] = await tx.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.id, id)).for('update');
      if (s?.status !== 'pendingPayment' || !s.paymentDueAt || s.paymentDueAt > at) return false;
      if (s.holdId) await ledger.release(tx, s.holdId, at);
      await tx
        .update(offeringSubscriptions)
        .set({ status: 'lapsed', updatedAt: at })
        .where(eq(offeringSubscriptions.id, s.id));
      return true;
    });
  }

  /** Every pendingPayment past its deadline lapses (leader job), the oldest deadline first; the ids lapsed. */
  async function lapseDue(db: Deps['db'], at: Date): Promise<number[]> {
    const due = await db
      .select({ id: offeringSubscriptions.id })
      .from(offeringSubscriptions)
      .where(and(eq(offeringSubscriptions.status, 'pendingPayment'), lte(offeringSubscriptions.paymentDueAt, at)))
      .orderBy(asc(offeringSubscriptions.paymentDueAt), asc(offeringSubscriptions.id));
    const lapsed: number[] = [];
    for (const { id } of due) if (await lapseOne(db, id, at)) lapsed.push(id);
    return lapsed;
  }

  return { pend, pay, lapseDue };
}

export type Financing = ReturnType<typeof createFinancing>;
