/**
 * Treasury bonds on the real database: the list and its quotes, a purchase at the ask's dirty price plus the
 * published fee through the ledger (transaction password, identity, idempotent), the holdings and their totals, an
 * early sale at the bid, ownership (another customer's id answers 404), translated refusals that change nothing, and
 * concurrent purchases that never overdraw. The clock is Monday 2 Nov 2026 10:00 UTC.
 */
import { randomUUID } from 'node:crypto';
import { auth as authApi, bonds, Decimal, wallet as walletApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { users } from '../../platform/db/schema.js';

const PAY = '135790';
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

async function customer(funds: { US_STOCK?: string; BALANCE?: string } = {}, kyc = true) {
  const u = await h.registerUser();
  if (kyc) await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  for (const [wallet, amount] of Object.entries(funds)) await h.fund(u.user.id, wallet as 'BALANCE', amount);
  return u;
}

const available = async (token: string, wallet: string) => (await h.balance(token, wallet))?.balance ?? '0.00';

async function listed(filter: { issuer?: 'US' | 'DE' | 'NL' | 'BE'; kind?: 'bill' | 'note' | 'bond' } = {}) {
  const res = await h.call(bonds.bondsList, { ...filter, pageSize: 100 });
  expect(res.status).toBe(200);
  return res.body.data.list;
}

async function bondMaturing(maturity: string) {
  const b = (await listed()).find((x) => x.maturityDate === maturity);
  if (!b) throw new Error(`no bond maturing ${maturity}`);
  return b;
}

const buy = (token: string, code: string, quantity: number, extra: { key?: string; payPassword?: string } = {}) =>
  h.call(
    bonds.treasuryBondCreate,
    { code, quantity, payPassword: extra.payPassword ?? PAY },
    { token, ...(extra.key ? { key: extra.key } : {}) },
  );

describe('the bond list', () => {
  it('lists simulated US, German, Dutch and Belgian bonds with clean, accrued, yield and the published fee', async () => {
    const list = await listed();
    expect(new Set(list.map((b) => b.issuer))).toEqual(new Set(['US', 'DE', 'NL', 'BE']));
    for (const b of list) {
      expect(b).toMatchObject({ source: 101, simulated: true, feeRate: '0.001', minFee: '1.00', faceValue: '1000.00' });
      expect(new Decimal(b.ask).gt(b.bid)).toBe(true);
      expect(new Decimal(b.dirtyAsk).minus(b.ask).toFixed(6)).toBe(new Decimal(b.accruedInterest).toFixed(6));
      expect(b.walletType).toBe(b.currency === 'USD' ? 'US_STOCK' : 'BALANCE');
    }
    const note = await bondMaturing('2033-02-28');
    expect(note).toMatchObject({ couponRate: '4.125', frequency: 2, couponDates: ['02-28', '08-31'] });
    expect(note.settlementDate).toBe('2026-11-03');
    expect((await listed({ issuer: 'DE' })).every((b) => b.issuer === 'DE' && b.settlementDate === '2026-11-04')).toBe(
      true,
    );
    expect((await listed({ kind: 'bill' })).map((b) => b.accruedInterest)).toEqual([
      '0.000000',
      '0.000000',
      '0.000000',
    ]);
    const bad = await h.request('POST', '/m_ft/bondsList', { issuer: 'FR' }, { 'accept-language': 'nl' });
    expect(bad.status).toBe(400);
  });
});

describe('buying, holding and selling a bond', () => {
  it('pays the dirty price plus the fee once per key, and refuses what it must in the reader language', async () => {
    const u = await customer({ US_STOCK: '10000' });
    const note = await bondMaturing('2033-02-28');
    const key = randomUUID();
    const res = await buy(u.token, note.code, 3, { key });
    expect(res.status).toBe(200);
    const holding = res.body.data;
    const amount = new Decimal(note.dirtyAsk).times(30).toDecimalPlaces(2, Decimal.ROUND_UP);
    const fee = Decimal.max(amount.times('0.001'), 1).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(holding).toMatchObject({
      code: note.code,
      quantity: 3,
      status: 'bought',
      buyingPrice: note.ask,
      amount: amount.toFixed(2),
      fee: fee.toFixed(2),
      total: amount.plus(fee).toFixed(2),
      interest: '0.00',
      settlementDate: '2026-11-03',
      nextCouponDate: '2027-02-28',
      walletType: 'US_STOCK',
    });
    expect(await available(u.token, 'US_STOCK')).toBe(new Decimal(10000).minus(holding.total).toFixed(2));
    // The customer's bill lists the purchase with its description (an entry type the bill did not know answered 500).
    const bill = await h.call(walletApi.getWalletBill, { type: 'bondBuy' }, { token: u.token });
    expect(bill.status).toBe(200);
    expect(bill.body.data.list[0]).toMatchObject({ amount: `-${holding.total}`, type: 'bondBuy' });
    expect(bill.body.data.list[0]?.reason).toBe(`Bond ${note.code}: 3 bought (holding #${holding.id})`);
    // The same key: the first answer, nothing paid twice.
    const replay = await buy(u.token, note.code, 3, { key });
    expect(replay.body.data.id).toBe(holding.id);
    expect(await available(u.token, 'US_STOCK')).toBe(new Decimal(10000).minus(holding.total).toFixed(2));

    const before = await available(u.token, 'US_STOCK');
    const wrong = await buy(u.token, note.code, 1, { payPassword: '000000' });
    expect(wrong.body.reason).toBe('wrongPayPassword');
    const unknown = await h.call(
      bonds.treasuryBondCreate,
      { code: 'USKMN9901019', quantity: 1, payPassword: PAY },
      { token: u.token, lang: 'nl' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Er staat nu geen obligatie USKMN9901019 op de lijst.');
    const tooMuch = await h.call(
      bonds.treasuryBondCreate,
      { code: note.code, quantity: 100, payPassword: PAY },
      { token: u.token, lang: 'zh-Hans' },
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.reason).toBe('insufficientBalance');
    const moved = await h.call(
      bonds.treasuryBondCreate,
      { code: note.code, quantity: 1, payPassword: PAY, maxTotal: '10.00' },
      { token: u.token },
    );
    expect(moved.body.reason).toBe('bondTotalAboveTicket');
    const zero = await h.call(
      bonds.treasuryBondCreate,
      { code: note.code, quantity: 0, payPassword: PAY },
      { token: u.token, lang: 'nl' },
    );
    expect(zero.status).toBe(400);
    expect(await available(u.token, 'US_STOCK')).toBe(before);
    const unverified = await customer({ US_STOCK: '10000' }, false);
    expect((await buy(unverified.token, note.code, 1)).body.reason).toBe('kycRequired');
    expect(await available(unverified.token, 'US_STOCK')).toBe('10000.00');
  });

  it('lists and totals the holdings, sells at the bid, and hides them from another customer', async () => {
    const u = await customer({ BALANCE: '5000' });
    const other = await customer({ BALANCE: '5000' });
    const bund = await bondMaturing('2036-02-15');
    const bought = (await buy(u.token, bund.code, 2)).body.data;
    expect(bought.currency).toBe('EUR');

    const page = await h.call(bonds.treasuryBondPageList, {}, { token: u.token });
    expect(page.body.data.list.map((x) => x.id)).toEqual([bought.id]);
    expect((await h.call(bonds.treasuryBondPageList, {}, { token: other.token })).body.data.total).toBe(0);
    const total = (await h.call(bonds.getTreasuryBondTotal, {}, { token: u.token })).body.data.totals;
    expect(total).toEqual([
      {
        currency: 'EUR',
        walletType: 'BALANCE',
        holdings: 1,
        faceValue: '2000.00',
        marketValue: page.body.data.list[0]?.marketValue,
        accruedInterest: page.body.data.list[0]?.accruedInterest,
        income: '0.00',
      },
    ]);
    expect(new Decimal(total[0]?.accruedInterest ?? '0').gt(0)).toBe(true);

    const theirs = await h.call(bonds.treasuryBondFlatPosition, { id: bought.id }, { token: other.token, lang: 'nl' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe(`Er is geen obligatiepositie #${bought.id}.`);

    h.clock.advance(3_600_000);
    const before = new Decimal(await available(u.token, 'BALANCE'));
    const key = randomUUID();
    const sold = await h.call(bonds.treasuryBondFlatPosition, { id: bought.id }, { token: u.token, key });
    expect(sold.status).toBe(200);
    expect(sold.body.data).toMatchObject({ status: 'sold', marketValue: '0.00', nextCouponDate: null });
    const proceeds = new Decimal(sold.body.data.saleAmount ?? '0');
    expect(new Decimal(sold.body.data.salePrice ?? '0').lt(bought.buyingPrice)).toBe(true);
    expect(await available(u.token, 'BALANCE')).toBe(before.plus(proceeds).toFixed(2));
    // A replay answers the sale; another key finds it closed; nothing is paid twice.
    expect(
      (await h.call(bonds.treasuryBondFlatPosition, { id: bought.id }, { token: u.token, key })).body.data.saleAmount,
    ).toBe(proceeds.toFixed(2));
    const again = await h.call(bonds.treasuryBondFlatPosition, { id: bought.id }, { token: u.token });
    expect(again.body.reason).toBe('bondHoldingClosed');
    expect(await available(u.token, 'BALANCE')).toBe(before.plus(proceeds).toFixed(2));
    const soldPage = await h.call(bonds.treasuryBondPageList, { status: 'sold' }, { token: u.token });
    expect(soldPage.body.data.total).toBe(1);
    // The bill shows the purchase and the sale, in words.
    const bill = await h.call(walletApi.getWalletBill, { walletType: 'BALANCE' }, { token: u.token });
    expect(bill.status).toBe(200);
    expect(bill.body.data.list.slice(0, 2).map((b) => [b.type, b.reason])).toEqual([
      ['bondSale', `Bond ${bund.code}: 2 sold (holding #${bought.id})`],
      ['bondBuy', `Bond ${bund.code}: 2 bought (holding #${bought.id})`],
    ]);
  });

  it('never overdraws when purchases race, and one key buys once however often it is sent at once', async () => {
    const u = await customer({ US_STOCK: '3500' });
    const bill = (await listed({ kind: 'bill' }))[0];
    if (!bill) throw new Error('no bill');
    // One bill costs a little under 1,000 + the 1.00 minimum fee: three fit, not four.
    const results = await Promise.all(Array.from({ length: 8 }, () => buy(u.token, bill.code, 1)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.reason === 'insufficientBalance')).toBe(true);
    const spent = ok.reduce((sum, r) => sum.plus(r.body.data.total), new Decimal(0));
    expect(await available(u.token, 'US_STOCK')).toBe(new Decimal(3500).minus(spent).toFixed(2));

    const v = await customer({ US_STOCK: '5000' });
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 5 }, () => buy(v.token, bill.code, 2, { key })));
    const ids = new Set(same.filter((r) => r.status === 200).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    const rows = await h.call(bonds.treasuryBondPageList, {}, { token: v.token });
    expect(rows.body.data.total).toBe(1);
    expect(await available(v.token, 'US_STOCK')).toBe(
      new Decimal(5000).minus(rows.body.data.list[0]?.total ?? 0).toFixed(2),
    );
  });
});

describe('the console bond book', () => {
  it('counts what customers hold of each bond, in totals per currency, and shows a customer their own holdings', async () => {
    const { reviewer } = await h.consoleOperators({ admin: 'bondadmin', reviewer: 'bondreviewer' });
    const before = await h.call(bonds.consoleBondBook, { issuer: 'NL' }, { token: reviewer });
    expect(before.status).toBe(200);
    const was = (code: string) => before.body.data.list.find((b) => b.code === code);
    const nl = (await listed({ issuer: 'NL' }))[0];
    if (!nl) throw new Error('no Dutch bond');

    const a = await customer({ BALANCE: '20000' });
    const b = await customer({ BALANCE: '20000' });
    await buy(a.token, nl.code, 3);
    const sold = (await buy(b.token, nl.code, 2)).body.data;
    await buy(b.token, nl.code, 1);
    expect((await h.call(bonds.treasuryBondFlatPosition, { id: sold.id }, { token: b.token })).status).toBe(200);

    const book = await h.call(bonds.consoleBondBook, { issuer: 'NL', pageSize: 100 }, { token: reviewer });
    const row = book.body.data.list.find((x) => x.code === nl.code);
    const held = (was(nl.code)?.quantity ?? 0) + 4;
    expect(row).toMatchObject({
      issuer: 'NL',
      currency: 'EUR',
      couponRate: nl.couponRate,
      maturityDate: nl.maturityDate,
      quantity: held,
      faceValue: new Decimal(held).times(1000).toFixed(2),
      soldQuantity: (was(nl.code)?.soldQuantity ?? 0) + 2,
    });
    expect(row?.holders).toBe((was(nl.code)?.holders ?? 0) + 2);
    expect(new Decimal(row?.cleanPrice ?? '0').gt(0)).toBe(true);
    // Only Dutch bonds with the filter; the totals are the filter's too.
    expect(book.body.data.list.every((x) => x.issuer === 'NL')).toBe(true);
    const eur = book.body.data.totals.find((x) => x.currency === 'EUR');
    const sum = book.body.data.list.reduce((s, x) => s.plus(x.faceValue), new Decimal(0));
    expect(eur?.faceValue).toBe(sum.toFixed(2));

    const theirs = await h.call(bonds.consoleCustomerBonds, {}, { token: reviewer, params: { id: b.user.id } });
    expect(theirs.body.data.list.map((x) => x.status)).toEqual(['bought', 'sold']);
    const nobody = await h.call(bonds.consoleCustomerBonds, {}, { token: reviewer, params: { id: 999_999 } });
    expect(nobody.status).toBe(404);
    // Customers cannot read the book.
    expect((await h.call(bonds.consoleBondBook, {}, { token: a.token })).status).toBe(401);
  });
});

describe("the wallet's history", () => {
  it('lists a bond purchase and sale as their own kinds of entry, and filters by them', async () => {
    const u = await customer({ BALANCE: '5000' });
    const nl = (await listed({ issuer: 'NL' }))[0];
    if (!nl) throw new Error('no Dutch bond');
    const bought = (await buy(u.token, nl.code, 1)).body.data;
    await h.call(bonds.treasuryBondFlatPosition, { id: bought.id }, { token: u.token });
    const bill = await h.call(walletApi.getWalletBill, { walletType: 'BALANCE' }, { token: u.token });
    expect(bill.status).toBe(200);
    expect(bill.body.data.list.map((x) => x.type).slice(0, 2)).toEqual(['bondSale', 'bondBuy']);
    const sales = await h.call(walletApi.getWalletBill, { type: 'bondSale' }, { token: u.token });
    expect(sales.body.data.list).toHaveLength(1);
    expect(new Decimal(sales.body.data.list[0]?.amount ?? '0').gt(0)).toBe(true);
  });
});
