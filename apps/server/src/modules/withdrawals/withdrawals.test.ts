import { randomUUID } from 'node:crypto';
import {
  auth as authApi,
  consoleApi,
  consoleMoney,
  inbox as inboxApi,
  type RequestOf,
  wallet as walletApi,
} from '@beurs/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_1x1 } from '../../../test/fixtures.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { auditLog, journalEntries, ledgerHolds } from '../../platform/db/schema.js';
import { withdrawals } from './schema.js';

let h: Harness;
let admin: string;
let reviewer: string;

const PAY = '135790';
/** A bank's payment reference, as the reviewer types it when marking a bank payout paid. */
const BANK_REF = 'NOTPROVIDED/2026-11-02/0001';
const PAID = { payoutReference: BANK_REF };
const IBAN = 'NL91ABNA0417164300';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'wout', reviewer: 'rosa' }));
});

const bankCard = (extra: Record<string, unknown> = {}) => ({
  kind: 'bank' as const,
  bankName: 'ABN AMRO',
  holderName: 'Anna Bakker',
  cardNo: 'NL91 ABNA 0417 1643 00',
  swift: 'ABNANL2A',
  ...extra,
});
const cryptoWallet = (extra: Record<string, unknown> = {}) => ({
  kind: 'crypto' as const,
  currencyType: 'USDT-TRC20' as const,
  address: TRON,
  ...extra,
});

/** A customer (identity NOT verified: withdrawing never needs it) with a pay password, a card and money. */
async function customer(opts: { fund?: string; payPassword?: boolean } = {}) {
  const u = await h.registerUser();
  if (opts.payPassword !== false) {
    const set = await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
    expect(set.status).toBe(200);
  }
  if (opts.fund) await h.fund(u.user.id, 'BALANCE', opts.fund);
  const card = await h.call(walletApi.addCardNo, bankCard(), { token: u.token });
  expect(card.status).toBe(200);
  return { ...u, cardId: card.body.data.id };
}

type Apply = RequestOf<typeof walletApi.withdrawalApply>;
const apply = (token: string, body: Apply, key?: string, lang?: string) =>
  h.call(walletApi.withdrawalApply, body, { token, key, lang });
const cancel = (token: string, id: number, key?: string, lang?: string) =>
  h.call(walletApi.withdrawalCancel, { id }, { token, key, lang });

const postingSums = async () =>
  (
    await h.db.execute<{ currency: string; sum: string }>(
      sql`select currency, sum(amount)::text as sum from ledger_postings group by currency`,
    )
  ).rows;

/** Every account's balance equals the sum of its postings and its held amount the sum of its active holds. */
const accountsConsistent = async () =>
  (
    await h.db.execute<{ id: string }>(sql`
      select a.id from ledger_accounts a
      where a.user_id is not null and (
        a.balance <> coalesce((select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)
        or a.held <> coalesce((select sum(x.amount) from ledger_holds x where x.account_id = a.id and x.status = 'active'), 0)
      )`)
  ).rows;

