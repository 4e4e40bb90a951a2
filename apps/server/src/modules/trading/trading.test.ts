/**
 * Order rules of docs/trading.md on pinned prices (test/trading.ts) and a test clock: fills, fees, margin,
 * leverage caps, profit and loss, limit orders, stops, ESMA close-out, negative-balance protection, concurrency.
 * The ledger audit must be clean after every test.
 */
import {
  consoleTrading,
  inbox as inboxApi,
  trading as tradingApi,
  type Wallet,
  type WalletBalance,
  wallet as walletApi,
} from '@beurs/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { type PinnedMarket, pinMarket, pinRates, placeOrder, type Ticket, trader } from '../../../test/trading.js';
import { jsonTexts } from '../../platform/db/json-texts.js';
import { journalEntries, ledgerAccounts } from '../../platform/db/schema.js';
import { createTradingEngine, type TradingEngine } from './engine.js';
import { batchColumns, type OpenNowItem } from './placement.js';
import { tradeOrders, tradePositions } from './schema.js';
import { OPEN_BATCH_SQL, recordLayouts, rowRecord } from './statements.js';

let h: Harness;
let m: PinnedMarket;
let engine: TradingEngine;

beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
  m = pinMarket(h);
  engine = createTradingEngine(h.deps);
});

afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const pinDefaults = () => {
  m.clear();
  pinRates(m);
  m.set('AAPL', 0, { bid: '99.9', ask: '100' });
  m.set('SAP', 0, { bid: '250', ask: '250.2' });
  m.set('00700', 11, { bid: '389', ask: '390' });
  m.set('GBPUSD', 2, { bid: '1.2999', ask: '1.3' });
  m.set('GC', 3, { bid: '3999', ask: '4000' });
  m.set('ZC', 3, { bid: '399.5', ask: '400' });
  m.set('FGBL', 3, { bid: '128.49', ask: '128.5' });
  m.set('ZN', 3, { bid: '114.484', ask: '114.5' });
};

type StockTicket = Ticket<typeof tradingApi.stockCreate>;

// Every order here sends the fee schedule its ticket would show (the current one) unless the test says which.
const buyAapl = (token: string, body: Partial<StockTicket> = {}, key?: string) =>
  placeOrder(h, tradingApi.stockCreate, { stockCode: 'AAPL', direction: 0, quantity: 10, ...body }, { token, key });

async function wallet(token: string, walletType: string): Promise<WalletBalance> {
  const b = await h.balance(token, walletType);
  if (!b) throw new Error('no wallet');
  return b;
}

describe('market orders fill at the ask or bid with margin held and the fee charged', () => {
  const cases: Array<{
    name: string;
    endpoint: typeof tradingApi.stockCreate;
    body: StockTicket;
    fund: Partial<Record<Wallet, string>>;
    wallet: Wallet;
    price: string;
    margin: string;
    fee: string;
  }> = [
    {
      name: 'US stock buy, USD wallet, 5:1',
      endpoint: tradingApi.stockCreate,
      body: { stockCode: 'AAPL', direction: 0, quantity: 10 },
      fund: { US_STOCK: '1000' },
      wallet: 'US_STOCK',
      price: '100.00',
      margin: '200.00',
      fee: '1.00',
    },
    {
      name: 'German stock sell (short) at the bid, BALANCE wallet, 2:1',
      endpoint: tradingApi.stockCreate,
      body: { stockCode: 'SAP', direction: 1, quantity: 4, leverage: 2 },
      fund: { BALANCE: '1000' },
      wallet: 'BALANCE',
      price: '250.00',
      margin: '500.00',
      fee: '1.00',
    },
    {
      name: 'Hong Kong stock in HKD into the EUR HK_STOCK wallet at the live rate',
      endpoint: tradingApi.hkCreate,
      body: { stockCode: '00700', direction: 0, quantity: 100 },
      fund: { HK_STOCK: '1000' },
      wallet: 'HK_STOCK',
      price: '390.00',
      // 39,000 HKD / 7.8 = 5,000 USD / 1.25 = 4,000 EUR; / 5 = 800; fee 0.1 % = 4
      margin: '800.00',
      fee: '4.00',
    },
    {
      name: 'forex major 30:1 in the FOREX wallet',
      endpoint: tradingApi.crudeCreate,
      body: { stockCode: 'GBPUSD', direction: 0, quantity: 10000 },
      fund: { FOREX: '1000' },
      wallet: 'FOREX',
      price: '1.30000',
      // 13,000 USD = 10,400 EUR; / 30 = 346.67 (rounded up); fee 0.02 % = 2.08
      margin: '346.67',
      fee: '2.08',
    },
    {
      name: 'gold future 20:1, 100 oz per contract, FUTURE wallet',
      endpoint: tradingApi.goldCreate,
      body: { stockCode: 'GC', direction: 0, quantity: 1 },
      fund: { FUTURE: '20000' },
      wallet: 'FUTURE',
      price: '4000.0',
      // 400,000 USD = 320,000 EUR; / 20 = 16,000; fee 0.05 % = 160
      margin: '16000.00',
      fee: '160.00',
    },
    {
      name: 'corn future quoted in cents, commodity 10:1',
      endpoint: tradingApi.goldCreate,
      body: { stockCode: 'ZC', direction: 0, quantity: 1 },
      fund: { FUTURE: '2000' },
      wallet: 'FUTURE',
      price: '400.00',
      // 5,000 bu × 4.00 USD = 20,000 USD = 16,000 EUR; / 10 = 1,600; fee 8
      margin: '1600.00',
      fee: '8.00',
    },
    {
      name: 'Euro-Bund future, an "other reference value" 5:1, 1,000 EUR a point',
      endpoint: tradingApi.goldCreate,
      body: { stockCode: 'FGBL', direction: 0, quantity: 1 },
      fund: { FUTURE: '30000' },
      wallet: 'FUTURE',
      price: '128.50',
      // 128.50 × 1,000 = 128,500 EUR (Eurex, no conversion); / 5 = 25,700; fee 0.05 % = 64.25
      margin: '25700.00',
      fee: '64.25',
    },
    {
      name: 'US 10-year note future sold at the bid, 5:1, 1,000 USD a point',
      endpoint: tradingApi.goldCreate,
      body: { stockCode: 'ZN', direction: 1, quantity: 2 },
      fund: { FUTURE: '40000' },
      wallet: 'FUTURE',
      price: '114.484',
      // 2 × 114.484 × 1,000 = 228,968 USD = 183,174.40 EUR; / 5 = 36,634.88; fee 0.05 % = 91.5872 → 91.59
      margin: '36634.88',
      fee: '91.59',
    },
  ];
  it.each(cases)('$name', async (c) => {
    pinDefaults();
    const u = await trader(h, c.fund);
    const res = await placeOrder(h, c.endpoint, c.body, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, position } = res.body.data;
    expect(order).toMatchObject({ status: 1, fillPrice: c.price, margin: c.margin, fee: c.fee, walletType: c.wallet });
    expect(position).toMatchObject({ status: 1, openPrice: c.price, isolatedPosition: c.margin, openFee: c.fee });
    const funded = Object.values(c.fund)[0] as string;
    const w = await wallet(u.token, c.wallet);
    expect(w.usedBalance).toBe(c.margin);
    expect(Number(w.balance)).toBeCloseTo(Number(funded) - Number(c.margin) - Number(c.fee), 2);
    const bill = await h.call(walletApi.getWalletBill, { walletType: c.wallet }, { token: u.token });
    expect(bill.body.data.list[0]).toMatchObject({ type: 'tradeFee', amount: `-${c.fee}` });
    expect(bill.body.data.list[0]?.reason).toBe(`Fee for order #${order.id} (${order.stockCode})`);
  });

  it('tells the customer of the fill in their language', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const order = (await buyAapl(u.token)).body.data.order;
    const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'nl' });
    expect(inbox.body.data.list[0]).toMatchObject({
      kind: 'orderFilled',
      title: 'Order uitgevoerd',
      link: `/pages/trade/detail?positionId=${order.positionId}`,
    });
    expect(inbox.body.data.list[0]?.body).toContain(`#${order.id} voor 10 AAPL`);
    expect(inbox.body.data.list[0]?.body).toContain('200,00 USD');
  });
});

