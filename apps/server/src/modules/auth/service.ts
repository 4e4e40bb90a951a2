/** Registration, login, logout and password rules. */
import {
  AccountType,
  type auth as authContract,
  Code,
  E,
  type EmailCodePurpose,
  type Language,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_ACCOUNT,
  type ParsedRequestOf,
} from '@beurs/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import type { CodeDelivery } from '../../platform/email-codes.js';
import { AppError, conflict, rule } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { type IdempotentRequest, keyOf, runIdempotent, storedAnswer } from '../../platform/idempotency.js';
import { assertNewPassword } from '../../platform/password-policy.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { RequestMeta } from '../../platform/request.js';
import { invitationCode } from '../../platform/tokens.js';
import {
  findUserByEmail,
  findUserById,
  findUserByInvitation,
  findUserByLogin,
  type UserRow,
  usernameTaken,
} from '../users/index.js';
import { createSecondFactor } from './second-factor.js';

type RegisterIndividual = ParsedRequestOf<typeof authContract.register>;
type RegisterCompany = ParsedRequestOf<typeof authContract.registerCompany>;
type RegisterQuick = ParsedRequestOf<typeof authContract.registerQuick>;

export function createAuthService(deps: Deps) {
  const { db, sessions, codes, throttle, config } = deps;
  const secondFactor = createSecondFactor(deps);

  /** NIST rules for a new login password; the brand name is one of the words it may not contain. */
  async function newPasswordAllowed(password: string, words: string[]) {
    assertNewPassword(password, [...words, await deps.brandName()]);
  }

  async function startSession(tx: Tx, user: UserRow, meta: RequestMeta) {
    const s = await sessions.issue(tx, { userId: user.id }, meta, config.tokenAbsoluteSeconds);
    return { token: s.token, expiresAt: s.expiresAt.getTime(), user };
  }

  /**
   * User IDs are public (they are the login name), so a taken one is said at once. A taken email
   * is said only after the code check (in createAccount): no register code is ever mailed to a
   * registered address, so the form cannot be used to find out who has an account.
   */
  async function assertFree(username: string) {
    if (await usernameTaken(db, username)) throw conflict(E.userIdTaken, 'userId');
  }

  async function referrerOf(code: string | undefined) {
    if (!code) return null;
    const ref = await findUserByInvitation(db, code);
    if (!ref) throw rule(E.invitationUnknown, {}, 'invitationUnknown');
    return ref.id;
  }

  /** Shared tail of all three registration variants: code, hash, insert, session. */
  async function createAccount(
    input: {
      email: string;
      emailCode: string;
      password: string;
      invitationCode?: string | undefined;
      language?: Language;
    },
    row: Omit<typeof users.$inferInsert, 'email' | 'passwordHash' | 'invitationCode' | 'referrerId'>,
    meta: RequestMeta,
  ) {
    const referrerId = await referrerOf(input.invitationCode);
    const codeId = await codes.check(input.email, 'register', input.emailCode);
    if (await findUserByEmail(db, input.email)) throw conflict(E.emailTaken, 'email');
    await newPasswordAllowed(input.password, [row.username, input.email]);
    const passwordHash = await hashPassword(input.password);
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          await codes.consume(tx, codeId);
          const [user] = await tx
            .insert(users)
            .values({
              ...row,
              email: input.email,
              passwordHash,
              invitationCode: invitationCode(),
              referrerId,
              language: input.language ?? meta.lang,
              lastLoginAt: deps.clock.now(),
              createdAt: deps.clock.now(),
            })
            .returning();
          if (!user) throw new Error('insert returned no row');
          return startSession(tx, user, meta);
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email')) throw conflict(E.emailTaken, 'email');
        if (isUniqueViolation(err, 'users_username_lower')) {
          if (row.username.startsWith('u') && /^u\d{8}$/.test(row.username) && attempt < 5) {
            row.username = generatedUserId();
            continue;
          }
          throw conflict(E.userIdTaken, 'userId');
        }
        if (isUniqueViolation(err, 'users_invitation_code') && attempt < 5) continue;
        throw err;
      }
    }
  }

  const generatedUserId = () => `u${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  async function registerIndividual(input: RegisterIndividual, meta: RequestMeta) {
    await assertFree(input.userId);
    return createAccount(
      input,
      {
        username: input.userId,
        accountType: AccountType.Individual,
        firstName: input.firstName,
        lastName: input.lastName,
        country: input.country,
        phone: input.phone ?? null,
      },
      meta,
    );
  }

  async function registerCompany(input: RegisterCompany, meta: RequestMeta) {
    await assertFree(input.userId);
    return createAccount(
      input,
      {
        username: input.userId,
        accountType: AccountType.Company,
        firstName: input.officerFirstName,
        lastName: input.officerLastName,
        country: input.placeOfRegistration,
        phone: input.phone ?? null,
        company: {
          companyName: input.companyName,
          licenceNumber: input.licenceNumber,
          officeAddress: input.officeAddress,
          placeOfRegistration: input.placeOfRegistration,
          corporateBankAccount: input.corporateBankAccount,
          officerName: `${input.officerFirstName} ${input.officerLastName}`,
          officerIdType: input.officerIdType,
          officerIdNumber: input.officerIdNumber,
        },
      },
      meta,
    );
  }

  async function registerQuick(input: RegisterQuick, meta: RequestMeta) {
    return createAccount(input, { username: generatedUserId(), accountType: AccountType.Individual }, meta);
  }

  async function login(
    input: { username: string; password: string; totpCode?: string | undefined },
    meta: RequestMeta,
  ) {
    const user = await findUserByLogin(db, input.username);
    // One counter per account whichever name was typed (user ID or email), and one per account
    // and source: a source that keeps failing is stopped after LOGIN_FAILURES_ALLOWED while the
    // owner elsewhere is not; all sources together pause password sign-in after
    // LOGIN_FAILURES_PER_ACCOUNT (the owner can still sign in with an email code).
    const account = user ? `login:${user.id}` : `login:?${input.username.trim().toLowerCase()}`;
    const fromSource = `${account}@${meta.ip ?? '-'}`;
    const valid = await throttle.guard(
      [{ key: fromSource }, { key: account, allowed: LOGIN_FAILURES_PER_ACCOUNT }],
      () =>
        user
          ? verifyPassword(user.passwordHash, input.password)
          : dummyHash().then((hash) => verifyPassword(hash, input.password).then(() => false)),
      user ? () => notifyLockout(user, account) : undefined,
    );
    if (!user || !valid) throw rule(E.wrongCredentials, {}, 'wrongCredentials');
    if (user.disabled) throw rule(E.accountDisabled, {}, 'accountDisabled');
    // The owner's own typos from this source are forgiven; the account's count stays.
    await throttle.clear(fromSource);
    // Only after the right password: the second factor is not a way to test passwords.
    await secondFactor.assertCode({ userId: user.id }, input.totpCode);
    return db.transaction(async (tx) => {
      await tx.update(users).set({ lastLoginAt: deps.clock.now() }).where(eq(users.id, user.id));
      return startSession(tx, user, meta);
    });
  }

  /**
   * Tells the owner once per lockout window that password sign-in is paused, and how to get in
   * anyway. Called when an attempt is refused, so it fires on the first refused attempt only.
   */
  async function notifyLockout(user: UserRow, accountKey: string) {
    const lang = (user.language as Language) ?? 'en';
    const brand = await deps.brandName();
    await db.transaction(async (tx) => {
      if (!(await throttle.claimNotice(tx, accountKey))) return;
      await deps.mailer.send(tx, {
        to: user.email,
        subject: translate(lang, 'mail.lockoutSubject'),
        text: translate(lang, 'mail.lockoutBody', {
          brand,
          userId: user.username,
          minutes: LOGIN_FAILURE_WINDOW_SECONDS / 60,
        }),
      });
    });
  }

  /** Password-less sign-in with a code mailed to the account's address (purpose login). */
  async function loginWithCode(
    input: { email: string; emailCode: string; totpCode?: string | undefined },
    meta: RequestMeta,
  ) {
    const codeId = await codes.check(input.email, 'login', input.emailCode);
    const user = await findUserByEmail(db, input.email);
    // Codes for unknown addresses are never mailed; answer as for a wrong code.
    if (!user) throw rule(E.codeWrong);
    if (user.disabled) throw rule(E.accountDisabled, {}, 'accountDisabled');
    await secondFactor.assertCode({ userId: user.id }, input.totpCode);
    return db.transaction(async (tx) => {
      await codes.consume(tx, codeId);
      await tx.update(users).set({ lastLoginAt: deps.clock.now() }).where(eq(users.id, user.id));
      return startSession(tx, user, meta);
    });
  }

  /**
   * Answers the same whether or not an account uses the address (status, message, limits), so
   * it cannot be used to find out who has an account: unknown addresses get no mail, and for a
   * registration a taken address gets a notice instead of a code.
   */
  async function sendCode(
    email: string,
    purpose: EmailCodePurpose,
    callerId: number | undefined,
    lang: Language,
    source?: string,
  ) {
    if (purpose === 'payPassword') {
      // Only for the logged-in customer's own address.
      const me = callerId ? await findUserById(db, callerId) : undefined;
      if (!me) throw new AppError(401, E.loginExpired);
      if (me.email !== email) throw rule(E.emailUnknown, {}, 'emailUnknown');
      return codes.send(email, purpose, lang, source);
    }
    const owner = await findUserByEmail(db, email);
    const delivery: CodeDelivery =
      purpose === 'register'
        ? owner
          ? { kind: 'accountExists', userId: owner.username }
          : { kind: 'code' }
        : owner
          ? { kind: 'code' }
          : { kind: 'none' };
    return codes.send(email, purpose, lang, source, delivery);
  }

  async function notifyPasswordChanged(tx: Tx, user: UserRow) {
    const lang = (user.language as Language) ?? 'en';
    const brand = await deps.brandName();
    await deps.mailer.send(tx, {
      to: user.email,
      subject: translate(lang, 'mail.passwordChangedSubject'),
      text: translate(lang, 'mail.passwordChangedBody', { brand, userId: user.username }),
    });
  }

  async function setLoginPassword(user: UserRow, password: string) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await sessions.revokeAllOfUser(tx, user.id);
      await notifyPasswordChanged(tx, user);
    });
    // A new password ends the lockout: whoever was guessing now guesses a new one.
    await throttle.clear(`login:${user.id}`);
  }

  /** The code is checked first, so an unknown address answers as a known one with a wrong code. */
  async function resetPassword(input: { email: string; emailCode: string; password: string }) {
    const codeId = await codes.check(input.email, 'resetPassword', input.emailCode);
    const user = await findUserByEmail(db, input.email);
    // Codes for unknown addresses are never mailed; answer as for a wrong code.
    if (!user) throw rule(E.codeWrong);
    await newPasswordAllowed(input.password, [user.username, user.email]);
    await db.transaction((tx) => codes.consume(tx, codeId));
    await setLoginPassword(user, input.password);
  }

  async function updatePassword(userId: number, input: { oldPassword: string; password: string }) {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    const checked = await throttle.guard([{ key: `pwd:${user.id}` }], () =>
      verifyPassword(user.passwordHash, input.oldPassword),
    );
    if (!checked) throw rule(E.wrongOldPassword, {}, 'wrongOldPassword');
    if (input.oldPassword === input.password) throw rule(E.samePassword, {}, 'samePassword');
    await newPasswordAllowed(input.password, [user.username, user.email]);
    await setLoginPassword(user, input.password);
  }

  async function settingPayPassword(userId: number, payPassword: string) {
    const hash = await hashPassword(payPassword);
    const done = await db
      .update(users)
      .set({ payPasswordHash: hash })
      .where(and(eq(users.id, userId), isNull(users.payPasswordHash)))
      .returning({ id: users.id });
    if (done.length === 0) throw conflict(E.payPasswordAlreadySet);
  }

  /** Checks the transaction password, with the same failure limit as logins. */
  async function verifyPayPassword(user: UserRow, payPassword: string, field = 'payPassword') {
    if (!user.payPasswordHash) throw rule(E.payPasswordNotSet, {}, 'payPasswordNotSet');
    const hash = user.payPasswordHash;
    const key = `pay:${user.id}`;
    if (!(await throttle.guard([{ key }], () => verifyPassword(hash, payPassword)))) {
      // The field lets forms show the message under the password input.
      throw new AppError(Code.rule, E.wrongPayPassword, {}, 'wrongPayPassword', field);
    }
    await throttle.clear(key);
  }

  /**
   * A money-moving request confirmed by the customer (a withdrawal, a bond or fund purchase): the transaction password,
   * then with two-step verification on a current code, both before the request's transaction, whose connection must
   * not wait on another one from the pool; `check` runs between (an ownership check that must answer 404 whatever
   * the password). The password and code are not part of the request a retry must match (a retry carries a fresh
   * code), and a code is good once: a replay of a request that went through answers its first answer rather than
   * "code already used". Otherwise `work` runs once per key (runIdempotent).
   */
  async function confirmMoneyMove<T>(
    userId: number,
    secrets: { payPassword: string; totpCode?: string | undefined },
    idempotent: IdempotentRequest,
    work: (tx: Tx) => Promise<T>,
    check?: () => Promise<unknown>,
  ): Promise<T> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    await check?.();
    await verifyPayPassword(user, secrets.payPassword);
    try {
      await secondFactor.assertCode({ userId }, secrets.totpCode);
    } catch (error) {
      const stored = await storedAnswer(db, keyOf(idempotent));
      if (stored) return stored.response as T;
      throw error;
    }
    return runIdempotent(db, idempotent, work);
  }

  async function updatePayPassword(
    userId: number,
    input: { oldPayPassword?: string | undefined; emailCode?: string | undefined; payPassword: string },
  ) {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    if (!user.payPasswordHash) throw rule(E.payPasswordNotSet, {}, 'payPasswordNotSet');
    let codeId: number | undefined;
    const { emailCode } = input;
    if (emailCode) {
      // The code path counts against the same limit as the old transaction password.
      await throttle.guard([{ key: `pay:${user.id}` }], async () => {
        codeId = await codes.check(user.email, 'payPassword', emailCode);
        return true;
      });
    } else await verifyPayPassword(user, input.oldPayPassword ?? '', 'oldPayPassword');
    const hash = await hashPassword(input.payPassword);
    await db.transaction(async (tx) => {
      if (codeId) await codes.consume(tx, codeId);
      await tx.update(users).set({ payPasswordHash: hash }).where(eq(users.id, user.id));
    });
  }

  return {
    registerIndividual,
    registerCompany,
    registerQuick,
    login,
    loginWithCode,
    sendCode,
    resetPassword,
    updatePassword,
    settingPayPassword,
    updatePayPassword,
    verifyPayPassword,
    confirmMoneyMove,
    secondFactor,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
