/**
 * Second factor (TOTP): enrolment, login, replay, recovery codes, withdrawal, operators and the secret's
 * secrecy. Codes are computed with otpauth against real time, as a phone's authenticator app does.
 */
import {
  auth as authApi,
  consoleApi,
  LOGIN_FAILURES_ALLOWED,
  type RequestOf,
  user as userApi,
  wallet as walletApi,
} from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { operatorTotpRequired: true } });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An authenticator app for one secret that never hands out a code of a step it already gave (the server
 * accepts each step once): the current step, then the next, then waits. The previous step is used only when
 * enough of the current one is left that it cannot fall out of the ±1 window before the server checks it.
 */
function authenticator(secret: string) {
  let last = Number.NEGATIVE_INFINITY;
  const code = (step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
  return {
    code,
    async next(): Promise<string> {
      for (;;) {
        const now = TOTP.counter({ timestamp: Date.now() });
        const left = TOTP.remaining({ timestamp: Date.now() });
        const candidates = [...(left > 5_000 ? [now - 1] : []), now, now + 1];
        const step = candidates.find((s) => s > last);
        if (step !== undefined) {
          last = step;
          return code(step);
        }
        await sleep(left + 50);
      }
    },
  };
}

/** A registered customer with TOTP on: their session, authenticator and recovery codes. */
async function enrolledCustomer() {
  const u = await h.registerUser();
  const start = await h.call(authApi.totpStart, {}, { token: u.token });
  expect(start.status).toBe(200);
  const app = authenticator(start.body.data.secret);
  const confirm = await h.call(authApi.totpConfirm, { code: await app.next() }, { token: u.token });
  expect(confirm.body.code).toBe(200);
  return { ...u, app, secret: start.body.data.secret, recoveryCodes: confirm.body.data.recoveryCodes };
}

describe('customer enrolment', () => {
  it('starts with a QR URI and a base32 secret, confirms with a code, answers ten recovery codes once', async () => {
    const u = await h.registerUser();
    expect((await h.call(authApi.totpStatus, {}, { token: u.token })).body.data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const start = await h.call(authApi.totpStart, {}, { token: u.token });
    expect(start.status).toBe(200);
    const { uri, secret } = start.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain(encodeURIComponent(u.user.userId));
    // Not on until confirmed: login still needs no code.
    expect((await h.call(authApi.loginByUsername, { username: u.user.userId, password: u.password })).status).toBe(200);

    const wrong = await h.call(authApi.totpConfirm, { code: '000000' }, { token: u.token, lang: 'nl' });
    expect(wrong.body).toMatchObject({ code: 422, reason: 'totpWrong', field: 'code' });
    expect(wrong.body.msg).toContain('authenticatorcode is onjuist');

    const app = authenticator(secret);
    const confirm = await h.call(authApi.totpConfirm, { code: await app.next() }, { token: u.token });
    expect(confirm.status).toBe(200);
    const codes = confirm.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await h.call(authApi.totpStatus, {}, { token: u.token })).body.data).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    // On: a new start cannot replace the secret, nor can a second confirmation mint new recovery codes.
    expect((await h.call(authApi.totpStart, {}, { token: u.token })).body).toMatchObject({ code: 409 });
    expect((await h.call(authApi.totpConfirm, { code: await app.next() }, { token: u.token })).body).toMatchObject({
      code: 409,
    });
    // The owner is told by mail.
    const [mail] = (
      await h.db.execute<{ subject: string }>(
        sql`select subject from mail_outbox where recipient = ${u.email} order by id desc limit 1`,
      )
    ).rows;
    expect(mail?.subject).toBe('Two-step verification is on');
  });
});

