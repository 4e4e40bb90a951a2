import { consoleMoney, inbox as inboxApi, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_1x1 } from '../../../test/fixtures.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLog, journalEntries, users } from '../../platform/db/schema.js';
import { depositChannels } from './schema.js';

let h: Harness;
let admin: string;
let reviewer: string;
let usdt: number;
let sepa: number;
let closed: number;
let bigMinimum: number;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'dora', reviewer: 'rene' }));
  const rows = await h.db
    .insert(depositChannels)
    .values([
      {
        type: 'crypto',
        asset: 'USDT',
        network: 'TRC20',
        address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        wallet: 'US_STOCK',
        currency: 'USD',
        minAmount: '1',
        sort: 2,
      },
      {
        type: 'bank',
        asset: 'EUR',
        bank: {
          bankName: 'ING Bank',
          accountName: 'Kade Markets B.V.',
          iban: 'NL91ABNA0417164300',
          swift: 'INGBNL2A',
          bankAddress: 'Bijlmerdreef 106, Amsterdam',
        },
        wallet: 'BALANCE',
        currency: 'EUR',
        minAmount: '10',
        sort: 1,
      },
      {
        type: 'crypto',
        asset: 'USDC',
        network: 'ERC20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        wallet: 'US_STOCK',
        currency: 'USD',
        enabled: false,
      },
      { type: 'bank', asset: 'EUR', bank: null, wallet: 'BALANCE', currency: 'EUR', minAmount: '50', sort: 3 },
    ])
    .returning({ id: depositChannels.id });
  [usdt, sepa, closed, bigMinimum] = rows.map((r) => r.id) as [number, number, number, number];
});

/** A registered customer whose identity is verified, with a proof screenshot uploaded. */
async function verifiedCustomer() {
  const u = await h.registerUser();
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  const proof = await h.deps.files.save(u.user.id, PNG_1x1, 'image', 'proof.png');
  return { ...u, proofFileId: proof.fileId };
}

const report = (token: string, body: RequestOf<typeof walletApi.rechargeCreate>, key?: string, lang?: string) =>
  h.call(walletApi.rechargeCreate, body, { token, key, lang });

const postingSums = async () =>
  (
    await h.db.execute<{ currency: string; sum: string }>(
      sql`select currency, sum(amount)::text as sum from ledger_postings group by currency`,
    )
  ).rows;

