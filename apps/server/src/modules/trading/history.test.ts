/**
 * The trade centre's order history (consignList `history`), the closed positions' result net of fees, and the
 * trade tab's portfolio header (positionMe `portfolio`, margin `fullyPaid`), on pinned prices (test/trading.ts).
 */
import {
  auth as authApi,
  bonds as bondsApi,
  Decimal,
  type RequestOf,
  trading as tradingApi,
  wallet as walletApi,
  wireAmount,
} from '@beurs/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { type PinnedMarket, pinMarket, pinRates, STOCK_TERMS, trader } from '../../../test/trading.js';

let h: Harness;
let m: PinnedMarket;

beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
  m = pinMarket(h);
});

afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const pinDefaults = () => {
  m.clear();
  pinRates(m);
  m.set('AAPL', 0, { bid: '99.9', ask: '100' });
  m.set('SAP', 0, { bid: '250', ask: '250.2' });
};

const buyAapl = (token: string, body: Partial<RequestOf<typeof tradingApi.stockCreate>> = {}) =>
  h.call(
    tradingApi.stockCreate,
    { stockCode: 'AAPL', direction: 0, quantity: 10, termsVersion: STOCK_TERMS, ...body },
    { token },
  );

describe('order history: filled and cancelled orders, newest first, paged, the caller only', () => {
  it("lists the caller's filled and cancelled orders, not the entrusted ones nor another customer's", async () => {
    pinDefaults();
    const a = await trader(h, { US_STOCK: '1000' });
    const b = await trader(h, { US_STOCK: '1000' });
    const filled = (await buyAapl(a.token)).body.data;
    const resting = (await buyAapl(a.token, { quantity: 1, orderType: 1, price: '90' })).body.data.order;
    const toCancel = (await buyAapl(a.token, { quantity: 1, orderType: 1, price: '91' })).body.data.order;
    expect((await h.call(tradingApi.cancelOrder, { id: toCancel.id }, { token: a.token })).status).toBe(200);
    const closed = await h.call(tradingApi.flatPosition, { id: filled.position!.id }, { token: a.token });
    expect(closed.status).toBe(200);
    // Another customer's filled and cancelled orders, placed last (the newest ids of all).
    await buyAapl(b.token);
    const bCancel = (await buyAapl(b.token, { quantity: 1, orderType: 1, price: '92' })).body.data.order;
    await h.call(tradingApi.cancelOrder, { id: bCancel.id }, { token: b.token });

    const all = await h.call(tradingApi.consignList, { history: true }, { token: a.token });
    expect(all.status).toBe(200);
    // Newest first: the close order, the cancelled limit, the market fill; the resting limit is not history.
    expect(all.body.data.list.map((o) => [o.id, o.status, o.openClose])).toEqual([
      [closed.body.data.order.id, 1, 1],
      [toCancel.id, 2, 0],
      [filled.order.id, 1, 0],
    ]);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((o) => o.id)).not.toContain(resting.id);

    const page1 = await h.call(tradingApi.consignList, { history: true, pageSize: 2 }, { token: a.token });
    const page2 = await h.call(tradingApi.consignList, { history: true, pageSize: 2, page: 2 }, { token: a.token });
    expect(page1.body.data.list.map((o) => o.id)).toEqual([closed.body.data.order.id, toCancel.id]);
    expect(page2.body.data.list.map((o) => o.id)).toEqual([filled.order.id]);
    expect(page2.body.data.total).toBe(3);

    const theirs = await h.call(tradingApi.consignList, { history: true }, { token: b.token });
    expect(theirs.body.data.total).toBe(2);
    const ours = new Set(all.body.data.list.map((o) => o.id));
    expect(theirs.body.data.list.filter((o) => ours.has(o.id))).toEqual([]);
    // The default is still the entrusted list.
    const entrusted = await h.call(tradingApi.consignList, {}, { token: a.token });
    expect(entrusted.body.data.list.map((o) => o.id)).toEqual([resting.id]);
  });

  it('bounds the page size and needs a session', async () => {
    const a = await trader(h);
    const big = await h.call(tradingApi.consignList, { history: true, pageSize: 101 }, { token: a.token });
    expect(big.status).toBe(400);
    expect((await h.call(tradingApi.consignList, { history: true })).status).toBe(401);
  });
});

