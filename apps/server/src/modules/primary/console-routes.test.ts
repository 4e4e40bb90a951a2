/**
 * Offering management in the console on the real database: creating (the checks, translated, writing nothing),
 * editing only before the window opens, cancelling with every held and paid cent returned (fee included), safely
 * twice, and the roles. The SUBSCRIPTION wallet is in USD, so a US offering's amounts are exact (rate 1).
 */
import { consolePrimary, primary, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { trader } from '../../../test/trading.js';
import { auditLog } from '../../platform/db/schema.js';
import { createPrimaryJob } from './allotment-job.js';
import { calendarRows, seedOfferings } from './calendar.js';
import { offeringSubscriptions, offerings } from './schema.js';

let h: Harness;
let admin: string;
let reviewer: string;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await createHarness({ config: { walletCurrency: { SUBSCRIPTION: 'USD' } } });
  await seedOfferings(h.db, h.clock.now());
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'olga', reviewer: 'ruud' }));
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

type Input = RequestOf<typeof consolePrimary.offeringCreate>;

/** A US offering opening tomorrow, listing in a week. */
function usInput(overrides: Partial<Input> = {}): Input {
  const now = h.clock.now().getTime();
  return {
    code: 'BRKW',
    issuer: 'Breakwater Labs Inc.',
    issuerZh: '防波堤实验室',
    market: 'US',
    exchange: 'NASDAQ',
    prospectusAtTimestamp: now,
    opensAtTimestamp: now + DAY,
    closesAtTimestamp: now + 3 * DAY,
    listingAtTimestamp: now + 7 * DAY,
    priceMin: '12.00',
    priceMax: '14.00',
    lotSize: 1,
    sharesOffered: 1_000_000,
    fee: '2.00',
    ...overrides,
  };
}

const auditCount = async (action: string, id: number) => {
  const [row] = await h.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
  return row?.n ?? 0;
};

