/** What a customer sees when the server itself fails, and the per-IP limits of the auth endpoints. */
import { auth as authApi } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('unexpected failures', () => {
  it('answer 500 with a request id and no internals', async () => {
    const h = await createHarness();
    await h.deps.db.$client.end(); // the database goes away under the running app
    const res = await h.call(authApi.loginByUsername, { username: 'someone', password: 'whatever1' }, { lang: 'nl' });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 500, data: null, requestId: expect.any(String) });
    expect(res.body.msg).toContain(res.body.requestId);
    expect(res.body.msg).toMatch(/Er ging bij ons iets mis/);
    expect(JSON.stringify(res.body)).not.toMatch(/pool|pg|sql|stack|Error:/i);
  });
});

describe('per-IP rate limits', () => {
  it('the 11th code request from one address within a minute answers 429', async () => {
    const h = await createHarness({ rateLimits: true });
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await h.call(authApi.getEmailCode, { email: `ip${i}@example.com` }));
    }
    expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true);
    expect(answers[10]).toMatchObject({ status: 429, body: { code: 429, data: null } });
  });

  it('a client cannot dodge the limit by sending its own X-Forwarded-For', async () => {
    const h = await createHarness({ rateLimits: true });
    const answers = [];
    for (let i = 0; i < 11; i++) {
      // Raw: the contract carries no X-Forwarded-For; the test sends one as a client trying to dodge the limit.
      answers.push(
        await h.request(
          'POST',
          '/getEmailCode',
          { email: `xff${i}@example.com` },
          { 'x-forwarded-for': `203.0.113.${i}` },
        ),
      );
    }
    expect(answers[10]?.status).toBe(429);
  });
});