describe('closed positions: net of fees, with gross and fees beside it', () => {
  it('a whole close: net = sellProfit − (open fee + close fee), and it is what the wallet gained', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    // 10 AAPL bought at the ask 100: open fee 10 × 100 × 0.1 % = 1.00 USD.
    const id = (await buyAapl(u.token)).body.data.position!.id;
    m.set('AAPL', 0, { bid: '110', ask: '110.1' });
    // Closed at the bid 110: gross (110 − 100) × 10 = 100.00; close fee 10 × 110 × 0.1 % = 1.10;
    // fees 1.00 + 1.10 = 2.10; net 100.00 − 2.10 = 97.90.
    const res = await h.call(tradingApi.flatPosition, { id }, { token: u.token });
    expect(res.body.data.closed).toMatchObject({
      sellProfit: '100.00',
      openFee: '1.00',
      closeFee: '1.10',
      fees: '2.10',
      netProfit: '97.90',
    });
    const flat = await h.call(tradingApi.flatList, {}, { token: u.token });
    expect(flat.body.data.list[0]).toMatchObject({ id, sellProfit: '100.00', fees: '2.10', netProfit: '97.90' });
    // 1,000.00 + 97.90 = 1,097.90: the net is the wallet's gain from the trade.
    expect((await h.balance(u.token, 'US_STOCK'))?.balance).toBe('1097.90');
  });

  it('a partial close and a loss: the closed part carries its share of the open fee', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000' });
    const id = (await buyAapl(u.token)).body.data.position!.id;
    m.set('AAPL', 0, { bid: '95', ask: '95.1' });
    // 4 of 10 closed at the bid 95: gross (95 − 100) × 4 = −20.00; open fee share 1.00 × 4 / 10 = 0.40;
    // close fee 4 × 95 × 0.1 % = 0.38; fees 0.78; net −20.00 − 0.78 = −20.78.
    const res = await h.call(tradingApi.flatPosition, { id, quantity: 4 }, { token: u.token });
    expect(res.body.data.closed).toMatchObject({
      sellProfit: '-20.00',
      openFee: '0.40',
      closeFee: '0.38',
      fees: '0.78',
      netProfit: '-20.78',
    });
    // An open position has no realised figures.
    expect(res.body.data.remaining).toMatchObject({ fees: null, netProfit: null });
  });
});

