/**
 * Outgoing mail. Every message is kept in the outbox (the console shows it) with its secret (an email code or
 * the token of a link) redacted, so no operator can read a customer's code there. With the embedded default
 * the mail is also printed to the server log as one line with recipient and code (MAIL_LOG_FILE copies that
 * line to a file for browser tests); with SMTP_URL set it is sent by nodemailer.
 */
import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db, Tx } from './db/client.js';
import { mailOutbox } from './db/schema.js';

/** What stands in the outbox where a mail's secret was. */
export const REDACTED = '••••••';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * The mail's secret (the email code, or a link's token): delivered, and printed in the log line of the
   * embedded default, but replaced by REDACTED wherever it appears in the stored copy.
   */
  code?: string;
}

/** The text with every occurrence of `secret` replaced (the outbox's copy). */
export const redact = (text: string, secret: string | undefined) => (secret ? text.replaceAll(secret, REDACTED) : text);

export function createMailer(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  /** Tests pass nodemailer's JSON transport here instead of an SMTP URL. */
  transportOverride?: Transporter,
) {
  const transport = transportOverride ?? (config.smtp ? nodemailer.createTransport(config.smtp.url) : undefined);

  /** Records the mail in the same transaction as what caused it, then delivers it. */
  async function send(tx: Db | Tx, mail: Mail): Promise<void> {
    await tx.insert(mailOutbox).values({
      recipient: mail.to,
      subject: redact(mail.subject, mail.code),
      body: redact(mail.text, mail.code),
      transport: transport ? 'smtp' : 'log',
      sentAt: transport ? null : new Date(),
    });
    if (!transport) {
      const subject = redact(mail.subject, mail.code);
      const line = `MAIL to=${mail.to} code=${mail.code ?? '-'} subject="${subject}"`;
      log.info({ mail: { to: mail.to, subject } }, line);
      if (config.mailLogFile) await fs.appendFile(config.mailLogFile, `${line}\n`);
      return;
    }
    transport
      .sendMail({ from: config.smtp?.from, to: mail.to, subject: mail.subject, text: mail.text })
      .catch((err: unknown) => log.error({ err, to: mail.to }, 'mail delivery failed'));
  }

  return { send };
}
export type Mailer = ReturnType<typeof createMailer>;