describe('bank cards and crypto wallets', () => {
  it('adds, lists (newest first, by kind), changes and removes them', async () => {
    const u = await h.registerUser();
    const front = await h.deps.files.save(u.user.id, PNG_1x1, 'image');
    const card = await h.call(
      walletApi.addCardNo,
      bankCard({
        frontFileId: front.fileId,
        abaRouting: '021000021',
        branchCode: 'AMS-01',
        bankAddress: 'Gustav Mahlerlaan 10',
        region: '',
        city: 'Amsterdam',
      }),
      { token: u.token },
    );
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({
      kind: 'bank',
      bankName: 'ABN AMRO',
      cardNo: IBAN,
      swift: 'ABNANL2A',
      abaRouting: '021000021',
      region: null,
      city: 'Amsterdam',
      frontFileId: front.fileId,
      backFileId: null,
      backUrl: null,
    });
    expect((card.body.data as { frontUrl: string }).frontUrl).toMatch(/^\/web\/file\//);
    const wallet = await h.call(walletApi.addCardNo, cryptoWallet(), { token: u.token });
    expect(wallet.body.data).toMatchObject({ kind: 'crypto', currencyType: 'USDT-TRC20', address: TRON });

    const all = await h.call(walletApi.selectCardNo, {}, { token: u.token });
    expect(all.body.data.map((a) => a.id)).toEqual([wallet.body.data.id, card.body.data.id]);
    const banks = await h.call(walletApi.selectCardNo, { kind: 'bank' }, { token: u.token });
    expect(banks.body.data.map((a) => a.id)).toEqual([card.body.data.id]);

    const changed = await h.call(
      walletApi.updateCardNo,
      { id: wallet.body.data.id, ...cryptoWallet({ currencyType: 'ETH', address: ETH }) },
      { token: u.token },
    );
    expect(changed.body.data).toMatchObject({ id: wallet.body.data.id, currencyType: 'ETH', address: ETH });
    const kind = await h.call(walletApi.updateCardNo, { id: wallet.body.data.id, ...bankCard() }, { token: u.token });
    expect(kind.body).toMatchObject({ code: 422, reason: 'userAccountKind' });

    expect((await h.call(walletApi.deleteCard, { id: card.body.data.id }, { token: u.token })).body).toMatchObject({
      code: 200,
      data: { ok: true },
    });
    expect((await h.call(walletApi.deleteCard, { id: card.body.data.id }, { token: u.token })).status).toBe(404);
    expect(
      (await h.call(walletApi.updateCardNo, { id: card.body.data.id, ...bankCard() }, { token: u.token })).status,
    ).toBe(404);
    const left = await h.call(walletApi.selectCardNo, {}, { token: u.token });
    expect(left.body.data.map((a) => a.id)).toEqual([wallet.body.data.id]);
  });

  it('checks IBANs, SWIFT codes and addresses against their network', async () => {
    const u = await h.registerUser();
    // Raw: some cards here miss fields or carry ones of another network, which the contract's type refuses.
    const add = (body: unknown) => h.post('/UserAccount/addCardNo', body, u.token);
    expect((await add(bankCard({ cardNo: 'NL91ABNA0417164301' }))).body).toMatchObject({ code: 400, field: 'cardNo' });
    expect((await add(bankCard({ swift: 'ABNANL2' }))).body).toMatchObject({ code: 400, field: 'swift' });
    expect((await add(bankCard({ abaRouting: '12345' }))).body).toMatchObject({ code: 400, field: 'abaRouting' });
    expect((await add(bankCard({ bankName: '' }))).body).toMatchObject({ code: 400, field: 'bankName' });
    expect((await add(cryptoWallet({ address: `${TRON.slice(0, -1)}8` }))).body).toMatchObject({
      code: 400,
      field: 'address',
    });
    expect((await add(cryptoWallet({ currencyType: 'BTC' }))).body).toMatchObject({ code: 400, field: 'address' });
    expect((await add(cryptoWallet({ currencyType: 'DOGE' }))).body).toMatchObject({ code: 400 });
    expect((await add({ kind: 'cash' })).body).toMatchObject({ code: 400 });
    expect((await h.call(walletApi.selectCardNo, {}, { token: u.token })).body.data).toHaveLength(0);
  });

  it("accepts only the caller's own uploads as card images", async () => {
    const u = await h.registerUser();
    const other = await h.registerUser();
    const theirs = await h.deps.files.save(other.user.id, PNG_1x1, 'image');
    const mine = await h.deps.files.save(u.user.id, PNG_1x1, 'image');
    const res = await h.call(walletApi.addCardNo, bankCard({ backFileId: theirs.fileId }), { token: u.token });
    expect(res.body).toMatchObject({ code: 400, field: 'backFileId' });
    const ok = await h.call(walletApi.addCardNo, bankCard({ backFileId: mine.fileId }), { token: u.token });
    expect(ok.status).toBe(200);
    const update = await h.call(
      walletApi.updateCardNo,
      { id: ok.body.data.id, ...bankCard({ frontFileId: theirs.fileId }) },
      { token: u.token },
    );
    expect(update.body).toMatchObject({ code: 400, field: 'frontFileId' });
  });

  it('keeps at most 10 (removing one makes room), even when added at once', async () => {
    const u = await h.registerUser();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => h.call(walletApi.addCardNo, cryptoWallet(), { token: u.token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const full = answers.filter((a) => a.status === 422);
    expect(full).toHaveLength(2);
    expect(full[0]?.body).toMatchObject({ reason: 'userAccountsFull' });
    expect(full[0]?.body.msg).toContain('10');
    const first = answers.find((a) => a.status === 200)?.body.data.id;
    await h.call(walletApi.deleteCard, { id: first! }, { token: u.token });
    expect((await h.call(walletApi.addCardNo, bankCard(), { token: u.token })).status).toBe(200);
    expect((await h.call(walletApi.addCardNo, bankCard(), { token: u.token })).body.reason).toBe('userAccountsFull');
  });

  it("cannot see, change or remove another customer's card", async () => {
    const owner = await customer();
    const intruder = await customer();
    const del = await h.call(walletApi.deleteCard, { id: owner.cardId }, { token: intruder.token });
    expect(del).toMatchObject({ status: 404, body: { code: 404, data: null } });
    const upd = await h.call(walletApi.updateCardNo, { id: owner.cardId, ...bankCard() }, { token: intruder.token });
    expect(upd.status).toBe(404);
    const theirs = await h.call(walletApi.selectCardNo, {}, { token: intruder.token });
    expect(theirs.body.data.map((a) => a.id)).not.toContain(owner.cardId);
    const mine = await h.call(walletApi.selectCardNo, {}, { token: owner.token });
    expect(mine.body.data.map((a) => a.id)).toEqual([owner.cardId]);
    expect(mine.body.data[0]).toMatchObject({ bankName: 'ABN AMRO' });
  });
});

describe('asking for a withdrawal', () => {
  it('holds the amount at once, without identity verification, and shows it as pending', async () => {
    const u = await customer({ fund: '100' });
    const before = await h.call(walletApi.usableWithdrawalAmount, { walletType: 'BALANCE' }, { token: u.token });
    expect(before.body.data).toMatchObject({
      walletType: 'BALANCE',
      currency: 'EUR',
      amount: '100.00',
      pending: '0.00',
    });
    const res = await apply(u.token, { walletType: 'BALANCE', amount: '30.25', accountId: u.cardId, payPassword: PAY });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      walletType: 'BALANCE',
      currency: 'EUR',
      amount: '30.25',
      status: 1,
      reason: null,
      reviewTimeTimestamp: null,
      destination: { kind: 'bank', bankName: 'ABN AMRO', holderName: 'Anna Bakker', cardNo: IBAN, swift: 'ABNANL2A' },
    });
    expect(await h.balance(u.token)).toMatchObject({ balance: '69.75', usedBalance: '30.25', total: '100.00' });
    const after = await h.call(walletApi.usableWithdrawalAmount, {}, { token: u.token });
    expect(after.body.data).toMatchObject({ amount: '69.75', pending: '30.25' });
    const [hold] = await h.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.reference, `withdrawal:${res.body.data.id}`));
    expect(hold).toMatchObject({ status: 'active', amount: '30.25000000' });

    // The record keeps where the money goes even when the card is removed.
    await h.call(walletApi.deleteCard, { id: u.cardId }, { token: u.token });
    const list = await h.call(walletApi.withdrawalListPage, {}, { token: u.token });
    expect(list.body.data.list[0]).toMatchObject({ id: res.body.data.id, destination: { cardNo: IBAN } });
    expect(
      (await apply(u.token, { walletType: 'BALANCE', amount: '1', accountId: u.cardId, payPassword: PAY })).status,
    ).toBe(404);
  });

  it('withdraws to a crypto wallet from any wallet, in its currency', async () => {
    const u = await customer();
    await h.fund(u.user.id, 'US_STOCK', '20');
    const w = await h.call(walletApi.addCardNo, cryptoWallet(), { token: u.token });
    const res = await apply(u.token, {
      walletType: 'US_STOCK',
      amount: '20',
      accountId: w.body.data.id,
      payPassword: PAY,
    });
    expect(res.body.data).toMatchObject({
      currency: 'USD',
      amount: '20.00',
      destination: { kind: 'crypto', currencyType: 'USDT-TRC20', address: TRON },
    });
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '0.00', usedBalance: '20.00' });
  });

  it('asks for the transaction password and nothing else; wrong tries are limited', async () => {
    const none = await customer({ fund: '10', payPassword: false });
    const noPassword = await apply(none.token, {
      walletType: 'BALANCE',
      amount: '5',
      accountId: none.cardId,
      payPassword: PAY,
    });
    expect(noPassword.body).toMatchObject({ code: 422, reason: 'payPasswordNotSet' });

    const u = await customer({ fund: '10' });
    const body: Omit<Apply, 'payPassword'> = { walletType: 'BALANCE', amount: '5', accountId: u.cardId };
    const wrong = await apply(u.token, { ...body, payPassword: '000000' }, undefined, 'nl');
    expect(wrong.body).toMatchObject({ code: 422, reason: 'wrongPayPassword' });
    expect(wrong.body.msg).not.toBe('The transaction password is incorrect');
    expect((await apply(u.token, { ...body, payPassword: '12345' })).body).toMatchObject({
      code: 400,
      field: 'payPassword',
    });
    // Raw: without the payPassword the contract's type requires.
    expect(
      (await h.postKeyed('/withdrawal/withdrawal-apply', { ...body, payPassword: undefined }, u.token)).body,
    ).toMatchObject({
      code: 400,
      field: 'payPassword',
    });
    for (let i = 0; i < 4; i++) expect((await apply(u.token, { ...body, payPassword: '000000' })).status).toBe(422);
    // Five wrong tries: even the right password waits for the window to pass.
    expect((await apply(u.token, { ...body, payPassword: PAY })).status).toBe(429);
    expect(await h.balance(u.token)).toMatchObject({ balance: '10.00', usedBalance: '0.00' });
    h.clock.advance(16 * 60_000);
    const asked = await apply(u.token, { ...body, payPassword: PAY });
    expect(asked.status).toBe(200);

    // Cancelling asks for nothing (not even the password): the whole amount is back, no fee kept.
    const cancelled = await cancel(u.token, asked.body.data.id);
    expect(cancelled.body).toMatchObject({ code: 200, data: { status: 4 } });
    expect(await h.balance(u.token)).toMatchObject({ balance: '10.00', usedBalance: '0.00', total: '10.00' });
    // Paid out with a reference: exactly the amount leaves, in one entry of two postings (no fee, no tax).
    const again = await apply(u.token, { ...body, payPassword: PAY });
    const paid = await h.call(consoleMoney.withdrawalApprove, PAID, {
      token: reviewer,
      params: { id: again.body.data.id },
    });
    expect(paid.body.data).toMatchObject({ status: 3, payoutReference: BANK_REF });
    const postings = await h.db.execute<{ amount: string }>(
      sql`select amount::text from ledger_postings where entry_id = ${paid.body.data.entryId} order by amount`,
    );
    expect(postings.rows.map((p) => Number(p.amount))).toEqual([-5, 5]);
    expect(await h.balance(u.token)).toMatchObject({ balance: '5.00', usedBalance: '0.00', total: '5.00' });
  });

  it('refuses more than is available, a card that is not the caller’s, bad input and a missing key', async () => {
    const u = await customer({ fund: '50' });
    const other = await customer();
    const base: RequestOf<typeof walletApi.withdrawalApply> = {
      walletType: 'BALANCE',
      amount: '50',
      accountId: u.cardId,
      payPassword: PAY,
    };
    const tooMuch = await apply(u.token, { ...base, amount: '50.01' });
    expect(tooMuch.body).toMatchObject({ code: 422, reason: 'insufficientBalance' });
    expect(tooMuch.body.msg).toContain('50.00');
    expect((await apply(u.token, { ...base, accountId: other.cardId })).status).toBe(404);
    expect((await apply(u.token, { ...base, accountId: 0 })).body).toMatchObject({ code: 400, field: 'accountId' });
    expect((await apply(u.token, { ...base, amount: '0' })).body).toMatchObject({ code: 400, field: 'amount' });
    expect((await apply(u.token, { ...base, amount: '1.234' })).body).toMatchObject({ code: 400, field: 'amount' });
    // Raw: a wallet the contract's type does not allow.
    expect(
      (await h.postKeyed('/withdrawal/withdrawal-apply', { ...base, walletType: 'NOPE' }, u.token)).body,
    ).toMatchObject({ code: 400 });
    expect((await h.call(walletApi.withdrawalApply, base, { token: u.token, key: null })).status).toBe(400);
    // Without a key the password is not even tried.
    const noKey = await h.call(
      walletApi.withdrawalApply,
      { ...base, payPassword: '000000' },
      { token: u.token, key: null },
    );
    expect(noKey.body).toMatchObject({ code: 400, field: 'Idempotency-Key' });
    expect(noKey.body.msg).toContain('needs an Idempotency-Key');
    // A key that is there but malformed says what a key must look like, in the reader's language.
    const shortKey = await h.call(walletApi.withdrawalApply, base, { token: u.token, key: 'w2-same', lang: 'nl' });
    expect(shortKey.body).toMatchObject({ code: 400, field: 'Idempotency-Key' });
    expect(shortKey.body.msg).toContain('8 tot 100 letters');
    expect((await apply(other.token, { ...base, accountId: other.cardId })).body.reason).toBe('insufficientBalance');
    expect(await h.balance(u.token)).toMatchObject({ balance: '50.00', usedBalance: '0.00' });
    expect((await h.call(walletApi.withdrawalListPage, {}, { token: u.token })).body.data.total).toBe(0);
  });

  it('replays a request sent twice with one key: one hold', async () => {
    const u = await customer({ fund: '40' });
    const body: Apply = { walletType: 'BALANCE', amount: '15', accountId: u.cardId, payPassword: PAY };
    const key = randomUUID();
    const first = await apply(u.token, body, key);
    const again = await apply(u.token, body, key);
    expect(again.body).toEqual(first.body);
    expect(await h.balance(u.token)).toMatchObject({ balance: '25.00', usedBalance: '15.00' });
    expect((await apply(u.token, { ...body, amount: '16' }, key)).status).toBe(409);
  });

  it('of 50 requests at once for the whole balance, exactly one is accepted', async () => {
    const u = await customer({ fund: '100' });
    const body: Apply = { walletType: 'BALANCE', amount: '100', accountId: u.cardId, payPassword: PAY };
    const answers = await Promise.all(Array.from({ length: 50 }, () => apply(u.token, body)));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body).toMatchObject({ code: 422, reason: 'insufficientBalance' });
    expect(await h.balance(u.token)).toMatchObject({ balance: '0.00', usedBalance: '100.00', total: '100.00' });
    const rows = await h.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id));
    expect(rows).toHaveLength(1);
    for (const row of await postingSums()) expect(Number(row.sum)).toBe(0);
    expect(await accountsConsistent()).toEqual([]);
  });
});