describe('customer login with TOTP on', () => {
  it('refuses a right password without a code with a clear translated message, and a wrong code', async () => {
    const u = await enrolledCustomer();
    const noCode = await h.call(
      authApi.loginByUsername,
      { username: u.user.userId, password: u.password },
      { lang: 'nl' },
    );
    expect(noCode.body).toMatchObject({ code: 422, reason: 'totpRequired', field: 'totpCode' });
    expect(noCode.body.msg).toBe('Voer de 6-cijferige code uit uw authenticator-app in, of een van uw herstelcodes');
    const zh = await h.call(
      authApi.loginByUsername,
      { username: u.user.userId, password: u.password },
      { lang: 'zh-Hans' },
    );
    expect(zh.body.msg).toContain('身份验证器');
    // A wrong password says nothing about the second factor.
    const badPassword = await h.call(authApi.loginByUsername, { username: u.user.userId, password: 'Nope12345!' });
    expect(badPassword.body.reason).toBe('wrongCredentials');
    const wrong = await h.call(authApi.loginByUsername, {
      username: u.user.userId,
      password: u.password,
      totpCode: '123456',
    });
    expect(wrong.body).toMatchObject({ code: 422, reason: 'totpWrong' });
  });

  it('gives a session with a valid code, and refuses the same code again (replay)', async () => {
    const u = await enrolledCustomer();
    const code = await u.app.next();
    const ok = await h.call(authApi.loginByUsername, {
      username: u.user.userId,
      password: u.password,
      totpCode: code,
    });
    expect(ok.status).toBe(200);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: ok.body.data.token })).status).toBe(200);
    const replay = await h.call(authApi.loginByUsername, { username: u.email, password: u.password, totpCode: code });
    expect(replay.body).toMatchObject({ code: 422, reason: 'totpWrong' });
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const u = await enrolledCustomer();
    const [first] = u.recoveryCodes;
    const typed = ` ${first?.toLowerCase().replaceAll('-', ' ')} `;
    const login = (totpCode: string) =>
      h.call(authApi.loginByUsername, { username: u.user.userId, password: u.password, totpCode });
    expect((await login(typed)).status).toBe(200);
    expect((await login(first ?? '')).body).toMatchObject({ code: 422, reason: 'totpWrong' });
    expect((await h.call(authApi.totpStatus, {}, { token: u.token })).body.data).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });
    // Concurrent use of one code: exactly one login.
    const second = u.recoveryCodes[1] ?? '';
    const both = await Promise.all([login(second), login(second), login(second)]);
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('limits wrong codes per account', async () => {
    const u = await enrolledCustomer();
    const answers = [];
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED + 1; i++) {
      answers.push(
        (
          await h.call(authApi.loginByUsername, {
            username: u.user.userId,
            password: u.password,
            totpCode: 'AAAA-BBBB-CCCC',
          })
        ).status,
      );
    }
    expect(answers.slice(0, LOGIN_FAILURES_ALLOWED).every((s) => s === 422)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Even the right code waits out the window once the limit is reached.
    const right = await h.call(authApi.loginByUsername, {
      username: u.user.userId,
      password: u.password,
      totpCode: await u.app.next(),
    });
    expect(right.status).toBe(429);
  });
});

describe('turning it off', () => {
  it('needs a code or the password, then login needs no code; the owner is told', async () => {
    const u = await enrolledCustomer();
    expect((await h.call(authApi.totpDisable, {}, { token: u.token })).body).toMatchObject({
      code: 400,
      field: 'code',
    });
    expect((await h.call(authApi.totpDisable, { password: 'wrong-one' }, { token: u.token })).body).toMatchObject({
      code: 422,
      field: 'password',
    });
    expect((await h.call(authApi.totpDisable, { code: '000000' }, { token: u.token })).body).toMatchObject({
      reason: 'totpWrong',
    });
    expect((await h.call(authApi.totpDisable, { password: u.password }, { token: u.token })).status).toBe(200);
    expect((await h.call(authApi.totpStatus, {}, { token: u.token })).body.data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await h.call(authApi.loginByUsername, { username: u.user.userId, password: u.password })).status).toBe(200);
    const [mail] = (
      await h.db.execute<{ subject: string }>(
        sql`select subject from mail_outbox where recipient = ${u.email} order by id desc limit 1`,
      )
    ).rows;
    expect(mail?.subject).toBe('Two-step verification was turned off');
  });

  it('turns off with a current code too', async () => {
    const u = await enrolledCustomer();
    expect((await h.call(authApi.totpDisable, { code: await u.app.next() }, { token: u.token })).status).toBe(200);
    expect((await h.call(authApi.totpDisable, { password: u.password }, { token: u.token })).body.reason).toBe(
      'totpNotOn',
    );
  });
});

