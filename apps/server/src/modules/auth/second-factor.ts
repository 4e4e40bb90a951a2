/**
 * Second factor: TOTP (RFC 6238, via otpauth) for customers and operators (docs/security.md "Second factor").
 *
 * - Enrolment: start makes a random 160-bit secret and keeps it pending; the start's answer is the only one
 *   that ever carries it. Confirming with a current code turns it on and answers ten recovery codes once;
 *   only their SHA-256 is kept (each is 60 random bits, too many to try).
 * - A code is accepted for the current 30-second step or one step either side, and only for a step after the
 *   last one accepted (one guarded update): a code seen over a shoulder or in a proxy log cannot be replayed.
 *   A recovery code is removed in one guarded update, so it works once even under concurrency.
 * - Wrong codes count against the attempt limit of platform/throttle.ts under `2fa:<owner>`.
 * - Codes are checked against real time, not the simulated clock (SIM_CLOCK_START): the phone's app runs on
 *   real time.
 */
import { randomInt } from 'node:crypto';
import { Code, E } from '@beurs/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Tx } from '../../platform/db/client.js';
import { secondFactors } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, rule } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { hashToken } from '../../platform/tokens.js';

export type FactorOwner = { userId: number } | { operatorId: number };
type FactorRow = typeof secondFactors.$inferSelect;

const PERIOD = 30;
const WINDOW = 1;
const RECOVERY_CODES = 10;
/** No 0/O, 1/I/L: read off paper without doubt. 12 of 31 letters: about 2^59 per code. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const recoveryCode = () =>
  Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]).join(''),
  ).join('-');
/** Dashes, spaces and case do not matter when a recovery code is typed. */
const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

