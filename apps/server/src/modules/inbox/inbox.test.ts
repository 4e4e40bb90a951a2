import { inbox as inboxApi, type RequestOf } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { notify } from './service.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const inbox = async (token: string, query: RequestOf<typeof inboxApi.getMessages> = {}, lang?: string) =>
  (await h.call(inboxApi.getMessages, query, { token, lang })).body.data;

/** Three messages, oldest first: identity approved, a deposit credited, an adjustment debit. */
async function threeMessages(userId: number) {
  const ids: number[] = [];
  ids.push(await notify(h.db, { userId, kind: 'kycApproved', link: '/pages/deposit/index', at: h.clock.now() }));
  h.clock.advance(1000);
  ids.push(
    await notify(h.db, {
      userId,
      kind: 'depositApproved',
      params: { amount: '1500.00', currency: 'EUR', wallet: 'BALANCE' },
      link: '/pages/deposit/record',
      at: h.clock.now(),
    }),
  );
  h.clock.advance(1000);
  ids.push(
    await notify(h.db, {
      userId,
      kind: 'adjustmentDebit',
      params: { amount: '12.00', currency: 'USD', wallet: 'US_STOCK', reason: 'Duplicate credit' },
      at: h.clock.now(),
    }),
  );
  return ids as [kycApproved: number, depositApproved: number, adjustmentDebit: number];
}

describe('inbox', () => {
  it('lists newest first, in the language of the request, with the unread count', async () => {
    const u = await h.registerUser();
    const empty = await inbox(u.token);
    expect(empty).toEqual({ list: [], total: 0, page: 1, pageSize: 20, unread: 0 });
    const [kyc, deposit, debit] = await threeMessages(u.user.id);

    const en = await inbox(u.token);
    expect(en).toMatchObject({ total: 3, unread: 3 });
    expect(en.list.map((m) => m.id)).toEqual([debit, deposit, kyc]);
    expect(en.list[1]).toMatchObject({
      kind: 'depositApproved',
      title: 'Deposit credited',
      body: 'Your deposit of 1,500.00 EUR has been credited to your Funding wallet.',
      read: false,
      link: '/pages/deposit/record',
    });
    expect(en.list[0]).toMatchObject({ link: null, createTimestamp: h.clock.now().getTime() });

    const nl = await inbox(u.token, {}, 'nl');
    expect(nl.list[2]?.title).toBe('Identiteit geverifieerd');
    const zh = await inbox(u.token, {}, 'zh-Hans');
    expect(zh.list[2]?.title).toBe('身份认证已通过');
    // The wallet's name is written out in the reader's language too.
    expect(nl.list[1]?.body).not.toContain('Funding');

    const page2 = await inbox(u.token, { page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2, unread: 3 });
    expect(page2.list.map((m) => m.id)).toEqual([kyc]);
  });

  it("writes amounts and percentages in the reader's number format", async () => {
    const u = await h.registerUser();
    await notify(h.db, {
      userId: u.user.id,
      kind: 'closeOut',
      params: {
        wallet: 'US_STOCK',
        level: '100.02',
        position: 12345,
        code: 'AAPL',
        quantity: '1500',
        price: '216.25',
        priceCurrency: 'USD',
        profit: '-2000.00',
        fee: '1.50',
        currency: 'USD',
        absorbed: '0.00',
      },
      at: h.clock.now(),
    });
    const [nl] = (await inbox(u.token, {}, 'nl')).list;
    expect(nl?.body).toContain('gedaald tot 100,02%');
    expect(nl?.body).toContain('#12345 in AAPL (1.500) gesloten tegen 216,25 USD');
    expect(nl?.body).toContain('Winst of verlies: -2.000,00 USD. Kosten: 1,50 USD.');
    const [en] = (await inbox(u.token, {}, 'en')).list;
    expect(en?.body).toContain('fell to 100.02%');
    expect(en?.body).toContain('Profit or loss: -2,000.00 USD');
    const [zh] = (await inbox(u.token, {}, 'zh-Hans')).list;
    expect(zh?.body).toContain('100.02%');
    expect(zh?.body).toContain('-2,000.00 USD');
  });

  it('marks given messages or all as read; reading one does not', async () => {
    const u = await h.registerUser();
    const [kyc, deposit, debit] = await threeMessages(u.user.id);

    const one = await h.call(inboxApi.getMessage, {}, { token: u.token, params: { id: deposit } });
    expect(one.body.data).toMatchObject({ id: deposit, kind: 'depositApproved', read: false });
    expect((await inbox(u.token)).unread).toBe(3);

    const marked = await h.call(inboxApi.updateRead, { ids: [deposit, kyc] }, { token: u.token });
    expect(marked.body.data).toEqual({ unread: 1 });
    expect((await inbox(u.token, { unreadOnly: 'true' })).list.map((m) => m.id)).toEqual([debit]);
    expect((await h.call(inboxApi.getMessage, {}, { token: u.token, params: { id: kyc } })).body.data.read).toBe(true);

    // Marking again changes nothing.
    expect((await h.call(inboxApi.updateRead, { ids: [deposit] }, { token: u.token })).body.data).toEqual({
      unread: 1,
    });
    expect((await h.call(inboxApi.updateRead, { all: true }, { token: u.token })).body.data).toEqual({ unread: 0 });
    expect(await inbox(u.token, { unreadOnly: 'true' })).toMatchObject({ list: [], total: 0, unread: 0 });
    expect((await inbox(u.token)).total).toBe(3);

    expect((await h.call(inboxApi.updateRead, {}, { token: u.token })).body).toMatchObject({ code: 400, field: 'ids' });
    expect((await h.call(inboxApi.updateRead, { ids: [] }, { token: u.token })).body.code).toBe(400);
  });

  it("keeps other customers' messages out of reach: 404, never marked, never listed", async () => {
    const owner = await h.registerUser();
    const intruder = await h.registerUser();
    const [kyc] = await threeMessages(owner.user.id);
    const theirs = await h.call(inboxApi.getMessage, {}, { token: intruder.token, params: { id: kyc } });
    expect(theirs).toMatchObject({ status: 404, body: { code: 404, data: null } });
    expect((await h.call(inboxApi.getMessage, {}, { token: owner.token, params: { id: 99999999 } })).body.code).toBe(
      404,
    );

    const marked = await h.call(inboxApi.updateRead, { ids: [kyc] }, { token: intruder.token });
    expect(marked.body.data).toEqual({ unread: 0 });
    await h.call(inboxApi.updateRead, { all: true }, { token: intruder.token });
    expect((await inbox(owner.token)).unread).toBe(3);
    expect((await inbox(intruder.token)).total).toBe(0);
  });

  it('needs a session', async () => {
    expect((await h.call(inboxApi.getMessages, {})).body.code).toBe(401);
    expect((await h.call(inboxApi.updateRead, { all: true })).body.code).toBe(401);
  });
});