describe('withdrawal with TOTP on', () => {
  it('asks for the code after the transaction password; holds nothing without it', async () => {
    const u = await enrolledCustomer();
    expect((await h.call(authApi.settingPayPassword, { payPassword: '246810' }, { token: u.token })).status).toBe(200);
    await h.fund(u.user.id, 'BALANCE', '100');
    const card = await h.call(
      walletApi.addCardNo,
      { kind: 'bank', bankName: 'ABN AMRO', holderName: 'Anna Bakker', cardNo: 'NL91 ABNA 0417 1643 00' },
      { token: u.token },
    );
    expect(card.status).toBe(200);
    const body: RequestOf<typeof walletApi.withdrawalApply> = {
      walletType: 'BALANCE',
      amount: '30',
      accountId: card.body.data.id,
      payPassword: '246810',
    };
    const noCode = await h.call(walletApi.withdrawalApply, body, { token: u.token, lang: 'en' });
    expect(noCode.body).toMatchObject({ code: 422, reason: 'totpRequired', field: 'totpCode' });
    expect(noCode.body.msg).toContain('authenticator app');
    const wrong = await h.call(walletApi.withdrawalApply, { ...body, totpCode: '000000' }, { token: u.token });
    expect(wrong.body.reason).toBe('totpWrong');
    expect(await h.balance(u.token)).toMatchObject({ balance: '100.00', usedBalance: '0.00' });
    const withCode = { ...body, totpCode: await u.app.next() };
    const ok = await h.call(walletApi.withdrawalApply, withCode, { token: u.token, key: 'w-totp-retry' });
    expect(ok.status).toBe(200);
    expect(await h.balance(u.token)).toMatchObject({ usedBalance: '30.00' });
    // A lost answer retried with the same key and the (now used) code answers the first answer, holds once.
    const retry = await h.call(walletApi.withdrawalApply, withCode, { token: u.token, key: 'w-totp-retry' });
    expect(retry.body).toMatchObject({ code: 200, data: { id: ok.body.data.id } });
    // Another withdrawal with that used code is refused.
    expect((await h.call(walletApi.withdrawalApply, withCode, { token: u.token })).body.reason).toBe('totpWrong');
    expect(await h.balance(u.token)).toMatchObject({ usedBalance: '30.00' });
  });
});

