/**
 * Sign-in defences under attack (issue 12): attempt limits hold under concurrency, a stranger
 * cannot lock the owner out, the owner is told of a lockout, and code requests do not reveal
 * who has an account. Each scenario runs against the real app and database.
 */
import { auth as authApi, type RequestOf, user as userApi } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Answer, type CallOptions, createHarness, type Harness } from '../../../test/harness.js';
import { isCommonPassword } from '../../platform/password-policy.js';

// Counts every hash comparison the app makes: "checked" means the secret reached verifyPassword.
const verified = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../platform/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../platform/passwords.js')>();
  return {
    ...real,
    verifyPassword: (hash: string, secret: string) => {
      verified.calls += 1;
      return real.verifyPassword(hash, secret);
    },
  };
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

/** Options for a call from a given source address (the harness's own client always comes from 127.0.0.1). */
const from = (remoteAddress: string): CallOptions => ({ remoteAddress });

const subjects = async (email: string) =>
  (await h.db.execute(sql`select subject from mail_outbox where recipient = ${email} order by id`)).rows.map((r) =>
    String(r.subject),
  );

describe('attempt limits are atomic', () => {
  it('30 concurrent wrong passwords for one account check at most 5', async () => {
    const u = await h.registerUser();
    const attacker = from('203.0.113.7');
    verified.calls = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        h.call(authApi.loginByUsername, { username: u.email, password: 'Wrong-guess-1' }, attacker),
      ),
    );
    expect(verified.calls).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.reason === 'wrongCredentials').length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('40 concurrent wrong transaction passwords check at most 5', async () => {
    const u = await h.registerUser();
    expect((await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: u.token })).body.code).toBe(
      200,
    );
    verified.calls = 0;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        h.call(
          authApi.updatePayPassword,
          { oldPayPassword: String(100000 + i), payPassword: '246802' },
          { token: u.token },
        ),
      ),
    );
    expect(verified.calls).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.reason === 'wrongPayPassword').length).toBeLessThanOrEqual(5);
    // The right one is refused too while the limit holds: it is not a way to keep guessing.
    const right = await h.call(
      authApi.updatePayPassword,
      { oldPayPassword: '135790', payPassword: '246802' },
      { token: u.token },
    );
    expect(right.status).toBe(429);
    h.clock.advance(15 * 60_000 + 1000);
    expect(
      (await h.call(authApi.updatePayPassword, { oldPayPassword: '135790', payPassword: '246802' }, { token: u.token }))
        .body.code,
    ).toBe(200);
  });

  it('20 concurrent wrong email codes compare at most 5 times, then the code is burnt', async () => {
    const u = await h.registerUser();
    h.clock.advance(61_000);
    await h.call(authApi.getEmailCode, { email: u.email, purpose: 'resetPassword' });
    const code = await h.lastCode(u.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.call(authApi.resetPassword, { email: u.email, emailCode: wrong, password: 'FreshPass2026' }),
      ),
    );
    expect(answers.filter((a) => a.body.reason === 'codeWrong').length).toBeLessThanOrEqual(5);
    const [row] = (
      await h.db.execute(
        sql`select attempts from email_codes where email = ${u.email} and purpose = 'resetPassword' order by id desc limit 1`,
      )
    ).rows;
    expect(Number(row?.attempts)).toBe(5);
    const late = await h.call(authApi.resetPassword, { email: u.email, emailCode: code, password: 'FreshPass2026' });
    expect(late.body.reason).toBe('codeExpired');
  });

  it('concurrent right passwords wait for the checks in flight instead of being refused', async () => {
    const u = await h.registerUser();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => h.call(authApi.loginByUsername, { username: u.email, password: u.password })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  });

  it('the current-password check of a password change is limited too', async () => {
    const u = await h.registerUser();
    verified.calls = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        h.call(authApi.updatePassword, { oldPassword: 'not-the-one', password: 'AnotherPass99' }, { token: u.token }),
      ),
    );
    expect(verified.calls).toBeLessThanOrEqual(5);
  });
});

