import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { mailOutbox } from './db/schema.js';
import { createMailer, REDACTED } from './mail.js';

const { db } = await freshDatabase();
afterAll(() => db.$client.end());

describe('mailer', () => {
  it('without SMTP, logs one line with recipient and code and keeps the mail in the outbox with the code redacted', async () => {
    const lines: string[] = [];
    const mailLogFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'mail-')), 'mail.log');
    const mailer = createMailer({ ...loadConfig({}), mailLogFile }, {
      info: (_o: unknown, m?: string) => lines.push(String(m)),
      error: () => {},
    } as never);
    await mailer.send(db, {
      to: 'log@example.com',
      subject: 'Code 123456',
      text: 'Your code is 123456. Again: 123456',
      code: '123456',
    });
    expect(lines).toEqual([`MAIL to=log@example.com code=123456 subject="Code ${REDACTED}"`]);
    // The developer's copy of the line, where browser tests read codes.
    expect(await fs.readFile(mailLogFile, 'utf8')).toBe(`${lines[0]}\n`);
    const rows = await db.select().from(mailOutbox);
    const stored = rows.find((r) => r.recipient === 'log@example.com');
    expect(stored).toMatchObject({
      transport: 'log',
      subject: 'Code ••••••',
      body: 'Your code is ••••••. Again: ••••••',
    });
    expect(JSON.stringify(stored)).not.toContain('123456');
  });

  it('with a transport, sends through nodemailer and records it as smtp', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: unknown[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = ((mail: Parameters<typeof original>[0]) => {
      sent.push(mail);
      return original(mail);
    }) as typeof transport.sendMail;
    const config = { ...loadConfig({}), smtp: { url: 'smtp://unused', from: 'no-reply@kade.example' } };
    const mailer = createMailer(config, { info: () => {}, error: () => {} } as never, transport);
    await mailer.send(db, { to: 'smtp@example.com', subject: 'Hello', text: 'Body 654321', code: '654321' });
    // The customer gets the code; the kept copy does not.
    expect(sent).toEqual([
      { from: 'no-reply@kade.example', to: 'smtp@example.com', subject: 'Hello', text: 'Body 654321' },
    ]);
    const rows = await db.select().from(mailOutbox);
    expect(rows.find((r) => r.recipient === 'smtp@example.com')).toMatchObject({
      transport: 'smtp',
      body: 'Body ••••••',
    });
  });
});
