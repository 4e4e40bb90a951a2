/**
 * The allotment job on the real database and a deterministic clock (docs/primary-markets.md "The allotment job"):
 * the SPEC §4 states table-driven, the settlement out of each hold (allotted amount and fee posted, the rest released
 * at once), the published record recomputed, 50 customers racing for the last lot, reruns and concurrent runs that
 * change nothing, and a failed step that leaves nothing half done. The SUBSCRIPTION wallet is in USD, so a US
 * offering's amounts are exact (rate 1).
 */
import { primary, type SettleState, type SubscriptionState, wallet as walletApi } from '@beurs/contracts';
import { and, count, eq, like } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { trader } from '../../../test/trading.js';
import { journalEntries, ledgerHolds } from '../../platform/db/schema.js';
import { createTrialBalanceJob } from '../books/index.js';
import { allot } from './allotment.js';
import { createPrimaryJob, type PrimaryJob } from './allotment-job.js';
import { offeringAllotments } from './allotment-schema.js';
import { calendarRows } from './calendar.js';
import { offeringSubscriptions, offerings } from './schema.js';
import { customerStateOf, settleStateOf, subscriptionStateOf } from './subscriptions.js';

const HOUR = 3_600_000;
let h: Harness;
let job: PrimaryJob;
beforeAll(async () => {
  h = await createHarness({ config: { walletCurrency: { SUBSCRIPTION: 'USD' }, primaryJobMs: 0, tradingJobMs: 0 } });
  job = createPrimaryJob(h.deps);
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
  expect((await createTrialBalanceJob(h.deps).checkUnlocked()).problems).toEqual([]);
});

/** A verified customer with `usd` in the SUBSCRIPTION wallet. */
const subscriber = (usd: string) => trader(h, { SUBSCRIPTION: usd });

/** An offering open now for an hour (US, lot 1, 10.00 a share, fee 1.00 unless overridden). */
async function offering(code: string, overrides: Partial<typeof offerings.$inferInsert> = {}) {
  const [base] = calendarRows(h.clock.now());
  const now = h.clock.now().getTime();
  const [row] = await h.db
    .insert(offerings)
    .values({
      ...base!,
      code,
      opensAt: new Date(now - HOUR),
      closesAt: new Date(now + HOUR),
      listingAt: new Date(now + 48 * HOUR),
      priceMin: '9.00',
      priceMax: '10.00',
      fee: '1.00',
      lotSize: 1,
      allotmentRule: 'proRata',
      ...overrides,
    })
    .returning();
  return row!;
}

const subscribe = (token: string, code: string, quantity: number) =>
  h.call(primary.newSharesCreate, { code, quantity }, { token });
const sub = async (token: string, id: number) =>
  (await h.call(primary.subscriptionDetail, { id }, { token })).body.data;
const wallet = async (token: string) =>
  (await h.call(walletApi.getWalletBalance, { walletType: 'SUBSCRIPTION' }, { token })).body.data[0]!;
const entries = async () => (await h.db.select({ n: count() }).from(journalEntries))[0]!.n;

describe('SPEC §4 states, table-driven', () => {
  const window = { opensAt: new Date(1_000), closesAt: new Date(2_000) };
  const rows: Array<{
    name: string;
    stored: 'subscribed' | 'allotted' | 'notAllotted' | 'cancelled' | null;
    offering: 'scheduled' | 'allotted' | 'listed' | 'cancelled';
    at: number;
    settled?: boolean;
    state: SubscriptionState | null;
    settle: SettleState | null;
  }> = [
    {
      name: 'no subscription, window open',
      stored: null,
      offering: 'scheduled',
      at: 1_500,
      state: 'subscribable',
      settle: null,
    },
    {
      name: 'no subscription, before the window',
      stored: null,
      offering: 'scheduled',
      at: 500,
      state: null,
      settle: null,
    },
    {
      name: 'no subscription, after the close',
      stored: null,
      offering: 'scheduled',
      at: 2_000,
      state: null,
      settle: null,
    },
    {
      name: 'held, window open',
      stored: 'subscribed',
      offering: 'scheduled',
      at: 1_999,
      state: 'subscribed',
      settle: null,
    },
    {
      name: 'held, at the close',
      stored: 'subscribed',
      offering: 'scheduled',
      at: 2_000,
      state: 'waitingAllotment',
      settle: null,
    },
    {
      name: 'allotted, before the listing',
      stored: 'allotted',
      offering: 'allotted',
      at: 3_000,
      state: 'allotted',
      settle: 'toBeSettled',
    },
    {
      name: 'allotted, delivered',
      stored: 'allotted',
      offering: 'listed',
      at: 4_000,
      settled: true,
      state: 'allotted',
      settle: 'settled',
    },
    {
      name: 'not allotted',
      stored: 'notAllotted',
      offering: 'allotted',
      at: 3_000,
      state: 'notAllotted',
      settle: null,
    },
    { name: 'cancelled', stored: 'cancelled', offering: 'cancelled', at: 3_000, state: 'cancelled', settle: null },
  ];
  it.each(rows)('$name: $state / $settle', (row) => {
    const o = { ...window, state: row.offering };
    const s = row.stored ? { status: row.stored, settledAt: row.settled ? new Date(row.at) : null } : undefined;
    expect(customerStateOf(o, s, new Date(row.at))).toBe(row.state);
    if (s) {
      expect(subscriptionStateOf(s, o, new Date(row.at))).toBe(row.state);
      expect(settleStateOf(s)).toBe(row.settle);
    }
  });
});

