/**
 * Placings on the real database: the price fixed at the window's open from the (pinned) simulator, the ticket,
 * checkSecret, applying (the hold in the SUBSCRIPTION wallet, idempotent replay, refusals that write nothing,
 * single-use confirmations that are the caller's own), the allotment at the close by the published rule releasing
 * the rest and delivering positions, a rerun changing nothing, and the lock-up count. The SUBSCRIPTION wallet is in
 * USD and INTC is pinned at 20.00, so with a 10% discount the placing price is 18.00 and amounts are exact.
 */
import { randomUUID } from 'node:crypto';
import { auth as authApi, placing, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { insertPlacing } from '../../../test/placings.js';
import { pinMarket, trader } from '../../../test/trading.js';
import { instrumentByKey } from '../../market/instruments/index.js';
import { tradePositions } from '../trading/index.js';
import { flatCount } from './applications.js';
import { DEMO_PLACINGS } from './calendar.js';
import { createPlacingJob } from './job.js';
import { placingConfirmations, placingSubscriptions, placings } from './schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PAY = '135790';
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ config: { walletCurrency: { SUBSCRIPTION: 'USD' }, primaryJobMs: 0, tradingJobMs: 0 } });
  pinMarket(h).set('INTC', 0, { bid: '19.99', ask: '20.01' });
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const openPlacing = (overrides: Parameters<typeof insertPlacing>[1] = {}) => insertPlacing(h, overrides);

async function customer(usd?: string) {
  const u = await trader(h, usd ? { SUBSCRIPTION: usd } : {});
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  return u;
}

const available = async (token: string) => {
  const res = await h.call(walletApi.getWalletBalance, { walletType: 'SUBSCRIPTION' }, { token });
  return res.body.data[0]?.balance;
};

const confirm = (token: string, id: number, quantity: number, payPassword = PAY) =>
  h.call(placing.placingCheckSecret, { id, quantity, payPassword }, { token });

async function apply(
  token: string,
  id: number,
  quantity: number,
  extra: Partial<RequestOf<typeof placing.placingCreate>> = {},
  key?: string,
) {
  const c = await confirm(token, id, quantity);
  expect(c.status).toBe(200);
  return h.call(
    placing.placingCreate,
    { id, quantity, confirmation: c.body.data.confirmation, ...extra },
    { token, ...(key ? { key } : {}) },
  );
}

describe('the demo placings', () => {
  it('are placings of instruments the simulator quotes', () => {
    for (const p of DEMO_PLACINGS) expect(instrumentByKey(p.market === 'US' ? 0 : 11, p.code)).toBeDefined();
  });
});

describe('the list and the ticket', () => {
  it('fixes the price at the open from the reference price less the discount, and the ticket holds per lot', async () => {
    const p = await openPlacing();
    const u = await customer('1000');
    const list = await h.call(placing.placingList, { phase: 'open', pageSize: 50 }, { token: u.token });
    const shown = list.body.data.list.find((x) => x.id === p.id);
    // mid 20.00 × (1 − 0.10) = 18.00
    expect(shown).toMatchObject({ referencePrice: '20.00', price: '18.00', phase: 'open', state: 'subscribable' });
    const t = await h.call(placing.placingTicket, { id: p.id }, { token: u.token });
    // 10 × 18.00 = 180.00 a lot; (1000 − 1) / 180 → 5 lots = 50 shares, capped at none (100 offered)
    expect(t.body.data).toMatchObject({ perLot: '180.00', fee: '1.00', maxQuantity: 50, available: '1000.00' });
    const upcoming = await openPlacing({
      opensAt: new Date(h.clock.now().getTime() + HOUR),
      closesAt: new Date(h.clock.now().getTime() + 2 * HOUR),
    });
    const later = await h.call(placing.placingTicket, { id: upcoming.id }, { token: u.token });
    expect(later.body.data.maxQuantity).toBe(0);
    const [row] = await h.db.select().from(placings).where(eq(placings.id, upcoming.id));
    expect(row?.price).toBeNull();
  });

  it('answers 404 for an unknown placing, in the reader language', async () => {
    const u = await customer();
    const res = await h.call(placing.placingTicket, { id: 999_999 }, { token: u.token, lang: 'nl' });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('Er is geen plaatsing #999999.');
  });
});