describe('creating an offering', () => {
  it('stores it simulated, in its market currency, with the rule of its market, audited', async () => {
    const res = await h.call(consolePrimary.offeringCreate, usInput({ code: 'brkw' }), { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      code: 'BRKW',
      currency: 'USD',
      allotmentRule: 'proRata',
      phase: 'upcoming',
      simulated: true,
      editable: true,
      subscriptions: 0,
      coverage: '0.00',
    });
    expect(await auditCount('offering.create', res.body.data.id)).toBe(1);
    const hk = await h.call(
      consolePrimary.offeringCreate,
      usInput({ code: '08123', market: 'HK', exchange: 'HKEX', lotSize: 500, sharesOffered: 5_000_000 }),
      { token: admin },
    );
    expect(hk.body.data).toMatchObject({ currency: 'HKD', allotmentRule: 'ballot' });
    const list = await h.call(consolePrimary.offeringList, { q: 'breakwater' }, { token: reviewer });
    expect(list.body.data.list.map((o) => o.code).sort()).toEqual(['08123', 'BRKW']);
    // Customers see it in the calendar as upcoming.
    const detail = await h.call(primary.newStockDetail, { code: 'BRKW' }, { lang: 'zh-Hans' });
    expect(detail.body.data.offering).toMatchObject({ name: '防波堤实验室', phase: 'upcoming' });
  });

  it.each<[string, Partial<Input>, string, string, string]>([
    ['a code not of its market', { code: '12345' }, 'code', 'offeringCodeFormat', 'hoofdletters'],
    ['an exchange of the other market', { exchange: 'HKEX' }, 'exchange', 'offeringExchange', 'HKEX'],
    [
      'a window that opened already',
      { opensAtTimestamp: Date.parse('2026-11-01T00:00:00Z') },
      'opensAtTimestamp',
      'offeringOpensInPast',
      'na nu',
    ],
    [
      'a close before the opening',
      { closesAtTimestamp: Date.parse('2026-11-02T12:00:00Z') },
      'closesAtTimestamp',
      'offeringDates',
      'volgorde',
    ],
    [
      'a listing before the close',
      { listingAtTimestamp: Date.parse('2026-11-04T00:00:00Z') },
      'listingAtTimestamp',
      'offeringDates',
      'volgorde',
    ],
    ['a range upside down', { priceMin: '15.00' }, 'priceMin', 'offeringPriceRange', 'laagste'],
    [
      'shares offered not whole lots',
      { lotSize: 100, sharesOffered: 1050 },
      'sharesOffered',
      'offeringSharesLots',
      '100',
    ],
    ['a price of zero', { priceMin: '0' }, 'priceMin', '', ''],
  ])('refuses %s on its field, translated, writing nothing', async (_name, change, field, key, words) => {
    const res = await h.call(consolePrimary.offeringCreate, usInput({ code: 'NOPEX', ...change }), {
      token: admin,
      lang: 'nl',
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (words) expect(res.body.msg).toContain(words);
    if (key) expect(res.body.msg).not.toContain('errors.');
    expect(await h.db.select().from(offerings).where(eq(offerings.code, 'NOPEX'))).toEqual([]);
  });

  it('refuses a code in use by an offering or a quoted instrument (409), in Chinese too', async () => {
    for (const code of ['NWRB', 'AAPL']) {
      const res = await h.call(consolePrimary.offeringCreate, usInput({ code }), { token: admin, lang: 'zh-Hans' });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(`${code} 已被其他新股或已报价的品种使用。`);
    }
  });

  it('is for admins: a reviewer is refused and nothing is written', async () => {
    const res = await h.call(consolePrimary.offeringCreate, usInput({ code: 'RVWR' }), { token: reviewer });
    expect(res.status).toBe(403);
    expect(await h.db.select().from(offerings).where(eq(offerings.code, 'RVWR'))).toEqual([]);
  });
});

describe('editing an offering', () => {
  it('changes an upcoming one, audited with the old and new terms', async () => {
    const made = await h.call(consolePrimary.offeringCreate, usInput({ code: 'EDTA' }), { token: admin });
    const id = made.body.data.id;
    const res = await h.call(consolePrimary.offeringUpdate, usInput({ code: 'EDTA', priceMax: '15.00' }), {
      token: admin,
      params: { id },
    });
    expect(res.body.data).toMatchObject({ priceMax: '15.00', fundRaising: '15000000.00' });
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offering.update'), eq(auditLog.targetId, String(id))));
    expect(entry?.detail).toMatchObject({ old: { priceMax: '14.00' }, new: { priceMax: '15.00' } });
    const reviewed = await h.call(consolePrimary.offeringUpdate, usInput({ code: 'EDTA' }), {
      token: reviewer,
      params: { id },
    });
    expect(reviewed.status).toBe(403);
  });

  it('refuses once the window has opened (422), changing nothing', async () => {
    const [nwrb] = await h.db.select().from(offerings).where(eq(offerings.code, 'NWRB'));
    if (!nwrb) throw new Error('no NWRB');
    const res = await h.call(consolePrimary.offeringUpdate, usInput({ code: 'NWRB', priceMax: '99.00' }), {
      token: admin,
      params: { id: nwrb.id },
      lang: 'nl',
    });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('offeringNotEditable');
    expect(res.body.msg).toContain('NWRB kan niet meer worden gewijzigd');
    const [after] = await h.db.select().from(offerings).where(eq(offerings.id, nwrb.id));
    expect(after?.priceMax).toBe(nwrb.priceMax);
    const missing = await h.call(consolePrimary.offeringUpdate, usInput({ code: 'GONE' }), {
      token: admin,
      params: { id: 999_999 },
    });
    expect(missing.status).toBe(404);
  });
});

/** A verified customer with `usd` in the SUBSCRIPTION wallet. */
const subscriber = (usd: string) => trader(h, { SUBSCRIPTION: usd });

const wallet = async (token: string) =>
  (await h.call(walletApi.getWalletBalance, { walletType: 'SUBSCRIPTION' }, { token })).body.data[0];

/** An open US offering (price 10.00, fee 1.00, lot 1) with `n` subscriptions of 10 shares: 101.00 held each. */
async function openWithSubscribers(code: string, n: number) {
  const [base] = calendarRows(h.clock.now());
  if (!base) throw new Error('empty calendar');
  const [o] = await h.db
    .insert(offerings)
    .values({ ...base, code, priceMin: '9.00', priceMax: '10.00', fee: '1.00', lotSize: 1 })
    .returning();
  if (!o) throw new Error('offering not made');
  const customers = [];
  for (let i = 0; i < n; i++) {
    const u = await subscriber('500');
    const res = await h.call(primary.newSharesCreate, { code, quantity: 10 }, { token: u.token });
    expect(res.body.data.total).toBe('101.00');
    customers.push(u);
  }
  return { o, customers };
}

describe('cancelling an offering', () => {
  it('returns every held cent, fee included, in one audited step; a second cancel moves nothing', async () => {
    const { o, customers } = await openWithSubscribers('CNCL', 3);
    for (const u of customers)
      expect(await wallet(u.token)).toMatchObject({ balance: '399.00', usedBalance: '101.00' });

    const key = 'cancel-cncl-1';
    const res = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Issuer withdrew' },
      {
        token: admin,
        params: { id: o.id },
        key,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      refundedSubscriptions: 3,
      refunded: [{ currency: 'USD', amount: '303.00' }],
      offering: { phase: 'cancelled', subscriptions: 0, cancellable: false },
    });
    for (const u of customers) {
      expect(await wallet(u.token)).toMatchObject({ balance: '500.00', usedBalance: '0.00', total: '500.00' });
      const [mine] = (await h.call(primary.positionSubscription, {}, { token: u.token })).body.data.list;
      expect(mine).toMatchObject({ status: 'cancelled', amountPending: '0.00' });
    }
    expect(await auditCount('offering.cancel', o.id)).toBe(1);

    // The same key replays the first answer; a new key finds it cancelled and moves nothing.
    const replay = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Issuer withdrew' },
      {
        token: admin,
        params: { id: o.id },
        key,
      },
    );
    expect(replay.body.data).toEqual(res.body.data);
    const again = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Twice' },
      { token: admin, params: { id: o.id } },
    );
    expect(again.body.data).toMatchObject({ refundedSubscriptions: 0, refunded: [] });
    for (const u of customers) expect(await wallet(u.token)).toMatchObject({ balance: '500.00', usedBalance: '0.00' });
    expect(await auditCount('offering.cancel', o.id)).toBe(1);

    // Nobody can subscribe to it any more.
    const late = await subscriber('500');
    const refused = await h.call(primary.newSharesCreate, { code: 'CNCL', quantity: 1 }, { token: late.token });
    expect(refused.body.reason).toBe('offeringNotOpen');
  });

  it('returns what an allotment already paid, fee included, and keeps the books balanced', async () => {
    const { o, customers } = await openWithSubscribers('PAID', 2);
    const [first, second] = customers;
    if (!first || !second) throw new Error('two customers');
    // What an allotment job does to the first: the whole hold (price and fee) settled to the market.
    await h.db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(offeringSubscriptions)
        .where(and(eq(offeringSubscriptions.offeringId, o.id), eq(offeringSubscriptions.userId, first.user.id)));
      if (!s?.holdId) throw new Error('no hold');
      const market = await h.deps.ledger.systemAccount(tx, 'market', 'USD');
      await h.deps.ledger.settleHold(tx, s.holdId, {
        type: 'ipoAllotment',
        counter: market,
        at: h.clock.now(),
      });
      await tx
        .update(offeringSubscriptions)
        .set({ status: 'allotted', allottedQuantity: 10, amountPaid: '101.00' })
        .where(eq(offeringSubscriptions.id, s.id));
      await tx.update(offerings).set({ state: 'allotted' }).where(eq(offerings.id, o.id));
    });
    expect(await wallet(first.token)).toMatchObject({ balance: '399.00', usedBalance: '0.00', total: '399.00' });

    const res = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Listing called off' },
      {
        token: admin,
        params: { id: o.id },
      },
    );
    expect(res.body.data).toMatchObject({
      refundedSubscriptions: 2,
      refunded: [{ currency: 'USD', amount: '202.00' }],
    });
    for (const u of customers) expect(await wallet(u.token)).toMatchObject({ balance: '500.00', total: '500.00' });
  });

  it('refuses a listed offering, an unknown one and a reviewer, moving nothing', async () => {
    const { o, customers } = await openWithSubscribers('RFSD', 1);
    const denied = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Not mine to do' },
      {
        token: reviewer,
        params: { id: o.id },
      },
    );
    expect(denied.status).toBe(403);
    expect(await wallet(customers[0]?.token ?? '')).toMatchObject({ usedBalance: '101.00' });
    const [mkta] = await h.db.select().from(offerings).where(eq(offerings.code, 'MKTA'));
    const listed = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Too late now' },
      {
        token: admin,
        params: { id: mkta?.id ?? 0 },
        lang: 'zh-Hans',
      },
    );
    expect(listed.status).toBe(422);
    expect(listed.body.msg).toBe('MKTA 已上市，无法取消。');
    const missing = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Who?' },
      {
        token: admin,
        params: { id: 999_999 },
      },
    );
    expect(missing.status).toBe(404);
  });
});