describe('operators', () => {
  it('must enrol before anything else, then log in with a code or a recovery code', async () => {
    const tokens = await h.consoleOperators({ admin: 'tessa', reviewer: 'tom' });
    const me = await h.call(consoleApi.consoleMe, {}, { token: tokens.admin });
    expect(me.body.data).toMatchObject({ username: 'tessa', totpEnabled: false, totpRequired: true });
    const blocked = await h.call(consoleApi.consoleCustomers, {}, { token: tokens.admin });
    expect(blocked.body).toMatchObject({ code: 403 });
    expect(blocked.body.msg).toBe('Set up two-step verification before using the console');
    expect((await h.call(consoleApi.consoleAudit, {}, { token: tokens.admin })).status).toBe(403);

    const start = await h.call(consoleApi.consoleTotpStart, {}, { token: tokens.admin });
    expect(start.status).toBe(200);
    expect(start.body.data.uri).toMatch(/^otpauth:\/\/totp\/.*console.*tessa/);
    const app = authenticator(start.body.data.secret);
    const confirm = await h.call(consoleApi.consoleTotpConfirm, { code: await app.next() }, { token: tokens.admin });
    expect(confirm.status).toBe(200);
    // The same session now works.
    expect((await h.call(consoleApi.consoleCustomers, {}, { token: tokens.admin })).status).toBe(200);
    expect((await h.call(consoleApi.consoleMe, {}, { token: tokens.admin })).body.data).toMatchObject({
      totpEnabled: true,
      totpRequired: false,
    });
    // The reviewer, not enrolled, is still held at the door.
    expect((await h.call(consoleApi.consoleCustomers, {}, { token: tokens.reviewer })).status).toBe(403);

    const login = (totpCode?: string) =>
      h.call(consoleApi.consoleLogin, { username: 'tessa', password: 'OperatorPass1', totpCode });
    expect((await login()).body).toMatchObject({ code: 422, reason: 'totpRequired' });
    expect((await login('999999')).body).toMatchObject({ code: 422, reason: 'totpWrong' });
    const withCode = await login(await app.next());
    expect(withCode.status).toBe(200);
    expect((await h.call(consoleApi.consoleCustomers, {}, { token: withCode.body.data.token })).status).toBe(200);
    const recovery = confirm.body.data.recoveryCodes[0] ?? '';
    expect((await login(recovery)).status).toBe(200);
    expect((await login(recovery)).body.reason).toBe('totpWrong');
    // Refused logins are audited with their reason, never with the code.
    const refused = (
      await h.db.execute<{ detail: { reason: string } }>(
        sql`select detail from audit_log where action = 'operator.loginRefused' order by id`,
      )
    ).rows.map((r) => r.detail.reason);
    expect(refused).toEqual(['totpRequired', 'totpWrong', 'totpWrong']);
    const enrolled = await h.db.execute(sql`select 1 from audit_log where action = 'operator.totpEnabled'`);
    expect(enrolled.rows).toHaveLength(1);
  });
});

describe('the secret stays secret', () => {
  it('appears in no answer after the start, nor in the audit log or the outbox', async () => {
    const u = await h.registerUser();
    const start = await h.call(authApi.totpStart, {}, { token: u.token });
    const { secret } = start.body.data;
    const app = authenticator(secret);
    const answers: unknown[] = [];
    answers.push((await h.call(authApi.totpConfirm, { code: await app.next() }, { token: u.token })).body);
    answers.push((await h.call(authApi.totpStatus, {}, { token: u.token })).body);
    answers.push((await h.call(authApi.totpStart, {}, { token: u.token })).body);
    answers.push((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body);
    answers.push(
      (
        await h.call(authApi.loginByUsername, {
          username: u.user.userId,
          password: u.password,
          totpCode: await app.next(),
        })
      ).body,
    );

    const ops = await h.consoleOperators({ admin: 'sam', reviewer: 'sue' });
    const opStart = await h.call(consoleApi.consoleTotpStart, {}, { token: ops.admin });
    const opSecret = opStart.body.data.secret;
    const opApp = authenticator(opSecret);
    answers.push(
      (await h.call(consoleApi.consoleTotpConfirm, { code: await opApp.next() }, { token: ops.admin })).body,
    );
    answers.push((await h.call(consoleApi.consoleMe, {}, { token: ops.admin })).body);
    answers.push((await h.call(consoleApi.consoleTotpStatus, {}, { token: ops.admin })).body);
    answers.push((await h.call(consoleApi.consoleCustomer, {}, { token: ops.admin, params: { id: u.user.id } })).body);
    answers.push((await h.call(consoleApi.consoleAudit, {}, { token: ops.admin })).body);
    answers.push((await h.call(consoleApi.consoleOutbox, {}, { token: ops.admin })).body);

    const everything = JSON.stringify(answers);
    expect(everything).toContain('"code":200');
    for (const s of [secret, opSecret]) {
      expect(everything).not.toContain(s);
      const rows = await h.db.execute(
        sql`select 1 from audit_log where detail::text like ${`%${s}%`}
            union all select 1 from mail_outbox where body like ${`%${s}%`} or subject like ${`%${s}%`}`,
      );
      expect(rows.rows).toHaveLength(0);
    }
  });
});
