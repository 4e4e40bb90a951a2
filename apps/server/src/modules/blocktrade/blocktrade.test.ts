/**
 * Block trades on the real database: the permission states and the console decision, the desk list, checkSecret's
 * attempt limit, the 10,000-share minimum, an idempotent create settled into an ordinary position, single-use
 * confirmations, ownership, and concurrent creates that never overdraw. The clock is Monday 10:00 UTC: Amsterdam is
 * open, so the desk trades INGA (EUR, BALANCE wallet).
 */

import { randomUUID } from 'node:crypto';
import { auth as authApi, blocktrade, consoleMoney, inbox as inboxApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { users } from '../../platform/db/schema.js';

const PAY = '135790';
let h: Harness;
let reviewer: string;
beforeAll(async () => {
  h = await createHarness();
  ({ reviewer } = await h.consoleOperators({ admin: 'anke', reviewer: 'rita' }));
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

async function customer(opts: { fund?: string; kyc?: boolean } = {}) {
  const u = await h.registerUser();
  if (opts.kyc !== false) await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  if (opts.fund) await h.fund(u.user.id, 'BALANCE', opts.fund);
  return u;
}

async function approved(fund?: string) {
  const u = await customer({ fund });
  await h.call(blocktrade.blockPermissionApply, { acceptTerms: true }, { token: u.token });
  const q = await h.call(blocktrade.blockPermissionQueue, { q: u.email }, { token: reviewer });
  const id = q.body.data.list[0]?.id ?? 0;
  const res = await h.call(blocktrade.blockPermissionApprove, {}, { token: reviewer, params: { id } });
  expect(res.status).toBe(200);
  return u;
}

async function ticket(token: string) {
  const res = await h.call(blocktrade.blockList, { pageSize: 100 }, { token });
  const inga = res.body.data.list.find((s) => s.code === 'INGA');
  if (!inga) throw new Error('INGA not at the desk');
  return inga;
}

const confirm = (token: string, quantity = 10_000, payPassword = PAY) =>
  h.call(blocktrade.blockCheckSecret, { stockCode: 'INGA', quantity, payPassword }, { token });

async function buy(token: string, quantity = 10_000, key?: string) {
  const t = await ticket(token);
  const c = await confirm(token, quantity);
  return h.call(
    blocktrade.blockCreate,
    {
      stockCode: 'INGA',
      quantity,
      price: t.deskPrice,
      termsVersion: t.termsVersion,
      confirmation: c.body.data.confirmation,
    },
    { token, ...(key ? { key } : {}) },
  );
}

describe('permission', () => {
  it('goes none -> pending -> refused with reason -> apply again -> approved', async () => {
    const u = await customer();
    const read = async () => (await h.call(blocktrade.blockPermissionRead, {}, { token: u.token })).body.data;
    // The console menu's badge: applications waiting for a reviewer (the trial balance's pending counts).
    const waiting = async () =>
      (await h.call(consoleMoney.trialBalance, {}, { token: reviewer })).body.data.pending.blockPermissions;
    const before = await waiting();
    expect((await read()).status).toBe('none');
    expect((await confirm(u.token)).body.reason).toBe('blockPermissionRequired');
    await h.call(blocktrade.blockPermissionApply, { acceptTerms: true }, { token: u.token });
    expect((await read()).status).toBe('pending');
    expect(await waiting()).toBe(before + 1);
    expect((await confirm(u.token)).body.reason).toBe('blockPermissionPending');
    const again = await h.call(blocktrade.blockPermissionApply, { acceptTerms: true }, { token: u.token, lang: 'nl' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('U hebt blokhandel al aangevraagd.');
    const q = await h.call(blocktrade.blockPermissionQueue, { q: u.email }, { token: reviewer });
    const row = q.body.data.list[0];
    expect(row).toMatchObject({ identityVerified: true, payPasswordSet: true, status: 1 });
    const id = row?.id ?? 0;
    await h.call(
      blocktrade.blockPermissionRefuse,
      { reason: 'Tell us your trading experience' },
      { token: reviewer, params: { id } },
    );
    expect(await read()).toMatchObject({ status: 'refused', reason: 'Tell us your trading experience' });
    expect(await waiting()).toBe(before);
    expect((await h.call(blocktrade.blockPermissionApply, { acceptTerms: true }, { token: u.token })).status).toBe(200);
    expect((await read()).status).toBe('pending');
  });

  it("tells the customer each decision in their inbox, in their language, with the reviewer's reason", async () => {
    const u = await customer();
    const inbox = async (lang?: string) =>
      (await h.call(inboxApi.getMessages, {}, { token: u.token, ...(lang ? { lang } : {}) })).body.data;
    const decide = async (reason?: string) => {
      await h.call(blocktrade.blockPermissionApply, { acceptTerms: true }, { token: u.token });
      const q = await h.call(blocktrade.blockPermissionQueue, { q: u.email }, { token: reviewer });
      const params = { id: q.body.data.list[0]?.id ?? 0 };
      const res = reason
        ? await h.call(blocktrade.blockPermissionRefuse, { reason }, { token: reviewer, params })
        : await h.call(blocktrade.blockPermissionApprove, {}, { token: reviewer, params });
      expect(res.status).toBe(200);
    };
    expect((await inbox()).total).toBe(0);
    await decide('Tell us your trading experience');
    const refused = (await inbox()).list[0];
    expect(refused).toMatchObject({ kind: 'blockRejected', link: '/pages/product/blocktrade', read: false });
    expect(refused?.body).toContain('Reason: Tell us your trading experience');
    expect((await inbox('nl')).list[0]?.title).toBe('Blokhandel niet goedgekeurd');
    await decide();
    const after = await inbox('zh-Hans');
    expect(after.unread).toBe(2);
    expect(after.list[0]).toMatchObject({ kind: 'blockApproved', title: '大宗交易已开通' });
  });

  it('refuses an application without verified identity, and approval while a criterion is unmet', async () => {
    const u = await customer({ kyc: false });
    const res = await h.call(blocktrade.blockPermissionApply, { acceptTerms: true }, { token: u.token });
    expect(res.body.reason).toBe('kycRequired');
  });
});

describe('block orders', () => {
  it('lists the desk price within the band, and refuses fewer than 10,000 shares', async () => {
    const u = await approved('1000000');
    const t = await ticket(u.token);
    const quote = Number(t.quotePrice);
    expect(Math.abs(Number(t.deskPrice) - quote)).toBeLessThanOrEqual(quote * 0.02);
    expect(Number(t.deskPrice)).toBeLessThan(quote);
    const few = await confirm(u.token, 9_999);
    expect(few.body).toMatchObject({ code: 422, reason: 'blockBelowMinimum' });
  });

  it('searches the desk by code or name (English or Chinese), any case, an exact code first, paged', async () => {
    const u = await approved();
    const search = async (q: string, pageSize = 20) =>
      (await h.call(blocktrade.blockList, { q, pageSize }, { token: u.token })).body.data;
    const all = await search('', 100);
    expect((await search('aapl')).list[0]?.code).toBe('AAPL');
    expect((await search('Apple')).list.map((s) => s.code)).toContain('AAPL');
    expect((await search('苹果')).list.map((s) => s.code)).toEqual(['AAPL']);
    const none = await search('no such stock');
    expect(none).toMatchObject({ list: [], total: 0 });
    // "a" matches many: the total is of the matches, the pages cut them, in code order.
    const a = await search('a', 5);
    expect(a.list).toHaveLength(5);
    expect(a.total).toBeLessThan(all.total);
    expect(a.total).toBeGreaterThan(5);
  });

  it('limits wrong transaction passwords and never hands a confirmation for one', async () => {
    const u = await approved();
    for (let i = 0; i < 5; i += 1)
      expect((await confirm(u.token, 10_000, '000000')).body.reason).toBe('wrongPayPassword');
    expect((await confirm(u.token)).status).toBe(429);
  });

  it('buys once per key into an ordinary position at the desk price; a confirmation is spent once', async () => {
    const u = await approved('1000000');
    const t = await ticket(u.token);
    const c = await confirm(u.token);
    const body = {
      stockCode: 'INGA',
      quantity: 10_000,
      price: t.deskPrice,
      termsVersion: t.termsVersion,
      confirmation: c.body.data.confirmation,
    };
    const key = randomUUID();
    const first = await h.call(blocktrade.blockCreate, body, { token: u.token, key });
    expect(first.status).toBe(200);
    const { order, position, blockTrade } = first.body.data;
    expect(position).toMatchObject({ stockCode: 'INGA', leverage: 1 });
    expect(order.fillPrice).toBe(blockTrade.deskPrice);
    const replay = await h.call(blocktrade.blockCreate, body, { token: u.token, key });
    expect(replay.body.data.blockTrade.id).toBe(blockTrade.id);
    const spent = await h.call(blocktrade.blockCreate, body, { token: u.token, lang: 'zh-Hans' });
    expect(spent.body).toMatchObject({ code: 422, reason: 'blockConfirmationInvalid' });
    // Another customer's confirmation is not theirs to spend.
    const other = await approved('1000000');
    const theirs = await h.call(
      blocktrade.blockCreate,
      { ...body, confirmation: (await confirm(u.token)).body.data.confirmation },
      { token: other.token },
    );
    expect(theirs.body.reason).toBe('blockConfirmationInvalid');
  });

  it("lists the caller's own block trades with the position each settled into, never another customer's", async () => {
    const u = await approved('1000000');
    const other = await approved('1000000');
    const list = async (token: string, lang?: 'zh-Hans') =>
      (await h.call(blocktrade.blockTradeList, {}, { token, ...(lang ? { lang } : {}) })).body.data;
    expect((await list(u.token)).total).toBe(0);
    const bought = await buy(u.token);
    expect(bought.status).toBe(200);
    const { blockTrade, position } = bought.body.data;
    const mine = await list(u.token);
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({
      id: blockTrade.id,
      code: 'INGA',
      currency: 'EUR',
      quantity: 10_000,
      deskPrice: blockTrade.deskPrice,
      positionId: position?.id,
    });
    expect(mine.list[0]?.amount).toBe((Number(blockTrade.deskPrice) * 10_000).toFixed(2));
    expect((await list(other.token)).total).toBe(0);
    expect((await h.call(blocktrade.blockTradeList, {}, {})).status).toBe(401);
  });

  it('concurrent creates never overdraw the wallet', async () => {
    const t0 = await approved('300000');
    const results = await Promise.all([buy(t0.token), buy(t0.token), buy(t0.token)]);
    const ok = results.filter((r) => r.status === 200);
    // INGA ~21.50 EUR: one block of 10,000 (~215,000 + fee) fits in 300,000, two do not.
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.body.reason === 'insufficientMargin')).toHaveLength(2);
    const bal = await h.balance(t0.token);
    expect(Number(bal?.balance)).toBeGreaterThanOrEqual(0);
    expect(Number(bal?.balance)).toBeLessThan(100_000);
  });
});