describe('the allotment view', () => {
  it('publishes the inputs and previews the result before the close, recomputable by anyone', async () => {
    const { o } = await openWithSubscribers('ALTV', 3);
    // Offer 20 lots to a demand of 30: pro rata, 20 × 10 / 30 = 6.67 each, the 2 leftover lots by remainder.
    await h.db.update(offerings).set({ sharesOffered: 20 }).where(eq(offerings.id, o.id));
    const res = await h.call(consolePrimary.offeringAllotment, {}, { token: reviewer, params: { id: o.id } });
    expect(res.body.data).toMatchObject({
      rule: 'proRata',
      seed: `${o.id}:ALTV`,
      lotsOffered: 20,
      lotsApplied: 30,
      lotsAllotted: 20,
      source: 'preview',
    });
    expect(res.body.data.applications.map((a) => a.allottedLots).sort()).toEqual([6, 7, 7]);
    const subs = await h.call(consolePrimary.offeringSubscriptions, {}, { token: reviewer, params: { id: o.id } });
    expect(subs.body.data.list).toHaveLength(3);
    expect(subs.body.data.list[0]).toMatchObject({ quantity: 10, lots: 10, total: '101.00', status: 'subscribed' });
  });

  it("shows the job's record once it ran, and a cancellation after it returns every cent", async () => {
    const { o, customers } = await openWithSubscribers('ALTJ', 3);
    await h.db.update(offerings).set({ sharesOffered: 20 }).where(eq(offerings.id, o.id));
    const job = createPrimaryJob(h.deps);
    expect(await job.allotOffering(o.id, o.closesAt)).toBe(true);
    const res = await h.call(consolePrimary.offeringAllotment, {}, { token: reviewer, params: { id: o.id } });
    expect(res.body.data).toMatchObject({ source: 'recorded', lotsOffered: 20, lotsApplied: 30, lotsAllotted: 20 });
    expect(res.body.data.ranAtTimestamp).toBe(o.closesAt.getTime());
    expect(res.body.data.applications.map((a) => a.allottedLots).sort()).toEqual([6, 7, 7]);
    // Allotted: 6 or 7 shares × 10.00 + fee 1.00 paid, the rest released.
    for (const u of customers) expect((await wallet(u.token))?.usedBalance).toBe('0.00');
    const cancel = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Listing called off' },
      {
        token: admin,
        params: { id: o.id },
      },
    );
    // 20 shares × 10.00 + 3 fees of 1.00 come back.
    expect(cancel.body.data).toMatchObject({
      refundedSubscriptions: 3,
      refunded: [{ currency: 'USD', amount: '203.00' }],
    });
    for (const u of customers) expect(await wallet(u.token)).toMatchObject({ balance: '500.00', total: '500.00' });
  });
});