describe('the allotment at the close', () => {
  it('settles pro rata out of each hold: allotted amount and fee posted, the rest released at once', async () => {
    const o = await offering('ALTA', { sharesOffered: 100 });
    const [a, b, c] = [await subscriber('2000'), await subscriber('2000'), await subscriber('2000')];
    const ids: number[] = [];
    for (const [u, q] of [
      [a, 100],
      [b, 60],
      [c, 40],
    ] as const) {
      const res = await subscribe(u.token, 'ALTA', q);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.data.id);
    }
    // Not due before the close: nothing moves.
    expect((await job.runUnlocked()).allotted).not.toContain('ALTA');
    expect((await wallet(a.token)).usedBalance).toBe('1001.00');
    h.clock.advance(HOUR);
    expect((await sub(a.token, ids[0]!)).status).toBe('waitingAllotment');

    expect((await job.runUnlocked()).allotted).toEqual(['ALTA']);
    // Demand 200 lots for 100: 100 × 100/200 = 50, 60 × ½ = 30, 40 × ½ = 20 (no remainders).
    const expected = [
      { u: a, lots: 50, balance: '1499.00' },
      { u: b, lots: 30, balance: '1699.00' },
      { u: c, lots: 20, balance: '1799.00' },
    ];
    for (const [i, e] of expected.entries()) {
      expect(await wallet(e.u.token)).toMatchObject({ balance: e.balance, usedBalance: '0.00' });
      expect(await sub(e.u.token, ids[i]!)).toMatchObject({
        status: 'allotted',
        settleStatus: 'toBeSettled',
        allottedQuantity: e.lots,
        amountPaid: (e.lots * 10 + 1).toFixed(2),
        amountPending: '0.00',
      });
    }
    const holds = await h.db.select().from(ledgerHolds).where(like(ledgerHolds.reference, 'subscription:%'));
    expect(holds.filter((x) => ids.includes(Number(x.reference.split(':')[1]))).map((x) => x.status)).toEqual([
      'released',
      'released',
      'released',
    ]);
    const [stored] = await h.db.select().from(offeringAllotments).where(eq(offeringAllotments.offeringId, o.id));
    expect(stored).toMatchObject({
      rule: 'proRata',
      seed: `${o.id}:ALTA`,
      lotsOffered: 100,
      lotsApplied: 200,
      lotsAllotted: 100,
    });
    // Anyone can recompute it from the published inputs.
    const again = allot({
      rule: stored!.rule,
      lotsOffered: stored!.lotsOffered,
      seed: stored!.seed,
      applications: stored!.applications,
    });
    expect(stored!.result).toEqual(stored!.applications.map((x) => ({ id: x.id, lots: again.get(x.id) })));
    expect((await h.db.select().from(offerings).where(eq(offerings.id, o.id)))[0]!.state).toBe('allotted');
  });

  it('charges the fee of a subscription that gets nothing, and releases the rest', async () => {
    await offering('ZERO', { sharesOffered: 2, allotmentRule: 'ballot' });
    const users3 = [await subscriber('100'), await subscriber('100'), await subscriber('100')];
    const ids: number[] = [];
    for (const u of users3) ids.push((await subscribe(u.token, 'ZERO', 1)).body.data.id);
    h.clock.advance(HOUR);
    expect((await job.runUnlocked()).allotted).toEqual(['ZERO']);
    const states = await Promise.all(users3.map((u, i) => sub(u.token, ids[i]!)));
    expect(states.map((s) => s.status).sort()).toEqual(['allotted', 'allotted', 'notAllotted']);
    const loser = states.findIndex((s) => s.status === 'notAllotted');
    expect(states[loser]).toMatchObject({ allottedQuantity: 0, amountPaid: '1.00', settleStatus: null });
    expect(await wallet(users3[loser]!.token)).toMatchObject({ balance: '99.00', usedBalance: '0.00' });
  });

  it('50 customers racing for the last lot: exactly one lot allotted, every other hold back but the fee', async () => {
    const o = await offering('LAST', { sharesOffered: 1, allotmentRule: 'ballot' });
    const racers = await Promise.all(Array.from({ length: 50 }, () => subscriber('50')));
    const answers = await Promise.all(racers.map((u) => subscribe(u.token, 'LAST', 1)));
    expect(answers.map((r) => r.status)).toEqual(racers.map(() => 200));
    h.clock.advance(HOUR);
    // Two nodes (and a third pass) at once: the lock lets one run, the row lock and the state let it run once.
    const passes = await Promise.all([job.runOnce(), job.runOnce(), job.allotOffering(o.id, h.clock.now())]);
    const rows = await h.db.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.offeringId, o.id));
    expect(rows.reduce((sum, s) => sum + (s.allottedQuantity ?? 0), 0)).toBe(1);
    expect(rows.filter((s) => s.status === 'allotted')).toHaveLength(1);
    expect(rows.filter((s) => s.status === 'notAllotted')).toHaveLength(49);
    expect(passes.filter((p) => (typeof p === 'boolean' ? p : p.allotted.includes('LAST')))).toHaveLength(1);
    const balances = await Promise.all(racers.map((u) => wallet(u.token)));
    expect(balances.filter((w) => w.balance === '39.00')).toHaveLength(1);
    expect(balances.filter((w) => w.balance === '49.00')).toHaveLength(49);
    expect(balances.every((w) => w.usedBalance === '0.00')).toBe(true);
  });

  it('a rerun is a no-op: no entry, no balance, no state changes twice', async () => {
    await offering('RERN', { sharesOffered: 20 });
    const u = await subscriber('500');
    const id = (await subscribe(u.token, 'RERN', 20)).body.data.id;
    h.clock.advance(HOUR);
    expect((await job.runUnlocked()).allotted).toEqual(['RERN']);
    const before = { entries: await entries(), wallet: await wallet(u.token), sub: await sub(u.token, id) };
    expect(before.wallet).toMatchObject({ balance: '299.00', usedBalance: '0.00' });
    expect((await job.runUnlocked()).allotted).toEqual([]);
    expect(
      await job.allotOffering(
        (await h.db.select().from(offerings).where(eq(offerings.code, 'RERN')))[0]!.id,
        h.clock.now(),
      ),
    ).toBe(false);
    expect({ entries: await entries(), wallet: await wallet(u.token), sub: await sub(u.token, id) }).toEqual(before);
  });

  it('a step that fails leaves nothing half done, and the next pass does all of it', async () => {
    const o = await offering('CRSH', { sharesOffered: 10 });
    const [a, b] = [await subscriber('100'), await subscriber('100')];
    const ida = (await subscribe(a.token, 'CRSH', 5)).body.data.id;
    const idb = (await subscribe(b.token, 'CRSH', 5)).body.data.id;
    // b's hold is pointed at a hold that is not active: the job's step for b fails midway.
    const [held] = await h.db.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.id, idb));
    await h.db.update(offeringSubscriptions).set({ holdId: null }).where(eq(offeringSubscriptions.id, idb));
    h.clock.advance(HOUR);
    const count0 = await entries();
    expect((await job.runUnlocked()).allotted).toEqual([]);
    expect(await entries()).toBe(count0);
    expect((await sub(a.token, ida)).status).toBe('waitingAllotment');
    expect(await wallet(a.token)).toMatchObject({ usedBalance: '51.00' });
    expect(await h.db.select().from(offeringAllotments).where(eq(offeringAllotments.offeringId, o.id))).toEqual([]);
    // Repaired, the next pass settles both, once.
    await h.db.update(offeringSubscriptions).set({ holdId: held!.holdId }).where(eq(offeringSubscriptions.id, idb));
    expect((await job.runUnlocked()).allotted).toEqual(['CRSH']);
    expect(await wallet(a.token)).toMatchObject({ balance: '49.00', usedBalance: '0.00' });
    expect(await wallet(b.token)).toMatchObject({ balance: '49.00', usedBalance: '0.00' });
    const posted = await h.db
      .select({ n: count() })
      .from(journalEntries)
      .where(and(eq(journalEntries.type, 'ipoAllotment'), like(journalEntries.reference, 'subscription:%')));
    expect(posted[0]!.n).toBeGreaterThanOrEqual(2);
  });
});
