/**
 * The opening auction on the real database. The clock starts Monday 2 Nov 2026 10:00 UTC: US stocks are in their
 * pre-open (04:00-09:30 New York = 09:00-14:30 UTC, winter time), Hong Kong is closed (its pre-open is 01:00-01:30
 * UTC). Orders rest through the pre-market (the matching job leaves them), then the auction decides them at 14:30 at
 * the simulator's opening price: a limit that crosses fills at exactly that price, the other is released.
 */
import { randomUUID } from 'node:crypto';
import { auction, Decimal, inbox as inboxApi, orderFigures, type RequestOf, trading } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { STOCK_TERMS, trader } from '../../../test/trading.js';
import { createTradingEngine, tradePositions } from '../trading/index.js';
import { createAuctionJob } from './job.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const OPEN = Date.parse('2026-11-02T14:30:00Z');

async function indicative(code: string) {
  const res = await h.call(auction.preMarketList, { pageSize: 100 });
  expect(res.status).toBe(200);
  const row = res.body.data.list.find((s) => s.code === code);
  if (!row) throw new Error(`${code} not in pre-open`);
  return row;
}

const order = (
  token: string,
  body: Partial<RequestOf<typeof auction.auctionStockCreate>> & { price: string },
  key?: string,
) =>
  h.call(
    auction.auctionStockCreate,
    { stockCode: 'AAPL', source: 0, direction: 0, quantity: 10, termsVersion: STOCK_TERMS, ...body },
    { token, ...(key ? { key } : {}) },
  );