describe('orders the rules refuse, with a message that says what to do', () => {
  const cases: Array<{
    name: string;
    pin?: { bid: string; ask: string; open: boolean };
    endpoint?: typeof tradingApi.hkCreate;
    body: Partial<StockTicket>;
    reason: string;
  }> = [
    { name: 'market closed', pin: { bid: '99.9', ask: '100', open: false }, body: {}, reason: 'marketClosed' },
    { name: 'leverage above the cap', body: { leverage: 10 }, reason: 'leverageTooHigh' },
    {
      name: 'a Bund future above its 5:1 cap',
      endpoint: tradingApi.goldCreate,
      body: { stockCode: 'FGBL', source: 3, quantity: 1, leverage: 10 },
      reason: 'leverageTooHigh',
    },
    { name: 'more than the wallet can hold', body: { quantity: 100 }, reason: 'insufficientMargin' },
    { name: 'stop-loss above a buy price', body: { stopLoss: '101' }, reason: 'stopLossInvalid' },
    { name: 'take-profit below a buy price', body: { takeProfit: '99' }, reason: 'takeProfitInvalid' },
    { name: 'a limit between two cents', body: { orderType: 1, price: '99.125' }, reason: 'priceOffTick' },
    { name: 'a stop-loss between two cents', body: { stopLoss: '95.001' }, reason: 'priceOffTick' },
    { name: 'a take-profit between two cents', body: { takeProfit: '120.0001' }, reason: 'priceOffTick' },
    {
      name: 'HK below the board lot',
      endpoint: tradingApi.hkCreate,
      body: { stockCode: '00700', quantity: 50 },
      reason: 'belowMinQuantity',
    },
    {
      name: 'HK not in board lots',
      endpoint: tradingApi.hkCreate,
      body: { stockCode: '00700', quantity: 150 },
      reason: 'quantityStep',
    },
    { name: 'a US stock on the HK ticket', endpoint: tradingApi.hkCreate, body: { source: 0 }, reason: 'notTradable' },
  ];
  it.each(cases)('$name', async (c) => {
    pinDefaults();
    if (c.pin) m.set('AAPL', 0, c.pin);
    const u = await trader(h, { US_STOCK: '1000', HK_STOCK: '100000' });
    const res = await placeOrder(
      h,
      c.endpoint ?? tradingApi.stockCreate,
      { stockCode: 'AAPL', direction: 0, quantity: 10, ...c.body },
      { token: u.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe(c.reason);
    expect(res.body.msg.length).toBeGreaterThan(10);
    expect((await wallet(u.token, 'US_STOCK')).balance).toBe('1000.00');
  });

  it("takes prices in the instrument's steps: says the step in the language, writes nothing, and reads 95.100 as 95.1", async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const off = await buyAapl(u.token, { orderType: 1, price: '95.125' });
    expect(off.status).toBe(422);
    const nl = await placeOrder(
      h,
      tradingApi.stockCreate,
      { stockCode: 'AAPL', direction: 0, quantity: 10, orderType: 1, price: '95.125' },
      { token: u.token, lang: 'nl' },
    );
    expect(nl.body.msg).toBe(
      'Koersen van AAPL gaan in stappen van 0,01: voer een koers in met niet meer decimalen dan dat. Er is niets besteld of gewijzigd.',
    );
    const all = await h.call(tradingApi.consignList, { all: true }, { token: u.token });
    expect(all.body.data.total).toBe(0);
    expect(await wallet(u.token, 'US_STOCK')).toMatchObject({ balance: '1000.00', usedBalance: '0.00' });
    // A trailing zero is not a finer step.
    expect((await buyAapl(u.token, { orderType: 1, price: '95.100' })).status).toBe(200);
  });

  it('needs verified identity', async () => {
    pinDefaults();
    const u = await h.registerUser();
    await h.fund(u.user.id, 'US_STOCK', '1000');
    expect((await buyAapl(u.token)).body.reason).toBe('kycRequired');
  });

  it('says in Dutch how much is needed and available', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '150' });
    const res = await placeOrder(
      h,
      tradingApi.stockCreate,
      { stockCode: 'AAPL', direction: 0, quantity: 10 },
      { token: u.token, lang: 'nl' },
    );
    expect(res.body.msg).toContain('201,00 USD');
    expect(res.body.msg).toContain('150,00 USD');
    expect(res.body.msg).toContain('Onvoldoende');
  });
});

