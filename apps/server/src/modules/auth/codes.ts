/**
 * Email codes: 6 digits, single use, valid 10 minutes, for one purpose. One per minute per
 * address and purpose, five per hour per address; five wrong guesses burn a code.
 */
import {
  E,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
  EMAIL_CODES_PER_HOUR,
  type EmailCodePurpose,
  type Language,
} from '@beurs/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { emailCodes } from '../../platform/db/schema.js';
import { rule, tooMany } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import type { Mailer } from '../../platform/mail.js';
import { hashToken, sixDigits } from '../../platform/tokens.js';

const codeHash = (email: string, purpose: string, code: string) => hashToken(`${purpose}:${email}:${code}`);

export function createEmailCodes(db: Db, clock: Clock, mailer: Mailer, brand: () => Promise<string>) {
  async function send(email: string, purpose: EmailCodePurpose, lang: Language) {
    const brandName = await brand();
    return db.transaction(async (tx) => {
      // One request at a time per address, so the rate limits hold under concurrency.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`);
      const now = clock.now();
      const hourAgo = new Date(now.getTime() - 3600_000);
      const recent = await tx
        .select({ createdAt: emailCodes.createdAt, purpose: emailCodes.purpose })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, hourAgo)))
        .orderBy(desc(emailCodes.createdAt));
      // One code a minute per address and purpose; five an hour per address in all.
      const last = recent.find((c) => c.purpose === purpose);
      if (last) {
        const wait = EMAIL_CODE_RESEND_SECONDS - Math.floor((now.getTime() - last.createdAt.getTime()) / 1000);
        if (wait > 0) throw tooMany(E.codeTooSoon, { seconds: wait });
      }
      if (recent.length >= EMAIL_CODES_PER_HOUR) throw tooMany(E.codeTooMany);
      const code = sixDigits();
      await tx.insert(emailCodes).values({
        email,
        purpose,
        codeHash: codeHash(email, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
      });
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
      return { expiresInSeconds: EMAIL_CODE_TTL_SECONDS, resendInSeconds: EMAIL_CODE_RESEND_SECONDS };
    });
  }

  /**
   * Checks a code against the latest one sent for this address and purpose. A wrong guess is
   * counted at once (outside any caller transaction). Returns the code's id; the caller marks
   * it used with `consume` inside its own transaction, so a failed registration keeps the code.
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
    if (latest.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw rule(E.codeExpired);
    if (!matches) {
      await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(eq(emailCodes.id, latest.id));
      throw rule(E.codeWrong);
    }
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
