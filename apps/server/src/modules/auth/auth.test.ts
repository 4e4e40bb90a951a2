import { auth as authApi, type RequestOf, user as userApi } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

type Individual = RequestOf<typeof authApi.register>;

const individual = (email: string, code: string, extra: Partial<Individual> = {}): Individual => ({
  userId: `eva_${email.split('@')[0]}`.slice(0, 20),
  email,
  emailCode: code,
  password: 'Secret123!',
  firstName: 'Eva',
  lastName: 'de Vries',
  country: 'NL',
  agree: true,
  ...extra,
});

describe('email codes', () => {
  it('mails a 6-digit code and keeps it in the outbox', async () => {
    const res = await h.call(authApi.getEmailCode, { email: 'Codes@Example.com', purpose: 'register' });
    expect(res.body).toMatchObject({ code: 200, data: { expiresInSeconds: 600, resendInSeconds: 60 } });
    expect(await h.lastCode('codes@example.com')).toMatch(/^\d{6}$/);
  });

  it('refuses a second code within a minute, then allows it, and at most five an hour', async () => {
    const email = 'ratelimit@example.com';
    expect((await h.call(authApi.getEmailCode, { email })).status).toBe(200);
    const again = await h.call(authApi.getEmailCode, { email }, { lang: 'nl' });
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/Wacht \d+ seconden/);
    for (let i = 0; i < 4; i++) {
      h.clock.advance(61_000);
      expect((await h.call(authApi.getEmailCode, { email })).status).toBe(200);
    }
    h.clock.advance(61_000);
    const sixth = await h.call(authApi.getEmailCode, { email });
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toContain('hour');
  });

  it('sends concurrent requests for one address once', async () => {
    const email = 'burst@example.com';
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.call(authApi.getEmailCode, { email })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });

  it('answers a registered address as any other for purpose register, and mails its owner a notice', async () => {
    const u = await h.registerUser();
    h.clock.advance(61_000);
    const res = await h.call(authApi.getEmailCode, { email: u.email, purpose: 'register' });
    expect(res.body).toMatchObject({ code: 200, data: { expiresInSeconds: 600 } });
    const mails = await h.db.execute(sql`select subject from mail_outbox where recipient = ${u.email} order by id`);
    expect(mails.rows.at(-1)?.subject).toBe('You already have an account');
  });

  it('rejects a malformed email with the catalogue message', async () => {
    const res = await h.call(authApi.getEmailCode, { email: 'nope' }, { lang: 'zh-Hans' });
    expect(res.body).toMatchObject({ code: 400, field: 'email', msg: '请输入有效的邮箱地址，例如 name@example.com' });
  });
});