describe('closing settles profit and loss through the ledger', () => {
  const cases: Array<{
    name: string;
    direction: StockTicket['direction'];
    closeAt: { bid: string; ask: string };
    profit: string;
    fee: string;
  }> = [
    { name: 'long, price up', direction: 0, closeAt: { bid: '110', ask: '110.1' }, profit: '100.00', fee: '1.10' },
    { name: 'long, price down', direction: 0, closeAt: { bid: '95', ask: '95.1' }, profit: '-50.00', fee: '0.95' },
    // opened at the bid 99.9, closed at the ask
    { name: 'short, price down', direction: 1, closeAt: { bid: '89.9', ask: '90' }, profit: '99.00', fee: '0.90' },
    { name: 'short, price up', direction: 1, closeAt: { bid: '104.9', ask: '105' }, profit: '-51.00', fee: '1.05' },
  ];
  it.each(cases)('$name', async (c) => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const opened = await buyAapl(u.token, { direction: c.direction });
    expect(opened.status).toBe(200);
    const openFee = opened.body.data.order.fee;
    const id = opened.body.data.position!.id;
    m.set('AAPL', 0, c.closeAt);
    const closed = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.closed).toMatchObject({
      id,
      status: 4,
      sellProfit: c.profit,
      closeFee: c.fee,
      closeReason: 'customer',
    });
    expect(closed.body.data.remaining).toBeNull();
    const w = await wallet(u.token, 'US_STOCK');
    expect(w.usedBalance).toBe('0.00');
    expect(w.balance).toBe((1000 - Number(openFee) + Number(c.profit) - Number(c.fee)).toFixed(2));
    const flat = await h.call(tradingApi.flatList, {}, { token: u.token });
    expect(flat.body.data.list[0]).toMatchObject({ id, sellProfit: c.profit });
    const water = await h.call(tradingApi.waterPageList, {}, { token: u.token });
    expect(water.body.data.list.map((x) => x.type)).toEqual([
      'tradeFee',
      Number(c.profit) > 0 ? 'tradeProfit' : 'tradeLoss',
      'tradeFee',
    ]);
  });

  it('closes part of a position: a closed part with its share of margin, the rest stays open', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token)).body.data.position!.id;
    m.set('AAPL', 0, { bid: '110', ask: '110.1' });
    const res = await h.call(tradingApi.flatPosition, { id, quantity: 4 }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data.closed).toMatchObject({
      parentId: id,
      positionNum: 4,
      sellProfit: '40.00',
      isolatedPosition: '80.00',
    });
    expect(res.body.data.remaining).toMatchObject({ id, positionNum: 6, isolatedPosition: '120.00', profit: '60.00' });
    expect((await wallet(u.token, 'US_STOCK')).usedBalance).toBe('120.00');
    const tooMuch = await h.call(tradingApi.flatPosition, { id, quantity: 7 }, { token: u.token });
    expect(tooMuch.body.reason).toBe('closeQuantityTooLarge');
  });

  it('refuses to close while the market is closed', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token)).body.data.position!.id;
    m.set('AAPL', 0, { bid: '110', ask: '110.1', open: false });
    const res = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    expect(res.body.reason).toBe('marketClosed');
    expect((await wallet(u.token, 'US_STOCK')).usedBalance).toBe('200.00');
  });

  it('the detail shows a position with its orders, and the quote page finds it', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const opened = (await buyAapl(u.token)).body.data;
    const id = opened.position!.id;
    const closed = await h.call(tradingApi.flatPosition, { id, quantity: 5 }, { token: u.token });
    const detail = await h.call(tradingApi.positionDetail, { id }, { token: u.token });
    expect(detail.body.data.position).toMatchObject({ id, positionNum: 5, status: 1 });
    expect(detail.body.data.orders.map((o) => [o.id, o.openClose])).toEqual([
      [closed.body.data.order.id, 1],
      [opened.order.id, 0],
    ]);
    const byStock = await h.call(tradingApi.getByStock, { stockCode: 'aapl' }, { token: u.token });
    expect(byStock.body.data.positions.map((p) => p.id)).toEqual([id]);
    const all = await h.call(tradingApi.consignList, { all: true }, { token: u.token });
    expect(all.body.data.total).toBe(2);
  });

  it('converts a Hong Kong profit at the live rate and records it', async () => {
    pinDefaults();
    const u = await trader(h, { HK_STOCK: '1000' });
    const id = (
      await placeOrder(h, tradingApi.hkCreate, { stockCode: '00700', direction: 0, quantity: 100 }, { token: u.token })
    ).body.data.position!.id;
    m.set('00700', 11, { bid: '429', ask: '430' });
    m.set('USDHKD', 2, { bid: '8', ask: '8' });
    const res = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    // (429 - 390) × 100 = 3,900 HKD / 8 / 1.25 = 390 EUR
    expect(res.body.data.closed).toMatchObject({ sellProfit: '390.00', rate: '0.1' });
  });

  it('a close sent twice at once is settled once', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token)).body.data.position!.id;
    m.set('AAPL', 0, { bid: '120', ask: '120.1' });
    const answers = await Promise.all([
      h.call(tradingApi.flatPosition, { id }, { token: u.token }),
      h.call(tradingApi.flatPosition, { id }, { token: u.token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)?.body.reason).toBe('positionNotOpen');
    const profits = await h.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.type, 'tradeProfit'), sql`${journalEntries.detail}->>'position' = ${String(id)}`));
    expect(profits).toHaveLength(1);
    expect((await wallet(u.token, 'US_STOCK')).balance).toBe((1000 - 1 + 200 - 1.2).toFixed(2));
  });
});

