/**
 * IPO subscriptions end to end on the real database: the calendar and detail, the ticket's maximum, subscribing
 * (the hold in the SUBSCRIPTION wallet, the refusals that write nothing, idempotency), ownership, the SPEC §4
 * states, and a customer racing their own wallet. The SUBSCRIPTION wallet is kept in USD here, so a US offering's
 * amounts are exact (rate 1) and written out in the comments.
 */
import { primary, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { trader } from '../../../test/trading.js';
import { ledgerHolds } from '../../platform/db/schema.js';
import { calendarRows, seedOfferings } from './calendar.js';
import { offeringSubscriptions, offerings } from './schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { walletCurrency: { SUBSCRIPTION: 'USD' } } });
  await seedOfferings(h.db, h.clock.now());
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

/** A verified customer with `usd` in the SUBSCRIPTION wallet. */
const subscriber = (usd?: string) => trader(h, usd ? { SUBSCRIPTION: usd } : {});

const subscribe = (token: string, body: RequestOf<typeof primary.newSharesCreate>, key?: string, lang?: string) =>
  h.call(primary.newSharesCreate, body, { token, ...(key ? { key } : {}), ...(lang ? { lang } : {}) });

const wallet = async (token: string) => {
  const res = await h.call(walletApi.getWalletBalance, { walletType: 'SUBSCRIPTION' }, { token });
  return res.body.data[0];
};

/** An open US offering of its own (price 10.00, fee 1.00, lot 1), for tests that need many. */
async function openOffering(code: string, overrides: Partial<typeof offerings.$inferInsert> = {}) {
  const [base] = calendarRows(h.clock.now());
  if (!base) throw new Error('empty calendar');
  const [row] = await h.db
    .insert(offerings)
    .values({ ...base, code, priceMin: '9.00', priceMax: '10.00', fee: '1.00', lotSize: 1, ...overrides })
    .returning();
  if (!row) throw new Error('offering not made');
  return row;
}

describe('the IPO calendar and detail', () => {
  it('lists open offerings first, then upcoming, for guests without a state', async () => {
    const res = await h.call(primary.newStockCalendar, {});
    expect(res.status).toBe(200);
    const phases = res.body.data.list.map((o) => o.phase);
    expect(phases.slice(0, 3)).toEqual(['open', 'open', 'open']);
    expect(phases.indexOf('upcoming')).toBe(3);
    expect(res.body.data.list.every((o) => o.state === null && o.simulated)).toBe(true);
  });

  it('filters by market and phase, and names issuers in the reader language', async () => {
    const res = await h.call(primary.newStockCalendar, { market: 'HK', phase: 'open' }, { lang: 'zh-Hans' });
    expect(res.body.data.list.map((o) => o.code)).toEqual(['02791', '09831']);
    expect(res.body.data.list[1]).toMatchObject({
      name: '港灯茶业控股',
      lotSize: 500,
      priceMax: '7.60',
      fee: '100.00',
    });
  });

  it('shows one offering, and 404 in the reader language for an unknown code', async () => {
    const found = await h.call(primary.newStockDetail, { code: 'NWRB' });
    expect(found.body.data).toMatchObject({ state: null, subscription: null });
    // 4,000,000 shares × 21.00 = 84,000,000.00 raised at the top of the range
    expect(found.body.data.offering).toMatchObject({ exchange: 'NASDAQ', fundRaising: '84000000.00', phase: 'open' });
    const missing = await h.call(primary.newStockDetail, { code: 'NOPE' }, { lang: 'nl' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('Er is geen aanbieding NOPE.');
  });
});

describe('subscribing', () => {
  it('answers the most the wallet carries, in whole lots', async () => {
    const u = await subscriber('1000');
    const res = await h.call(primary.ipoFullNum, { code: 'NWRB' }, { token: u.token });
    // (1000.00 − fee 2.00) / 21.00 = 47.5 → 47 shares (lot 1)
    expect(res.body.data).toMatchObject({ price: '21.00', rate: '1', perLot: '21.00', fee: '2.00', maxQuantity: 47 });
    const closed = await h.call(primary.ipoFullNum, { code: 'COWL' }, { token: u.token });
    expect(closed.body.data.maxQuantity).toBe(0);
  });

  it('holds quantity × the top of the range + the fee, and shows it as subscribed', async () => {
    const u = await subscriber('1000');
    const res = await subscribe(u.token, { code: 'NWRB', quantity: 47 });
    expect(res.status).toBe(200);
    // 47 × 21.00 = 987.00, + fee 2.00 = 989.00 held; 11.00 left
    expect(res.body.data).toMatchObject({ amount: '987.00', fee: '2.00', total: '989.00', amountPending: '989.00' });
    expect(res.body.data).toMatchObject({ status: 'subscribed', settleStatus: null, allottedQuantity: null });
    expect(await wallet(u.token)).toMatchObject({ balance: '11.00', usedBalance: '989.00', total: '1000.00' });
    const list = await h.call(primary.positionSubscription, {}, { token: u.token });
    expect(list.body.data.list.map((s) => s.id)).toEqual([res.body.data.id]);
    const detail = await h.call(primary.newStockDetail, { code: 'NWRB' }, { token: u.token });
    expect(detail.body.data).toMatchObject({ state: 'subscribed', subscription: { id: res.body.data.id } });
    const again = await subscribe(u.token, { code: 'NWRB', quantity: 1 });
    expect(again.status).toBe(409);
    expect(await wallet(u.token)).toMatchObject({ usedBalance: '989.00' });
  });

  it.each<[string, RequestOf<typeof primary.newSharesCreate>, string]>([
    ['a quantity that is not whole lots', { code: '09831', quantity: 250 }, 'offeringWholeLots'],
    ['an upcoming offering', { code: 'PGRD', quantity: 1 }, 'offeringNotOpen'],
    ['a closed offering', { code: 'COWL', quantity: 1 }, 'offeringNotOpen'],
    ['a listed offering', { code: 'MKTA', quantity: 1 }, 'offeringNotOpen'],
    ['more than is offered', { code: 'NWRB', quantity: 4_000_001 }, 'offeringAboveOffered'],
    // 48 × 21.00 + 2.00 = 1010.00 > 1000.00
    ['more than the wallet carries', { code: 'NWRB', quantity: 48 }, 'insufficientBalance'],
    // 10 × 21.00 + 2.00 = 212.00 > 211.99
    ['a hold above the ticket', { code: 'NWRB', quantity: 10, maxTotal: '211.99' }, 'offeringTotalAboveTicket'],
  ])('refuses %s with 422 and writes nothing', async (_name, body, reason) => {
    const u = await subscriber('1000');
    const res = await subscribe(u.token, body);
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe(reason);
    const rows = await h.db.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.userId, u.user.id));
    expect(rows).toEqual([]);
    expect(await wallet(u.token)).toMatchObject({ balance: '1000.00', usedBalance: '0.00' });
  });

  it('refuses a customer whose identity is not verified, in their language', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'SUBSCRIPTION', '1000');
    const res = await subscribe(u.token, { code: 'NWRB', quantity: 1 }, undefined, 'zh-Hans');
    expect(res.body).toMatchObject({ code: 422, reason: 'kycRequired', msg: '请先完成身份认证' });
  });

  it('translates the refusals', async () => {
    const u = await subscriber('1000');
    const res = await subscribe(u.token, { code: '09831', quantity: 250 }, undefined, 'nl');
    expect(res.body.msg).toBe('Schrijf in hele lots in: 09831 wordt verkocht in lots van 500 aandelen.');
  });

  it('is idempotent: the same key answers the first answer and holds once; another body with it is 409', async () => {
    const u = await subscriber('1000');
    const key = `ipo-${Date.now()}`;
    const first = await subscribe(u.token, { code: 'NWRB', quantity: 10 }, key);
    const again = await subscribe(u.token, { code: 'NWRB', quantity: 10 }, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await subscribe(u.token, { code: 'NWRB', quantity: 11 }, key);
    expect(other.status).toBe(409);
    // 10 × 21.00 + 2.00 = 212.00, held once
    expect(await wallet(u.token)).toMatchObject({ usedBalance: '212.00' });
  });

  it('converts a Hong Kong offering at the live rate and holds what it shows', async () => {
    const u = await subscriber('100000');
    const res = await subscribe(u.token, { code: '09831', quantity: 1000 });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ priceCurrency: 'HKD', currency: 'USD', price: '7.60', quantity: 1000 });
    expect(Number(s.rate)).toBeGreaterThan(0.1);
    expect(Number(s.rate)).toBeLessThan(0.2);
    expect((Number(s.amount) + Number(s.fee)).toFixed(2)).toBe(s.total);
    expect(await wallet(u.token)).toMatchObject({ usedBalance: s.total });
  });
});

