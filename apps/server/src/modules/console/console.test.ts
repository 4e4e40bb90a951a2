import { auth as authApi, consoleApi, user as userApi } from '@beurs/contracts';
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
  admin = (await h.call(consoleApi.consoleLogin, { username: 'root', password: 'RootPass1' })).body.data.token;
  reviewer = (await h.call(consoleApi.consoleLogin, { username: 'rita', password: 'RitaPass1' })).body.data.token;
});

describe('console', () => {
  it('keeps operator and customer tokens apart', async () => {
    const u = await h.registerUser();
    expect((await h.call(consoleApi.consoleMe, {}, { token: u.token })).body.code).toBe(401);
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: admin })).body.code).toBe(401);
    expect((await h.call(consoleApi.consoleMe, {}, { token: admin })).body.data).toMatchObject({
      username: 'root',
      role: 'admin',
    });
    expect((await h.call(consoleApi.consoleLogin, { username: 'root', password: 'wrong' })).body.code).toBe(422);
  });

  it('says how long the session lasts from now, so the console need not trust its own clock', async () => {
    const login = await h.call(consoleApi.consoleLogin, {
      username: 'rita',
      password: 'RitaPass1',
    });
    const { expiresAt, expiresIn } = login.body.data;
    expect(expiresIn).toBe(h.deps.config.operatorTokenIdleSeconds);
    expect(expiresAt - h.deps.clock.now().getTime()).toBeGreaterThan((expiresIn - 5) * 1000);
  });

  it('lists and finds customers, and shows one read-only', async () => {
    const u = await h.registerUser();
    const list = await h.call(consoleApi.consoleCustomers, { q: u.email }, { token: reviewer });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id: u.user.id, email: u.email, accountType: 2, kycStatus: 0 });
    const one = await h.call(consoleApi.consoleCustomer, {}, { token: reviewer, params: { id: u.user.id } });
    expect(one.body.data).toMatchObject({ user: { email: u.email }, activeSessions: 1, referrals: 0 });
    expect((await h.call(consoleApi.consoleCustomer, {}, { token: reviewer, params: { id: 99999 } })).body.code).toBe(
      404,
    );
    expect((await h.call(consoleApi.consoleCustomer, {}, { token: reviewer, params: { id: 'abc' } })).body.code).toBe(
      400,
    );
  });

  it('shows the outbox with the codes redacted (operator-trust.test.ts has the takeover attempt)', async () => {
    await h.call(authApi.getEmailCode, { email: 'outbox@example.com' });
    const res = await h.call(consoleApi.consoleOutbox, { q: 'outbox@' }, { token: reviewer });
    expect(res.body.data.list[0]?.recipient).toBe('outbox@example.com');
    expect(res.body.data.list[0]?.subject).toBe('Your verification code: ••••••');
    expect(res.body.data.list[0]?.body).toContain('verification code is ••••••.');
    expect(res.body.data.list[0]?.body).not.toMatch(/\d{6}/);
  });

  it('audits operator actions; only admins read the audit log', async () => {
    const u = await h.registerUser();
    await h.call(consoleApi.consoleCustomer, {}, { token: reviewer, params: { id: u.user.id } });
    expect((await h.call(consoleApi.consoleAudit, {}, { token: reviewer })).body.code).toBe(403);
    const log = await h.call(consoleApi.consoleAudit, { pageSize: '50' }, { token: admin });
    expect(log.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operator: 'rita', action: 'customer.view', targetId: String(u.user.id) }),
        expect.objectContaining({ operator: 'root', action: 'operator.login' }),
      ]),
    );
  });

  it('revokes the operator token at logout', async () => {
    const t = (await h.call(consoleApi.consoleLogin, { username: 'rita', password: 'RitaPass1' })).body.data.token;
    expect((await h.call(consoleApi.consoleLogout, {}, { token: t })).body.code).toBe(200);
    expect((await h.call(consoleApi.consoleMe, {}, { token: t })).body.code).toBe(401);
  });
});