describe('idempotency and concurrency', () => {
  it('a replay answers the first order and opens nothing more', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const first = await buyAapl(u.token, {}, 'order-key-0001');
    const again = await buyAapl(u.token, {}, 'order-key-0001');
    expect(again.body.data.order.id).toBe(first.body.data.order.id);
    // The same key with another order, while the market is open: refused, nothing written.
    const other = await buyAapl(u.token, { quantity: 3 }, 'order-key-0001');
    expect([other.status, other.body.msg]).toEqual([409, 'This request key was already used for a different request']);
    expect((await h.call(tradingApi.positionMe, {}, { token: u.token })).body.data.total).toBe(1);
  });

  it('two orders that together need more than is free, sent at once: exactly one fills', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '300' });
    const answers = await Promise.all([buyAapl(u.token), buyAapl(u.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)?.body.reason).toBe('insufficientMargin');
    const w = await wallet(u.token, 'US_STOCK');
    expect(w).toMatchObject({ usedBalance: '200.00', balance: '99.00' });
  });

  it('orders sent at once are written together in batches, and each is answered on its own', async () => {
    pinDefaults();
    const traders = await Promise.all(Array.from({ length: 24 }, () => trader(h, { US_STOCK: '1000' })));
    const twice = traders[0]!;
    const poor = await trader(h, { US_STOCK: '50' });
    const unverified = await h.registerUser();
    await h.fund(unverified.user.id, 'US_STOCK', '1000');
    const key = `batch-same-key-${Date.now()}`;

    const [sameKey, twoOfOne, refused, many] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => buyAapl(twice.token, {}, key))),
      Promise.all([buyAapl(twice.token, { quantity: 1 }), buyAapl(twice.token, { quantity: 2 })]),
      Promise.all([buyAapl(poor.token), buyAapl(unverified.token)]),
      Promise.all(traders.slice(1).map((t) => buyAapl(t.token))),
    ]);

    // One key, five requests: one order, five identical answers.
    expect(new Set(sameKey.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(sameKey[0]!.body.code).toBe(200);
    // Two orders of one wallet, both affordable: both fill (in different batches).
    expect(twoOfOne.map((a) => a.body.code)).toEqual([200, 200]);
    // The refusals say why, with what is needed and what is there.
    expect(refused.map((a) => a.body.reason)).toEqual(['insufficientMargin', 'kycRequired']);
    expect(refused[0]!.body.msg).toContain('50.00');
    expect(many.every((a) => a.body.code === 200)).toBe(true);

    const ids = [sameKey[0]!, ...twoOfOne, ...many].map((a) => a.body.data.order.id);
    expect(new Set(ids).size).toBe(ids.length);
    const userIds = [...traders, poor, unverified].map((t) => t.user.id);
    const { rows } = await h.db.$client.query<{ orders: string; transactions: string }>(
      'select count(*) as orders, count(distinct xmin::text) as transactions from trade_orders where user_id = any($1)',
      [userIds],
    );
    expect(Number(rows[0]!.orders)).toBe(ids.length);
    // Written in fewer transactions than orders: orders that arrive together share a commit.
    expect(Number(rows[0]!.transactions)).toBeLessThan(ids.length);
    expect(await wallet(twice.token, 'US_STOCK')).toMatchObject({ usedBalance: '260.00', balance: '738.70' });
    expect(await wallet(poor.token, 'US_STOCK')).toMatchObject({ usedBalance: '0.00', balance: '50.00' });
    const messages = await h.db.$client.query<{ n: string }>(
      "select count(*) as n from user_messages where user_id = any($1) and kind = 'orderFilled'",
      [userIds],
    );
    expect(Number(messages.rows[0]!.n)).toBe(ids.length);
  });

  it('when a batch fails as a whole, its orders are written one by one with the same answers', async () => {
    pinDefaults();
    const traders = await Promise.all(Array.from({ length: 6 }, () => trader(h, { US_STOCK: '1000' })));
    const poor = await trader(h, { US_STOCK: '50' });
    const unverified = await h.registerUser();
    // Every batch now fails (the function is gone); the one-order function trade_open_now remains.
    await h.db.$client.query('alter function trade_open_batch rename to trade_open_batch_away');
    const key = `one-by-one-${Date.now()}`;
    let first: Awaited<ReturnType<typeof buyAapl>> | undefined;
    try {
      const answers = await Promise.all(
        [...traders, poor, unverified].map((t, i) => buyAapl(t.token, {}, i === 0 ? key : undefined)),
      );
      first = answers[0];
      expect(answers.map((a) => a.body.reason ?? a.body.code)).toEqual([
        ...traders.map(() => 200),
        'insufficientMargin',
        'kycRequired',
      ]);
      const { rows } = await h.db.$client.query<{ orders: string; transactions: string }>(
        'select count(*) as orders, count(distinct xmin::text) as transactions from trade_orders where user_id = any($1)',
        [traders.map((t) => t.user.id)],
      );
      expect(rows[0]).toEqual({ orders: '6', transactions: '6' });
      expect(await wallet(traders[0]!.token, 'US_STOCK')).toMatchObject({ usedBalance: '200.00', balance: '799.00' });
    } finally {
      await h.db.$client.query('alter function trade_open_batch_away rename to trade_open_batch');
    }
    expect((await buyAapl(traders[0]!.token)).body.code).toBe(200);
    // The answer trade_open_now stored (jsonb with its ids written in, into the json column) replays through the
    // batch as it was first sent.
    expect((await buyAapl(traders[0]!.token, {}, key)).body).toEqual(first?.body);
  });
});