export function createSecondFactor(deps: Pick<Deps, 'db' | 'throttle'>, now: () => number = Date.now) {
  const { db, throttle } = deps;

  const ownerIs = (o: FactorOwner) =>
    'userId' in o ? eq(secondFactors.userId, o.userId) : eq(secondFactors.operatorId, o.operatorId);
  const throttleKey = (o: FactorOwner) => ('userId' in o ? `2fa:u:${o.userId}` : `2fa:op:${o.operatorId}`);

  async function find(o: FactorOwner): Promise<FactorRow | undefined> {
    const [row] = await db.select().from(secondFactors).where(ownerIs(o));
    return row;
  }

  async function status(o: FactorOwner) {
    const row = await find(o);
    const enabled = Boolean(row?.confirmedAt);
    return { enabled, recoveryCodesLeft: enabled ? (row?.recoveryHashes.length ?? 0) : 0 };
  }

  /** A new pending secret (replacing an unconfirmed one); refused while the factor is on. */
  async function start(o: FactorOwner, account: { issuer: string; label: string }) {
    const secret = new Secret({ size: 20 }).base32;
    const target = 'userId' in o ? secondFactors.userId : secondFactors.operatorId;
    const [row] = await db
      .insert(secondFactors)
      .values({ ...o, secret, createdAt: new Date(now()) })
      .onConflictDoUpdate({
        target,
        set: { secret, lastStep: null, recoveryHashes: [], createdAt: new Date(now()) },
        // A confirmed factor is never replaced: turning it off needs a code or the password.
        setWhere: isNull(secondFactors.confirmedAt),
      })
      .returning({ id: secondFactors.id });
    if (!row) throw conflict(E.totpAlreadyOn);
    const totp = new TOTP({ issuer: account.issuer, label: account.label, secret, period: PERIOD, digits: 6 });
    return { uri: totp.toString(), secret };
  }

  function stepOf(secret: string, code: string): number | null {
    const timestamp = now();
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      period: PERIOD,
      digits: 6,
      timestamp,
      window: WINDOW,
    });
    return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
  }

  /** Uses a code once: a TOTP code of a later step than the last accepted one, or an unused recovery code. */
  async function consume(row: FactorRow, code: string): Promise<boolean> {
    if (isTotpCode(code)) {
      const step = stepOf(row.secret, code.replace(/\s/g, ''));
      if (step === null) return false;
      const done = await db
        .update(secondFactors)
        .set({ lastStep: step })
        .where(and(eq(secondFactors.id, row.id), or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step))))
        .returning({ id: secondFactors.id });
      return done.length > 0;
    }
    if (!row.confirmedAt) return false;
    const hash = hashToken(normaliseRecovery(code));
    const done = await db
      .update(secondFactors)
      .set({ recoveryHashes: sql`array_remove(${secondFactors.recoveryHashes}, ${hash})` })
      .where(and(eq(secondFactors.id, row.id), sql`${hash} = any(${secondFactors.recoveryHashes})`))
      .returning({ id: secondFactors.id });
    return done.length > 0;
  }

  /** Checks a code within the attempt limit. */
  async function check(o: FactorOwner, row: FactorRow, code: string, field: string) {
    const key = throttleKey(o);
    await throttle.assertAllowed(key);
    if (!(await consume(row, code))) {
      await throttle.recordFailure(key);
      throw new AppError(Code.rule, E.totpWrong, {}, 'totpWrong', field);
    }
    await throttle.clear(key);
  }

  /**
   * For login and withdrawal, after the password was checked: nothing when the factor is off; otherwise a
   * valid code is required (422 `totpRequired` tells the client to ask for one).
   */
  async function assertCode(o: FactorOwner, code: string | undefined, field = 'totpCode') {
    const row = await find(o);
    if (!row?.confirmedAt) return;
    if (!code) throw new AppError(Code.rule, E.totpRequired, {}, 'totpRequired', field);
    await check(o, row, code, field);
  }

  /** Turns the pending factor on with a current code; answers the recovery codes (shown this once). */
  async function confirm(o: FactorOwner, code: string, after?: (tx: Tx) => Promise<void>) {
    const row = await find(o);
    if (!row) throw rule(E.totpNotOn, {}, 'totpNotOn');
    if (row.confirmedAt) throw conflict(E.totpAlreadyOn);
    if (!isTotpCode(code)) throw new AppError(Code.rule, E.totpWrong, {}, 'totpWrong', 'code');
    await check(o, row, code, 'code');
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await db.transaction(async (tx) => {
      const done = await tx
        .update(secondFactors)
        .set({
          confirmedAt: new Date(now()),
          recoveryHashes: recoveryCodes.map((c) => hashToken(normaliseRecovery(c))),
        })
        .where(
          and(eq(secondFactors.id, row.id), eq(secondFactors.secret, row.secret), isNull(secondFactors.confirmedAt)),
        )
        .returning({ id: secondFactors.id });
      // Started again or confirmed by a parallel request meanwhile.
      if (done.length === 0) throw conflict(E.totpAlreadyOn);
      await after?.(tx);
    });
    return { recoveryCodes };
  }

  /** Turns the factor off, proven with a code (TOTP or recovery) or the account's password. */
  async function disable(
    o: FactorOwner,
    proof: { code?: string | undefined; password?: string | undefined },
    passwordHash: string,
    after?: (tx: Tx) => Promise<void>,
  ) {
    const row = await find(o);
    if (!row?.confirmedAt) throw rule(E.totpNotOn, {}, 'totpNotOn');
    if (proof.code) {
      await check(o, row, proof.code, 'code');
    } else if (proof.password) {
      const key = throttleKey(o);
      await throttle.assertAllowed(key);
      if (!(await verifyPassword(passwordHash, proof.password))) {
        await throttle.recordFailure(key);
        throw new AppError(Code.rule, E.wrongOldPassword, {}, 'wrongOldPassword', 'password');
      }
      await throttle.clear(key);
    } else {
      throw new AppError(Code.invalid, E.totpDisableProof, {}, undefined, 'code');
    }
    await db.transaction(async (tx) => {
      await tx.delete(secondFactors).where(eq(secondFactors.id, row.id));
      await after?.(tx);
    });
  }

  return { status, start, confirm, disable, assertCode, isOn: async (o: FactorOwner) => (await status(o)).enabled };
}
export type SecondFactor = ReturnType<typeof createSecondFactor>;
