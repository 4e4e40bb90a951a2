/**
 * Terms hold (docs/trading.md "Fees", docs/security.md "Terms hold"): a position keeps the close fee rate of the
 * schedule it opened under whatever an operator sets later; an order whose ticket showed other fees is refused
 * with nothing written; limit orders fill at the better of the limit and the market. Pinned prices (test/trading.ts).
 */
import {
  consoleTrading,
  Decimal,
  limitFillPrice,
  type RequestOf,
  trading as tradingApi,
  type WalletBalance,
} from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { type PinnedMarket, pinMarket, pinRates, STOCK_TERMS, trader } from '../../../test/trading.js';
import { userMessages } from '../inbox/index.js';
import { createTradingEngine, type TradingEngine } from './engine.js';
import { tradeOrders, tradePositions } from './schema.js';

let h: Harness;
let m: PinnedMarket;
let engine: TradingEngine;
let admin: string;

beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
  m = pinMarket(h);
  engine = createTradingEngine(h.deps);
  admin = (await h.consoleOperators({ admin: 'terms_admin', reviewer: 'terms_rev' })).admin;
});

afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
  await setStockFees('0.001', '0.001');
});

const pin = () => {
  m.clear();
  pinRates(m);
  m.set('AAPL', 0, { bid: '99.9', ask: '100' });
};