describe('the batched way in (trade_open_batch) writes what the transaction way writes', () => {
  it('a market fill and a limit filled by the job at the same price leave the same rows, entries and message', async () => {
    pinDefaults();
    const fast = await trader(h, { US_STOCK: '1000' });
    const slow = await trader(h, { US_STOCK: '1000' });
    const body = { stopLoss: '90', takeProfit: '120' };
    const a = await buyAapl(fast.token, body);
    expect(a.body.code).toBe(200);
    m.set('AAPL', 0, { bid: '100.4', ask: '100.5' });
    const b = await buyAapl(slow.token, { ...body, orderType: 1, price: '100' });
    expect(b.body.data.order.status).toBe(0);
    m.set('AAPL', 0, { bid: '99.9', ask: '100' });
    expect((await engine.runOnce()).filled).toContain(b.body.data.order.id);

    const rows = async (userId: number) => {
      const { rows: found } = await h.db.$client.query(
        `select p.source, p.code, p.wallet, p.asset_class, p.direction, p.quantity, p.leverage, p.open_price::text,
                p.multiplier::text, p.open_rate::text, p.margin::text, p.initial_margin::text, p.added_margin::text,
                p.open_fee::text, p.hold_seq, p.stop_loss::text, p.take_profit::text, p.status, p.parent_id,
                h.amount::text as held, h.status as hold_status, h.reference like 'position:' || p.id || ':0' as hold_ref,
                o.price::text as order_price, o.fill_price::text, o.margin::text as order_margin, o.fee::text as order_fee,
                o.amount::text as order_amount, o.rate::text as order_rate, o.status as order_status, o.open_close,
                o.position_id = p.id as order_position, o.hold_id,
                (select json_agg(json_build_object('amount', lp.amount::text, 'customer', la.user_id is not null) order by lp.amount)
                   from journal_entries e join ledger_postings lp on lp.entry_id = e.id join ledger_accounts la on la.id = lp.account_id
                  where e.type = 'tradeFee' and e.reference = 'order:' || o.id) as fee_postings,
                (select params - 'order' from user_messages m where m.user_id = p.user_id and m.kind = 'orderFilled') as message,
                (select link = '/pages/trade/detail?positionId=' || p.id from user_messages m where m.user_id = p.user_id and m.kind = 'orderFilled') as message_link
           from trade_positions p join ledger_holds h on h.id = p.hold_id join trade_orders o on o.position_id = p.id
          where p.user_id = $1`,
        [userId],
      );
      return found;
    };
    const fastRows = await rows(fast.user.id);
    expect(fastRows).toHaveLength(1);
    // The resting order was a limit order (order_type 1) held until the fill; everything else is the same.
    expect(fastRows).toEqual(await rows(slow.user.id));
    expect(await wallet(fast.token, 'US_STOCK')).toEqual(await wallet(slow.token, 'US_STOCK'));
  });

  it('refuses a batch with an order without its answer text, a positive margin, its rows or a system fee account, with two orders of one account, with arrays of different lengths or with rows written for other columns, writing nothing', async () => {
    // Nothing of an order: no key, hold, position or order row.
    const rows = async () =>
      (
        await h.db.$client.query(
          `select (select count(*) from idempotency_keys) as keys, (select count(*) from ledger_holds) as holds,
             (select count(*) from trade_positions) as positions, (select count(*) from trade_orders) as orders`,
        )
      ).rows[0];
    const before = await rows();
    const item: OpenNowItem = {
      scope: 'u:0',
      key: `bad-${Date.now()}`,
      endpoint: '/x',
      hash: 'h',
      user: 0,
      account: 1,
      feesAccount: 1,
      margin: '1.00',
      fee: '0.00',
      at: new Date().toISOString(),
      position: { source: 0 },
      order: { source: 0 },
      positionRecord: '(%1$s)',
      orderRecord: '(%1$s)',
      code: 'X',
      message: { kind: 'orderFilled', params: {} },
      answerOrder: '',
      answerPosition: '',
    };
    const layouts = await recordLayouts(h.db);
    const batch = (...items: unknown[]) =>
      h.db.$client.query(OPEN_BATCH_SQL, batchColumns(items as OpenNowItem[], layouts));
    await expect(batch({ ...item, answerOrder: undefined })).rejects.toThrow(/an order without its answer/);
    await expect(batch({ ...item, answerPosition: undefined })).rejects.toThrow(/an order without its answer/);
    await expect(batch({ ...item, margin: '0' })).rejects.toThrow(/a margin must be positive/);
    await expect(batch({ ...item, fee: undefined })).rejects.toThrow(/a margin must be positive/);
    await expect(batch({ ...item, positionRecord: '{"source":0}' })).rejects.toThrow(/not a record literal/);
    await expect(batch({ ...item, orderRecord: undefined })).rejects.toThrow(/not a record literal/);
    await expect(batch({ ...item, feesAccount: 2 ** 31 })).rejects.toThrow(/a fee account is not a system account/);
    await expect(batch(item, { ...item, key: `${item.key}-2` })).rejects.toThrow(/two orders of one account/);
    // One array shorter than the others: refused, not read as missing values.
    const columns = batchColumns([item], layouts);
    columns[7] = [];
    await expect(h.db.$client.query(OPEN_BATCH_SQL, columns)).rejects.toThrow(/not of one length/);
    // Rows written by another column order than the tables have (a server started before a migration).
    const moved = { positions: [...layouts.positions].reverse(), orders: layouts.orders };
    await expect(h.db.$client.query(OPEN_BATCH_SQL, batchColumns([item], moved))).rejects.toThrow(
      /written for other columns than the tables have now/,
    );
    await expect(
      h.db.$client.query(OPEN_BATCH_SQL, batchColumns([item], { ...layouts, orders: layouts.orders.slice(1) })),
    ).rejects.toThrow(/written for other columns/);
    expect(await rows()).toEqual(before);
  });

  it('writes the ids, owner and hold itself into the rows, and refuses rows that carry others in their place', async () => {
    pinDefaults();
    const first = await trader(h, { US_STOCK: '1000' });
    const second = await trader(h, { US_STOCK: '1000' });
    const placed = await buyAapl(first.token);
    expect(placed.body.code).toBe(200);
    // The first customer's rows whole, sent again for the second customer: as rowRecord writes them (placeholders
    // where the function writes), and as PostgreSQL's own text of the rows (the first customer's ids, owner, hold).
    const [position] = await h.db.select().from(tradePositions).where(eq(tradePositions.userId, first.user.id));
    const [order] = await h.db.select().from(tradeOrders).where(eq(tradeOrders.userId, first.user.id));
    const { rows: texts } = await h.db.$client.query<{ position: string; order: string }>(
      `select p::text as position, o::text as order
         from trade_positions p join trade_orders o on o.position_id = p.id where p.user_id = $1`,
      [first.user.id],
    );
    const layouts = await recordLayouts(h.db);
    const { ledger } = h.deps;
    const account = await ledger.walletAccount(h.db, second.user.id, 'US_STOCK');
    const fees = await ledger.systemAccount(h.db, 'fees', 'USD');
    const item: OpenNowItem = {
      scope: `u:${second.user.id}`,
      key: `rows-${Date.now()}`,
      endpoint: '/x',
      hash: 'h',
      user: second.user.id,
      account: account.id,
      feesAccount: fees.id,
      margin: '200.00',
      fee: '1.00',
      at: new Date().toISOString(),
      position: position!,
      order: order!,
      positionRecord: rowRecord(tradePositions, position!, layouts.positions),
      orderRecord: rowRecord(tradeOrders, order!, layouts.orders),
      code: 'AAPL',
      message: { kind: 'orderFilled', params: {} },
      answerOrder: '}',
      answerPosition: '}',
    };
    const count = async () =>
      (await h.db.$client.query('select count(*)::int as n from trade_positions where user_id = $1', [second.user.id]))
        .rows[0].n;
    for (const wrong of [
      { positionRecord: texts[0]!.position },
      { orderRecord: texts[0]!.order },
      // The placeholders of the id and the owner swapped: each value in the other's column.
      { positionRecord: item.positionRecord.replace('%1$s', '%X').replace('%2$s', '%1$s').replace('%X', '%2$s') },
      // The hold's placeholder left out: an empty field, null, where the hold goes.
      { positionRecord: item.positionRecord.replace('%3$s', '') },
      { orderRecord: item.orderRecord.replace('%3$s', '') },
    ]) {
      await expect(
        h.db.$client.query(OPEN_BATCH_SQL, batchColumns([{ ...item, ...wrong, key: `${item.key}-w` }], layouts)),
      ).rejects.toThrow(/rows do not carry its ids, owner and hold/);
    }
    expect(await count()).toBe(0);

    const { rows } = await h.db.$client.query<{ results: Array<{ orderId: number; positionId: number }> }>(
      OPEN_BATCH_SQL,
      batchColumns([item], layouts),
    );
    const { orderId, positionId } = rows[0]!.results[0]!;
    expect(positionId).not.toBe(position!.id);
    const { rows: written } = await h.db.$client.query(
      `select p.user_id as position_user, h.account_id as hold_account, o.user_id as order_user,
              o.position_id as order_position, o.hold_id as order_hold, p.hold_seq
         from trade_positions p join ledger_holds h on h.id = p.hold_id join trade_orders o on o.position_id = p.id
        where p.id = $1 and o.id = $2`,
      [positionId, orderId],
    );
    expect(written).toEqual([
      {
        position_user: String(second.user.id),
        hold_account: String(account.id),
        order_user: String(second.user.id),
        order_position: String(positionId),
        order_hold: null,
        hold_seq: 0,
      },
    ]);
    // Every other column as the first customer's.
    const { rows: same } = await h.db.$client.query(
      `select (to_jsonb(a) - '{id,user_id,hold_id,created_at}'::text[]) = (to_jsonb(b) - '{id,user_id,hold_id,created_at}'::text[]) as same
         from trade_positions a, trade_positions b where a.id = $1 and b.id = $2`,
      [position!.id, positionId],
    );
    expect(same[0].same).toBe(true);
  });

  it('writes a row as a record literal that reads back as the same values, whatever its text holds', async () => {
    const layouts = await recordLayouts(h.db);
    const awkward = 'quote " backslash \\ comma , (parens) 50% %1$s newline \n tab \t 中文 é 😀 ';
    const row = {
      code: awkward,
      // Each needs quoting on its own: a backslash, an empty text, white space.
      wallet: 'back\\slash',
      closeReason: '',
      assetClass: '  ',
      openPrice: '216.48',
      quantity: 3,
      stopLoss: null,
      createdAt: new Date('2026-11-23T15:30:00.150Z'),
    };
    const record = rowRecord(tradePositions, row, layouts.positions);
    const { rows } = await h.db.$client.query(
      `select (r).id, (r).user_id, (r).hold_id, (r).hold_seq, (r).code, (r).wallet, (r).asset_class,
              (r).open_price::text, (r).quantity, (r).stop_loss, (r).created_at, (r).close_reason
         from (select format(x, 7, 8, 9, 0)::trade_positions as r from unnest($1::text[]) x) s`,
      [[record, record]],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      id: '7',
      user_id: '8',
      hold_id: '9',
      hold_seq: 0,
      code: awkward,
      wallet: 'back\\slash',
      asset_class: '  ',
      open_price: '216.48',
      quantity: '3',
      stop_loss: null,
      created_at: row.createdAt,
      close_reason: '',
    });
  });

  it('sends JSON texts to PostgreSQL as text[] literals that read back unchanged', async () => {
    const row = { code: 'A"B\\C', name: 'quote " backslash \\ newline \n tab \t 中文 é 😀', n: 1.5, none: null };
    const texts = [JSON.stringify(row), JSON.stringify(row).slice(5), '{}', JSON.stringify('\u0001\ud800')];
    const { rows } = await h.db.$client.query<{ texts: string[]; params: unknown[] }>(
      'select $1::text[] as texts, $2::jsonb[] as params',
      [jsonTexts(texts), jsonTexts([JSON.stringify(row), '{}'])],
    );
    expect(rows[0]?.texts).toEqual(texts);
    expect(rows[0]?.params).toEqual([row, {}]);
    expect((await h.db.$client.query('select $1::text[] as t', [jsonTexts([])])).rows[0].t).toEqual([]);
  });

  it('answers a replay with the first answer even when the order would be refused now', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const key = `replay-${Date.now()}`;
    const first = await buyAapl(u.token, {}, key);
    expect(first.body.code).toBe(200);
    m.set('AAPL', 0, { bid: '99.9', ask: '100', open: false });
    const again = await buyAapl(u.token, {}, key);
    expect(again.body).toEqual(first.body);
    expect((await buyAapl(u.token, {}, `${key}-new`)).body.reason).toBe('marketClosed');
    const other = await buyAapl(u.token, { quantity: 11 }, key);
    expect(other.status).toBe(409);
    const positions = await h.call(tradingApi.positionMe, {}, { token: u.token });
    expect(positions.body.data.list).toHaveLength(1);
  });
});

