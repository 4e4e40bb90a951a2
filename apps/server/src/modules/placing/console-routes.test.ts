/**
 * Placing management in the console on the real database, as offerings are managed: creating (the checks,
 * translated, writing nothing), editing only before the window opens, cancelling with every held cent released (fee
 * included), safely twice, the roles and the audit rows; and the auction monitor. The SUBSCRIPTION wallet is in USD
 * and INTC is pinned at 20.00, so with a 10% discount the placing price is 18.00 and amounts are exact.
 */
import { auction, auth as authApi, placing, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { insertPlacing } from '../../../test/placings.js';
import { pinMarket, STOCK_TERMS, trader } from '../../../test/trading.js';
import { auditLog } from '../../platform/db/schema.js';
import { createPlacingJob } from './job.js';
import { placingSubscriptions, placings } from './schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PAY = '135790';
let h: Harness;
let admin: string;
let reviewer: string;
let made = 0;

beforeAll(async () => {
  h = await createHarness({ config: { walletCurrency: { SUBSCRIPTION: 'USD' }, primaryJobMs: 0, tradingJobMs: 0 } });
  pinMarket(h).set('INTC', 0, { bid: '19.99', ask: '20.01' });
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'paula', reviewer: 'rik' }));
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

type Input = RequestOf<typeof placing.consolePlacingCreate>;

/** A US SPO of INTC opening tomorrow for three days (each input a millisecond apart: one per stock and instant). */
function usInput(overrides: Partial<Input> = {}): Input {
  const opens = h.clock.now().getTime() + DAY + ++made;
  return {
    kind: 'SPO',
    market: 'US',
    code: 'INTC',
    discount: '0.08',
    opensAtTimestamp: opens,
    closesAtTimestamp: opens + 3 * DAY,
    lotSize: 10,
    sharesOffered: 100_000,
    lockupDays: 30,
    fee: '2.00',
    ...overrides,
  };
}

const auditRows = (action: string, id: number) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

const placingCount = async () => (await h.db.select({ n: count() }).from(placings))[0]?.n ?? 0;