describe('counters', () => {
  it('are pruned once their window has passed', async () => {
    const attacker = from('198.51.100.77');
    await h.call(authApi.loginByUsername, { username: 'no-such-user', password: 'guess-guess' }, attacker);
    const rows = async () =>
      Number(
        (await h.db.execute(sql`select count(*) as n from signin_attempts where key like 'login:?no-such-user%'`))
          .rows[0]?.n,
      );
    expect(await rows()).toBe(2);
    h.clock.advance(15 * 60_000 + 1000);
    await h.deps.throttle.prune();
    expect(await rows()).toBe(0);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('stops one source after 5 failures while the owner signs in from elsewhere', async () => {
    const u = await h.registerUser();
    const attacker = from('198.51.100.1');
    for (let i = 0; i < 5; i++) {
      expect(
        (await h.call(authApi.loginByUsername, { username: u.email, password: 'nope-nope' }, attacker)).body.reason,
      ).toBe('wrongCredentials');
    }
    // The user ID and the email are one account: switching names does not buy more guesses.
    const sixth = await h.call(authApi.loginByUsername, { username: u.user.userId, password: u.password }, attacker);
    expect(sixth.status).toBe(429);
    const owner = await h.call(
      authApi.loginByUsername,
      { username: u.email, password: u.password },
      from('192.0.2.50'),
    );
    expect(owner.body.code).toBe(200);
  });

  it('many sources pause password sign-in; the owner gets in with an email code and is mailed once', async () => {
    const u = await h.registerUser();
    // 4 sources x 5 failures = 20, the per-account limit; then a few more tries are refused.
    for (let s = 1; s <= 4; s++) {
      const attacker = from(`198.51.100.${10 + s}`);
      for (let i = 0; i < 5; i++)
        await h.call(authApi.loginByUsername, { username: u.email, password: 'guess-guess' }, attacker);
    }
    for (let s = 5; s <= 8; s++) {
      const refused = await h.call(
        authApi.loginByUsername,
        { username: u.email, password: 'x1' },
        from(`198.51.100.${10 + s}`),
      );
      expect(refused.status).toBe(429);
    }
    const ownerIp = from('192.0.2.99');
    const withPassword = await h.call(authApi.loginByUsername, { username: u.email, password: u.password }, ownerIp);
    expect(withPassword.status).toBe(429);
    const lockoutMails = (await subjects(u.email)).filter((s) => s === 'Logging in to your account was paused');
    expect(lockoutMails).toHaveLength(1);

    h.clock.advance(61_000);
    expect((await h.call(authApi.getEmailCode, { email: u.email, purpose: 'login' }, ownerIp)).body.code).toBe(200);
    const code = await h.lastCode(u.email);
    const signedIn = await h.call(authApi.loginByEmailCode, { email: u.email, emailCode: code }, ownerIp);
    expect(signedIn.body.code).toBe(200);
    const token = signedIn.body.data.token;
    expect((await h.call(userApi.userInfoEndpoint, {}, { token })).body.code).toBe(200);
    // Single use.
    expect((await h.call(authApi.loginByEmailCode, { email: u.email, emailCode: code }, ownerIp)).body.reason).toBe(
      'codeUsed',
    );
  });

  it('translates the lockout mail into the account language', async () => {
    const u = await h.registerUser({ language: 'nl' });
    const attacker = from('198.51.100.200');
    for (let i = 0; i < 6; i++)
      await h.call(authApi.loginByUsername, { username: u.email, password: 'fout-fout' }, attacker);
    expect(await subjects(u.email)).toContain('Inloggen op uw account is gepauzeerd');
  });

  it('a login code is only mailed to an account, and a code for another purpose does not sign in', async () => {
    const u = await h.registerUser();
    h.clock.advance(61_000);
    await h.call(authApi.getEmailCode, { email: u.email, purpose: 'resetPassword' });
    const resetCode = await h.lastCode(u.email);
    expect((await h.call(authApi.loginByEmailCode, { email: u.email, emailCode: resetCode })).body.reason).toBe(
      'codeWrong',
    );
  });
});

describe('no enumeration through codes and resets', () => {
  const shape = (a: Answer) => ({ status: a.status, code: a.body.code, msg: a.body.msg, data: a.body.data });

  it('getEmailCode answers the same for a known and an unknown address, and mails only the known one', async () => {
    const u = await h.registerUser();
    h.clock.advance(61_000);
    const unknown = 'nobody-here@example.com';
    for (const purpose of ['resetPassword', 'login'] as const) {
      const known = await h.call(authApi.getEmailCode, { email: u.email, purpose }, from('192.0.2.1'));
      const stranger = await h.call(authApi.getEmailCode, { email: unknown, purpose }, from('192.0.2.1'));
      expect(shape(stranger)).toEqual(shape(known));
      expect(known.status).toBe(200);
      // The limits answer alike too.
      const knownAgain = await h.call(authApi.getEmailCode, { email: u.email, purpose }, from('192.0.2.1'));
      const strangerAgain = await h.call(authApi.getEmailCode, { email: unknown, purpose }, from('192.0.2.1'));
      expect(shape(strangerAgain)).toEqual(shape(knownAgain));
      expect(knownAgain.status).toBe(429);
    }
    expect(await subjects(unknown)).toEqual([]);
  });

  it('resetPassword answers an unknown address as a known one with a wrong code', async () => {
    const u = await h.registerUser();
    h.clock.advance(61_000);
    await h.call(authApi.getEmailCode, { email: u.email, purpose: 'resetPassword' });
    await h.call(authApi.getEmailCode, { email: 'ghost@example.com', purpose: 'resetPassword' });
    const code = await h.lastCode(u.email);
    const wrong = code === '123456' ? '654321' : '123456';
    const known = await h.call(authApi.resetPassword, {
      email: u.email,
      emailCode: wrong,
      password: 'Fresh pass 2026',
    });
    const unknown = await h.call(authApi.resetPassword, {
      email: 'ghost@example.com',
      emailCode: wrong,
      password: 'Fresh pass 2026',
    });
    expect(shape(unknown)).toEqual(shape(known));
    expect(known.body.reason).toBe('codeWrong');
  });

  it('a registration code for a taken address answers alike and mails the owner a notice, not a code', async () => {
    const u = await h.registerUser();
    h.clock.advance(61_000);
    const taken = await h.call(authApi.getEmailCode, { email: u.email, purpose: 'register' });
    const free = await h.call(authApi.getEmailCode, { email: 'brand-new@example.com', purpose: 'register' });
    expect(shape(taken)).toEqual(shape(free));
    expect((await subjects(u.email)).at(-1)).toBe('You already have an account');
  });
});

describe('new passwords follow NIST SP 800-63B', () => {
  it('refuses common and personal passwords and takes long passphrases with spaces and any script', async () => {
    const email = 'nist@example.com';
    await h.call(authApi.getEmailCode, { email });
    const code = await h.lastCode(email);
    const form = (password: string, userId = 'nist_user'): RequestOf<typeof authApi.register> => ({
      userId,
      email,
      emailCode: code,
      password,
      firstName: 'Noor',
      lastName: 'Visser',
      country: 'NL',
      agree: true,
    });
    const common = await h.call(authApi.register, form('Password1'), { lang: 'nl' });
    expect(common.body).toMatchObject({ code: 400, field: 'password' });
    expect(common.body.msg).toContain('komt te vaak voor');
    expect((await h.call(authApi.register, form('my nist_user pass'))).body).toMatchObject({
      code: 400,
      field: 'password',
    });
    expect((await h.call(authApi.register, form('nist1234 is me'))).body).toMatchObject({
      code: 400,
      field: 'password',
    });
    expect((await h.call(authApi.register, form('x'.repeat(129)))).body).toMatchObject({
      code: 400,
      field: 'password',
    });
    const ok = await h.call(authApi.register, form('zonnige dag in Zwolle ☀ 晴天'));
    expect(ok.body.code).toBe(200);
    expect(
      (await h.call(authApi.loginByUsername, { username: email, password: 'zonnige dag in Zwolle ☀ 晴天' })).body.code,
    ).toBe(200);
  });

  it('the demo password is not on the blocklist', () => {
    expect(isCommonPassword('Demo1234!')).toBe(false);
    expect(isCommonPassword('iloveyou123')).toBe(true);
  });
});