describe('limit orders rest, fill when the price is reached and can be cancelled', () => {
  it('holds margin and fee, fills when the ask reaches the limit, at the better ask', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const placed = await buyAapl(u.token, { orderType: 1, price: '95' });
    expect(placed.body.data).toMatchObject({ order: { status: 0, margin: '190.00', fee: '0.95' }, position: null });
    expect((await wallet(u.token, 'US_STOCK')).usedBalance).toBe('190.95');
    const listed = await h.call(tradingApi.consignList, {}, { token: u.token });
    expect(listed.body.data.list.map((o) => o.id)).toEqual([placed.body.data.order.id]);

    expect((await engine.runOnce()).filled).not.toContain(placed.body.data.order.id);
    m.set('AAPL', 0, { bid: '89.9', ask: '90' });
    expect((await engine.runOnce()).filled).toContain(placed.body.data.order.id);
    const me = await h.call(tradingApi.positionMe, {}, { token: u.token });
    // Best execution: the ask (90) is better than the limit (95), and the figures are the fill's: 10 × 90 = 900,
    // margin 900 / 5, fee 0.1 % of 900. The rest of the hold (10.05) is released.
    expect(me.body.data.list[0]).toMatchObject({ openPrice: '90.00', positionNum: 10, isolatedPosition: '180.00' });
    const [order] = await h.db.select().from(tradeOrders).where(eq(tradeOrders.id, placed.body.data.order.id));
    expect(order).toMatchObject({
      fillPrice: '90',
      margin: '180.00000000',
      fee: '0.90000000',
      amount: '900.00000000',
      feeRate: '0.001',
    });
    const w = await wallet(u.token, 'US_STOCK');
    expect(w).toMatchObject({ usedBalance: '180.00', balance: (1000 - 180 - 0.9).toFixed(2) });
  });

  it('a sell limit filled above its limit keeps the margin and fee held at its limit, the most its ticket showed', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const placed = await buyAapl(u.token, { direction: 1, orderType: 1, price: '105' });
    expect(placed.body.data.order).toMatchObject({ status: 0, margin: '210.00', fee: '1.05' });
    m.set('AAPL', 0, { bid: '110', ask: '110.1' });
    expect((await engine.runOnce()).filled).toContain(placed.body.data.order.id);
    const [order] = await h.db.select().from(tradeOrders).where(eq(tradeOrders.id, placed.body.data.order.id));
    // At 110 the figures would be 220.00 and 1.10: the customer is held to the ticket's, not more.
    expect(order).toMatchObject({
      fillPrice: '110',
      margin: '210.00000000',
      fee: '1.05000000',
      amount: '1100.00000000',
    });
    expect(await wallet(u.token, 'US_STOCK')).toMatchObject({ usedBalance: '210.00', balance: '788.95' });
  });

  it('a resting order from before its fee rate was stored keeps what was held when it fills better', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token, { orderType: 1, price: '95' })).body.data.order.id;
    await h.db.update(tradeOrders).set({ feeRate: null }).where(eq(tradeOrders.id, id));
    m.set('AAPL', 0, { bid: '89.9', ask: '90' });
    expect((await engine.runOnce()).filled).toContain(id);
    const [order] = await h.db.select().from(tradeOrders).where(eq(tradeOrders.id, id));
    expect(order).toMatchObject({ fillPrice: '90', margin: '190.00000000', fee: '0.95000000', amount: '950.00000000' });
    expect(await wallet(u.token, 'US_STOCK')).toMatchObject({ usedBalance: '190.00', balance: '809.05' });
  });

  it('rests while the market is closed and fills when it opens through the limit', async () => {
    pinDefaults();
    m.set('AAPL', 0, { bid: '90', ask: '90.1', open: false });
    const u = await trader(h, { US_STOCK: '1000' });
    const placed = await buyAapl(u.token, { orderType: 1, price: '95' });
    expect(placed.body.data.order.status).toBe(0);
    expect((await engine.runOnce()).filled).not.toContain(placed.body.data.order.id);
    m.set('AAPL', 0, { bid: '90', ask: '90.1' });
    expect((await engine.runOnce()).filled).toContain(placed.body.data.order.id);
  });

  it('a marketable limit fills at once at the better market price', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const placed = await buyAapl(u.token, { orderType: 1, price: '105' });
    expect(placed.body.data.order).toMatchObject({ status: 1, fillPrice: '100.00', price: '105.00' });
  });

  it('cancel releases everything held, once', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token, { orderType: 1, price: '90' })).body.data.order.id;
    const cancelled = await h.call(tradingApi.cancelOrder, { id }, { token: u.token });
    expect(cancelled.body.data).toMatchObject({ id, status: 2 });
    expect(await wallet(u.token, 'US_STOCK')).toMatchObject({ balance: '1000.00', usedBalance: '0.00' });
    expect((await h.call(tradingApi.cancelOrder, { id }, { token: u.token })).body.reason).toBe('orderNotCancellable');
    m.set('AAPL', 0, { bid: '80', ask: '80.1' });
    expect((await engine.runOnce()).filled).not.toContain(id);
  });
});

