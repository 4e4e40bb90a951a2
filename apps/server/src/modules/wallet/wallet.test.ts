import { type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { purgeExpiredKeys } from '../../platform/idempotency.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

describe('a transfer replayed when it would be refused now', () => {
  it('answers the first answer even without a live rate, and refuses a new one', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '100');
    const key = `replay-fx-${Date.now()}`;
    const body: RequestOf<typeof walletApi.transfer> = { from: 'BALANCE', to: 'US_STOCK', amount: '10.00' };
    const first = await h.call(walletApi.transfer, body, { token: u.token, key });
    expect(first.status).toBe(200);
    const market = h.deps.market;
    const quote = market.quote;
    market.quote = async () => {
      throw new Error('no prices');
    };
    try {
      const again = await h.call(walletApi.transfer, body, { token: u.token, key });
      expect(again.body).toEqual(first.body);
      const fresh = await h.call(walletApi.transfer, body, { token: u.token });
      expect(fresh.body.reason).toBe('rateUnavailable');
      const other = await h.call(walletApi.transfer, { ...body, amount: '11.00' }, { token: u.token, key });
      expect(other.status).toBe(409);
    } finally {
      market.quote = quote;
    }
    expect(await h.balance(u.token, 'BALANCE')).toMatchObject({ balance: '90.00' });
  });
});

describe('wallets', () => {
  it('lists every wallet with zeros before any money', async () => {
    const u = await h.registerUser();
    const res = await h.call(walletApi.getWalletBalance, {}, { token: u.token });
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data.find((w) => w.walletType === 'US_STOCK')).toMatchObject({ currency: 'USD', balance: '0.00' });
    expect(res.body.data.find((w) => w.walletType === 'BALANCE')).toMatchObject({ currency: 'EUR', total: '0.00' });
  });

  it('transfers within a currency, shows it in the bill, and refuses more than is available', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '100');
    const t = await h.call(walletApi.transfer, { from: 'BALANCE', to: 'STOCK', amount: '40.25' }, { token: u.token });
    expect(t.status).toBe(200);
    expect(t.body.data).toMatchObject({ debited: { amount: '40.25' }, credited: { amount: '40.25' }, rate: null });
    expect(await h.balance(u.token, 'BALANCE')).toMatchObject({ balance: '59.75' });
    expect(await h.balance(u.token, 'STOCK')).toMatchObject({ balance: '40.25' });
    const tooMuch = await h.call(
      walletApi.transfer,
      { from: 'BALANCE', to: 'STOCK', amount: '59.76' },
      { token: u.token },
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.reason).toBe('insufficientBalance');
    expect(tooMuch.body.msg).toContain('59.75');
    const bill = await h.call(walletApi.getWalletBill, {}, { token: u.token });
    expect(bill.body.data.total).toBe(3);
    expect(bill.body.data.list[0]).toMatchObject({ type: 'transfer', amount: '40.25', walletType: 'STOCK' });
    expect(bill.body.data.list[1]).toMatchObject({ type: 'transfer', amount: '-40.25', balanceAfter: '59.75' });
    expect(bill.body.data.list[0]?.reason).toBe('Transfer from Funding to Stocks');
  });

  it('converts EUR to USD at the live rate, rounded down to the cent, and records the rate', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '1000');
    const t = await h.call(walletApi.transfer, { from: 'BALANCE', to: 'US_STOCK', amount: '100' }, { token: u.token });
    expect(t.status).toBe(200);
    const rate = Number(t.body.data.rate);
    expect(rate).toBeGreaterThan(0.5);
    expect(rate).toBeLessThan(2);
    expect(Number(t.body.data.credited.amount)).toBeCloseTo(100 * rate, 1);
    expect(t.body.data.credited.amount).toMatch(/^\d+\.\d{2}$/);
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({
      balance: t.body.data.credited.amount,
      currency: 'USD',
    });
  });

  it('replays an idempotent transfer and refuses the key for another body', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '50');
    const key = 'transfer-key-0001';
    const first = await h.call(
      walletApi.transfer,
      { from: 'BALANCE', to: 'FOREX', amount: '10' },
      { token: u.token, key },
    );
    const again = await h.call(
      walletApi.transfer,
      { from: 'BALANCE', to: 'FOREX', amount: '10' },
      { token: u.token, key },
    );
    expect(again.body).toEqual(first.body);
    expect(await h.balance(u.token, 'FOREX')).toMatchObject({ balance: '10.00' });
    const other = await h.call(
      walletApi.transfer,
      { from: 'BALANCE', to: 'FOREX', amount: '11' },
      { token: u.token, key },
    );
    expect(other.status).toBe(409);
    const missing = await h.call(
      walletApi.transfer,
      { from: 'BALANCE', to: 'FOREX', amount: '1' },
      { token: u.token, key: null },
    );
    expect(missing.status).toBe(400);
  });

  it('forgets idempotency keys after 7 days', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '5');
    const key = 'transfer-key-expiry';
    await h.call(walletApi.transfer, { from: 'BALANCE', to: 'FOREX', amount: '1' }, { token: u.token, key });
    expect(await purgeExpiredKeys(h.db, h.clock.now())).toBe(0);
    const eightDaysLater = new Date(h.clock.now().getTime() + 8 * 24 * 3600_000);
    expect(await purgeExpiredKeys(h.db, eightDaysLater)).toBeGreaterThanOrEqual(1);
    const again = await h.call(
      walletApi.transfer,
      { from: 'BALANCE', to: 'FOREX', amount: '1' },
      { token: u.token, key },
    );
    expect(again.status).toBe(200);
    expect(await h.balance(u.token, 'FOREX')).toMatchObject({ balance: '2.00' });
  });

  it('cancels a transfer within 5 minutes, once; not later, not someone else’s', async () => {
    const u = await h.registerUser();
    const other = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '80');
    const t = await h.call(walletApi.transfer, { from: 'BALANCE', to: 'US_STOCK', amount: '30' }, { token: u.token });
    const stranger = await h.call(walletApi.cancelTransfer, { entryId: t.body.data.entryId }, { token: other.token });
    expect(stranger.status).toBe(404);
    const cancel = await h.call(walletApi.cancelTransfer, { entryId: t.body.data.entryId }, { token: u.token });
    expect(cancel.status).toBe(200);
    expect(await h.balance(u.token, 'BALANCE')).toMatchObject({ balance: '80.00' });
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '0.00' });
    const twice = await h.call(walletApi.cancelTransfer, { entryId: t.body.data.entryId }, { token: u.token });
    expect(twice.status).toBe(422);
    const t2 = await h.call(walletApi.transfer, { from: 'BALANCE', to: 'STOCK', amount: '5' }, { token: u.token });
    h.clock.advance(5 * 60_000 + 1000);
    const late = await h.call(walletApi.cancelTransfer, { entryId: t2.body.data.entryId }, { token: u.token });
    expect(late.status).toBe(422);
    expect(late.body.reason).toBe('transferCancelExpired');
  });

  it('gives a funding overview in EUR', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '10');
    const res = await h.call(walletApi.fundingOverview, {}, { token: u.token, lang: 'nl' });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe('10.00');
    expect(res.body.data.wallets).toHaveLength(10);
  });
});