describe("the trade tab's portfolio: value and today's profit in EUR, as the funding overview", () => {
  it('sums each wallet’s equity converted at EUR/USD and reuses todayProfit; 1:1 wallets are fully paid', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '1000', BALANCE: '2000' });
    // AAPL 10 at 100, 5:1: margin 200.00 USD. SAP 4 at the ask 250.2, 1:1: margin 1,000.80 EUR.
    await buyAapl(u.token);
    await h.call(
      tradingApi.stockCreate,
      { stockCode: 'SAP', direction: 0, quantity: 4, leverage: 1, termsVersion: STOCK_TERMS },
      { token: u.token },
    );
    m.set('AAPL', 0, { bid: '110', ask: '110.1' });
    const me = await h.call(tradingApi.positionMe, {}, { token: u.token });
    expect(me.status).toBe(200);
    // US_STOCK equity 200 + (110 − 100) × 10 = 300.00 USD; BALANCE 1,000.80 + (250 − 250.2) × 4 = 1,000.00 EUR.
    expect(me.body.data.margin).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ walletType: 'US_STOCK', equity: '300.00', fullyPaid: false }),
        expect.objectContaining({ walletType: 'BALANCE', equity: '1000.00', fullyPaid: true }),
      ]),
    );
    // 300.00 USD / 1.25 = 240.00 EUR; + 1,000.00 = 1,240.00. Today: +100 USD = 80.00 EUR, −0.80 EUR: 79.20.
    expect(me.body.data.portfolio).toEqual({ currency: 'EUR', value: '1240.00', bonds: '0.00', todayProfit: '79.20' });
    const overview = await h.call(walletApi.fundingOverview, {}, { token: u.token });
    expect(overview.body.data.todayProfit).toBe(me.body.data.portfolio.todayProfit);
  });

  it('is zero without open positions', async () => {
    pinDefaults();
    const u = await trader(h);
    const me = await h.call(tradingApi.positionMe, {}, { token: u.token });
    expect(me.body.data.portfolio).toEqual({ currency: 'EUR', value: '0.00', bonds: '0.00', todayProfit: '0.00' });
  });

  it('counts the treasury bonds held: value at the bid plus accrued, USD converted at the same EUR/USD', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '5000', BALANCE: '5000' });
    await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: u.token });
    const list = (await h.call(bondsApi.bondsList, { pageSize: 100 }, {})).body.data.list;
    const usNote = list.find((b) => b.currency === 'USD' && b.kind === 'note');
    const euro = list.find((b) => b.currency === 'EUR');
    if (!usNote || !euro) throw new Error('no bonds to buy');
    const buy = (code: string, quantity: number) =>
      h.call(bondsApi.treasuryBondCreate, { code, quantity, payPassword: '135790' }, { token: u.token });
    expect((await buy(usNote.code, 2)).status).toBe(200);
    expect((await buy(euro.code, 1)).status).toBe(200);
    const totals = (await h.call(bondsApi.getTreasuryBondTotal, {}, { token: u.token })).body.data.totals;
    const worth = (currency: string) => {
      const t = totals.find((x) => x.currency === currency);
      return new Decimal(t?.marketValue ?? 0).plus(t?.accruedInterest ?? 0);
    };
    // The euro bond as it is, the US notes / 1.25 (pinRates): about 1,000 + 2,000 / 1.25.
    const bonds = worth('EUR').plus(worth('USD').dividedBy('1.25'));
    expect(bonds.gt(2400) && bonds.lt(2800)).toBe(true);
    const me = (await h.call(tradingApi.positionMe, {}, { token: u.token })).body.data;
    expect(me.list).toEqual([]);
    expect(me.portfolio).toEqual({
      currency: 'EUR',
      value: wireAmount(bonds),
      bonds: wireAmount(bonds),
      todayProfit: '0.00',
    });
    // With a position the value is both: AAPL's equity in EUR added to the bonds'.
    await buyAapl(u.token);
    const both = (await h.call(tradingApi.positionMe, {}, { token: u.token })).body.data;
    const equity = both.margin.reduce((sum, x) => sum.plus(x.equity), new Decimal(0));
    expect(both.portfolio.bonds).toBe(wireAmount(bonds));
    expect(both.portfolio.value).toBe(wireAmount(bonds.plus(equity.dividedBy('1.25'))));
  });
});

describe('open positions are read a page at a time', () => {
  it('pages the list in SQL, newest first, while the margin summary covers every open position', async () => {
    pinDefaults();
    const u = await trader(h, { US_STOCK: '2000' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await buyAapl(u.token)).body.data.position?.id ?? 0);
    const page = (n: number) => h.call(tradingApi.positionMe, { page: n, pageSize: 2 }, { token: u.token });
    const [first, second] = [await page(1), await page(2)];
    expect(first.body.data.list.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(second.body.data.list.map((p) => p.id)).toEqual([ids[0]]);
    expect([first.body.data.total, second.body.data.total]).toEqual([3, 3]);
    // 3 × (margin 200.00 + (99.9 − 100) × 10 = −1.00): 597.00 USD on every page.
    for (const res of [first, second]) {
      expect(res.body.data.margin).toEqual([expect.objectContaining({ walletType: 'US_STOCK', equity: '597.00' })]);
    }
  });
});
