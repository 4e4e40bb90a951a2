/**
 * A placing's lock-up enforced on the delivered position (issue 15; docs/primary-markets.md "Lock-up"), on the real
 * database with the test clock: before `sellable_from` the customer's own close, stops and additions are refused
 * (422 positionLockedUp, nothing written), a close-out still closes it, and stops set before are skipped by the job;
 * from the date on it closes as any position (a partial close keeps the date on both rows); an ordinary position
 * (no date) is unaffected. INTC is pinned at 20.00 and the placing is 10% off, so the placed price is 18.00.
 */
import { auth as authApi, placing, trading as tradingApi } from '@beurs/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { insertPlacing } from '../../../test/placings.js';
import { type PinnedMarket, pinMarket, placeOrder, STOCK_TERMS, trader } from '../../../test/trading.js';
import { createTradingEngine, type TradingEngine, tradeOrders, tradePositions } from '../trading/index.js';
import { flatCount } from './applications.js';
import { createPlacingJob } from './job.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PAY = '135790';
let h: Harness;
let m: PinnedMarket;
let engine: TradingEngine;

beforeAll(async () => {
  h = await createHarness({ config: { walletCurrency: { SUBSCRIPTION: 'USD' }, primaryJobMs: 0, tradingJobMs: 0 } });
  m = pinMarket(h);
  engine = createTradingEngine(h.deps);
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const pinIntc = (bid = '19.99', ask = '20.01') => m.set('INTC', 0, { bid, ask });

/**
 * A customer allotted `shares` INTC (lots of 10) by a placing with a one-day lock-up, delivered at its close (the
 * clock is then at the close); the position's id and the instant the lock-up ends.
 */
async function placed(shares = 20) {
  pinIntc();
  const p = await insertPlacing(h, { sharesOffered: shares, lockupDays: 1 });
  const u = await trader(h, { SUBSCRIPTION: '2000', US_STOCK: '1000' });
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  const c = await h.call(
    placing.placingCheckSecret,
    { id: p.id, quantity: shares, payPassword: PAY },
    { token: u.token },
  );
  const applied = await h.call(
    placing.placingCreate,
    { id: p.id, quantity: shares, confirmation: c.body.data.confirmation },
    { token: u.token },
  );
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  h.clock.advance(HOUR);
  expect((await createPlacingJob(h.deps).runUnlocked()).allotted).toContain(p.id);
  const [pos] = await h.db
    .select()
    .from(tradePositions)
    .where(and(eq(tradePositions.userId, u.user.id), eq(tradePositions.code, 'INTC')));
  return { u, id: pos!.id, until: new Date(p.closesAt.getTime() + DAY) };
}

const positionOf = async (id: number) => (await h.db.select().from(tradePositions).where(eq(tradePositions.id, id)))[0];
const ordersOf = async (userId: number) =>
  (await h.db.select({ n: count() }).from(tradeOrders).where(eq(tradeOrders.userId, userId)))[0]?.n;

describe('a placed position before its lock-up ends', () => {
  it('refuses the customer’s close, stops and additions, and writes nothing', async () => {
    const { u, id, until } = await placed();
    const before = {
      row: await positionOf(id),
      usd: await h.balance(u.token, 'US_STOCK'),
      n: await ordersOf(u.user.id),
    };
    expect(before.row).toMatchObject({ quantity: 20, sellableFrom: until });
    const detail = await h.call(tradingApi.positionDetail, { id }, { token: u.token });
    expect(detail.body.data.position.sellableFromTimestamp).toBe(until.getTime());

    const close = await h.call(tradingApi.flatPosition, { id }, { token: u.token, lang: 'nl' });
    expect(close.status).toBe(422);
    expect(close.body.reason).toBe('positionLockedUp');
    expect(close.body.msg).toContain(until.toISOString().slice(0, 16).replace('T', ' '));
    expect(close.body.msg).toContain('lock-up tot');
    const part = await h.call(tradingApi.flatPosition, { id, quantity: 10 }, { token: u.token });
    expect(part.body.reason).toBe('positionLockedUp');
    const stops = await h.call(
      tradingApi.setStopProfitLoss,
      { id, stopLoss: '15', takeProfit: null },
      { token: u.token },
    );
    expect(stops.body.reason).toBe('positionLockedUp');
    const add = await h.call(
      tradingApi.additions,
      { positionId: id, quantity: 10, termsVersion: STOCK_TERMS },
      { token: u.token },
    );
    expect(add.body.reason).toBe('positionLockedUp');

    expect(await positionOf(id)).toEqual(before.row);
    expect(await h.balance(u.token, 'US_STOCK')).toEqual(before.usd);
    expect(await ordersOf(u.user.id)).toBe(before.n);
    // The count the placing module answers agrees: all 20 locked.
    expect(await flatCount(h.db, u.user.id, 'INTC', h.clock.now())).toMatchObject({ locked: 20, sellable: 0 });
  });

  it('is still closed out by the margin rule (a close-out always closes)', async () => {
    const { u, id } = await placed();
    // Bought at 18.00, unleveraged: at 8.00 the equity is 8/18 = 44 % of the margin, below the 50 % close-out.
    pinIntc('8', '8.02');
    expect((await engine.runUnlocked()).closedOut).toContain(id);
    expect(await positionOf(id)).toMatchObject({ status: 4, closeReason: 'closeOut', userId: u.user.id });
  });

  it('skips, not fails, a stop set before: it closes by its stop only from the date on', async () => {
    const { id, until } = await placed();
    // No stop can be set while locked (refused above); one written before the lock-up existed is skipped.
    await h.db.update(tradePositions).set({ stopLoss: '19' }).where(eq(tradePositions.id, id));
    pinIntc('18.5', '18.52');
    expect((await engine.runUnlocked()).stopped).not.toContain(id);
    expect(await positionOf(id)).toMatchObject({ status: 1 });
    h.clock.advance(until.getTime() - h.clock.now().getTime());
    expect((await engine.runUnlocked()).stopped).toContain(id);
    expect(await positionOf(id)).toMatchObject({ status: 4, closeReason: 'stopLoss' });
  });
});

describe('a placed position from the date on', () => {
  it('closes in part and whole, the date kept on both rows of the split', async () => {
    const { u, id, until } = await placed();
    h.clock.advance(until.getTime() - h.clock.now().getTime());
    const part = await h.call(tradingApi.flatPosition, { id, quantity: 10 }, { token: u.token });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const closedId = part.body.data.closed.id;
    expect(closedId).not.toBe(id);
    expect(await positionOf(closedId)).toMatchObject({ status: 4, quantity: 10, sellableFrom: until });
    expect(await positionOf(id)).toMatchObject({ status: 1, quantity: 10, sellableFrom: until });
    const rest = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await positionOf(id)).toMatchObject({ status: 4, closeReason: 'customer' });
    expect(await flatCount(h.db, u.user.id, 'INTC', h.clock.now())).toMatchObject({ locked: 0, sellable: 20 });
  });
});

describe('an ordinary position', () => {
  it('has no date and closes and takes stops as before', async () => {
    pinIntc();
    const u = await trader(h, { US_STOCK: '1000' });
    const opened = await placeOrder(
      h,
      tradingApi.stockCreate,
      { stockCode: 'INTC', direction: 0, quantity: 10, leverage: 1 },
      { token: u.token },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const id = opened.body.data.position!.id;
    expect((await positionOf(id))?.sellableFrom).toBeNull();
    expect(opened.body.data.position?.sellableFromTimestamp).toBeNull();
    const stops = await h.call(
      tradingApi.setStopProfitLoss,
      { id, stopLoss: '15', takeProfit: null },
      { token: u.token },
    );
    expect(stops.status, JSON.stringify(stops.body)).toBe(200);
    const closed = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  });
});
