/**
 * What the console shows of an offering's subscriptions and its allotment (docs/primary-markets.md "Console"): the
 * published inputs (rule, seed, lots offered, applications in lots) and the result, so anyone can recompute it with
 * `allot` (allotment.ts).
 */
import type { consolePrimary, Language, OfferingSubscriptionRow } from '@beurs/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { journalEntries, ledgerHolds, users } from '../../platform/db/schema.js';
import { allot, allotmentSeed } from './allotment.js';
import { offeringById } from './console-offerings.js';
import { MAKE_UP_ENTRY } from './financing.js';
import type { OfferingRow } from './offerings.js';
import { offeringSubscriptions } from './schema.js';
import { type SubscriptionRow, toSubscription } from './subscriptions.js';

type Allotment = z.output<typeof consolePrimary.offeringAllotment.data>;
type PageFilter = z.output<typeof consolePrimary.offeringSubscriptions.request>;

/**
 * One page of an offering's subscriptions, oldest first, with the customer and the financing: paid at is the make-up
 * entry's time (its reference is unique per type), lapsed at the release of the deposit held (a lapse's last hold).
 */
export async function subscriptionRows(db: Executor, id: number, filter: PageFilter, now: Date, lang: Language) {
  const o = await offeringById(db, id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        s: offeringSubscriptions,
        username: users.username,
        email: users.email,
        paidAt: journalEntries.createdAt,
        holdEndedAt: ledgerHolds.settledAt,
      })
      .from(offeringSubscriptions)
      .innerJoin(users, eq(users.id, offeringSubscriptions.userId))
      .leftJoin(
        journalEntries,
        and(
          eq(journalEntries.type, MAKE_UP_ENTRY),
          eq(journalEntries.reference, sql`'subscription:' || ${offeringSubscriptions.id} || ':makeup'`),
        ),
      )
      .leftJoin(ledgerHolds, eq(ledgerHolds.id, offeringSubscriptions.holdId))
      .where(eq(offeringSubscriptions.offeringId, id))
      .orderBy(asc(offeringSubscriptions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(offeringSubscriptions).where(eq(offeringSubscriptions.offeringId, id)),
  ]);
  const list = rows.map(({ s, username, email, paidAt, holdEndedAt }): OfferingSubscriptionRow => {
    const view = toSubscription(s, o, now, lang);
    return {
      id: s.id,
      customerId: s.userId,
      userId: username,
      email,
      quantity: s.quantity,
      lots: Math.floor(s.quantity / o.lotSize),
      currency: view.currency,
      total: view.total,
      fee: view.fee,
      status: view.status,
      allottedQuantity: s.allottedQuantity,
      createTimeTimestamp: s.createdAt.getTime(),
      financed: s.financed,
      deposit: view.deposit,
      makeUp: view.makeUp,
      paymentDueAtTimestamp: s.paymentDueAt?.getTime() ?? null,
      paidAtTimestamp: paidAt?.getTime() ?? null,
      lapsedAtTimestamp: s.status === 'lapsed' ? (holdEndedAt?.getTime() ?? s.updatedAt.getTime()) : null,
    };
  });
  return { list, total: total?.n ?? 0, page: filter.page, pageSize: filter.pageSize };
}

/**
 * The applications the allotment reads: every subscription that is not cancelled, in lots. After the allotment the
 * stored allotted quantities are the result; before it, `allot` previews what it would give now.
 */
function fromSubscriptions(o: OfferingRow, live: SubscriptionRow[]): Omit<Allotment, 'code' | 'rule' | 'seed'> {
  const lotsOffered = Math.floor(o.sharesOffered / o.lotSize);
  const applications = live.map((s) => ({ id: s.id, lots: Math.floor(s.quantity / o.lotSize) }));
  const ran = o.state === 'allotted' || o.state === 'listed';
  const result = allot({ rule: o.allotmentRule, lotsOffered, seed: allotmentSeed(o), applications });
  const withResult = applications.map((a, i) => {
    const stored = live[i]?.allottedQuantity;
    const allottedLots = ran && stored != null ? Math.floor(stored / o.lotSize) : (result.get(a.id) ?? 0);
    return { ...a, allottedLots: o.state === 'cancelled' ? null : allottedLots };
  });
  return {
    lotSize: o.lotSize,
    lotsOffered,
    lotsApplied: applications.reduce((sum, a) => sum + a.lots, 0),
    lotsAllotted: withResult.reduce((sum, a) => sum + (a.allottedLots ?? 0), 0),
    source: ran ? 'recomputed' : 'preview',
    ranAtTimestamp: null,
    applications: withResult,
  };
}

type RecordedRow = {
  rule: Allotment['rule'];
  seed: string;
  lot_size: number;
  lots_offered: string;
  lots_applied: string;
  lots_allotted: string;
  applications: Array<{ id: number; lots: number }>;
  result: Array<{ id: number; lots: number }>;
  ran_at: string | Date;
};

/**
 * What the allotment job recorded when it ran (offering_allotments, migration 0019, written by allotment-job.ts),
 * or null: not run, or a database without that table yet. Read by name, so this view does not depend on the job.
 */
async function recordedAllotment(db: Executor, o: OfferingRow): Promise<Allotment | null> {
  const table = await db.execute<{ t: string | null }>(sql`select to_regclass('public.offering_allotments') as t`);
  if (!table.rows[0]?.t) return null;
  const { rows } = await db.execute<RecordedRow>(sql`select * from offering_allotments where offering_id = ${o.id}`);
  const row = rows[0];
  if (!row) return null;
  const got = new Map(row.result.map((a) => [a.id, a.lots]));
  return {
    code: o.code,
    rule: row.rule,
    seed: row.seed,
    lotSize: row.lot_size,
    lotsOffered: Number(row.lots_offered),
    lotsApplied: Number(row.lots_applied),
    lotsAllotted: Number(row.lots_allotted),
    source: 'recorded',
    ranAtTimestamp: new Date(row.ran_at).getTime(),
    applications: row.applications.map((a) => ({ id: a.id, lots: a.lots, allottedLots: got.get(a.id) ?? 0 })),
  };
}

/** The allotment view of offering `id`: the job's record when there is one, else recomputed or previewed. */
export async function allotmentOf(db: Executor, id: number): Promise<Allotment> {
  const o = await offeringById(db, id);
  const recorded = await recordedAllotment(db, o);
  if (recorded) return recorded;
  const subs = await db
    .select()
    .from(offeringSubscriptions)
    .where(eq(offeringSubscriptions.offeringId, id))
    .orderBy(asc(offeringSubscriptions.id));
  // A cancelled offering shows the applications it had; an open one those that are live.
  const live = o.state === 'cancelled' ? subs : subs.filter((s) => s.status !== 'cancelled');
  return { code: o.code, rule: o.allotmentRule, seed: allotmentSeed(o), ...fromSubscriptions(o, live) };
}