describe('creating a placing', () => {
  it('stores it simulated, in its market currency, with the rule of its market, audited', async () => {
    const res = await h.call(placing.consolePlacingCreate, usInput({ code: 'intc' }), { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      code: 'INTC',
      kind: 'SPO',
      currency: 'USD',
      allotmentRule: 'proRata',
      phase: 'upcoming',
      discount: '0.08',
      price: null,
      editable: true,
      cancellable: true,
      applications: 0,
    });
    const [entry] = await auditRows('placing.create', res.body.data.id);
    expect(entry?.detail).toMatchObject({ old: null, new: { code: 'INTC', sharesOffered: 100_000 } });
    const hk = await h.call(
      placing.consolePlacingCreate,
      usInput({ kind: 'QIP', market: 'HK', code: '00700', lotSize: 100, sharesOffered: 1_000_000, fee: '100.00' }),
      { token: admin },
    );
    expect(hk.body.data).toMatchObject({ currency: 'HKD', allotmentRule: 'ballot', market: 'HK', kind: 'QIP' });
    const list = await h.call(placing.consolePlacingList, { pageSize: 100 }, { token: reviewer });
    const ids = list.body.data.list.map((p) => p.id);
    expect(ids).toContain(res.body.data.id);
    expect(ids).toContain(hk.body.data.id);
    // Customers see it in placing/index as upcoming.
    const index = await h.call(placing.placingList, { phase: 'upcoming', pageSize: 100 });
    expect(index.body.data.list.some((p) => p.id === res.body.data.id)).toBe(true);
  });

  it.each<[string, Partial<Input>, string, string]>([
    ['a stock the market does not quote', { code: 'NOPE' }, 'code', 'geen aandeel'],
    ['a Hong Kong stock in the US market', { code: '00700' }, 'code', 'geen aandeel'],
    ['a European stock in the US market', { code: 'SAP' }, 'code', 'geen aandeel'],
    [
      'a window that opened already',
      { opensAtTimestamp: Date.parse('2026-11-01T00:00:00Z') },
      'opensAtTimestamp',
      'na nu',
    ],
    [
      'a close before the opening',
      { closesAtTimestamp: Date.parse('2026-11-01T00:00:00Z') },
      'closesAtTimestamp',
      'sluiten nadat',
    ],
    ['a discount above its bound', { discount: '0.35' }, 'discount', 'tussen 1% en 30%'],
    ['a discount below its bound', { discount: '0.005' }, 'discount', 'tussen 1% en 30%'],
    ['shares offered not whole lots', { lotSize: 100, sharesOffered: 1050 }, 'sharesOffered', '100'],
    ['a negative lock-up', { lockupDays: -1 }, 'lockupDays', ''],
    ['a discount that is no fraction', { discount: '8%' }, 'discount', ''],
  ])('refuses %s on its field, translated, writing nothing', async (_name, change, field, words) => {
    const before = await placingCount();
    const res = await h.call(placing.consolePlacingCreate, usInput(change), { token: admin, lang: 'nl' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.msg).not.toContain('errors.');
    if (words) expect(res.body.msg).toContain(words);
    expect(await placingCount()).toBe(before);
  });

  it('refuses a second placing of the stock opening at the same instant (409)', async () => {
    const input = usInput();
    expect((await h.call(placing.consolePlacingCreate, input, { token: admin })).status).toBe(200);
    const again = await h.call(placing.consolePlacingCreate, input, { token: admin, lang: 'zh-Hans' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('INTC 已有一项在该时间开始的配售。');
  });

  it('is for admins: a reviewer is refused and nothing is written', async () => {
    const before = await placingCount();
    const res = await h.call(placing.consolePlacingCreate, usInput(), { token: reviewer });
    expect(res.status).toBe(403);
    expect(await placingCount()).toBe(before);
  });
});

describe('editing a placing', () => {
  it('changes an upcoming one, audited with the old and new terms; a reviewer is refused', async () => {
    const input = usInput();
    const made = await h.call(placing.consolePlacingCreate, input, { token: admin });
    const id = made.body.data.id;
    const res = await h.call(
      placing.consolePlacingUpdate,
      { ...input, discount: '0.12', lockupDays: 60 },
      {
        token: admin,
        params: { id },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, discount: '0.12', lockupDays: 60 });
    const [entry] = await auditRows('placing.update', id);
    expect(entry?.detail).toMatchObject({ old: { discount: '0.08' }, new: { discount: '0.12' } });
    const reviewed = await h.call(placing.consolePlacingUpdate, input, { token: reviewer, params: { id } });
    expect(reviewed.status).toBe(403);
    const [row] = await h.db.select().from(placings).where(eq(placings.id, id));
    expect(row?.discount).toBe('0.1200');
  });

  it('refuses once the window has opened (422), translated, changing nothing; 404 for an unknown id', async () => {
    const open = await insertPlacing(h, { sharesOffered: 1000 });
    const res = await h.call(placing.consolePlacingUpdate, usInput({ discount: '0.20' }), {
      token: admin,
      params: { id: open.id },
      lang: 'nl',
    });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('placingNotEditable');
    expect(res.body.msg).toContain('De plaatsing van INTC kan niet meer worden gewijzigd');
    const [after] = await h.db.select().from(placings).where(eq(placings.id, open.id));
    expect(after?.discount).toBe(open.discount);
    expect(await auditRows('placing.update', open.id)).toEqual([]);
    const missing = await h.call(placing.consolePlacingUpdate, usInput(), { token: admin, params: { id: 999_999 } });
    expect(missing.status).toBe(404);
  });
});

async function customer(usd: string) {
  const u = await trader(h, { SUBSCRIPTION: usd });
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  return u;
}

async function apply(token: string, id: number, quantity: number) {
  const c = await h.call(placing.placingCheckSecret, { id, quantity, payPassword: PAY }, { token });
  expect(c.status).toBe(200);
  return h.call(placing.placingCreate, { id, quantity, confirmation: c.body.data.confirmation }, { token });
}

const wallet = async (token: string) =>
  (await h.call(walletApi.getWalletBalance, { walletType: 'SUBSCRIPTION' }, { token })).body.data[0];

/** An open placing with `n` applications of 20 shares: 20 × 18.00 + 1.00 = 361.00 held each. */
async function openWithApplications(n: number) {
  const p = await insertPlacing(h, { sharesOffered: 1000 });
  const customers = [];
  for (let i = 0; i < n; i++) {
    const u = await customer('500.37');
    const res = await apply(u.token, p.id, 20);
    expect(res.body.data.total).toBe('361.00');
    customers.push(u);
  }
  return { p, customers };
}

describe('cancelling a placing', () => {
  it('releases every held cent, fee included, in one audited step; a second cancel moves nothing', async () => {
    const { p, customers } = await openWithApplications(3);
    for (const u of customers)
      expect(await wallet(u.token)).toMatchObject({ balance: '139.37', usedBalance: '361.00' });

    const key = `cancel-placing-${p.id}`;
    const opts = { token: admin, params: { id: p.id }, key };
    const res = await h.call(placing.consolePlacingCancel, { reason: 'Issuer withdrew' }, opts);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      refundedApplications: 3,
      refunded: [{ currency: 'USD', amount: '1083.00' }],
      placing: { phase: 'cancelled', applications: 0, cancellable: false, editable: false },
    });
    for (const u of customers) {
      expect(await wallet(u.token)).toMatchObject({ balance: '500.37', usedBalance: '0.00', total: '500.37' });
      const mine = await h.call(placing.placingSubscriptions, {}, { token: u.token });
      expect(mine.body.data.list[0]).toMatchObject({ placingId: p.id, status: 'cancelled' });
    }
    const [entry, ...more] = await auditRows('placing.cancel', p.id);
    expect(more).toEqual([]);
    expect(entry?.detail).toMatchObject({
      reason: 'Issuer withdrew',
      refundedApplications: 3,
      old: { phase: 'open', applications: 3 },
      new: { phase: 'cancelled' },
    });

    // The same key replays the first answer; a new key finds it cancelled and moves nothing.
    const replay = await h.call(placing.consolePlacingCancel, { reason: 'Issuer withdrew' }, opts);
    expect(replay.body.data).toEqual(res.body.data);
    const again = await h.call(
      placing.consolePlacingCancel,
      { reason: 'Twice' },
      { token: admin, params: { id: p.id } },
    );
    expect(again.body.data).toMatchObject({ refundedApplications: 0, refunded: [] });
    for (const u of customers) expect(await wallet(u.token)).toMatchObject({ balance: '500.37', usedBalance: '0.00' });
    expect(await auditRows('placing.cancel', p.id)).toHaveLength(1);

    // Nobody can apply any more, and the job never allots it.
    const late = await customer('500');
    const c = await h.call(
      placing.placingCheckSecret,
      { id: p.id, quantity: 10, payPassword: PAY },
      { token: late.token },
    );
    expect(c.body.reason ?? (await apply(late.token, p.id, 10)).body.reason).toBe('placingNotOpen');
    const job = createPlacingJob(h.deps);
    expect(await job.allotPlacing(p.id, new Date(p.closesAt.getTime() + 1))).toBe(false);
  });

  it('leaves no hold behind when applications race the cancellation', async () => {
    const p = await insertPlacing(h, { sharesOffered: 1000 });
    const racers = [];
    for (let i = 0; i < 4; i++) {
      const u = await customer('400');
      const c = await h.call(
        placing.placingCheckSecret,
        { id: p.id, quantity: 10, payPassword: PAY },
        { token: u.token },
      );
      racers.push({ u, confirmation: c.body.data.confirmation });
    }
    const [cancelled, ...applied] = await Promise.all([
      h.call(placing.consolePlacingCancel, { reason: 'Race' }, { token: admin, params: { id: p.id } }),
      ...racers.map(({ u, confirmation }) =>
        h.call(placing.placingCreate, { id: p.id, quantity: 10, confirmation }, { token: u.token }),
      ),
    ]);
    expect(cancelled?.status).toBe(200);
    // Each application either came first (and was cancelled and released) or found the placing cancelled.
    for (const res of applied) expect([200, 422]).toContain(res.status);
    const before = applied.filter((res) => res.status === 200).length;
    expect(cancelled?.body.data.refundedApplications).toBe(before);
    for (const { u } of racers) expect(await wallet(u.token)).toMatchObject({ balance: '400.00', usedBalance: '0.00' });
    const live = await h.db
      .select()
      .from(placingSubscriptions)
      .where(and(eq(placingSubscriptions.placingId, p.id), ne(placingSubscriptions.status, 'cancelled')));
    expect(live).toEqual([]);
  });

  it('refuses an allotted placing, an unknown one and a reviewer, moving nothing', async () => {
    const { p, customers } = await openWithApplications(1);
    const [u] = customers;
    const denied = await h.call(
      placing.consolePlacingCancel,
      { reason: 'Not mine to do' },
      { token: reviewer, params: { id: p.id } },
    );
    expect(denied.status).toBe(403);
    expect(await wallet(u?.token ?? '')).toMatchObject({ usedBalance: '361.00' });

    // Allotted at the close: 20 shares × 18.00 + 1.00 paid, nothing held any more.
    expect(await createPlacingJob(h.deps).allotPlacing(p.id, p.closesAt)).toBe(true);
    const paid = await wallet(u?.token ?? '');
    const allotted = await h.call(
      placing.consolePlacingCancel,
      { reason: 'Too late now' },
      { token: admin, params: { id: p.id }, lang: 'zh-Hans' },
    );
    expect(allotted.status).toBe(422);
    expect(allotted.body.msg).toBe('INTC 配售已完成分配，无法再取消。');
    expect(await wallet(u?.token ?? '')).toEqual(paid);
    const [application] = await h.db
      .select()
      .from(placingSubscriptions)
      .where(eq(placingSubscriptions.placingId, p.id));
    expect(application?.status).toBe('allotted');
    const missing = await h.call(
      placing.consolePlacingCancel,
      { reason: 'Who?' },
      { token: admin, params: { id: 999_999 } },
    );
    expect(missing.status).toBe(404);
  });
});

describe('the auction monitor', () => {
  it('shows every auction order with its customer, newest first, to reviewers; filters by state', async () => {
    const u = await trader(h, { US_STOCK: '100000' });
    const ids = [];
    for (const price of ['1.00', '2.00']) {
      const res = await h.call(
        auction.auctionStockCreate,
        { stockCode: 'AAPL', source: 0, direction: 0, quantity: 10, price, termsVersion: STOCK_TERMS },
        { token: u.token },
      );
      expect(res.status).toBe(200);
      ids.push(res.body.data.auctionOrder.id);
    }
    const res = await h.call(auction.consoleAuctionOrderList, { pageSize: 1 }, { token: reviewer });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list[0]).toMatchObject({
      id: ids[1],
      customerId: u.user.id,
      code: 'AAPL',
      direction: 0,
      limitPrice: '2',
      quantity: 10,
      state: 'waiting',
      openPrice: null,
      market: 'US',
    });
    const filled = await h.call(auction.consoleAuctionOrderList, { state: 'filled' }, { token: reviewer });
    expect(filled.body.data.total).toBe(0);
    const guest = await h.call(auction.consoleAuctionOrderList, {});
    expect(guest.status).toBe(401);
  });
});