describe('registration', () => {
  it('registers an individual, logs them in and records the referrer', async () => {
    const referrer = await h.registerUser();
    const email = 'indiv@example.com';
    await h.call(authApi.getEmailCode, { email });
    const res = await h.call(
      authApi.register,
      individual(email, await h.lastCode(email), { invitationCode: referrer.user.invitationCode.toLowerCase() }),
    );
    expect(res.body.code).toBe(200);
    expect(res.body.data.user).toMatchObject({ accountType: 2, userId: 'eva_indiv' });
    expect(res.body.data.user.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    const me = await h.call(userApi.userInfoEndpoint, {}, { token: res.body.data.token });
    expect(me.body.data).toMatchObject({ email, firstName: 'Eva', country: 'NL', kycStatus: 0, hasPayPassword: false });
    const [row] = (await h.db.execute(sql`select referrer_id from users where email = ${email}`)).rows;
    expect(row?.referrer_id).toBe(String(referrer.user.id));
  });

  it('registers a company with the corporate fields', async () => {
    const email = 'corp@example.com';
    await h.call(authApi.getEmailCode, { email });
    const res = await h.call(authApi.registerCompany, {
      userId: 'schelde_bv',
      email,
      emailCode: await h.lastCode(email),
      password: 'HavenPass88',
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
    expect(res.body.code).toBe(200);
    expect(res.body.data.user.accountType).toBe(4);
    expect(res.body.data.user.company).toMatchObject({ companyName: 'Schelde Trading BV', officerName: 'Lars Jansen' });
  });

  it('signs up email-first with an assigned user ID that logs in', async () => {
    const email = 'quick@example.com';
    await h.call(authApi.getEmailCode, { email });
    const res = await h.call(authApi.registerQuick, {
      email,
      emailCode: await h.lastCode(email),
      password: 'SwiftPass1',
      agree: true,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.user.userId).toMatch(/^u\d{8}$/);
    const login = await h.call(authApi.loginByUsername, {
      username: res.body.data.user.userId,
      password: 'SwiftPass1',
    });
    expect(login.body.code).toBe(200);
  });

  it('refuses a wrong, reused and expired code', async () => {
    const email = 'codes2@example.com';
    await h.call(authApi.getEmailCode, { email });
    const code = await h.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await h.call(authApi.register, individual(email, wrong));
    expect(bad.body).toMatchObject({ code: 422, reason: 'codeWrong' });
    const good = await h.call(authApi.register, individual(email, code));
    expect(good.body.code).toBe(200);
    // Same code again for another account: used.
    const reuse = await h.call(authApi.register, individual(email, code, { userId: 'other_user' }));
    // The code is checked before the email (which is now taken), so the form tells only the inbox's owner.
    expect(reuse.body).toMatchObject({ code: 422, reason: 'codeUsed' });
    const email2 = 'codes3@example.com';
    await h.call(authApi.getEmailCode, { email: email2 });
    const code2 = await h.lastCode(email2);
    h.clock.advance(601_000);
    const expired = await h.call(authApi.register, individual(email2, code2));
    expect(expired.body).toMatchObject({ code: 422, reason: 'codeExpired' });
  });

  it('a used code cannot be used again', async () => {
    const email = 'reuse@example.com';
    const u = await h.registerUser({ email });
    await h.call(authApi.getEmailCode, { email: u.email, purpose: 'resetPassword' });
    const code = await h.lastCode(u.email);
    expect(
      (await h.call(authApi.resetPassword, { email: u.email, emailCode: code, password: 'NewPass123' })).body.code,
    ).toBe(200);
    const again = await h.call(authApi.resetPassword, { email: u.email, emailCode: code, password: 'NewPass456' });
    expect(again.body).toMatchObject({ code: 422, reason: 'codeUsed' });
  });

  it('burns a code after five wrong guesses', async () => {
    const email = 'guess@example.com';
    await h.call(authApi.getEmailCode, { email });
    const code = await h.lastCode(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await h.call(authApi.register, individual(email, wrong))).body.reason).toBe('codeWrong');
    expect((await h.call(authApi.register, individual(email, code))).body.reason).toBe('codeExpired');
  });

  it('refuses duplicates, unknown invitations and missing consent, and writes nothing', async () => {
    const u = await h.registerUser();
    const count = async () => Number((await h.db.execute(sql`select count(*) as n from users`)).rows[0]?.n);
    const before = await count();
    const email = 'dupe@example.com';
    await h.call(authApi.getEmailCode, { email });
    const code = await h.lastCode(email);
    expect(
      (await h.call(authApi.register, individual(email, code, { userId: u.user.userId.toUpperCase() }))).body,
    ).toMatchObject({
      code: 409,
      field: 'userId',
    });
    // A taken email is never sent a register code, so the form answers as for a wrong code.
    expect((await h.call(authApi.register, individual(u.email, code))).body).toMatchObject({
      code: 422,
      reason: 'codeWrong',
    });
    expect(
      (await h.call(authApi.register, individual(email, code, { invitationCode: 'NOPE1234' }))).body,
    ).toMatchObject({
      code: 422,
      reason: 'invitationUnknown',
    });
    // Raw: `agree: false` is what the contract's type forbids; the server must refuse it all the same.
    const noConsent = await h.post('/register', { ...individual(email, code), agree: false }, undefined, 'nl');
    expect(noConsent.body).toMatchObject({
      code: 400,
      field: 'agree',
      msg: 'Ga eerst akkoord met de gebruikersovereenkomst',
    });
    expect(await count()).toBe(before);
    // The code survived the failed attempts.
    expect((await h.call(authApi.register, individual(email, code))).body.code).toBe(200);
  });

  it('registers one account when the same form is sent twice at once', async () => {
    const email = 'twice@example.com';
    await h.call(authApi.getEmailCode, { email });
    const body = individual(email, await h.lastCode(email));
    const answers = await Promise.all([h.call(authApi.register, body), h.call(authApi.register, body)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    const [row] = (await h.db.execute(sql`select count(*) as n from users where email = ${email}`)).rows;
    expect(Number(row?.n)).toBe(1);
  });
});

describe('login, tokens and logout', () => {
  it('logs in by user ID or email, a new token each time, stored only hashed', async () => {
    const u = await h.registerUser();
    const a = await h.call(authApi.loginByUsername, {
      username: u.user.userId.toUpperCase(),
      password: u.password,
    });
    const b = await h.call(authApi.loginByUsername, { username: u.email, password: u.password });
    expect(a.body.code).toBe(200);
    expect(b.body.code).toBe(200);
    expect(a.body.data.token).not.toBe(b.body.data.token);
    const stored = await h.db.execute(sql`select token_hash from sessions where token_hash = ${a.body.data.token}`);
    expect(stored.rows).toHaveLength(0);
  });

  it('answers a wrong password with 422 and the 6th failure within 15 minutes with 429', async () => {
    const u = await h.registerUser();
    for (let i = 0; i < 5; i++) {
      const res = await h.call(authApi.loginByUsername, { username: u.email, password: 'wrong-password' });
      expect(res.body).toMatchObject({ code: 422, reason: 'wrongCredentials' });
    }
    const sixth = await h.call(authApi.loginByUsername, { username: u.email, password: u.password });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe(429);
    h.clock.advance(15 * 60_000 + 1000);
    expect((await h.call(authApi.loginByUsername, { username: u.email, password: u.password })).body.code).toBe(200);
  });

  it('revokes the token at logout', async () => {
    const u = await h.registerUser();
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(200);
    expect((await h.call(authApi.logout, {}, { token: u.token })).body.code).toBe(200);
    const after = await h.call(userApi.userInfoEndpoint, {}, { token: u.token, lang: 'nl' });
    expect(after).toMatchObject({ status: 401, body: { code: 401, msg: 'Sessie verlopen, log opnieuw in' } });
  });

  it('expires a token after inactivity and absolutely', async () => {
    const u = await h.registerUser();
    h.clock.advance(6 * 24 * 3600_000);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(200);
    h.clock.advance(6 * 24 * 3600_000);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(200);
    h.clock.advance(8 * 24 * 3600_000);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(401);
    const v = await h.registerUser();
    // Used every 5 days: never idle, but 30 days after login it ends.
    for (let day = 5; day <= 25; day += 5) {
      h.clock.advance(5 * 24 * 3600_000);
      expect((await h.call(userApi.userInfoEndpoint, {}, { token: v.token })).body.code).toBe(200);
    }
    h.clock.advance(5 * 24 * 3600_000 + 1000);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: v.token })).body.code).toBe(401);
  });

  it('a disabled account loses its session (within SESSION_CACHE_MS) and cannot log in', async () => {
    const u = await h.registerUser();
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(200);
    await h.db.execute(sql`update users set disabled = true where id = ${u.user.id}`);
    await new Promise((resolve) => setTimeout(resolve, h.config.sessionCacheMs + 10));
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(401);
    const login = await h.call(authApi.loginByUsername, { username: u.email, password: u.password });
    expect(login.body).toMatchObject({ code: 422, reason: 'accountDisabled' });
  });

  it('refuses missing and made-up tokens', async () => {
    expect((await h.call(userApi.userInfoEndpoint, {})).body.code).toBe(401);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: 'x'.repeat(43) })).body.code).toBe(401);
  });
});