describe('the pre-market auction', () => {
  it('lists the US stocks in pre-open with their open, and the next pre-open of closed markets', async () => {
    const res = await h.call(auction.preMarketList, { pageSize: 100 });
    const aapl = res.body.data.list.find((s) => s.code === 'AAPL');
    expect(aapl).toMatchObject({ market: 'US', walletType: 'US_STOCK', opensAtTimestamp: OPEN });
    expect(aapl?.preOpenStartsAtTimestamp).toBe(Date.parse('2026-11-02T09:00:00Z'));
    expect(res.body.data.list.every((s) => s.market === 'US')).toBe(true);
    const hk = res.body.data.sessions.find((s) => s.market === 'HKEX');
    expect(hk).toEqual({
      market: 'HKEX',
      preOpen: false,
      startsAtTimestamp: Date.parse('2026-11-03T01:00:00Z'),
      opensAtTimestamp: Date.parse('2026-11-03T01:30:00Z'),
    });
  });

  it('holds, replays, refuses outside pre-open, fills or releases at the open, and hides orders from others', async () => {
    const u = await trader(h, { US_STOCK: '100000' });
    const other = await trader(h, { US_STOCK: '100' });
    const before = await h.balance(u.token, 'US_STOCK');
    const ind = new Decimal((await indicative('AAPL')).indicativePrice);

    // A buy far above the market: it would fill at once as an ordinary limit order in the pre-market.
    const key = randomUUID();
    const high = await order(u.token, { price: ind.times(1.5).toFixed(2) }, key);
    expect(high.status).toBe(200);
    expect(high.body.data.order.status).toBe(0);
    expect(high.body.data.auctionOrder).toMatchObject({ state: 'waiting', opensAtTimestamp: OPEN, openPrice: null });
    const held = new Decimal(high.body.data.auctionOrder.held);
    // Unleveraged: the whole amount (10 x limit, at the rate) plus the fee is held.
    expect(held.gt(ind.times(15).times(high.body.data.order.rate).toDecimalPlaces(2, Decimal.ROUND_DOWN))).toBe(true);
    const replay = await order(u.token, { price: ind.times(1.5).toFixed(2) }, key);
    expect(replay.body.data.auctionOrder.id).toBe(high.body.data.auctionOrder.id);

    // Between two cents: refused, nothing held (the balance check below counts only the two orders).
    const offTick = await order(u.token, { price: `${ind.times(0.5).toFixed(2)}5` });
    expect(offTick.status).toBe(422);
    expect(offTick.body.reason).toBe('priceOffTick');
    expect((await indicative('AAPL')).priceDecimals).toBe(2);

    const low = await order(u.token, { price: ind.times(0.5).toFixed(2) });
    expect(low.status).toBe(200);
    const lowHeld = new Decimal(low.body.data.auctionOrder.held);
    const during = await h.balance(u.token, 'US_STOCK');
    expect(new Decimal(during?.balance ?? 0).toFixed(2)).toBe(
      new Decimal(before?.balance ?? 0).minus(held).minus(lowHeld).toFixed(2),
    );

    // Hong Kong is not in pre-open: refused, translated, nothing held.
    const hk = await h.call(
      auction.auctionStockCreate,
      { stockCode: '00700', source: 11, direction: 0, quantity: 100, price: '600', termsVersion: STOCK_TERMS },
      { token: u.token, lang: 'nl' },
    );
    expect(hk.status).toBe(422);
    expect(hk.body.reason).toBe('auctionNotPreOpen');
    expect(hk.body.msg).toContain('pre-openingsfase');
    expect(hk.body.msg).toContain('2026-11-03 01:00');

    // Another customer sees neither the order nor can cancel it.
    const mine = high.body.data.auctionOrder.id;
    expect((await h.call(auction.auctionOrderDetail, { id: mine }, { token: other.token })).status).toBe(404);
    expect((await h.call(auction.auctionOrderList, {}, { token: other.token })).body.data.total).toBe(0);
    const steal = await h.call(trading.cancelOrder, { id: high.body.data.order.id }, { token: other.token });
    expect(steal.status).toBe(404);

    // The matching job leaves auction orders alone in the pre-market.
    const engine = createTradingEngine(h.deps);
    expect((await engine.runUnlocked()).filled).not.toContain(high.body.data.order.id);
    const job = createAuctionJob(h.deps);
    expect(await job.runUnlocked()).toEqual({ filled: [], notFilled: [], ran: true });

    // The open: no more cancelling, then the auction decides at the opening price.
    h.clock.advance(OPEN + 5_000 - h.clock.now().getTime());
    const late = await h.call(trading.cancelOrder, { id: low.body.data.order.id }, { token: u.token });
    expect(late.status).toBe(422);
    expect(late.body.reason).toBe('auctionOrderLocked');
    const open = (await h.deps.market.quote({ source: 0, code: 'AAPL' }, new Date(OPEN))).open;
    expect(open).not.toBeNull();
    const run = await job.runUnlocked();
    expect(run.filled).toEqual([high.body.data.auctionOrder.id]);
    expect(run.notFilled).toEqual([low.body.data.auctionOrder.id]);
    expect(await job.runUnlocked()).toEqual({ filled: [], notFilled: [], ran: true });
    // The release is told once (the rerun above added nothing), in the customer's language; the fill by the
    // trading module's own "order filled".
    const inbox = async (lang?: string) =>
      (await h.call(inboxApi.getMessages, {}, { token: u.token, ...(lang ? { lang } : {}) })).body.data.list;
    const released = (await inbox()).filter((m) => m.kind === 'auctionNotFilled');
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ link: '/pages/product/auction', read: false });
    expect(released[0]?.body).toContain(`#${low.body.data.order.id} for 10 AAPL`);
    expect(released[0]?.body).toContain(`the opening price was ${new Decimal(open ?? 0).toFixed()}`);
    expect((await inbox()).filter((m) => m.kind === 'orderFilled')).toHaveLength(1);
    expect((await inbox('nl')).find((m) => m.kind === 'auctionNotFilled')?.title).toBe('Veilingorder niet uitgevoerd');

    const list = await h.call(auction.auctionOrderList, {}, { token: u.token });
    const [lowRow, highRow] = list.body.data.list;
    expect(highRow).toMatchObject({ state: 'filled', openPrice: new Decimal(open ?? 0).toFixed() });
    expect(lowRow).toMatchObject({ state: 'notFilled', openPrice: new Decimal(open ?? 0).toFixed(), positionId: null });
    const [pos] = await h.db
      .select()
      .from(tradePositions)
      .where(eq(tradePositions.id, highRow?.positionId ?? 0));
    expect(new Decimal(pos?.openPrice ?? 0).toFixed()).toBe(new Decimal(open ?? 0).toFixed());
    expect(pos).toMatchObject({ quantity: 10, leverage: 1, status: 1 });
    // The fill's figures, not the limit's: unleveraged, margin = 10 × the opening price at the order's rate, and
    // the fee at the ticket's rate on that; the rest of the hold (the limit was 1.5 × the indicative) is released.
    expect(STOCK_TERMS).toBe('0.001:0.001');
    const fill = orderFigures({
      quantity: 10,
      price: new Decimal(open ?? 0),
      multiplier: 1,
      rate: new Decimal(high.body.data.order.rate),
      leverage: 1,
      feeRate: new Decimal('0.001'), // the buy rate of the schedule the order was placed under
    });
    expect([pos?.margin, pos?.openFee].map((v) => new Decimal(v ?? 0).toFixed(2))).toEqual([
      fill.margin.toFixed(2),
      fill.fee.toFixed(2),
    ]);
    expect(fill.margin.plus(fill.fee).lt(held)).toBe(true);
    // The released order's hold is free again; the filled one is the position's margin and its fee is charged.
    const after = await h.balance(u.token, 'US_STOCK');
    expect(new Decimal(after?.usedBalance ?? 0).toFixed(2)).toBe(fill.margin.toFixed(2));
    expect(new Decimal(after?.balance ?? 0).toFixed(2)).toBe(
      new Decimal(before?.balance ?? 0).minus(fill.margin).minus(fill.fee).toFixed(2),
    );
  });

  it('fills a sell whose limit is at or below the opening price (the uncrossing rule)', () => {
    expect(auction.auctionCrosses(0, '100.00', '100')).toBe(true);
    expect(auction.auctionCrosses(0, '99.99', '100')).toBe(false);
    expect(auction.auctionCrosses(1, '100', '100.000')).toBe(true);
    expect(auction.auctionCrosses(1, '100.01', '100')).toBe(false);
  });
});