describe('positions: add margin, add to it, stops', () => {
  it('adds margin from the available balance', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token)).body.data.position!.id;
    const res = await h.call(tradingApi.addPositionMargin, { id, amount: '100' }, { token: u.token });
    expect(res.body.data).toMatchObject({ isolatedPosition: '300.00', addedMargin: '100.00', initialMargin: '200.00' });
    expect(await wallet(u.token, 'US_STOCK')).toMatchObject({ usedBalance: '300.00', balance: '699.00' });
    const tooMuch = await h.call(tradingApi.addPositionMargin, { id, amount: '700' }, { token: u.token });
    expect(tooMuch.body.reason).toBe('insufficientMargin');
  });

  it('adds to a position at the average price', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token)).body.data.position!.id;
    m.set('AAPL', 0, { bid: '109.9', ask: '110' });
    const res = await placeOrder(h, tradingApi.additions, { positionId: id, quantity: 10 }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.position).toMatchObject({
      id,
      positionNum: 20,
      openPrice: '105.00',
      isolatedPosition: '420.00',
    });
    expect((await wallet(u.token, 'US_STOCK')).usedBalance).toBe('420.00');
  });

  const stops: Array<{
    name: string;
    direction: StockTicket['direction'];
    set: { stopLoss: string | null; takeProfit: string | null };
    path: { bid: string; ask: string };
    reason: string;
  }> = [
    {
      name: 'stop-loss of a long',
      direction: 0,
      set: { stopLoss: '95', takeProfit: null },
      path: { bid: '94.9', ask: '95' },
      reason: 'stopLoss',
    },
    {
      name: 'take-profit of a long',
      direction: 0,
      set: { stopLoss: null, takeProfit: '120' },
      path: { bid: '120.5', ask: '120.6' },
      reason: 'takeProfit',
    },
    {
      name: 'stop-loss of a short',
      direction: 1,
      set: { stopLoss: '105', takeProfit: null },
      path: { bid: '105', ask: '105.1' },
      reason: 'stopLoss',
    },
    {
      name: 'take-profit of a short',
      direction: 1,
      set: { stopLoss: null, takeProfit: '90' },
      path: { bid: '89', ask: '89.1' },
      reason: 'takeProfit',
    },
  ];
  it.each(stops)('$name closes at the market and tells the customer', async (c) => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token, { direction: c.direction })).body.data.position!.id;
    const set = await h.call(tradingApi.setStopProfitLoss, { id, ...c.set }, { token: u.token });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await engine.runOnce()).stopped).not.toContain(id);
    m.set('AAPL', 0, c.path);
    expect((await engine.runOnce()).stopped).toContain(id);
    const flat = await h.call(tradingApi.flatList, {}, { token: u.token });
    expect(flat.body.data.list[0]).toMatchObject({ id, closeReason: c.reason });
    const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'zh-Hans' });
    expect(inbox.body.data.list[0]?.kind).toBe(c.reason);
  });

  it('refuses a stop on the wrong side of the price', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token)).body.data.position!.id;
    const res = await h.call(
      tradingApi.setStopProfitLoss,
      { id, stopLoss: '100', takeProfit: null },
      { token: u.token },
    );
    expect(res.body.reason).toBe('stopLossInvalid');
  });

  it('refuses a stop between two ticks and keeps the stops it had', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token, { stopLoss: '90' })).body.data.position!.id;
    const res = await h.call(
      tradingApi.setStopProfitLoss,
      { id, stopLoss: '90.005', takeProfit: '110' },
      { token: u.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('priceOffTick');
    const detail = await h.call(tradingApi.positionDetail, { id }, { token: u.token });
    expect(detail.body.data.position).toMatchObject({ stopLoss: '90.00', takeProfit: null });
  });
});