describe('reviewing withdrawals', () => {
  it('rejects with a reason: the money is back at once, the reason in the record and the inbox', async () => {
    const u = await customer({ fund: '80' });
    const res = await apply(u.token, { walletType: 'BALANCE', amount: '80', accountId: u.cardId, payPassword: PAY });
    const id = res.body.data.id;
    expect(
      (await h.call(consoleMoney.withdrawalReject, { reason: '' }, { token: reviewer, params: { id } })).body,
    ).toMatchObject({
      code: 400,
      field: 'reason',
    });
    const reason = 'The account holder name does not match';
    const rejected = await h.call(consoleMoney.withdrawalReject, { reason }, { token: reviewer, params: { id } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ id, status: 2, reason, reviewer: 'rosa', entryId: null });
    expect(await h.balance(u.token)).toMatchObject({ balance: '80.00', usedBalance: '0.00', total: '80.00' });
    const usable = await h.call(walletApi.usableWithdrawalAmount, {}, { token: u.token });
    expect(usable.body.data).toMatchObject({ amount: '80.00', pending: '0.00' });
    const list = await h.call(walletApi.withdrawalListPage, { status: 2 }, { token: u.token });
    expect(list.body.data.list[0]).toMatchObject({ id, status: 2, reason });
    expect(list.body.data.list[0]?.reviewTimeTimestamp).toBe(h.clock.now().getTime());
    const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token });
    expect(inbox.body.data.list[0]).toMatchObject({
      kind: 'withdrawalRejected',
      body: `Your withdrawal of 80.00 EUR was rejected and the amount is back in your Funding wallet.\n\nReason: ${reason}`,
      link: '/pages/withdraw/bcard',
    });
    expect((await h.call(consoleMoney.withdrawalApprove, PAID, { token: reviewer, params: { id } })).status).toBe(409);
    expect(
      (await h.call(consoleMoney.withdrawalReject, { reason: 'Again and again' }, { token: admin, params: { id } }))
        .status,
    ).toBe(409);
    expect(await h.balance(u.token)).toMatchObject({ balance: '80.00' });
    const bill = await h.call(walletApi.getWalletBill, {}, { token: u.token });
    expect(bill.body.data.list.map((b) => b.type)).toEqual(['adjustment']);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(['withdrawal.reject']);
  });

  it('approves: the hold is posted to withdrawals clearing, the total goes down, the customer is told', async () => {
    const u = await customer({ fund: '120' });
    const res = await apply(u.token, { walletType: 'BALANCE', amount: '70', accountId: u.cardId, payPassword: PAY });
    const id = res.body.data.id;
    const queue = await h.call(consoleMoney.withdrawalQueue, { q: u.user.userId }, { token: reviewer });
    expect(queue.body.data.list).toHaveLength(1);
    expect(queue.body.data.list[0]).toMatchObject({
      id,
      customerId: u.user.id,
      email: u.email,
      amount: '70.00',
      status: 1,
      destination: { kind: 'bank', cardNo: IBAN },
    });
    // The payout reference is required: missing, blank, too short or with odd characters is a 400 that writes nothing.
    for (const body of [{}, { payoutReference: '  ' }, { payoutReference: 'ab' }, { payoutReference: 'ref<script>' }]) {
      // Raw: the first body lacks the payoutReference the contract's type requires.
      const refused = await h.post(`/console/withdrawals/${id}/approve`, body, reviewer);
      expect(refused.body).toMatchObject({ code: 400, field: 'payoutReference' });
    }
    expect(
      (
        await h.call(
          consoleMoney.withdrawalApprove,
          { payoutReference: 'x'.repeat(101) },
          { token: reviewer, params: { id } },
        )
      ).status,
    ).toBe(400);
    expect(await h.balance(u.token)).toMatchObject({ balance: '50.00', usedBalance: '70.00' });
    const approved = await h.call(
      consoleMoney.withdrawalApprove,
      { payoutReference: ` ${BANK_REF} ` },
      { token: reviewer, params: { id } },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id, status: 3, reviewer: 'rosa', payoutReference: BANK_REF });
    expect(approved.body.data.entryId).toEqual(expect.any(Number));
    expect(await h.balance(u.token)).toMatchObject({ balance: '50.00', usedBalance: '0.00', total: '50.00' });
    const bill = await h.call(walletApi.getWalletBill, {}, { token: u.token });
    expect(bill.body.data.list[0]).toMatchObject({
      type: 'withdrawal',
      amount: '-70.00',
      balanceAfter: '50.00',
      reference: `withdrawal:${id}`,
      entryId: approved.body.data.entryId,
      reason: `Withdrawal #${id} to ABN AMRO ••••4300`,
    });
    const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token });
    expect(inbox.body.data.list[0]).toMatchObject({
      kind: 'withdrawalPaid',
      body: `Your withdrawal of 70.00 EUR to ABN AMRO ••••4300 has been paid out.\n\nPayment reference: ${BANK_REF}`,
    });
    const nl = await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'nl' });
    expect(nl.body.data.list[0]?.body).toContain(`Betalingsreferentie: ${BANK_REF}`);
    // The customer's record carries the reference too.
    const mine = await h.call(walletApi.withdrawalListPage, { status: 3 }, { token: u.token });
    expect(mine.body.data.list[0]).toMatchObject({
      id,
      status: 3,
      payoutReference: BANK_REF,
      expectedByTimestamp: null,
    });
    const [hold] = await h.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.reference, `withdrawal:${id}`));
    expect(hold).toMatchObject({ status: 'posted', entryId: approved.body.data.entryId });
    const reviewed = await h.call(consoleMoney.withdrawalQueue, { status: 3, q: u.email }, { token: reviewer });
    expect(reviewed.body.data.list.map((r) => r.id)).toEqual([id]);
    expect((await h.call(consoleMoney.withdrawalApprove, PAID, { token: admin, params: { id } })).status).toBe(409);
    expect(
      (await h.call(consoleMoney.withdrawalReject, { reason: 'Changed my mind' }, { token: admin, params: { id } }))
        .status,
    ).toBe(409);
    expect(await h.balance(u.token)).toMatchObject({ total: '50.00' });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.targetId, String(id))));
    expect(audit?.detail).toMatchObject({ amount: '70.00', entryId: approved.body.data.entryId });
    for (const row of await postingSums()) expect(Number(row.sum)).toBe(0);
    expect(await accountsConsistent()).toEqual([]);
  });

  it('lets exactly one of an approval and a rejection at the same moment win', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await customer({ fund: '60' });
      const res = await apply(u.token, { walletType: 'BALANCE', amount: '60', accountId: u.cardId, payPassword: PAY });
      const id = res.body.data.id;
      const [approve, reject] = await Promise.all([
        h.call(consoleMoney.withdrawalApprove, PAID, { token: reviewer, params: { id } }),
        h.call(consoleMoney.withdrawalReject, { reason: 'Racing the approval' }, { token: admin, params: { id } }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const [row] = await h.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      const entries = await h.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.reference, `withdrawal:${id}`));
      const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token });
      if (approve.status === 200) {
        expect(row?.status).toBe(3);
        expect(entries).toHaveLength(1);
        expect(await h.balance(u.token)).toMatchObject({ balance: '0.00', usedBalance: '0.00', total: '0.00' });
        expect(inbox.body.data.list.map((m) => m.kind)).toEqual(['withdrawalPaid']);
      } else {
        expect(row?.status).toBe(2);
        expect(entries).toHaveLength(0);
        expect(await h.balance(u.token)).toMatchObject({ balance: '60.00', usedBalance: '0.00', total: '60.00' });
        expect(inbox.body.data.list.map((m) => m.kind)).toEqual(['withdrawalRejected']);
      }
    }
    expect(await accountsConsistent()).toEqual([]);
  });

  it('queues pending withdrawals oldest first, for operators only', async () => {
    const u = await customer({ fund: '30' });
    const ids: number[] = [];
    for (const amount of ['1', '2', '3']) {
      const res = await apply(u.token, { walletType: 'BALANCE', amount, accountId: u.cardId, payPassword: PAY });
      ids.push(res.body.data.id);
      h.clock.advance(1000);
    }
    const queue = await h.call(consoleMoney.withdrawalQueue, { q: u.email }, { token: admin });
    expect(queue.body.data.list.map((r) => r.id)).toEqual(ids);
    const page = await h.call(consoleMoney.withdrawalQueue, { q: u.email, page: 2, pageSize: 2 }, { token: admin });
    expect(page.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.body.data.list.map((r) => r.id)).toEqual([ids[2]]);
    expect((await h.call(consoleMoney.withdrawalQueue, {}, { token: u.token })).status).toBe(401);
    expect(
      (await h.call(consoleMoney.withdrawalApprove, PAID, { token: u.token, params: { id: ids[0]! } })).status,
    ).toBe(401);
    expect(
      (await h.call(consoleMoney.withdrawalReject, { reason: 'No way' }, { params: { id: ids[0]! } })).status,
    ).toBe(401);
    expect(
      (await h.call(consoleMoney.withdrawalApprove, PAID, { token: reviewer, params: { id: 99999999 } })).status,
    ).toBe(404);
    const mine = await h.call(walletApi.withdrawalListPage, {}, { token: u.token });
    expect(mine.body.data.list.map((r) => r.id)).toEqual([...ids].reverse());
    const other = await customer();
    expect((await h.call(walletApi.withdrawalListPage, {}, { token: other.token })).body.data.total).toBe(0);
  });
});