describe('deposit channels', () => {
  it('lists the enabled channels in the configured order, optionally of one type', async () => {
    const u = await h.registerUser();
    const all = await h.call(walletApi.rechargeCurrencyList, {}, { token: u.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((c) => c.id)).toEqual([sepa, usdt, bigMinimum]);
    expect(all.body.data.find((c) => c.id === usdt)).toMatchObject({
      type: 'crypto',
      asset: 'USDT',
      network: 'TRC20',
      walletType: 'US_STOCK',
      currency: 'USD',
      minAmount: '1.00',
      confirmations: 3,
      enabled: true,
      bank: null,
    });
    expect(all.body.data.find((c) => c.id === sepa)?.bank).toMatchObject({ bankName: 'ING Bank', swift: 'INGBNL2A' });
    const crypto = await h.call(walletApi.rechargeCurrencyList, { type: 'crypto' }, { token: u.token });
    expect(crypto.body.data.map((c) => c.id)).toEqual([usdt]);
    expect((await h.call(walletApi.rechargeCurrencyList, {})).status).toBe(401);
  });
});

describe('reporting a deposit', () => {
  it('needs verified identity (translated)', async () => {
    const u = await h.registerUser();
    const proof = await h.deps.files.save(u.user.id, PNG_1x1, 'image');
    const body = { channelId: usdt, amount: '100', proofFileId: proof.fileId };
    const res = await report(u.token, body);
    expect(res).toMatchObject({ status: 422, body: { code: 422, reason: 'kycRequired', data: null } });
    expect(res.body.msg).toBe('Please complete identity verification first');
    const nl = await report(u.token, body, undefined, 'nl');
    expect(nl.body.msg).toBe('Voltooi eerst de identiteitsverificatie');
    const pending = await h.db.update(users).set({ kycStatus: 1 }).where(eq(users.id, u.user.id)).returning();
    expect(pending).toHaveLength(1);
    expect((await report(u.token, body)).body.reason).toBe('kycRequired');
    const list = await h.call(walletApi.rechargeListPage, {}, { token: u.token });
    expect(list.body.data.total).toBe(0);
  });

  it('refuses a closed or unknown channel and an amount below the channel minimum', async () => {
    const u = await verifiedCustomer();
    const base = { amount: '100', proofFileId: u.proofFileId };
    expect((await report(u.token, { ...base, channelId: closed })).body).toMatchObject({
      code: 422,
      reason: 'channelClosed',
    });
    expect((await report(u.token, { ...base, channelId: 999_999 })).body).toMatchObject({
      code: 422,
      reason: 'channelClosed',
    });
    const low = await report(u.token, { ...base, channelId: bigMinimum, amount: '49.99' });
    expect(low.body).toMatchObject({ code: 422, reason: 'belowChannelMinimum' });
    expect(low.body.msg).toContain('50.00');
    expect((await report(u.token, { ...base, channelId: bigMinimum, amount: '50' })).status).toBe(200);
  });

  it('validates the body: minimum 1, two decimals, a proof file id, a transaction hash, the key', async () => {
    const u = await verifiedCustomer();
    const base = { channelId: usdt, amount: '10', proofFileId: u.proofFileId };
    expect((await report(u.token, { ...base, amount: '0.99' })).body).toMatchObject({
      code: 400,
      field: 'amount',
      msg: 'The minimum deposit is 1. Smaller deposits are not refunded',
    });
    expect((await report(u.token, { ...base, amount: '10.001' })).body).toMatchObject({ code: 400, field: 'amount' });
    expect((await report(u.token, { ...base, proofFileId: 'x' })).body).toMatchObject({
      code: 400,
      field: 'proofFileId',
    });
    expect((await report(u.token, { ...base, txHash: 'not a hash' })).body).toMatchObject({
      code: 400,
      field: 'txHash',
    });
    expect((await h.call(walletApi.rechargeCreate, base, { token: u.token, key: null })).body).toMatchObject({
      code: 400,
    });
    expect((await report(u.token, { ...base, proofFileId: 'A'.repeat(24) })).body).toMatchObject({
      code: 400,
      field: 'proofFileId',
    });
  });

  it("refuses someone else's proof file", async () => {
    const u = await verifiedCustomer();
    const other = await verifiedCustomer();
    const res = await report(u.token, { channelId: usdt, amount: '10', proofFileId: other.proofFileId });
    expect(res.body).toMatchObject({ code: 400, field: 'proofFileId', msg: expect.any(String) });
    expect((await h.call(walletApi.rechargeListPage, {}, { token: u.token })).body.data.total).toBe(0);
  });

  it('replays a report sent twice with one key and refuses the key for another body', async () => {
    const u = await verifiedCustomer();
    const body = { channelId: usdt, amount: '25', proofFileId: u.proofFileId, txHash: `0x${'ab'.repeat(32)}` };
    const key = 'deposit-key-0001';
    const first = await report(u.token, body, key);
    expect(first.status).toBe(200);
    const again = await report(u.token, body, key);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await report(u.token, { ...body, amount: '26' }, key)).status).toBe(409);
    const list = await h.call(walletApi.rechargeListPage, {}, { token: u.token });
    expect(list.body.data.total).toBe(1);
  });

  it("lists only the caller's deposits, newest first, filtered by status", async () => {
    const u = await verifiedCustomer();
    const other = await verifiedCustomer();
    const a = await report(u.token, { channelId: usdt, amount: '11', proofFileId: u.proofFileId });
    const b = await report(u.token, { channelId: sepa, amount: '12', proofFileId: u.proofFileId });
    await report(other.token, { channelId: usdt, amount: '13', proofFileId: other.proofFileId });
    const list = await h.call(walletApi.rechargeListPage, {}, { token: u.token });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((r) => r.id)).toEqual([b.body.data.id, a.body.data.id]);
    expect(list.body.data.list[0]).toMatchObject({
      channelId: sepa,
      type: 'bank',
      asset: 'EUR',
      network: null,
      amount: '12.00',
      walletType: 'BALANCE',
      currency: 'EUR',
      status: 1,
      reason: null,
      reviewTimeTimestamp: null,
    });
    expect(list.body.data.list[0]?.proofUrl).toMatch(/^\/web\/file\/[A-Za-z0-9_-]+\?exp=\d+&sig=/);
    const done = await h.call(walletApi.rechargeListPage, { status: 3 }, { token: u.token });
    expect(done.body.data.total).toBe(0);
    const paged = await h.call(walletApi.rechargeListPage, { page: 2, pageSize: 1 }, { token: u.token });
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.data.list.map((r) => r.id)).toEqual([a.body.data.id]);
    expect((await h.call(walletApi.rechargeListPage, { status: 4 }, { token: u.token })).status).toBe(400);
  });
});