describe('ESMA margin close-out and negative-balance protection', () => {
  it('closes at 50 % of the required margin, not before', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token, { quantity: 40 })).body.data.position?.id; // margin 800
    m.set('AAPL', 0, { bid: '91', ask: '91.1' }); // loss 360: level 55 %
    expect((await engine.runOnce()).closedOut).not.toContain(id);
    const me = await h.call(tradingApi.positionMe, {}, { token: u.token });
    expect(me.body.data.margin[0]?.marginLevel).toBe('55.00');
    m.set('AAPL', 0, { bid: '89.9', ask: '90' }); // loss 404: level 49.5 %
    expect((await engine.runOnce()).closedOut).toContain(id);
    const flat = await h.call(tradingApi.flatList, {}, { token: u.token });
    expect(flat.body.data.list[0]).toMatchObject({
      closeReason: 'closeOut',
      sellProfit: '-404.00',
      absorbedLoss: '0.00',
    });
    // 1000 - 4 (open fee) - 404 - 3.60 (close fee)
    expect(await wallet(u.token, 'US_STOCK')).toMatchObject({ balance: '588.40', usedBalance: '0.00' });
  });

  it('closes the largest losing position first, until the level recovers', async () => {
    pinDefaults();
    const u = await trader(h, { BALANCE: '2000' });
    const sap = await placeOrder(
      h,
      tradingApi.stockCreate,
      { stockCode: 'SAP', direction: 0, quantity: 10 },
      { token: u.token },
    );
    m.set('SIE', 0, { bid: '199.9', ask: '200' });
    const sie = await placeOrder(
      h,
      tradingApi.stockCreate,
      { stockCode: 'SIE', direction: 0, quantity: 10 },
      { token: u.token },
    );
    expect([sap.status, sie.status]).toEqual([200, 200]);
    // margins 500.40 + 400; SAP loses 460, SIE loses 20: level (900.40 - 480) / 900.40 = 46.7 %
    m.set('SAP', 0, { bid: '204.2', ask: '204.3' });
    m.set('SIE', 0, { bid: '198', ask: '198.1' });
    const run = await engine.runOnce();
    expect(run.closedOut).toContain(sap.body.data.position?.id);
    expect(run.closedOut).not.toContain(sie.body.data.position?.id);
    const me = await h.call(tradingApi.positionMe, {}, { token: u.token });
    expect(me.body.data.list.map((p) => p.id)).toEqual([sie.body.data.position?.id]);
  });

  it('a loss beyond the balance is absorbed by the house: the balance stops at zero', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '210' });
    const id = (await buyAapl(u.token)).body.data.position?.id; // margin 200, fee 1, 9 free
    m.set('AAPL', 0, { bid: '50', ask: '50.1' }); // loss 500
    expect((await engine.runOnce()).closedOut).toContain(id);
    expect(await wallet(u.token, 'US_STOCK')).toMatchObject({ balance: '0.00', usedBalance: '0.00', total: '0.00' });
    const flat = await h.call(tradingApi.flatList, {}, { token: u.token });
    expect(flat.body.data.list[0]).toMatchObject({ sellProfit: '-500.00', absorbedLoss: '291.00', closeFee: '0.00' });
    const [account] = await h.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, u.user.id));
    expect(Number(account?.balance)).toBe(0);
  });
});

describe("the funding overview's profit of today", () => {
  it('counts open positions from their open price when opened today, in EUR', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000', HK_STOCK: '1000' });
    await buyAapl(u.token);
    await placeOrder(h, tradingApi.hkCreate, { stockCode: '00700', direction: 0, quantity: 100 }, { token: u.token });
    m.set('AAPL', 0, { bid: '110', ask: '110.1' }); // +100 USD = 80 EUR
    m.set('00700', 11, { bid: '395', ask: '396' }); // +500 HKD = 51.28 EUR
    const res = await h.call(walletApi.fundingOverview, {}, { token: u.token });
    expect(res.body.data).toMatchObject({ todayProfit: '131.28', hkTodayProfit: '51.28' });
  });
});

describe('the ticket figures and published rules', () => {
  it('half and full presets from the available balance', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const res = await h.call(
      tradingApi.halfOrFullNum,
      { stockCode: 'AAPL', source: 0, direction: 0 },
      { token: u.token },
    );
    expect(res.body.data).toMatchObject({ full: 49, half: 24, marginPerUnit: '20', feePerUnit: '0.1' });
    expect((await buyAapl(u.token, { quantity: 49 })).status).toBe(200);
  });

  it('fee rates, leverage caps and minimums are published and operator-configurable within ESMA caps', async () => {
    pinDefaults();
    const rate = await h.call(tradingApi.stockRate, { source: 2, stockCode: 'EURUSD' });
    expect(rate.body.data).toMatchObject({ assetClass: 'forexMajor', buyRate: '0.0002', maxLeverage: 30 });
    const min = await h.call(tradingApi.getMinCount, { stockCode: '00700', source: 11 });
    expect(min.body.data).toMatchObject({ minCount: 100, lotSize: 100 });

    const ops = await h.consoleOperators({ admin: 'trade_admin', reviewer: 'trade_rev' });
    const stockRules = { assetClass: 'stock' } as const;
    const above = await h.call(
      consoleTrading.tradingSettingUpdate,
      { leverageCap: 6, buyRate: '0.001', sellRate: '0.001', minQuantity: 1 },
      { token: ops.admin, params: stockRules },
    );
    expect(above.body.reason).toBe('leverageAboveEsma');
    const byReviewer = await h.call(
      consoleTrading.tradingSettingUpdate,
      { leverageCap: 2, buyRate: '0.002', sellRate: '0.001', minQuantity: 1 },
      { token: ops.reviewer, params: stockRules },
    );
    expect(byReviewer.status).toBe(403);
    const changed = await h.call(
      consoleTrading.tradingSettingUpdate,
      { leverageCap: 2, buyRate: '0.002', sellRate: '0.001', minQuantity: 1 },
      { token: ops.admin, params: stockRules },
    );
    expect(changed.body.data).toMatchObject({ leverageCap: 2, esmaCap: 5, buyRate: '0.002', updatedBy: 'trade_admin' });
    const u = await trader(h, { US_STOCK: '1000' });
    expect((await buyAapl(u.token, { leverage: 5 })).body.reason).toBe('leverageTooHigh');
    const filled = await buyAapl(u.token);
    expect(filled.body.data.order).toMatchObject({ leverage: 2, margin: '500.00', fee: '2.00' });
    const customer = { token: ops.reviewer, params: { id: u.user.id } };
    const positions = await h.call(consoleTrading.customerPositions, {}, customer);
    expect(positions.body.data.total).toBe(1);
    const orders = await h.call(consoleTrading.customerOrders, {}, customer);
    expect(orders.body.data.total).toBe(1);
    await h.call(
      consoleTrading.tradingSettingUpdate,
      { leverageCap: 5, buyRate: '0.001', sellRate: '0.001', minQuantity: 1 },
      { token: ops.admin, params: stockRules },
    );
  });
});

describe('the matching job runs on one node at a time', () => {
  it('runs on its schedule and fills a limit order the market reaches', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token, { orderType: 1, price: '90' })).body.data.order.id;
    const stop = engine.start(50);
    try {
      m.set('AAPL', 0, { bid: '89', ask: '89.5' });
      let status = 0;
      for (let i = 0; i < 100 && status === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await h.call(tradingApi.orderDetail, { id }, { token: u.token })).body.data.status;
      }
      expect(status).toBe(1);
    } finally {
      await stop();
    }
  });

  it('skips while another node holds the advisory lock', async () => {
    const other = await h.db.$client.connect();
    try {
      await other.query("select pg_advisory_lock(hashtext('trading-engine'))");
      expect((await engine.runOnce()).ran).toBe(false);
      await other.query("select pg_advisory_unlock(hashtext('trading-engine'))");
      expect((await engine.runOnce()).ran).toBe(true);
    } finally {
      other.release();
    }
  });
});
