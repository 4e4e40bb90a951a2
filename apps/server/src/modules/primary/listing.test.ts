/**
 * Listing (docs/primary-markets.md "Listing"): the seeded listed offerings are instruments on a fresh start; at the
 * listing date the job lists an allotted offering in the simulator at its published first price and delivers the
 * allotted shares as ordinary positions at the offer price, which sell like any other. The SUBSCRIPTION wallet is
 * in USD (US_STOCK too), so a US offering is delivered at rate 1; a Hong Kong one crosses to HK_STOCK (EUR) via fx.
 */
import {
  market as marketApi,
  primary,
  trading as tradingApi,
  type Wallet,
  wallet as walletApi,
} from '@beurs/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { trader } from '../../../test/trading.js';
import { journalEntries, ledgerPostings } from '../../platform/db/schema.js';
import { createTrialBalanceJob } from '../books/index.js';
import { createPrimaryJob, type PrimaryJob } from './allotment-job.js';
import { calendarRows, seedOfferings } from './calendar.js';
import { firstPrice, syncListings } from './listing.js';
import { offerings } from './schema.js';

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

async function offering(code: string, listingAt: string, overrides: Partial<typeof offerings.$inferInsert> = {}) {
  const [base] = calendarRows(h.clock.now());
  const now = h.clock.now().getTime();
  const [row] = await h.db
    .insert(offerings)
    .values({
      ...base!,
      code,
      opensAt: new Date(now - HOUR),
      closesAt: new Date(now + HOUR),
      listingAt: new Date(listingAt),
      priceMin: '9.00',
      priceMax: '10.00',
      fee: '1.00',
      lotSize: 1,
      sharesOffered: 100,
      allotmentRule: 'proRata',
      ...overrides,
    })
    .returning();
  return row!;
}

const walletOf = async (token: string, walletType: Wallet) =>
  (await h.call(walletApi.getWalletBalance, { walletType }, { token })).body.data[0]!;
const positions = async (token: string) => (await h.call(tradingApi.positionMe, {}, { token })).body.data.list;
const until = (iso: string) => h.clock.advance(Date.parse(iso) - h.clock.now().getTime());

describe('listing', () => {
  it('lists the seeded listed offerings (02876, MKTA) as instruments on a fresh start', async () => {
    await seedOfferings(h.db, h.clock.now());
    expect((await syncListings(h.deps, h.db, h.clock.now())).sort()).toEqual(['02876', 'MKTA']);
    const mkta = await h.call(marketApi.stockDetail, { code: 'MKTA' });
    expect(mkta.status).toBe(200);
    expect(mkta.body.data).toMatchObject({ source: 0, classify: 'UsStock', market: 'NYSE', currency: 'USD' });
    const hk = await h.call(marketApi.stockDetail, { code: '02876', source: 11 }, { lang: 'zh-Hans' });
    expect(hk.body.data).toMatchObject({ name: '银帆食品', currency: 'HKD' });
    const found = await h.call(marketApi.getStock, { q: 'Meridian Kite' });
    expect(found.body.data.list.map((q) => q.stock_code)).toContain('MKTA');
    const chart = await h.call(marketApi.kline, { code: 'MKTA', range: '1D' });
    expect(chart.status).toBe(200);
    // Not yet listed: the upcoming and open ones are not instruments.
    expect((await h.call(marketApi.stockDetail, { code: 'NWRB' })).status).toBe(404);
  });

  it('lists at the listing date at the published first price, and delivers the allotted shares as a position', async () => {
    const o = await offering('LSTA', '2026-11-03T15:00:00Z');
    const u = await subscriber('500');
    const subscribed = await h.call(primary.newSharesCreate, { code: 'LSTA', quantity: 10 }, { token: u.token });
    expect(subscribed.status).toBe(200);
    h.clock.advance(HOUR);
    expect((await job.runUnlocked()).allotted).toContain('LSTA');
    expect((await job.runUnlocked()).listed).not.toContain('LSTA');
    expect((await h.call(marketApi.stockDetail, { code: 'LSTA' })).status).toBe(404);

    until('2026-11-03T15:00:00Z');
    expect((await job.runUnlocked()).listed).toContain('LSTA');
    const quote = await h.call(marketApi.stockDetail, { code: 'LSTA' });
    expect(quote.status).toBe(200);
    const first = firstPrice(o);
    expect(first.gte(9) && first.lt(13)).toBe(true);
    expect(Math.abs(Number(quote.body.data.price_nominal) - first.toNumber())).toBeLessThanOrEqual(0.01);

    const [position] = await positions(u.token);
    expect(position).toMatchObject({
      stockCode: 'LSTA',
      positionNum: 10,
      direction: 0,
      leverage: 1,
      openPrice: '10.00',
      isolatedPosition: '100.00',
      walletType: 'US_STOCK',
      openFee: '0.00',
    });
    expect(await walletOf(u.token, 'US_STOCK')).toMatchObject({ balance: '0.00', usedBalance: '100.00' });
    expect(await walletOf(u.token, 'SUBSCRIPTION')).toMatchObject({ balance: '399.00', usedBalance: '0.00' });
    const detail = await h.call(primary.subscriptionDetail, { id: subscribed.body.data.id }, { token: u.token });
    expect(detail.body.data).toMatchObject({ status: 'allotted', settleStatus: 'settled', allottedQuantity: 10 });
    expect((await h.call(primary.newStockDetail, { code: 'LSTA' })).body.data.offering.phase).toBe('listed');

    // A rerun delivers nothing twice.
    expect((await job.runUnlocked()).listed).toEqual([]);
    expect(await positions(u.token)).toHaveLength(1);

    // The shares sell like any stock of the market.
    const sold = await h.call(tradingApi.flatPosition, { id: position!.id }, { token: u.token });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const closed = sold.body.data.closed;
    expect(closed).toMatchObject({ status: 4, closeReason: 'customer' });
    const back = (100 + Number(closed.sellProfit) - Number(closed.closeFee)).toFixed(2);
    expect(await walletOf(u.token, 'US_STOCK')).toMatchObject({ balance: back, usedBalance: '0.00' });
  });

  it('delivers a Hong Kong allotment into HK_STOCK (EUR) through the fx account, books balanced', async () => {
    await offering('08881', '2026-11-04T02:00:00Z', {
      market: 'HK',
      exchange: 'HKEX',
      currency: 'HKD',
      priceMin: '5.00',
      priceMax: '5.00',
      fee: '100.00',
      lotSize: 100,
      sharesOffered: 100,
      allotmentRule: 'ballot',
    });
    const [a, b] = [await subscriber('1000'), await subscriber('1000')];
    for (const u of [a, b]) {
      const res = await h.call(primary.newSharesCreate, { code: '08881', quantity: 100 }, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    h.clock.advance(HOUR);
    expect((await job.runUnlocked()).allotted).toContain('08881');
    until('2026-11-04T02:00:00Z');
    expect((await job.runUnlocked()).listed).toContain('08881');
    const held = [...(await positions(a.token)), ...(await positions(b.token))];
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      stockCode: '08881',
      source: 11,
      positionNum: 100,
      walletType: 'HK_STOCK',
      currency: 'EUR',
    });
    const [delivery] = await h.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.type, 'ipoDelivery'))
      .orderBy(desc(journalEntries.id))
      .limit(1);
    const legs = await h.db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, delivery!.id));
    expect(legs.map((l) => l.currency).sort()).toEqual(['EUR', 'EUR', 'USD', 'USD']);
  });
});
