import { auth as authApi, consoleMoney, inbox as inboxApi, type RequestOf, user as userApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_1x1 } from '../../../test/fixtures.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLog, users } from '../../platform/db/schema.js';
import { userMessages } from '../inbox/index.js';

let h: Harness;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'anke', reviewer: 'rita' }));
});

/** The customer sends an ID card (front and back) through the real endpoints; the submission's id. */
async function submitKyc(token: string, extra: Parameters<Harness['submitIdentity']>[1] = {}) {
  const res = await h.submitIdentity(token, extra);
  expect(res.body).toMatchObject({ code: 200, data: { status: 1 } });
  return res.body.data.id;
}

const queue = async (query: RequestOf<typeof consoleMoney.kycQueue>) =>
  (await h.call(consoleMoney.kycQueue, query, { token: reviewer })).body.data;
const info = async (token: string) => (await h.call(userApi.userInfoEndpoint, {}, { token })).body.data;
const inbox = async (token: string, lang?: string) =>
  (await h.call(inboxApi.getMessages, {}, { token, lang })).body.data;

describe('identity review', () => {
  it('approves: the customer is verified and told in their own language, and the decision is audited', async () => {
    const u = await h.registerUser();
    const id = await submitKyc(u.token);

    const pending = await queue({ q: u.email });
    expect(pending.total).toBe(1);
    const row = pending.list[0];
    expect(row).toMatchObject({
      id,
      customerId: u.user.id,
      userId: u.user.userId,
      email: u.email,
      accountType: 2,
      firstName: 'Anna',
      idType: 'idCard',
      idNumber: 'NX1234567',
      company: null,
      status: 1,
      reviewer: null,
      reviewTimeTimestamp: null,
    });
    expect(row?.files.map((f) => [f.role, f.mime])).toEqual([
      ['front', 'image/png'],
      ['back', 'image/png'],
    ]);
    // The reviewer can open the document through its signed address.
    const file = await h.app.inject({ method: 'GET', url: row?.files[0]?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_1x1)).toBe(true);

    h.clock.advance(60_000);
    const approved = await h.call(consoleMoney.kycApprove, {}, { token: reviewer, params: { id } });
    expect(approved.body).toMatchObject({
      code: 200,
      data: { id, status: 3, reason: null, reviewer: 'rita', reviewTimeTimestamp: h.clock.now().getTime() },
    });
    expect(await info(u.token)).toMatchObject({ kycStatus: 3, kycReason: null });

    const en = await inbox(u.token);
    expect(en.unread).toBe(1);
    expect(en.list[0]).toMatchObject({
      kind: 'kycApproved',
      title: 'Identity verified',
      link: '/pages/deposit/index',
      read: false,
    });
    expect((await inbox(u.token, 'nl')).list[0]?.title).toBe('Identiteit geverifieerd');
    expect((await inbox(u.token, 'zh-Hans')).list[0]?.title).toBe('身份认证已通过');

    // Decided once: a second decision either way answers 409 and changes nothing.
    const again = await h.call(consoleMoney.kycApprove, {}, { token: reviewer, params: { id } });
    expect(again.body).toMatchObject({ code: 409, msg: 'This request has already been reviewed' });
    expect(
      (await h.call(consoleMoney.kycReject, { reason: 'Changed my mind' }, { token: reviewer, params: { id } })).body
        .code,
    ).toBe(409);
    expect(await info(u.token)).toMatchObject({ kycStatus: 3 });
    expect((await inbox(u.token)).total).toBe(1);

    expect((await queue({ q: u.email })).total).toBe(0);
    expect((await queue({ status: 3, q: u.email })).list[0]).toMatchObject({ id, status: 3 });

    const audit = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'kyc.approve', targetType: 'kyc' })]);
  });

  it('rejects with a reason the customer sees, and they may send the form again', async () => {
    const u = await h.registerUser();
    const id = await submitKyc(u.token);
    const noReason = await h.call(consoleMoney.kycReject, { reason: ' x ' }, { token: reviewer, params: { id } });
    expect(noReason.body).toMatchObject({ code: 400, field: 'reason' });

    const reason = 'The back of the ID card is blurred';
    const rejected = await h.call(consoleMoney.kycReject, { reason }, { token: reviewer, params: { id } });
    expect(rejected.body.data).toMatchObject({ id, status: 2, reason, reviewer: 'rita' });
    expect(await info(u.token)).toMatchObject({ kycStatus: 2, kycReason: reason });
    const [message] = (await inbox(u.token, 'nl')).list;
    expect(message).toMatchObject({
      kind: 'kycRejected',
      title: 'Identiteitsverificatie niet gelukt',
      link: '/pages/kyc/individual',
    });
    expect(message?.body).toContain(`Reden: ${reason}`);

    const second = await submitKyc(u.token, { idType: 'passport', idNumber: 'NX7654321' });
    expect(second).not.toBe(id);
    expect(await info(u.token)).toMatchObject({ kycStatus: 1, kycReason: null });
    expect((await queue({ q: u.user.userId })).list.map((r) => r.id)).toEqual([second]);
    expect((await queue({ status: 2, q: u.user.userId })).list.map((r) => r.id)).toEqual([id]);

    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit).toMatchObject({ action: 'kyc.reject', detail: { customerId: u.user.id, reason } });
  });

  it('lists pending oldest first and reviewed newest first; q finds user ID, email or name', async () => {
    const tag = `Q${Date.now().toString(36)}`;
    const a = await h.registerUser({ lastName: `${tag}first` });
    const b = await h.registerUser({ lastName: `${tag}second` });
    const idA = await submitKyc(a.token, { lastName: `${tag}first` });
    h.clock.advance(1000);
    const idB = await submitKyc(b.token, { lastName: `${tag}second` });

    expect((await queue({ q: tag })).list.map((r) => r.id)).toEqual([idA, idB]);
    expect((await queue({ q: `Anna ${tag}second` })).list.map((r) => r.id)).toEqual([idB]);
    expect((await queue({ q: a.user.userId })).list.map((r) => r.id)).toEqual([idA]);
    expect((await queue({ q: b.email.toUpperCase() })).list.map((r) => r.id)).toEqual([idB]);
    expect((await queue({ q: '%' })).list.length).toBe(0);
    expect((await queue({ q: tag, pageSize: 1, page: 2 })).list.map((r) => r.id)).toEqual([idB]);

    await h.call(consoleMoney.kycApprove, {}, { token: reviewer, params: { id: idA } });
    h.clock.advance(1000);
    await h.call(consoleMoney.kycApprove, {}, { token: reviewer, params: { id: idB } });
    const reviewed = await queue({ status: 3, q: tag });
    expect(reviewed.list.map((r) => r.id)).toEqual([idB, idA]);
    expect(reviewed.total).toBe(2);
  });

  it("shows a company's profile and its licence and bank documents", async () => {
    const email = `corp${Date.now()}@example.com`;
    await h.call(authApi.getEmailCode, { email, purpose: 'register' });
    const reg = await h.call(authApi.registerCompany, {
      userId: `corp_${Date.now().toString(36)}`,
      email,
      emailCode: await h.lastCode(email),
      password: 'CorpPass88',
      agree: true,
      companyName: 'Schelde Trading BV',
      licenceNumber: 'BE0123456789',
      officeAddress: 'Meir 1, Antwerpen',
      placeOfRegistration: 'BE',
      corporateBankAccount: 'BE71096123456769',
      officerFirstName: 'Lars',
      officerLastName: 'Jansen',
      officerIdType: 'passport',
      officerIdNumber: 'EM1234567',
    });
    const token = reg.body.data.token;
    const id = await submitKyc(token, {
      idType: 'passport',
      licenceFileId: await h.uploadFile(token, 'licence.png'),
      bankFileId: await h.uploadFile(token, 'bank.png'),
    });
    const [row] = (await queue({ q: email })).list;
    expect(row).toMatchObject({
      id,
      accountType: 4,
      company: { companyName: 'Schelde Trading BV', officerName: 'Lars Jansen', officerIdType: 'passport' },
    });
    expect(row?.files.map((f) => f.role).sort()).toEqual(['back', 'bank', 'front', 'licence']);
    expect((await queue({ q: 'Schelde' })).list.map((r) => r.id)).toContain(id);
  });

  it('is for operators only; an unknown submission is 404 and changes nothing', async () => {
    const u = await h.registerUser();
    const id = await submitKyc(u.token);
    expect((await h.call(consoleMoney.kycQueue, {}, { token: u.token })).body.code).toBe(401);
    expect((await h.call(consoleMoney.kycApprove, {}, { token: u.token, params: { id } })).body.code).toBe(401);
    expect((await h.call(consoleMoney.kycApprove, {}, { token: reviewer, params: { id: 99999999 } })).body.code).toBe(
      404,
    );
    expect(
      (await h.call(consoleMoney.kycReject, { reason: 'Not readable' }, { token: admin, params: { id: 99999999 } }))
        .body.code,
    ).toBe(404);
    expect((await h.call(consoleMoney.kycQueue, { status: '7' }, { token: reviewer })).body.code).toBe(400);
    // An admin may review as well.
    expect((await h.call(consoleMoney.kycApprove, {}, { token: admin, params: { id } })).body.data.reviewer).toBe(
      'anke',
    );
  });

  it('two reviewers deciding at once: one decision, one message', async () => {
    const u = await h.registerUser();
    const id = await submitKyc(u.token);
    const [approve, reject] = await Promise.all([
      h.call(consoleMoney.kycApprove, {}, { token: reviewer, params: { id } }),
      h.call(consoleMoney.kycReject, { reason: 'Document expired' }, { token: admin, params: { id } }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const [user] = await h.db.select().from(users).where(eq(users.id, u.user.id));
    expect(user?.kycStatus).toBe(approve.status === 200 ? 3 : 2);
    const messages = await h.db.select().from(userMessages).where(eq(userMessages.userId, u.user.id));
    expect(messages).toHaveLength(1);
  });
});
