/** The demo operators' published passwords open the console on loopback only (docs/security.md). */
import { consoleApi } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../../../test/harness.js';
import { isLoopbackHost, loadConfig } from '../../config.js';
import { operators } from '../../platform/db/schema.js';
import { hashPassword } from '../../platform/passwords.js';
import { DEMO } from '../../seed.js';

async function withDemoAdmin(host: string, password: string = DEMO.admin.password) {
  const h = await createHarness({ config: { host } });
  await h.db
    .insert(operators)
    .values({ username: DEMO.admin.username, passwordHash: await hashPassword(password), role: 'admin' });
  return h;
}

describe('the bind and the demo operators', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['example.org', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it('on a network bind, refuses a demo operator that still has its published password, with a way out', async () => {
    const h = await withDemoAdmin('0.0.0.0');
    const res = await h.call(consoleApi.consoleLogin, { username: 'admin', password: DEMO.admin.password });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('demoOperatorExposed');
    expect(res.body.msg).toContain('npm run operator -- password');
    expect(res.body.data).toBeNull();
  });

  it('on a network bind, lets the same operator in once its password changed', async () => {
    const h = await withDemoAdmin('0.0.0.0', 'a long private passphrase');
    const res = await h.call(consoleApi.consoleLogin, { username: 'admin', password: 'a long private passphrase' });
    expect(res.status).toBe(200);
  });

  it('on loopback, the published password still works (the README demo)', async () => {
    const h = await withDemoAdmin('localhost');
    const res = await h.call(consoleApi.consoleLogin, { username: 'admin', password: DEMO.admin.password });
    expect(res.status).toBe(200);
  });
});
