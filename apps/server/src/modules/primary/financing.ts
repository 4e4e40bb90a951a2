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
 *
 * The customer is told in the inbox, in the deciding transaction (so a message exists exactly when its step does):
 * `ipoPaymentDue` when the make-up falls due, `ipoPaymentReminder` IPO_FINANCING.reminderHoursBeforeDue hours before
 * the deadline (once: the job looks for an earlier one first), `ipoPaymentLapsed` at the lapse.
 */
import {
  Decimal,
  E,
  financingInterest,
  IPO_FINANCING,
  type Language,
  type MessageKind,
  type Subscription,
} from '@beurs/contracts';
import { and, asc, eq, gt, gte, inArray, lte, notExists, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { rule } from '../../platform/errors.js';
import { notify, userMessages } from '../inbox/index.js';
import type { OfferingRow } from './offerings.js';
import { offeringSubscriptions, offerings } from './schema.js';
import { ownSubscription, type SubscriptionRow, toSubscription } from './subscriptions.js';

/** Journal type of the make-up payment (allotted amount to the market account, interest to fees). */
export const MAKE_UP_ENTRY = 'ipoMakeUp';

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')}`;

/** Where a financing message leads: the subscription tab with that subscription open (web `paths.subscriptions`). */
export const subscriptionLink = (id: number) => `/pages/trade/index?tab=subscription&id=${id}`;

/** How long before the deadline the reminder is sent (published: IPO_FINANCING.reminderHoursBeforeDue). */
export const REMINDER_LEAD_MS = IPO_FINANCING.reminderHoursBeforeDue * 3_600_000;

/** Most reminders, and most lapses, one pass of the job decides; the next pass goes on. */
export const FINANCING_BATCH = 500;

/** A subscription a scan found due, with its offering's code (for the message). */
type Due = { id: number; code: string };

/** The messages that state a subscription's deadline: after one of them within the lead time, no reminder. */
const DEADLINE_MESSAGES: MessageKind[] = ['ipoPaymentDue', 'ipoPaymentReminder'];

/** A financing message about one subscription, in the caller's transaction. */
function tell(tx: Tx, kind: MessageKind, s: SubscriptionRow, code: string, at: Date, figures: Record<string, string>) {
  return notify(tx, {
    userId: s.userId,
    kind,
    params: {
      subscription: s.id,
      code,
      quantity: s.allottedQuantity ?? 0,
      currency: s.currency,
      wallet: s.wallet,
      due: utc(s.paymentDueAt ?? at),
      ...figures,
    },
    link: subscriptionLink(s.id),
    at,
  });
}

/** The make-up still due (interest included), as stored at the allotment. */
const dueOf = (s: SubscriptionRow) => new Decimal(s.makeUp ?? 0).toFixed(2);

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
    const [row] = await tx
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
      .where(eq(offeringSubscriptions.id, s.id))
      .returning();
    await tell(tx, 'ipoPaymentDue', row!, o.code, at, { amount: dueOf(row!) });
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
  async function lapseOne(db: Deps['db'], { id, code }: Due, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [s] = await tx.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.id, id)).for('update');
      if (s?.status !== 'pendingPayment' || !s.paymentDueAt || s.paymentDueAt > at) return false;
      const returned = s.holdId ? await ledger.releasedAmount(tx, s.holdId, at) : null;
      await tx
        .update(offeringSubscriptions)
        .set({ status: 'lapsed', updatedAt: at })
        .where(eq(offeringSubscriptions.id, s.id));
      await tell(tx, 'ipoPaymentLapsed', s, code, at, {
        amount: (returned ?? new Decimal(0)).toFixed(2),
        fee: new Decimal(s.fee).toFixed(2),
      });
      return true;
    });
  }

  /** Whether a message stating this subscription's deadline was written since `since` (the reminder's instant). */
  const toldSince = (s: { id: number | SQLWrapper; userId: number | SQLWrapper }, since: Date | SQLWrapper) =>
    and(
      eq(userMessages.userId, s.userId),
      inArray(userMessages.kind, DEADLINE_MESSAGES),
      sql`(${userMessages.params}->>'subscription')::bigint = ${s.id}`,
      gte(userMessages.createdAt, since),
    );

  /** One reminder in its own transaction (the row locked, so two runs send it once): false when not due or sent. */
  async function remindOne(db: Deps['db'], { id, code }: Due, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [s] = await tx.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.id, id)).for('update');
      if (s?.status !== 'pendingPayment' || !s.paymentDueAt) return false;
      const remindAt = new Date(s.paymentDueAt.getTime() - REMINDER_LEAD_MS);
      if (at < remindAt || at >= s.paymentDueAt) return false;
      const [told] = await tx.select({ id: userMessages.id }).from(userMessages).where(toldSince(s, remindAt)).limit(1);
      if (told) return false;
      await tell(tx, 'ipoPaymentReminder', s, code, at, { amount: dueOf(s) });
      return true;
    });
  }

  /**
   * Every pendingPayment whose deadline is within the lead time gets its reminder (leader job), once: not when a
   * message stating the deadline (the allotment's, or a reminder) was written within the lead time. At most `limit`
   * a pass, the nearest deadline first (the next pass goes on). The ids told.
   */
  async function remindDue(db: Deps['db'], at: Date, limit = FINANCING_BATCH): Promise<number[]> {
    const s = offeringSubscriptions;
    const due = await db
      .select({ id: s.id, code: offerings.code })
      .from(s)
      .innerJoin(offerings, eq(offerings.id, s.offeringId))
      .where(
        and(
          eq(s.status, 'pendingPayment'),
          gt(s.paymentDueAt, at),
          lte(s.paymentDueAt, new Date(at.getTime() + REMINDER_LEAD_MS)),
          notExists(
            db
              .select({ id: userMessages.id })
              .from(userMessages)
              .where(
                toldSince(s, sql`${s.paymentDueAt} - make_interval(hours => ${IPO_FINANCING.reminderHoursBeforeDue})`),
              ),
          ),
        ),
      )
      .orderBy(asc(s.paymentDueAt), asc(s.id))
      .limit(limit);
    const told: number[] = [];
    for (const d of due) if (await remindOne(db, d, at)) told.push(d.id);
    return told;
  }

  /**
   * Every pendingPayment past its deadline lapses (leader job), the oldest deadline first, at most `limit` a pass
   * (the next pass goes on); the ids lapsed.
   */
  async function lapseDue(db: Deps['db'], at: Date, limit = FINANCING_BATCH): Promise<number[]> {
    const s = offeringSubscriptions;
    const due = await db
      .select({ id: s.id, code: offerings.code })
      .from(s)
      .innerJoin(offerings, eq(offerings.id, s.offeringId))
      .where(and(eq(s.status, 'pendingPayment'), lte(s.paymentDueAt, at)))
      .orderBy(asc(s.paymentDueAt), asc(s.id))
      .limit(limit);
    const lapsed: number[] = [];
    for (const d of due) if (await lapseOne(db, d, at)) lapsed.push(d.id);
    return lapsed;
  }

  return { pend, pay, lapseDue, remindDue };
}

export type Financing = ReturnType<typeof createFinancing>;