describe('applying', () => {
  it('holds quantity × price + fee once, and a replay answers the same application', async () => {
    const p = await openPlacing();
    const u = await customer('1000');
    const key = randomUUID();
    const c = await confirm(u.token, p.id, 20);
    const body = { id: p.id, quantity: 20, confirmation: c.body.data.confirmation };
    const first = await h.call(placing.placingCreate, body, { token: u.token, key });
    expect(first.status).toBe(200);
    // 20 × 18.00 = 360.00 + 1.00
    expect(first.body.data).toMatchObject({ total: '361.00', status: 'subscribed', quantity: 20 });
    expect(await available(u.token)).toBe('639.00');
    const again = await h.call(placing.placingCreate, body, { token: u.token, key });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await available(u.token)).toBe('639.00');
    const second = await apply(u.token, p.id, 10);
    expect(second.status).toBe(409);
    const mine = await h.call(placing.placingSubscriptions, {}, { token: u.token });
    expect(mine.body.data.list.map((a) => a.id)).toEqual([first.body.data.id]);
  });

  it('refuses what the wallet does not carry and writes nothing, the confirmation kept unused', async () => {
    const p = await openPlacing();
    const u = await customer('100');
    const res = await apply(u.token, p.id, 10);
    expect(res.status).toBe(422);
    expect(await available(u.token)).toBe('100.00');
    const [n] = await h.db
      .select({ n: count() })
      .from(placingSubscriptions)
      .where(eq(placingSubscriptions.placingId, p.id));
    expect(n?.n).toBe(0);
    const used = await h.db.select().from(placingConfirmations).where(eq(placingConfirmations.placingId, p.id));
    expect(used.every((c) => c.usedAt === null)).toBe(true);
  });

  it('refuses a wrong password, broken lots, a spent or another customer’s confirmation', async () => {
    const p = await openPlacing();
    const a = await customer('1000');
    const b = await customer('1000');
    expect((await confirm(a.token, p.id, 10, '000000')).body.reason).toBe('wrongPayPassword');
    expect((await confirm(a.token, p.id, 15)).body.reason).toBe('offeringWholeLots');
    const c = await confirm(a.token, p.id, 10);
    const body = { id: p.id, quantity: 10, confirmation: c.body.data.confirmation };
    const stolen = await h.call(placing.placingCreate, body, { token: b.token, lang: 'zh-Hans' });
    expect(stolen.status).toBe(422);
    expect(stolen.body.reason).toBe('blockConfirmationInvalid');
    expect(await available(b.token)).toBe('1000.00');
    expect((await h.call(placing.placingCreate, { ...body, quantity: 20 }, { token: a.token })).body.reason).toBe(
      'blockConfirmationInvalid',
    );
    expect((await h.call(placing.placingCreate, body, { token: a.token })).status).toBe(200);
    const b2 = await h.call(placing.placingSubscriptions, {}, { token: b.token });
    expect(b2.body.data.total).toBe(0);
  });

  it('refuses a closed window', async () => {
    const now = h.clock.now().getTime();
    const p = await openPlacing({ opensAt: new Date(now - 2 * HOUR), closesAt: new Date(now - HOUR) });
    const u = await customer('1000');
    const res = await confirm(u.token, p.id, 10);
    expect(res.body.reason).toBe('placingNotOpen');
  });
});

