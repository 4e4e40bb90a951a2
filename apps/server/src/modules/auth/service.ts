/** Registration, login, logout and password rules. */
import {
  AccountType,
  type auth as authContract,
  Code,
  E,
  type EmailCodePurpose,
  type Language,
  type ParsedRequestOf,
} from '@beurs/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, rule } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { invitationCode } from '../../platform/tokens.js';
import {
  findUserByEmail,
  findUserById,
  findUserByInvitation,
  findUserByLogin,
  type UserRow,
  usernameTaken,
} from '../users/repo.js';

type RegisterIndividual = ParsedRequestOf<typeof authContract.register>;
type RegisterCompany = ParsedRequestOf<typeof authContract.registerCompany>;
type RegisterQuick = ParsedRequestOf<typeof authContract.registerQuick>;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  lang: Language;
}

export function createAuthService(deps: Deps) {
  const { db, sessions, codes, throttle, config } = deps;

  async function startSession(tx: Tx, user: UserRow, meta: RequestMeta) {
    const s = await sessions.issue(tx, { userId: user.id }, meta, config.tokenAbsoluteSeconds);
    return { token: s.token, expiresAt: s.expiresAt.getTime(), user };
  }

  async function assertFree(email: string, username: string) {
    if (await findUserByEmail(db, email)) throw conflict(E.emailTaken, 'email');
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
    await assertFree(input.email, input.userId);
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
    await assertFree(input.email, input.userId);
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
    if (await findUserByEmail(db, input.email)) throw conflict(E.emailTaken, 'email');
    return createAccount(input, { username: generatedUserId(), accountType: AccountType.Individual }, meta);
  }

  async function login(input: { username: string; password: string }, meta: RequestMeta) {
    const key = `user:${input.username.trim().toLowerCase()}`;
    await throttle.assertAllowed(key);
    const user = await findUserByLogin(db, input.username);
    const valid = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyPassword(await dummyHash(), input.password).then(() => false);
    if (!user || !valid) {
      await throttle.recordFailure(key);
      throw rule(E.wrongCredentials, {}, 'wrongCredentials');
    }
    if (user.disabled) throw rule(E.accountDisabled, {}, 'accountDisabled');
    await throttle.clear(key);
    return db.transaction(async (tx) => {
      await tx.update(users).set({ lastLoginAt: deps.clock.now() }).where(eq(users.id, user.id));
      return startSession(tx, user, meta);
    });
  }

  async function sendCode(email: string, purpose: EmailCodePurpose, callerId: number | undefined, lang: Language) {
    if (purpose === 'register' && (await findUserByEmail(db, email))) throw conflict(E.emailTaken, 'email');
    if (purpose === 'resetPassword' && !(await findUserByEmail(db, email))) {
      throw rule(E.emailUnknown, {}, 'emailUnknown');
    }
    if (purpose === 'payPassword') {
      // Only for the logged-in customer's own address.
      const me = callerId ? await findUserById(db, callerId) : undefined;
      if (!me) throw new AppError(401, E.loginExpired);
      if (me.email !== email) throw rule(E.emailUnknown, {}, 'emailUnknown');
    }
    return codes.send(email, purpose, lang);
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
    await throttle.clear(`user:${user.username.toLowerCase()}`);
    await throttle.clear(`user:${user.email}`);
  }

  async function resetPassword(input: { email: string; emailCode: string; password: string }) {
    const user = await findUserByEmail(db, input.email);
    if (!user) throw rule(E.emailUnknown, {}, 'emailUnknown');
    const codeId = await codes.check(input.email, 'resetPassword', input.emailCode);
    await db.transaction((tx) => codes.consume(tx, codeId));
    await setLoginPassword(user, input.password);
  }

  async function updatePassword(userId: number, input: { oldPassword: string; password: string }) {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    const key = `pwd:${user.id}`;
    await throttle.assertAllowed(key);
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
      await throttle.recordFailure(key);
      throw rule(E.wrongOldPassword, {}, 'wrongOldPassword');
    }
    if (input.oldPassword === input.password) throw rule(E.samePassword, {}, 'samePassword');
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
    const key = `pay:${user.id}`;
    await throttle.assertAllowed(key);
    if (!(await verifyPassword(user.payPasswordHash, payPassword))) {
      await throttle.recordFailure(key);
      // The field lets forms show the message under the password input.
      throw new AppError(Code.rule, E.wrongPayPassword, {}, 'wrongPayPassword', field);
    }
    await throttle.clear(key);
  }

  async function updatePayPassword(
    userId: number,
    input: { oldPayPassword?: string | undefined; emailCode?: string | undefined; payPassword: string },
  ) {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    if (!user.payPasswordHash) throw rule(E.payPasswordNotSet, {}, 'payPasswordNotSet');
    let codeId: number | undefined;
    if (input.emailCode) codeId = await codes.check(user.email, 'payPassword', input.emailCode);
    else await verifyPayPassword(user, input.oldPayPassword ?? '', 'oldPayPassword');
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
    sendCode,
    resetPassword,
    updatePassword,
    settingPayPassword,
    updatePayPassword,
    verifyPayPassword,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