/** What an admin does in the console: the stock fee schedule changes for every node within 2 s. */
async function setStockFees(buyRate: string, sellRate: string) {
  const res = await h.call(
    consoleTrading.tradingSettingUpdate,
    { leverageCap: 5, buyRate, sellRate, minQuantity: 1 },
    { token: admin, params: { assetClass: 'stock' } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

type StockOrder = RequestOf<typeof tradingApi.stockCreate>;

const buyAapl = (token: string, body: Partial<StockOrder> = {}) =>
  h.call(
    tradingApi.stockCreate,
    { stockCode: 'AAPL', direction: 0, quantity: 10, termsVersion: STOCK_TERMS, ...body },
    { token },
  );

async function usStock(token: string): Promise<WalletBalance> {
  const b = await h.balance(token, 'US_STOCK');
  if (!b) throw new Error('no wallet');
  return b;
}

describe('a position keeps the fee schedule it opened under', () => {
  it('the close is charged the opening rate after an admin raised it (was: the new rate within 2 s)', async () => {
    pin();
    const u = await trader(h, { US_STOCK: '1000' });
    const opened = await buyAapl(u.token);
    expect(opened.body.data.order.fee).toBe('1.00');
    const id = opened.body.data.position?.id ?? 0;
    // Written by the batched path (trade_open_batch): long, so the close sells at the sellRate of the open.
    const [row] = await h.db.select().from(tradePositions).where(eq(tradePositions.id, id));
    expect(row?.closeFeeRate).toBe('0.001');

    await setStockFees('0.01', '0.01');
    const res = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10 × 99.9 = 999.00 × 0.1 % = 0.999 → 1.00 (the 1 % set since would charge 9.99).
    expect(res.body.data.closed.closeFee).toBe('1.00');
    // 1000 − 1.00 open fee − 1.00 loss (10 × (99.9 − 100)) − 1.00 close fee.
    expect((await usStock(u.token)).balance).toBe('997.00');
  });

  it('a stop-loss, a partial close and the one-by-one path keep it too', async () => {
    pin();
    const u = await trader(h, { US_STOCK: '1000' });
    // trade_open_now: a batch that fails as a whole writes its orders one by one.
    await h.db.$client.query('alter function trade_open_batch rename to trade_open_batch_away');
    let id: number;
    try {
      const opened = await buyAapl(u.token, { stopLoss: '95' });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      id = opened.body.data.position?.id ?? 0;
    } finally {
      await h.db.$client.query('alter function trade_open_batch_away rename to trade_open_batch');
    }
    await setStockFees('0.002', '0.02');
    // A partial close: 4 × 99.9 = 399.60 × 0.1 % = 0.3996 → 0.40 (not 7.99 at 2 %).
    const part = await h.call(tradingApi.flatPosition, { id, quantity: 4 }, { token: u.token });
    expect(part.body.data.closed.closeFee).toBe('0.40');
    // The stop: 6 × 94.9 = 569.40 × 0.1 % = 0.5694 → 0.57 (not 11.39).
    m.set('AAPL', 0, { bid: '94.9', ask: '95' });
    expect((await engine.runOnce()).stopped).toEqual([id]);
    const [stopped] = await h.db.select().from(tradePositions).where(eq(tradePositions.id, id));
    expect(stopped).toMatchObject({ closeReason: 'stopLoss', closeFee: '0.57000000' });
  });

  it('an addition under a new schedule blends the close rate by quantity', async () => {
    pin();
    const u = await trader(h, { US_STOCK: '2000' });
    const id = (await buyAapl(u.token)).body.data.position?.id ?? 0;
    await setStockFees('0.001', '0.003');
    const added = await h.call(
      tradingApi.additions,
      { positionId: id, quantity: 10, termsVersion: '0.001:0.003' },
      { token: u.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await setStockFees('0.001', '0.05');
    const res = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    // (10 × 0.1 % + 10 × 0.3 %) / 20 = 0.2 %; 20 × 99.9 = 1998 × 0.2 % = 3.996 → 4.00.
    expect(res.body.data.closed.closeFee).toBe('4.00');
  });

  it('a resting limit order keeps the schedule of its ticket until it fills', async () => {
    pin();
    const u = await trader(h, { US_STOCK: '1000' });
    const placed = await buyAapl(u.token, { orderType: 1, price: '95' });
    expect(placed.body.data.order).toMatchObject({ status: 0, fee: '0.95' });
    await setStockFees('0.01', '0.01');
    m.set('AAPL', 0, { bid: '94.9', ask: '95' });
    expect((await engine.runOnce()).filled).toEqual([placed.body.data.order.id]);
    const [row] = await h.db.select().from(tradePositions).where(eq(tradePositions.userId, u.user.id));
    expect([row?.openFee, row?.closeFeeRate]).toEqual(['0.95000000', '0.001']);
  });
});

describe('an order whose ticket showed other fees is refused, with nothing written', () => {
  const cases: Array<{ name: string; body: Partial<StockOrder> }> = [
    { name: 'a market order (the batched path)', body: {} },
    { name: 'a resting limit order', body: { orderType: 1, price: '90' } },
  ];
  it.each(cases)('$name', async (c) => {
    pin();
    const u = await trader(h, { US_STOCK: '1000' });
    // The ticket showed 0.1 %; the admin set 0.2 % for buying meanwhile.
    await setStockFees('0.002', '0.001');
    const before = await usStock(u.token);
    const res = await buyAapl(u.token, c.body);
    expect([res.status, res.body.reason]).toEqual([422, 'termsChanged']);
    expect(res.body.msg).toContain('review');
    const nl = await h.call(
      tradingApi.stockCreate,
      { stockCode: 'AAPL', direction: 0, quantity: 10, termsVersion: STOCK_TERMS, ...c.body },
      { token: u.token, lang: 'nl' },
    );
    expect(nl.body.msg).toContain('opnieuw');
    expect(await usStock(u.token)).toEqual(before);
    const mine = (t: typeof tradeOrders | typeof tradePositions | typeof userMessages) =>
      h.db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.userId, u.user.id));
    expect((await mine(tradeOrders))[0]?.n).toBe(0);
    expect((await mine(tradePositions))[0]?.n).toBe(0);
    expect((await mine(userMessages))[0]?.n).toBe(0);
    const { rows } = await h.db.$client.query(
      "select 1 from idempotency_keys where scope = $1 and endpoint like '%/stock/create'",
      [`u:${u.user.id}`],
    );
    expect(rows).toEqual([]);

    // The ticket, refreshed, shows the new schedule; sent back, the order goes through at it.
    const ticket = await h.call(tradingApi.halfOrFullNum, { stockCode: 'AAPL', direction: 0 }, { token: u.token });
    expect(ticket.body.data).toMatchObject({ termsVersion: '0.002:0.001', feeRate: '0.002', closeFeeRate: '0.001' });
    const again = await buyAapl(u.token, { ...c.body, termsVersion: ticket.body.data.termsVersion });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('an order without the terms it was shown is refused as invalid (400)', async () => {
    pin();
    const u = await trader(h, { US_STOCK: '1000' });
    // Raw: the contract requires termsVersion, and this order leaves it out.
    const res = await h.postKeyed('/stock/create', { stockCode: 'AAPL', direction: 0, quantity: 10 }, u.token);
    expect(res.status).toBe(400);
    expect(await usStock(u.token)).toMatchObject({ balance: '1000.00', usedBalance: '0.00' });
    expect(await h.db.select().from(tradeOrders).where(eq(tradeOrders.userId, u.user.id))).toEqual([]);
  });
});

describe('limit orders fill at the better of the limit and the market', () => {
  // [direction, limit, bid, ask, fill price or null (not reached)]
  const table: Array<[0 | 1, string, string, string, string | null]> = [
    // buy: fills at min(limit, ask) once ask ≤ limit
    [0, '218.51', '218.49', '218.50', '218.50'], // ask 218.50 < limit 218.51: the ask, 0.01 better
    [0, '218.50', '218.49', '218.50', '218.50'], // ask = limit: the limit
    [0, '218.49', '218.49', '218.50', null], // ask 218.50 > limit 218.49: rests
    [0, '230', '210', '210.1', '210.1'], // opened through the limit: the ask, 19.9 better
    // sell: fills at max(limit, bid) once bid ≥ limit
    [1, '218.49', '218.50', '218.51', '218.50'], // bid 218.50 > limit 218.49: the bid, 0.01 better
    [1, '218.50', '218.50', '218.51', '218.50'], // bid = limit: the limit
    [1, '218.51', '218.50', '218.51', null], // bid 218.50 < limit 218.51: rests
  ];
  it.each(table)('direction %i, limit %s, bid %s, ask %s: %s', (direction, limit, bid, ask, fill) => {
    const got = limitFillPrice(direction, new Decimal(limit), { bid, ask });
    expect(got === null ? null : got.toFixed(2)).toBe(fill === null ? null : new Decimal(fill).toFixed(2));
  });

  // [name, direction, limit, bid and ask at placement, later, expected open price]
  const placed: Array<{
    name: string;
    direction: StockOrder['direction'];
    limit: string;
    first: { bid: string; ask: string };
    later: { bid: string; ask: string } | null;
    open: string;
  }> = [
    {
      name: 'a resting buy limit filled by the job at the lower ask',
      direction: 0,
      limit: '218.51',
      first: { bid: '219', ask: '219.1' },
      later: { bid: '218.49', ask: '218.5' },
      open: '218.5',
    },
    {
      name: 'a resting sell limit filled by the job at the higher bid',
      direction: 1,
      limit: '218.49',
      first: { bid: '218', ask: '218.1' },
      later: { bid: '218.5', ask: '218.51' },
      open: '218.5',
    },
    {
      name: 'a buy limit marketable at placement, at the ask',
      direction: 0,
      limit: '218.51',
      first: { bid: '218.49', ask: '218.5' },
      later: null,
      open: '218.5',
    },
    {
      name: 'a sell limit marketable at placement, at the bid',
      direction: 1,
      limit: '218.49',
      first: { bid: '218.5', ask: '218.51' },
      later: null,
      open: '218.5',
    },
  ];
  it.each(placed)('$name', async (c) => {
    pin();
    m.set('AAPL', 0, c.first);
    const u = await trader(h, { US_STOCK: '1000' });
    const res = await buyAapl(u.token, { direction: c.direction, orderType: 1, price: c.limit, quantity: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (c.later) {
      expect(res.body.data.order.status).toBe(0);
      m.set('AAPL', 0, c.later);
      expect((await engine.runOnce()).filled).toEqual([res.body.data.order.id]);
    }
    const [row] = await h.db.select().from(tradePositions).where(eq(tradePositions.userId, u.user.id));
    expect(row?.openPrice).toBe(c.open);
    const [order] = await h.db.select().from(tradeOrders).where(eq(tradeOrders.userId, u.user.id));
    expect(order).toMatchObject({ price: c.limit, fillPrice: c.open });
  });
});
