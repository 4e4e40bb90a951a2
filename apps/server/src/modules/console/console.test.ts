import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { operators } from '../../platform/db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

let h: Harness;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  h = await createHarness();
  await h.db.insert(operators).values([
    { username: 'root', passwordHash: await hashPassword('RootPass1'), role: 'admin' },
    { username: 'rita', passwordHash: await hashPassword('RitaPass1'), role: 'reviewer' },
  ]);
  admin = (await h.post<{ token: string }>('/console/login', { username: 'root', password: 'RootPass1' })).body.data
    .token;
  reviewer = (await h.post<{ token: string }>('/console/login', { username: 'rita', password: 'RitaPass1' })).body.data
    .token;
});

describe('console', () => {
  it('keeps operator and customer tokens apart', async () => {
    const u = await h.registerUser();
    expect((await h.get('/console/me', u.token)).body.code).toBe(401);
    expect((await h.post('/api/user/info', {}, admin)).body.code).toBe(401);
    expect((await h.get('/console/me', admin)).body.data).toMatchObject({ username: 'root', role: 'admin' });
    expect((await h.post('/console/login', { username: 'root', password: 'wrong' })).body.code).toBe(422);
  });

  it('says how long the session lasts from now, so the console need not trust its own clock', async () => {
    const login = await h.post<{ expiresAt: number; expiresIn: number }>('/console/login', {
      username: 'rita',
      password: 'RitaPass1',
    });
    const { expiresAt, expiresIn } = login.body.data;
    expect(expiresIn).toBe(h.deps.config.operatorTokenIdleSeconds);
    expect(expiresAt - h.deps.clock.now().getTime()).toBeGreaterThan((expiresIn - 5) * 1000);
  });

  it('lists and finds customers, and shows one read-only', async () => {
    const u = await h.registerUser();
    const list = await h.get<{ list: Array<{ id: number; email: string }>; total: number }>(
      `/console/customers?q=${encodeURIComponent(u.email)}`,
      reviewer,
    );
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id: u.user.id, email: u.email, accountType: 2, kycStatus: 0 });
    const one = await h.get<{ user: { email: string }; activeSessions: number }>(
      `/console/customers/${u.user.id}`,
      reviewer,
    );
    expect(one.body.data).toMatchObject({ user: { email: u.email }, activeSessions: 1, referrals: 0 });
    expect((await h.get('/console/customers/99999', reviewer)).body.code).toBe(404);
    expect((await h.get('/console/customers/abc', reviewer)).body.code).toBe(400);
  });

  it('shows the outbox with the codes redacted (operator-trust.test.ts has the takeover attempt)', async () => {
    await h.post('/getEmailCode', { email: 'outbox@example.com' });
    const res = await h.get<{ list: Array<{ recipient: string; subject: string; body: string }> }>(
      '/console/outbox?q=outbox@',
      reviewer,
    );
    expect(res.body.data.list[0]?.recipient).toBe('outbox@example.com');
    expect(res.body.data.list[0]?.subject).toBe('Your verification code: ••••••');
    expect(res.body.data.list[0]?.body).toContain('verification code is ••••••.');
    expect(res.body.data.list[0]?.body).not.toMatch(/\d{6}/);
  });

  it('audits operator actions; only admins read the audit log', async () => {
    const u = await h.registerUser();
    await h.get(`/console/customers/${u.user.id}`, reviewer);
    expect((await h.get('/console/audit', reviewer)).body.code).toBe(403);
    const log = await h.get<{ list: Array<{ operator: string; action: string; targetId: string | null }> }>(
      '/console/audit?pageSize=50',
      admin,
    );
    expect(log.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operator: 'rita', action: 'customer.view', targetId: String(u.user.id) }),
        expect.objectContaining({ operator: 'root', action: 'operator.login' }),
      ]),
    );
  });

  it('revokes the operator token at logout', async () => {
    const t = (await h.post<{ token: string }>('/console/login', { username: 'rita', password: 'RitaPass1' })).body.data
      .token;
    expect((await h.post('/console/logout', {}, t)).body.code).toBe(200);
    expect((await h.get('/console/me', t)).body.code).toBe(401);
  });
});