describe('reviewing deposits', () => {
  it('approves: one journal entry credits the wallet, the bill and the inbox show it, once', async () => {
    const u = await verifiedCustomer();
    const created = await report(u.token, { channelId: usdt, amount: '250.50', proofFileId: u.proofFileId });
    expect(created.body.data).toMatchObject({ status: 1, amount: '250.50', walletType: 'US_STOCK', currency: 'USD' });
    const id = created.body.data.id;
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '0.00' });

    const queue = await h.call(consoleMoney.depositQueue, { q: u.email }, { token: reviewer });
    expect(queue.status).toBe(200);
    expect(queue.body.data.total).toBe(1);
    expect(queue.body.data.list[0]).toMatchObject({
      id,
      customerId: u.user.id,
      userId: u.user.userId,
      email: u.email,
      channel: 'USDT TRC20',
      type: 'crypto',
      amount: '250.50',
      status: 1,
      entryId: null,
      reviewer: null,
      proof: { role: 'proof', mime: 'image/png' },
    });
    const proofUrl = queue.body.data.list[0]?.proof.url ?? '';
    // Raw: a signed file address, served outside the contract's endpoints.
    const file = await h.app.inject({ method: 'GET', url: proofUrl });
    expect(file.statusCode).toBe(200);

    const approved = await h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id, status: 3, reviewer: 'rene' });
    expect(approved.body.data.entryId).toEqual(expect.any(Number));
    expect(approved.body.data.reviewTimeTimestamp).toBe(h.clock.now().getTime());

    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '250.50', total: '250.50' });
    const bill = await h.call(walletApi.getWalletBill, {}, { token: u.token });
    expect(bill.body.data.total).toBe(1);
    expect(bill.body.data.list[0]).toMatchObject({
      type: 'deposit',
      amount: '250.50',
      balanceAfter: '250.50',
      walletType: 'US_STOCK',
      reference: `recharge:${id}`,
      entryId: approved.body.data.entryId,
      reason: `Deposit #${id} via USDT TRC20`,
    });
    const [entry] = await h.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `recharge:${id}`));
    expect(entry?.operatorId).toEqual(expect.any(Number));

    const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token });
    expect(inbox.body.data.unread).toBe(1);
    expect(inbox.body.data.list[0]).toMatchObject({
      kind: 'depositApproved',
      title: 'Deposit credited',
      body: 'Your deposit of 250.50 USD has been credited to your US stocks wallet.',
      link: '/pages/deposit/record',
    });

    const record = await h.call(walletApi.rechargeListPage, {}, { token: u.token });
    expect(record.body.data.list[0]).toMatchObject({ id, status: 3, reviewTimeTimestamp: h.clock.now().getTime() });

    // A second review of any kind changes nothing.
    const twice = await h.call(consoleMoney.depositApprove, {}, { token: admin, params: { id } });
    expect(twice).toMatchObject({ status: 409, body: { code: 409, msg: 'This request has already been reviewed' } });
    expect(
      (await h.call(consoleMoney.depositReject, { reason: 'Too late now' }, { token: admin, params: { id } })).status,
    ).toBe(409);
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '250.50' });
    expect((await h.call(inboxApi.getMessages, {}, { token: u.token })).body.data.unread).toBe(1);

    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'recharge'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(['deposit.approve']);
    expect(audits[0]?.detail).toMatchObject({ amount: '250.50', currency: 'USD', customerId: u.user.id });

    for (const row of await postingSums()) expect(Number(row.sum)).toBe(0);
  });

  it('rejects with a reason the customer sees; nothing is credited', async () => {
    const u = await verifiedCustomer();
    const created = await report(u.token, { channelId: sepa, amount: '40', proofFileId: u.proofFileId });
    const id = created.body.data.id;
    // Raw: without the reason the contract's type requires.
    expect((await h.post(`/console/deposits/${id}/reject`, {}, reviewer)).body).toMatchObject({
      code: 400,
      field: 'reason',
    });
    expect(
      (await h.call(consoleMoney.depositReject, { reason: '  x ' }, { token: reviewer, params: { id } })).body.code,
    ).toBe(400);
    const reason = 'The proof does not show our account number';
    const rejected = await h.call(consoleMoney.depositReject, { reason }, { token: reviewer, params: { id } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ id, status: 2, reason, entryId: null, reviewer: 'rene' });
    expect(await h.balance(u.token, 'BALANCE')).toMatchObject({ balance: '0.00', total: '0.00' });
    const record = await h.call(walletApi.rechargeListPage, {}, { token: u.token });
    expect(record.body.data.list[0]).toMatchObject({ id, status: 2, reason });
    const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'nl' });
    expect(inbox.body.data.list[0]).toMatchObject({ kind: 'depositRejected', link: '/pages/deposit/record' });
    expect(inbox.body.data.list[0]?.body).toContain(reason);
    expect(inbox.body.data.list[0]?.body).toContain('40,00 EUR');
    expect((await h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id } })).status).toBe(409);
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.reject'), eq(auditLog.targetId, String(id))));
    expect(audit?.detail).toMatchObject({ reason });
  });

  it('credits once when two operators approve at the same moment', async () => {
    const u = await verifiedCustomer();
    const created = await report(u.token, { channelId: sepa, amount: '75', proofFileId: u.proofFileId });
    const id = created.body.data.id;
    const answers = await Promise.all([
      h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id } }),
      h.call(consoleMoney.depositApprove, {}, { token: admin, params: { id } }),
      h.call(consoleMoney.depositReject, { reason: 'Racing reject' }, { token: admin, params: { id } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const balance = await h.balance(u.token, 'BALANCE');
    const won = answers.findIndex((a) => a.status === 200);
    expect(balance).toMatchObject({ balance: won === 2 ? '0.00' : '75.00' });
    const entries = await h.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `recharge:${id}`));
    expect(entries).toHaveLength(won === 2 ? 0 : 1);
  });

  it('queues pending deposits oldest first and reviewed ones newest first; q finds user ID or email', async () => {
    const u = await verifiedCustomer();
    const ids: number[] = [];
    for (const amount of ['1', '2', '3']) {
      const r = await report(u.token, { channelId: usdt, amount, proofFileId: u.proofFileId });
      ids.push(r.body.data.id);
      h.clock.advance(1000);
    }
    const byUserId = await h.call(consoleMoney.depositQueue, { q: u.user.userId }, { token: reviewer });
    expect(byUserId.body.data.list.map((r) => r.id)).toEqual(ids);
    await h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id: ids[0]! } });
    h.clock.advance(1000);
    await h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id: ids[2]! } });
    const reviewed = await h.call(consoleMoney.depositQueue, { status: 3, q: u.user.userId }, { token: reviewer });
    expect(reviewed.body.data.list.map((r) => r.id)).toEqual([ids[2], ids[0]]);
    const pending = await h.call(consoleMoney.depositQueue, { q: u.email.toUpperCase() }, { token: reviewer });
    expect(pending.body.data.list.map((r) => r.id)).toEqual([ids[1]]);
    const nobody = await h.call(consoleMoney.depositQueue, { q: '%_nobody_%' }, { token: reviewer });
    expect(nobody.body.data.total).toBe(0);
    expect((await h.call(consoleMoney.depositQueue, { status: 7 }, { token: reviewer })).status).toBe(400);
  });

  it('is for operators only: customers and strangers get 401, unknown ids 404', async () => {
    const u = await verifiedCustomer();
    const created = await report(u.token, { channelId: usdt, amount: '5', proofFileId: u.proofFileId });
    const id = created.body.data.id;
    expect((await h.call(consoleMoney.depositQueue, {}, { token: u.token })).status).toBe(401);
    expect((await h.call(consoleMoney.depositQueue, {})).status).toBe(401);
    expect((await h.call(consoleMoney.depositApprove, {}, { token: u.token, params: { id } })).status).toBe(401);
    expect(
      (await h.call(consoleMoney.depositReject, { reason: 'Not mine' }, { token: u.token, params: { id } })).status,
    ).toBe(401);
    expect((await h.call(consoleMoney.depositApprove, {}, { token: reviewer, params: { id: 99999999 } })).status).toBe(
      404,
    );
    // Raw: an id that is not a number, which the contract's params type refuses.
    expect((await h.post('/console/deposits/abc/approve', {}, reviewer)).status).toBe(400);
    // Admins may do what reviewers do.
    expect((await h.call(consoleMoney.depositApprove, {}, { token: admin, params: { id } })).body.data).toMatchObject({
      status: 3,
      reviewer: 'dora',
    });
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '5.00' });
  });
});
