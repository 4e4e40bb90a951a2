import { consoleMoney, isIban, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLog } from '../../platform/db/schema.js';

let h: Harness;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'anke', reviewer: 'rita' }));
});

type Channel = RequestOf<typeof consoleMoney.depositChannelCreate>;

describe('deposit channels', () => {
  const tron = {
    type: 'crypto',
    asset: 'USDT',
    network: 'TRC20',
    address: 'TSMt6aZTtcwc9YDg2fxeUaLvdadvqCHMjz',
    walletType: 'US_STOCK',
    minAmount: '10',
  } satisfies Channel;
  const sepa = {
    type: 'bank',
    asset: 'EUR',
    bank: {
      bankName: 'ABN AMRO Bank',
      accountName: 'Kade Markets B.V.',
      iban: 'NL91 ABNA 0417 1643 00',
      swift: 'abnanl2a',
      bankAddress: 'Gustav Mahlerlaan 10, Amsterdam',
    },
    walletType: 'BALANCE',
  } satisfies Channel;

  it('admins add channels in the credited wallet currency; customers see the enabled ones', async () => {
    const crypto = await h.call(consoleMoney.depositChannelCreate, tron, { token: admin });
    expect(crypto.body).toMatchObject({
      code: 200,
      data: { asset: 'USDT', network: 'TRC20', currency: 'USD', minAmount: '10.00', confirmations: 3, bank: null },
    });
    const bank = await h.call(consoleMoney.depositChannelCreate, sepa, { token: admin });
    expect(bank.body.data).toMatchObject({
      type: 'bank',
      currency: 'EUR',
      network: null,
      address: null,
      minAmount: '1.00',
      bank: { iban: 'NL91ABNA0417164300', swift: 'ABNANL2A' },
    });
    expect(isIban(bank.body.data.bank?.iban ?? '')).toBe(true);

    const list = await h.call(consoleMoney.depositChannels, {}, { token: reviewer });
    expect(list.body.data.map((c) => c.id)).toEqual([crypto.body.data.id, bank.body.data.id]);

    // Disabling hides it from customers; the change is audited with what it was before.
    const off = await h.call(
      consoleMoney.depositChannelUpdate,
      { ...tron, enabled: false },
      { token: admin, params: { id: crypto.body.data.id } },
    );
    expect(off.body.data).toMatchObject({ id: crypto.body.data.id, enabled: false });
    const u = await h.registerUser();
    const offered = await h.call(walletApi.rechargeCurrencyList, {}, { token: u.token });
    expect(offered.body.data.map((c) => c.id)).toEqual([bank.body.data.id]);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.targetType, 'depositChannel'));
    expect(audit.map((a) => a.action)).toEqual([
      'depositChannel.create',
      'depositChannel.create',
      'depositChannel.update',
    ]);
    // Every console write carries the old and the new values (a creation has no old).
    expect(audit[0]?.detail).toMatchObject({ old: null, new: { id: crypto.body.data.id, asset: 'USDT' } });
    expect(audit[2]?.detail).toMatchObject({ old: { enabled: true }, new: { enabled: false } });
  });

  it.each([
    ['a USDT channel into a EUR wallet', { ...tron, walletType: 'BALANCE' }, 422, 'channelWalletCurrency'],
    ['a EUR bank account into the USD wallet', { ...sepa, walletType: 'US_STOCK' }, 422, 'channelWalletCurrency'],
    [
      'a volatile coin',
      { ...tron, asset: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      400,
      'network',
    ],
    ['a Tron address with a typo', { ...tron, address: 'TSMt6aZTtcwc9YDg2fxeUaLvdadvqCHMjZ' }, 400, 'address'],
    ['an ERC20 address on TRC20', { ...tron, address: '0xb3cF95bD32aAA12f88cdB13e26EFeD7d4781be1B' }, 400, 'address'],
    [
      'an IBAN with wrong check digits',
      { ...sepa, bank: { ...sepa.bank, iban: 'NL92ABNA0417164300' } },
      400,
      'bank.iban',
    ],
    ['a malformed SWIFT', { ...sepa, bank: { ...sepa.bank, swift: 'ABN' } }, 400, 'bank.swift'],
    ['a bank without a name', { ...sepa, bank: { ...sepa.bank, bankName: ' ' } }, 400, 'bank.bankName'],
    ['a crypto channel without an address', { ...tron, address: null }, 400, 'address'],
  ] as const)('refuses %s', async (_name, body, code, fieldOrReason) => {
    const before = (await h.db.select({ n: count() }).from(auditLog))[0]?.n;
    // Raw: some bodies here are mistyped (an address of null), which the contract's type refuses.
    const res = await h.post('/console/deposit-channels', body, admin);
    expect(res.body.code).toBe(code);
    expect(code === 422 ? res.body.reason : res.body.field).toBe(fieldOrReason);
    expect((await h.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(before);
  });

  it('is written by admins only; an unknown channel is 404', async () => {
    expect((await h.call(consoleMoney.depositChannelCreate, tron, { token: reviewer })).body.code).toBe(403);
    expect(
      (await h.call(consoleMoney.depositChannelUpdate, tron, { token: reviewer, params: { id: 1 } })).body.code,
    ).toBe(403);
    expect(
      (await h.call(consoleMoney.depositChannelUpdate, tron, { token: admin, params: { id: 99999999 } })).body.code,
    ).toBe(404);
  });
});
