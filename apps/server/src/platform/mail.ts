/**
 * Outgoing mail. Every message is kept in the outbox (the console shows it). With the
 * embedded default it is also printed to the server log as one line with recipient and
 * code; with SMTP_URL set it is sent by nodemailer.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db, Tx } from './db/client.js';
import { mailOutbox } from './db/schema.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Printed in the log line of the embedded default (the email code). */
  code?: string;
}

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
      subject: mail.subject,
      body: mail.text,
      transport: transport ? 'smtp' : 'log',
      sentAt: transport ? null : new Date(),
    });
    if (!transport) {
      log.info(
        { mail: { to: mail.to, subject: mail.subject } },
        `MAIL to=${mail.to} code=${mail.code ?? '-'} subject="${mail.subject}"`,
      );
      return;
    }
    transport
      .sendMail({ from: config.smtp?.from, to: mail.to, subject: mail.subject, text: mail.text })
      .catch((err: unknown) => log.error({ err, to: mail.to }, 'mail delivery failed'));
  }

  return { send };
}
export type Mailer = ReturnType<typeof createMailer>;