describe('cancelling an application', () => {
  it('releases the whole hold while the window is open; only the owner may; a second cancel moves nothing', async () => {
    const p = await openPlacing();
    const u = await customer('1000');
    const other = await customer('1000');
    const applied = await apply(u.token, p.id, 20);
    const id = applied.body.data.id;
    expect(await available(u.token)).toBe('639.00');
    const theirs = await h.call(placing.placingCancel, { id }, { token: other.token, lang: 'nl' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('Deze inschrijving op een plaatsing is niet gevonden.');
    expect(await available(u.token)).toBe('639.00');
    const res = await h.call(placing.placingCancel, { id }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'cancelled', amountPending: '0.00' });
    expect(await available(u.token)).toBe('1000.00');
    const again = await h.call(placing.placingCancel, { id }, { token: u.token });
    expect(again.body.data.status).toBe('cancelled');
    expect(await available(u.token)).toBe('1000.00');
    // Cancelled, the customer may apply again, and the list offers it.
    const listed = await h.call(placing.placingList, { pageSize: 100 }, { token: u.token });
    expect(listed.body.data.list.find((x) => x.id === p.id)?.state).toBe('subscribable');
    expect((await apply(u.token, p.id, 10)).status).toBe(200);
  });

  it('refuses once the window has closed, in the reader language, and keeps the hold', async () => {
    const p = await openPlacing();
    const u = await customer('1000');
    const id = (await apply(u.token, p.id, 10)).body.data.id;
    await h.db.update(placings).set({ closesAt: h.clock.now() }).where(eq(placings.id, p.id));
    const res = await h.call(placing.placingCancel, { id }, { token: u.token, lang: 'zh-Hans' });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('placingApplicationLocked');
    expect(res.body.msg).toContain('无法取消');
    expect(await available(u.token)).toBe('819.00');
  });
});

describe('the allotment and the lock-up', () => {
  it('allots pro rata at the close, releases the rest, delivers positions, and counts the lock-up', async () => {
    const p = await openPlacing();
    const us = [await customer('2000'), await customer('2000'), await customer('2000')];
    // 60 + 60 + 30 = 150 shares (15 lots) for 100 offered (10 lots)
    for (const [u, q] of [
      [us[0]!, 60],
      [us[1]!, 60],
      [us[2]!, 30],
    ] as const)
      expect((await apply(u.token, p.id, q)).status).toBe(200);
    const job = createPlacingJob(h.deps);
    expect((await job.runUnlocked()).allotted).not.toContain(p.id);
    h.clock.advance(HOUR);
    expect((await job.runUnlocked()).allotted).toContain(p.id);
    const apps = await h.db.select().from(placingSubscriptions).where(eq(placingSubscriptions.placingId, p.id));
    const allotted = apps.reduce((s, a) => s + (a.allottedQuantity ?? 0), 0);
    expect(allotted).toBe(100);
    for (const [i, u] of us.entries()) {
      const a = apps.find((x) => x.userId === u.user.id)!;
      const shares = a.allottedQuantity ?? 0;
      // what is left: 2000 − shares × 18.00 − the fee 1.00
      expect(await available(u.token)).toBe((2000 - shares * 18 - 1).toFixed(2));
      expect(a.status).toBe(shares > 0 ? 'allotted' : 'notAllotted');
      if (shares > 0) {
        const [pos] = await h.db.select().from(tradePositions).where(eq(tradePositions.id, a.positionId!));
        expect(pos).toMatchObject({ code: 'INTC', quantity: shares, userId: u.user.id });
      }
      const flat = await h.call(placing.placingFlatCount, { stockCode: 'intc' }, { token: u.token });
      expect(flat.body.data).toMatchObject({ allotted: shares, locked: shares, sellable: 0 });
      expect(i).toBeGreaterThanOrEqual(0);
    }
    const [stored] = await h.db.select().from(placings).where(eq(placings.id, p.id));
    expect(stored).toMatchObject({ state: 'allotted', lotsApplied: 15, lotsAllotted: 10 });
    // A rerun changes nothing.
    expect((await job.runUnlocked()).allotted).not.toContain(p.id);
    // The console's monitor shows the demand and the allotment's published inputs; a customer cannot read it.
    const { reviewer } = await h.consoleOperators({ admin: `a${p.id}`, reviewer: `r${p.id}` });
    const monitor = await h.call(placing.consolePlacingList, { pageSize: 100 }, { token: reviewer });
    expect(monitor.body.data.list.find((x) => x.id === p.id)).toMatchObject({
      applications: 3,
      sharesApplied: 150,
      lotsApplied: 15,
      lotsAllotted: 10,
      seed: `placing:${p.id}:INTC`,
      phase: 'allotted',
    });
    expect((await h.call(placing.consolePlacingList, {}, { token: us[0]!.token })).status).toBe(401);
    const records = await h.call(placing.placingSubscriptions, { status: 'allotted' }, { token: us[0]!.token });
    expect(records.body.data.list[0]?.status).toBe('allotted');
    // 30 days on (the session has expired by then: the count itself, as the endpoint answers it).
    h.clock.advance(30 * DAY);
    const a0 = apps.find((x) => x.userId === us[0]!.user.id)!;
    const later = await flatCount(h.db, us[0]!.user.id, 'INTC', h.clock.now());
    expect(later).toMatchObject({ locked: 0, sellable: a0.allottedQuantity, nextUnlockTimestamp: null });
  });
});