describe('ownership', () => {
  it("answers 404 for another customer's subscription and lists only the caller's", async () => {
    const a = await subscriber('1000');
    const b = await subscriber('1000');
    const mine = await subscribe(a.token, { code: 'NWRB', quantity: 1 });
    expect(mine.status).toBe(200);
    const own = await h.call(primary.subscriptionDetail, { id: mine.body.data.id }, { token: a.token });
    expect(own.body.data).toMatchObject({ id: mine.body.data.id, code: 'NWRB' });
    const theirs = await h.call(primary.subscriptionDetail, { id: mine.body.data.id }, { token: b.token });
    expect(theirs.status).toBe(404);
    const unknown = await h.call(primary.subscriptionDetail, { id: 999_999 }, { token: b.token });
    expect(theirs.body).toEqual(unknown.body);
    const list = await h.call(primary.positionSubscription, {}, { token: b.token });
    expect(list.body.data.total).toBe(0);
  });
});

describe('concurrency', () => {
  it('20 subscriptions at once by one customer never overdraw: exactly what the wallet carries is held', async () => {
    const u = await subscriber('255');
    const codes = Array.from({ length: 20 }, (_, i) => `RACE${i}`);
    for (const code of codes) await openOffering(code);
    // each: 5 × 10.00 + 1.00 = 51.00; 255.00 carries exactly 5
    const answers = await Promise.all(codes.map((code) => subscribe(u.token, { code, quantity: 5 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.reason === 'insufficientBalance')).toHaveLength(15);
    expect(await wallet(u.token)).toMatchObject({ balance: '0.00', usedBalance: '255.00' });
    const holds = await h.db.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.userId, u.user.id));
    expect(holds).toHaveLength(5);
  });

  it('20 subscriptions at once to one offering: one is taken, the others are 409', async () => {
    const u = await subscriber('10000');
    await openOffering('RACEONE');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => subscribe(u.token, { code: 'RACEONE', quantity: 5 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await wallet(u.token)).toMatchObject({ usedBalance: '51.00' });
  });
});

describe('SPEC §4 states over time', () => {
  it('waits for the allotment once the window has closed, still holding the money', async () => {
    const u = await subscriber('1000');
    const now = h.clock.now().getTime();
    await openOffering('SOON', { closesAt: new Date(now + 3600_000), listingAt: new Date(now + 86_400_000) });
    const res = await subscribe(u.token, { code: 'SOON', quantity: 2 });
    expect(res.body.data.status).toBe('subscribed');
    h.clock.advance(2 * 3600_000);
    const [hold] = await h.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.reference, `subscription:${res.body.data.id}`));
    expect(hold?.status).toBe('active');
    const waiting = await h.call(primary.positionSubscription, { status: 'waitingAllotment' }, { token: u.token });
    expect(waiting.body.data.list).toMatchObject([
      { id: res.body.data.id, status: 'waitingAllotment', amountPending: '21.00' },
    ]);
    const subscribed = await h.call(primary.positionSubscription, { status: 'subscribed' }, { token: u.token });
    expect(subscribed.body.data.total).toBe(0);
    const late = await subscribe(u.token, { code: 'SOON', quantity: 1 });
    expect(late.body.reason).toBe('offeringNotOpen');
  });
});
