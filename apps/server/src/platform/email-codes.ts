/**
 * Email codes: 6 digits, single use, valid 10 minutes, for one purpose. One per minute per
 * address and purpose, five per hour per address and source, ten per hour per address; five
 * wrong guesses burn a code, counted atomically.
 */
import {
  E,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
  EMAIL_CODES_PER_HOUR,
  EMAIL_CODES_PER_HOUR_ALL_SOURCES,
  type EmailCodePurpose,
  type Language,
} from '@beurs/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db, Tx } from './db/client.js';
import { emailCodes } from './db/schema.js';
import { rule, tooMany } from './errors.js';
import { translate } from './i18n.js';
import type { Mailer } from './mail.js';
import { hashToken, sixDigits } from './tokens.js';

const codeHash = (email: string, purpose: string, code: string) => hashToken(`${purpose}:${email}:${code}`);

/**
 * What the address gets: the code; nothing (no account uses it: the answer must not say so); or,
 * for a registration with a taken address, a notice to its owner in place of the code.
 */
export type CodeDelivery = { kind: 'code' } | { kind: 'none' } | { kind: 'accountExists'; userId: string };

export function createEmailCodes(db: Db, clock: Clock, mailer: Mailer, brand: () => Promise<string>) {
  /**
   * Issues a code under the rate limits. Whatever `delivery` says, the code row is written and
   * the limits apply the same, so the answer (and its 429s) cannot tell whether an account uses
   * the address.
   */
  async function send(
    email: string,
    purpose: EmailCodePurpose,
    lang: Language,
    source = '-',
    delivery: CodeDelivery = { kind: 'code' },
  ) {
    const brandName = await brand();
    return db.transaction(async (tx) => {
      // One request at a time per address, so the rate limits hold under concurrency.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`);
      const now = clock.now();
      const hourAgo = new Date(now.getTime() - 3600_000);
      const recent = await tx
        .select({ createdAt: emailCodes.createdAt, purpose: emailCodes.purpose, source: emailCodes.source })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, hourAgo)))
        .orderBy(desc(emailCodes.createdAt));
      // One code a minute per address and purpose; five an hour per address from one source, and
      // ten from all, so a stranger asking for codes cannot use up the owner's.
      const last = recent.find((c) => c.purpose === purpose);
      if (last) {
        const wait = EMAIL_CODE_RESEND_SECONDS - Math.floor((now.getTime() - last.createdAt.getTime()) / 1000);
        if (wait > 0) throw tooMany(E.codeTooSoon, { seconds: wait });
      }
      const fromSource = recent.filter((c) => (c.source ?? '-') === source).length;
      if (fromSource >= EMAIL_CODES_PER_HOUR || recent.length >= EMAIL_CODES_PER_HOUR_ALL_SOURCES) {
        throw tooMany(E.codeTooMany);
      }
      const code = sixDigits();
      await tx.insert(emailCodes).values({
        email,
        purpose,
        codeHash: codeHash(email, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
        source,
      });
      if (delivery.kind === 'accountExists') {
        await mailer.send(tx, {
          to: email,
          subject: translate(lang, 'mail.accountExistsSubject'),
          text: translate(lang, 'mail.accountExistsBody', { brand: brandName, userId: delivery.userId }),
        });
      }
      if (delivery.kind === 'code') {
        await mailer.send(tx, {
          to: email,
          subject: translate(lang, 'mail.codeSubject', { code }),
          text: translate(lang, 'mail.codeBody', {
            code,
            brand: brandName,
            purpose: translate(lang, `mail.purpose_${purpose}`),
          }),
          code,
        });
      }
      return { expiresInSeconds: EMAIL_CODE_TTL_SECONDS, resendInSeconds: EMAIL_CODE_RESEND_SECONDS };
    });
  }

  /**
   * Checks a code against the latest one sent for this address and purpose. Each guess first
   * takes one of the code's attempts with a guarded UPDATE (outside any caller transaction), so
   * concurrent guesses cannot compare more than EMAIL_CODE_MAX_ATTEMPTS times; a right guess gives
   * its attempt back. Returns the code's id; the caller marks it used with `consume` inside its
   * own transaction, so a failed registration keeps the code.
   */
  async function check(email: string, purpose: EmailCodePurpose, code: string): Promise<number> {
    const [latest] = await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
      .limit(1);
    if (!latest) throw rule(E.codeWrong);
    const matches = latest.codeHash === codeHash(email, purpose, code);
    if (latest.usedAt) throw rule(matches ? E.codeUsed : E.codeWrong);
    if (latest.expiresAt.getTime() <= clock.now().getTime()) throw rule(E.codeExpired);
    const taken = await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(
        and(eq(emailCodes.id, latest.id), isNull(emailCodes.usedAt), lt(emailCodes.attempts, EMAIL_CODE_MAX_ATTEMPTS)),
      )
      .returning({ id: emailCodes.id });
    if (taken.length === 0) throw rule(E.codeExpired);
    if (!matches) throw rule(E.codeWrong);
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} - 1` })
      .where(eq(emailCodes.id, latest.id));
    return latest.id;
  }

  /** Marks the code used; a concurrent use of the same code loses here. */
  async function consume(tx: Tx, codeId: number) {
    const done = await tx
      .update(emailCodes)
      .set({ usedAt: clock.now() })
      .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id });
    if (done.length === 0) throw rule(E.codeUsed);
  }

  return { send, check, consume };
}
export type EmailCodes = ReturnType<typeof createEmailCodes>;