describe('passwords', () => {
  it('changing the login password revokes every token and mails the customer', async () => {
    const u = await h.registerUser();
    const other = await h.call(authApi.loginByUsername, { username: u.email, password: u.password });
    const wrongOld = await h.call(
      authApi.updatePassword,
      { oldPassword: 'nope-nope', password: 'Another123' },
      { token: u.token },
    );
    expect(wrongOld.body).toMatchObject({ code: 422, reason: 'wrongOldPassword' });
    const same = await h.call(
      authApi.updatePassword,
      { oldPassword: u.password, password: u.password },
      { token: u.token },
    );
    expect(same.body).toMatchObject({ code: 422, reason: 'samePassword' });
    const weak = await h.call(
      authApi.updatePassword,
      { oldPassword: u.password, password: 'short' },
      { token: u.token },
    );
    expect(weak.body).toMatchObject({ code: 400, field: 'password' });
    expect(
      (await h.call(authApi.updatePassword, { oldPassword: u.password, password: 'Another123' }, { token: u.token }))
        .body.code,
    ).toBe(200);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(401);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: other.body.data.token })).body.code).toBe(401);
    expect((await h.call(authApi.loginByUsername, { username: u.email, password: u.password })).body.code).toBe(422);
    expect((await h.call(authApi.loginByUsername, { username: u.email, password: 'Another123' })).body.code).toBe(200);
    const mails = await h.db.execute(sql`select subject from mail_outbox where recipient = ${u.email} order by id`);
    expect(mails.rows.at(-1)?.subject).toBe('Your login password was changed');
  });

  it('resets a forgotten password with an email code', async () => {
    const u = await h.registerUser();
    // No enumeration: an unknown address gets the same answer (and no mail).
    expect(
      (await h.call(authApi.getEmailCode, { email: 'nobody@example.com', purpose: 'resetPassword' })).body.code,
    ).toBe(200);
    await h.call(authApi.getEmailCode, { email: u.email, purpose: 'resetPassword' });
    const code = await h.lastCode(u.email);
    const res = await h.call(authApi.resetPassword, { email: u.email, emailCode: code, password: 'Reset1234' });
    expect(res.body.code).toBe(200);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.code).toBe(401);
    expect((await h.call(authApi.loginByUsername, { username: u.email, password: 'Reset1234' })).body.code).toBe(200);
  });

  it('a register code does not reset a password', async () => {
    const u = await h.registerUser();
    h.clock.advance(61_000);
    await h.call(authApi.getEmailCode, { email: `x${u.email}`, purpose: 'register' });
    const res = await h.call(authApi.resetPassword, { email: u.email, emailCode: '123456', password: 'Reset1234' });
    expect(res.body).toMatchObject({ code: 422, reason: 'codeWrong' });
  });

  it('sets the transaction password once, then changes it with the old one or an email code', async () => {
    const u = await h.registerUser();
    expect((await h.call(authApi.settingPayPassword, { payPassword: '12345' }, { token: u.token })).body).toMatchObject(
      {
        code: 400,
        field: 'payPassword',
      },
    );
    expect(
      (await h.call(authApi.updatePayPassword, { oldPayPassword: '111111', payPassword: '222222' }, { token: u.token }))
        .body,
    ).toMatchObject({
      code: 422,
      reason: 'payPasswordNotSet',
    });
    expect((await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: u.token })).body.code).toBe(
      200,
    );
    expect((await h.call(authApi.settingPayPassword, { payPassword: '000000' }, { token: u.token })).body.code).toBe(
      409,
    );
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.data).toMatchObject({
      hasPayPassword: true,
    });
    const wrong = await h.call(
      authApi.updatePayPassword,
      { oldPayPassword: '000000', payPassword: '246802' },
      { token: u.token },
    );
    expect(wrong.body).toMatchObject({ code: 422, reason: 'wrongPayPassword' });
    expect(
      (await h.call(authApi.updatePayPassword, { oldPayPassword: '135790', payPassword: '246802' }, { token: u.token }))
        .body.code,
    ).toBe(200);
    const codeReq = await h.call(authApi.getEmailCode, { email: u.email, purpose: 'payPassword' }, { token: u.token });
    expect(codeReq.body.code).toBe(200);
    const code = await h.lastCode(u.email);
    expect(
      (await h.call(authApi.updatePayPassword, { emailCode: code, payPassword: '975310' }, { token: u.token })).body
        .code,
    ).toBe(200);
    expect(
      (await h.call(authApi.updatePayPassword, { oldPayPassword: '975310', payPassword: '123123' }, { token: u.token }))
        .body.code,
    ).toBe(200);
  });

  it('does not send a pay-password code to someone else or to a guest', async () => {
    const u = await h.registerUser();
    const v = await h.registerUser();
    expect(
      (await h.call(authApi.getEmailCode, { email: v.email, purpose: 'payPassword' }, { token: u.token })).body.code,
    ).toBe(422);
    expect((await h.call(authApi.getEmailCode, { email: v.email, purpose: 'payPassword' })).body.code).toBe(401);
  });
});
