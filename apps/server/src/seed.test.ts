import { inflateSync } from 'node:zlib';
import {
  auth as authApi,
  consoleApi,
  consoleMoney,
  inbox as inboxApi,
  rules,
  user as userApi,
  wallet as walletApi,
} from '@beurs/contracts';
import { count } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { checkChannel } from './modules/deposits/index.js';
import { DEMO_CALENDAR, offerings } from './modules/primary/index.js';
import { journalEntries, users } from './platform/db/schema.js';
import { DEMO, documentPng, seedDemo } from './seed.js';

let h: Harness;
let customer: string;
let reviewer: string;

beforeAll(async () => {
  h = await createHarness();
  const options = { uploadsDir: h.config.uploadsDir, walletCurrency: h.config.walletCurrency };
  expect(await seedDemo(h.db, options)).toBe(true);
  const customerLogin = { username: DEMO.customer.userId, password: DEMO.customer.password };
  customer = (await h.call(authApi.loginByUsername, customerLogin)).body.data.token;
  const reviewerLogin = { username: DEMO.reviewer.username, password: DEMO.reviewer.password };
  reviewer = (await h.call(consoleApi.consoleLogin, reviewerLogin)).body.data.token;
});

// Raw: signed file addresses, served outside the contract's endpoints.
const file = async (url: string) => (await h.app.inject({ method: 'GET', url })).rawPayload;

describe('demo seed', () => {
  it('writes the demo IPO calendar', async () => {
    const [calendar] = await h.db.select({ n: count() }).from(offerings);
    expect(calendar?.n).toBe(DEMO_CALENDAR.length);
  });

  it('runs once: a second start seeds nothing', async () => {
    const [before] = await h.db.select({ n: count() }).from(journalEntries);
    expect(await seedDemo(h.db, { uploadsDir: h.config.uploadsDir })).toBe(false);
    const [after] = await h.db.select({ n: count() }).from(journalEntries);
    expect(after?.n).toBe(before?.n);
    expect((await h.db.select({ n: count() }).from(users))[0]?.n).toBe(2);
  });

  it('seeds a supervisor above the admin, who signs in as one', async () => {
    const res = await h.call(consoleApi.consoleLogin, {
      username: DEMO.supervisor.username,
      password: DEMO.supervisor.password,
    });
    expect(res.body.data.operator.role).toBe('supervisor');
    const me = await h.call(consoleApi.consoleMe, {}, { token: res.body.data.token });
    expect(me.body.data.role).toBe('supervisor');
    // Rank-based: what an admin may read, a supervisor may too.
    expect((await h.call(consoleMoney.adjustmentQueue, {}, { token: res.body.data.token })).body.code).toBe(200);
  });

  it('has the demo customer verified and funded through the ledger, with deposits and messages', async () => {
    const info = await h.call(userApi.userInfoEndpoint, {}, { token: customer });
    expect(info.body.data.kycStatus).toBe(3);

    const wallets = (await h.call(walletApi.getWalletBalance, {}, { token: customer })).body.data;
    expect(wallets.find((w) => w.walletType === 'BALANCE')).toMatchObject({ currency: 'EUR', balance: '25000.00' });
    expect(wallets.find((w) => w.walletType === 'US_STOCK')).toMatchObject({ currency: 'USD', balance: '10000.00' });

    const deposits = (await h.call(walletApi.rechargeListPage, {}, { token: customer })).body.data;
    expect(deposits.list.map((d) => [d.amount, d.currency, d.status])).toEqual([
      ['10000.00', 'USD', 3],
      ['25000.00', 'EUR', 3],
    ]);
    expect((await fileTypeFromBuffer(await file(deposits.list[0]?.proofUrl ?? '')))?.mime).toBe('image/png');

    const bill = (await h.call(walletApi.getWalletBill, {}, { token: customer })).body.data;
    expect(bill.list.map((b) => [b.type, b.amount, b.reference])).toEqual([
      ['deposit', '10000.00', `recharge:${deposits.list[0]?.id}`],
      ['deposit', '25000.00', `recharge:${deposits.list[1]?.id}`],
    ]);
    expect(bill.list[1]?.reason).toBe(`Deposit #${deposits.list[1]?.id} via ABN AMRO Bank (EUR)`);

    const inbox = (await h.call(inboxApi.getMessages, {}, { token: customer })).body.data;
    expect(inbox.list.map((m) => [m.kind, m.read])).toEqual([
      ['depositApproved', false],
      ['depositApproved', false],
      ['kycApproved', true],
    ]);
    expect(inbox.unread).toBe(2);
  });

  it('offers four deposit channels that pass the console checks', async () => {
    const channels = (await h.call(walletApi.rechargeCurrencyList, {}, { token: customer })).body.data;
    expect(channels.map((c) => [c.asset, c.network ?? c.bank?.bankName, c.walletType, c.currency])).toEqual([
      ['USDT', 'TRC20', 'US_STOCK', 'USD'],
      ['USDT', 'ERC20', 'US_STOCK', 'USD'],
      ['EUR', 'ABN AMRO Bank', 'BALANCE', 'EUR'],
      ['USD', 'Citibank N.A.', 'US_STOCK', 'USD'],
    ]);
    for (const c of channels) {
      const input = consoleMoney.depositChannelInput.parse({ ...c, id: undefined, currency: undefined });
      expect(() => checkChannel(input, c.currency)).not.toThrow();
    }
    expect(rules.cryptoAddressMatches('USDT-ERC20', channels[1]?.address ?? '')).toBe(true);
  });

  it('has the company waiting in the identity queue with readable documents, and balanced books', async () => {
    const queue = (await h.call(consoleMoney.kycQueue, {}, { token: reviewer })).body.data;
    expect(queue.list).toHaveLength(1);
    const corp = queue.list[0];
    expect(corp).toMatchObject({
      userId: DEMO.company.userId,
      accountType: 4,
      company: { companyName: 'Schelde Trading BV' },
    });
    expect(corp?.files.map((f) => f.role)).toEqual(['front', 'licence', 'bank']);
    for (const f of corp?.files ?? []) expect((await fileTypeFromBuffer(await file(f.url)))?.mime).toBe('image/png');

    const tb = (await h.call(consoleMoney.trialBalance, {}, { token: reviewer })).body.data;
    expect(tb.accountsMatchPostings).toBe(true);
    expect(tb.pending.kyc).toBe(1);
    // Customer money is what came in through deposits clearing; every other system account is untouched.
    const books = tb.currencies.map((c) => [
      c.currency,
      c.postingsSum,
      c.customerBalances,
      c.systemAccounts.filter((a) => a.balance !== '0.00'),
    ]);
    expect(books).toEqual([
      ['EUR', '0.00', '25000.00', [{ name: 'deposits', balance: '-25000.00' }]],
      ['USD', '0.00', '10000.00', [{ name: 'deposits', balance: '-10000.00' }]],
    ]);
  });

  it('draws document pictures that are real PNGs', () => {
    const png = documentPng([45, 93, 138]);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe((428 * 3 + 1) * 270);
  });
});