describe('withdrawals cannot be frozen by doing nothing', () => {
  it('the customer cancels a pending one: the money is available at once, recorded, audited, replayable', async () => {
    const u = await customer({ fund: '90' });
    const res = await apply(u.token, { walletType: 'BALANCE', amount: '90', accountId: u.cardId, payPassword: PAY });
    const id = res.body.data.id;
    expect(await h.balance(u.token)).toMatchObject({ balance: '0.00', usedBalance: '90.00' });

    h.clock.advance(60_000);
    const key = randomUUID();
    const done = await cancel(u.token, id, key);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      id,
      status: 4,
      amount: '90.00',
      payoutReference: null,
      expectedByTimestamp: null,
      reviewTimeTimestamp: h.clock.now().getTime(),
    });
    expect(await h.balance(u.token)).toMatchObject({ balance: '90.00', usedBalance: '0.00', total: '90.00' });
    const usable = await h.call(walletApi.usableWithdrawalAmount, {}, { token: u.token });
    expect(usable.body.data).toMatchObject({ amount: '90.00', pending: '0.00' });
    const [hold] = await h.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.reference, `withdrawal:${id}`));
    expect(hold).toMatchObject({ status: 'released' });

    // A retry with the same key answers the same and releases nothing twice; a new request is a 409.
    const replay = await cancel(u.token, id, key);
    expect(replay.body).toEqual(done.body);
    const late = await cancel(u.token, id, undefined, 'nl');
    expect(late.body).toMatchObject({ code: 409 });
    expect(late.body.msg).toContain('niet meer in behandeling');
    expect(await h.balance(u.token)).toMatchObject({ balance: '90.00', usedBalance: '0.00', total: '90.00' });
    expect(await accountsConsistent()).toEqual([]);
    // No operator can pay or reject it any more.
    expect((await h.call(consoleMoney.withdrawalApprove, PAID, { token: reviewer, params: { id } })).status).toBe(409);
    expect(
      (await h.call(consoleMoney.withdrawalReject, { reason: 'Too late now' }, { token: reviewer, params: { id } }))
        .status,
    ).toBe(409);

    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, String(id))));
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'withdrawal.cancel',
        operatorId: null,
        detail: { customerId: u.user.id, by: 'customer', amount: '90.00', currency: 'EUR', wallet: 'BALANCE' },
      }),
    ]);
    const mine = await h.call(walletApi.withdrawalListPage, { status: 4 }, { token: u.token });
    expect(mine.body.data.list.map((r) => r.id)).toEqual([id]);
    const queue = await h.call(consoleMoney.withdrawalQueue, { status: 4, q: u.email }, { token: reviewer });
    expect(queue.body.data.list[0]).toMatchObject({ id, status: 4, reviewer: null, overdue: false });
    expect((await h.call(consoleMoney.withdrawalQueue, { q: u.email }, { token: reviewer })).body.data.total).toBe(0);
  });

  it("answers 404 for another customer's withdrawal and 400 without a key, changing nothing", async () => {
    const u = await customer({ fund: '10' });
    const other = await customer();
    const res = await apply(u.token, { walletType: 'BALANCE', amount: '10', accountId: u.cardId, payPassword: PAY });
    const id = res.body.data.id;
    expect((await cancel(other.token, id)).status).toBe(404);
    expect((await cancel(other.token, 99_999_999)).status).toBe(404);
    expect((await h.call(walletApi.withdrawalCancel, { id }, { token: u.token, key: null })).body).toMatchObject({
      code: 400,
      field: 'Idempotency-Key',
    });
    expect((await cancel(u.token, 0)).body).toMatchObject({ code: 400, field: 'id' });
    expect((await h.call(walletApi.withdrawalCancel, { id }, { token: '', key: randomUUID() })).status).toBe(401);
    expect(await h.balance(u.token)).toMatchObject({ balance: '0.00', usedBalance: '10.00' });
    const [row] = await h.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe(1);
  });

  it('lets exactly one of a cancel and an approval (or rejection) at the same moment win', async () => {
    for (let round = 0; round < 6; round++) {
      const u = await customer({ fund: '40' });
      const res = await apply(u.token, { walletType: 'BALANCE', amount: '40', accountId: u.cardId, payPassword: PAY });
      const id = res.body.data.id;
      const decide =
        round % 2 === 0
          ? h.call(consoleMoney.withdrawalApprove, PAID, { token: reviewer, params: { id } })
          : h.call(
              consoleMoney.withdrawalReject,
              { reason: 'Racing the customer' },
              { token: reviewer, params: { id } },
            );
      const [byCustomer, byOperator] = await Promise.all([cancel(u.token, id), decide]);
      expect([byCustomer.status, byOperator.status].sort()).toEqual([200, 409]);
      const [row] = await h.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      const [hold] = await h.db
        .select()
        .from(ledgerHolds)
        .where(eq(ledgerHolds.reference, `withdrawal:${id}`));
      if (byCustomer.status === 200) {
        expect(row?.status).toBe(4);
        expect(hold?.status).toBe('released');
        expect(await h.balance(u.token)).toMatchObject({ balance: '40.00', usedBalance: '0.00', total: '40.00' });
      } else if (round % 2 === 0) {
        expect(row?.status).toBe(3);
        expect(hold?.status).toBe('posted');
        expect(await h.balance(u.token)).toMatchObject({ balance: '0.00', usedBalance: '0.00', total: '0.00' });
      } else {
        expect(row?.status).toBe(2);
        expect(hold?.status).toBe('released');
        expect(await h.balance(u.token)).toMatchObject({ balance: '40.00', usedBalance: '0.00', total: '40.00' });
      }
    }
    for (const row of await postingSums()) expect(Number(row.sum)).toBe(0);
    expect(await accountsConsistent()).toEqual([]);
  });

  it("a crypto payout's reference is a transaction hash of its network", async () => {
    const u = await customer();
    await h.fund(u.user.id, 'US_STOCK', '30');
    const w = await h.call(walletApi.addCardNo, cryptoWallet(), { token: u.token });
    const res = await apply(u.token, {
      walletType: 'US_STOCK',
      amount: '30',
      accountId: w.body.data.id,
      payPassword: PAY,
    });
    const id = res.body.data.id;
    const bankRef = await h.call(consoleMoney.withdrawalApprove, PAID, { token: reviewer, params: { id } });
    expect(bankRef.body).toMatchObject({ code: 400, field: 'payoutReference' });
    expect(bankRef.body.msg).toContain('64 hexadecimal');
    const ethStyle = await h.call(
      consoleMoney.withdrawalApprove,
      { payoutReference: `0x${'ab'.repeat(32)}` },
      { token: reviewer, params: { id } },
    );
    expect(ethStyle.status).toBe(400);
    const hash = 'a1b2c3d4'.repeat(8);
    const paid = await h.call(
      consoleMoney.withdrawalApprove,
      { payoutReference: hash },
      { token: reviewer, params: { id } },
    );
    expect(paid.body.data).toMatchObject({ status: 3, payoutReference: hash });
    const inbox = await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'zh-Hans' });
    expect(inbox.body.data.list[0]?.body).toContain(`付款参考号：${hash}`);
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.targetId, String(id))));
    expect(audit?.detail).toMatchObject({ payoutReference: hash });
  });

  it('flags a withdrawal pending past WITHDRAWAL_REVIEW_HOURS first in the queue; the customer sees when it is expected', async () => {
    const u = await customer({ fund: '30' });
    const first = await apply(u.token, { walletType: 'BALANCE', amount: '10', accountId: u.cardId, payPassword: PAY });
    const askedAt = h.clock.now().getTime();
    const expectedBy = askedAt + 24 * 3_600_000;
    expect(first.body.data).toMatchObject({ status: 1, expectedByTimestamp: expectedBy });
    h.clock.advance(23 * 3_600_000);
    const second = await apply(u.token, { walletType: 'BALANCE', amount: '5', accountId: u.cardId, payPassword: PAY });

    // An operator's session ends after 8 idle hours: the reviewer logs in again after each jump of the clock.
    const queue = async () => {
      reviewer = (await h.call(consoleApi.consoleLogin, { username: 'rosa', password: 'OperatorPass1' })).body.data
        .token;
      return (await h.call(consoleMoney.withdrawalQueue, { q: u.email }, { token: reviewer })).body.data.list;
    };
    expect((await queue()).map((r) => [r.id, r.overdue])).toEqual([
      [first.body.data.id, false],
      [second.body.data.id, false],
    ]);
    // At the limit it is not overdue yet; a second later it is, and leads the queue.
    h.clock.advance(3_600_000);
    expect((await queue())[0]).toMatchObject({
      id: first.body.data.id,
      overdue: false,
      expectedByTimestamp: expectedBy,
    });
    h.clock.advance(1000);
    expect((await queue()).map((r) => [r.id, r.overdue])).toEqual([
      [first.body.data.id, true],
      [second.body.data.id, false],
    ]);
    const mine = await h.call(walletApi.withdrawalListPage, { status: 1 }, { token: u.token });
    expect(mine.body.data.list.map((r) => [r.id, r.expectedByTimestamp])).toEqual([
      [second.body.data.id, second.body.data.createTimeTimestamp + 24 * 3_600_000],
      [first.body.data.id, expectedBy],
    ]);
    // Decided ones carry no deadline and are never overdue.
    await h.call(consoleMoney.withdrawalApprove, PAID, { token: reviewer, params: { id: first.body.data.id } });
    const paid = await h.call(consoleMoney.withdrawalQueue, { status: 3, q: u.email }, { token: reviewer });
    expect(paid.body.data.list[0]).toMatchObject({ overdue: false, expectedByTimestamp: null });
  });

  it('takes the review time from WITHDRAWAL_REVIEW_HOURS', () => {
    expect(loadConfig({}).withdrawalReviewHours).toBe(24);
    expect(loadConfig({ WITHDRAWAL_REVIEW_HOURS: '48' }).withdrawalReviewHours).toBe(48);
    expect(loadConfig({ WITHDRAWAL_REVIEW_HOURS: 'soon' }).withdrawalReviewHours).toBe(24);
  });
});
