/**
 * The server log never carries SQL parameters, password hashes, passwords, tokens or codes. A register whose
 * INSERT fails used to log drizzle's "Failed query … params: <argon2 hash>,<email>,…" and PostgreSQL's "Failing
 * row contains (…)". The app here logs to an array through the same logger options as `npm start`.
 */
import { randomUUID } from 'node:crypto';
import { auth as authApi } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { safeError } from '../src/platform/log.js';
import { createHarness, type Harness } from './harness.js';

const lines: string[] = [];
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
});

/** What the log holds apart from the `MAIL to=… code=…` lines the embedded transport prints on purpose (README). */
const logged = () => lines.filter((l) => !JSON.parse(l).msg?.startsWith('MAIL ')).join('\n');

describe('log redaction', () => {
  it('a register that fails in the database logs the fault, not the row', async () => {
    const signedIn = await h.registerUser();
    const email = `secret-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Un1que-Passphrase-Horse';
    const sent = await h.call(authApi.getEmailCode, { email, purpose: 'register' });
    expect(sent.status).toBe(200);
    const code = await h.lastCode(email);
    // The owner makes every new customer row fail a check: the INSERT carries the hash, the email and the names.
    await h.db.$client.query('alter table users add constraint h7_refuse_all check (false) not valid');
    try {
      const res = await h.call(
        authApi.register,
        {
          userId: 'secret_user',
          email,
          emailCode: code,
          password,
          firstName: 'Geheimnaam',
          lastName: 'Bakker',
          country: 'NL',
          agree: true,
        },
        { token: signedIn.token },
      );
      expect(res.status).toBe(500);
      expect(res.body.requestId).toBeTruthy();
    } finally {
      await h.db.$client.query('alter table users drop constraint h7_refuse_all');
    }

    const log = logged();
    // The fault is there: type, SQLSTATE, constraint, the statement without its values.
    expect(log).toContain('unexpected error');
    expect(log).toContain('23514');
    expect(log).toContain('h7_refuse_all');
    expect(log).toContain('insert into');
    // Nothing of the row.
    for (const secret of [
      password,
      email,
      code,
      'Geheimnaam',
      'secret_user',
      '$argon2id$',
      signedIn.token,
      'Failing row',
    ])
      expect(log, secret).not.toContain(secret);
    expect(log).not.toMatch(/params: (?!\[withheld\])/);
  });

  it('secret fields of a logged object are redacted', () => {
    lines.length = 0;
    h.app.log.info(
      { password: 'hunter2-pass', user: { passwordHash: '$argon2id$v=19$abc', token: 'tok-123' }, emailCode: '123456' },
      'something',
    );
    const log = logged();
    for (const secret of ['hunter2-pass', '$argon2id$', 'tok-123', '123456']) expect(log).not.toContain(secret);
    expect(log).toContain('[redacted]');
  });

  it('request lines leave out the query (a signed file address carries its signature there)', async () => {
    const requestLines: string[] = [];
    process.env.LOG_REQUESTS = 'true';
    const withRequests = await createHarness({
      logger: { level: 'info', stream: { write: (line: string) => requestLines.push(line) } },
    }).finally(() => {
      delete process.env.LOG_REQUESTS;
    });
    const url = withRequests.deps.files.signedUrl('no-such-file-id-123456');
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    expect(sig.length).toBeGreaterThan(10);
    // Raw: a signed file address, served outside the contract's endpoints.
    await withRequests.app.inject({ method: 'GET', url });
    const log = requestLines.join('\n');
    expect(log).toContain('/web/file/no-such-file-id-123456');
    expect(log).not.toContain(sig);
  });

  it('a data exception keeps its SQLSTATE and loses the quoted value', () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "hunter2"'), {
      code: '22P02',
      detail: 'x',
    });
    const out = safeError(new Error('Failed query: select $1\nparams: hunter2', { cause: err }));
    expect(JSON.stringify(out)).not.toContain('hunter2');
    expect(out.cause).toMatchObject({ code: '22P02' });
  });
});
