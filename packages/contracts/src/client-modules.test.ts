import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientModules } from './client-modules.js';
import { defineEndpoint } from './endpoint.js';
import * as market from './endpoints/market.js';
import * as wallet from './endpoints/wallet.js';
import { allEndpoints } from './index.js';

describe('clientModules', () => {
  it('keeps what a call needs of each endpoint and the plain constants, not the schemas', () => {
    const client = clientModules({ wallet }).wallet ?? {};
    expect(client.transfer).toEqual({ method: 'POST', path: wallet.transfer.path, auth: 'user', idempotent: true });
    expect(client.TRANSFER_CANCEL_SECONDS).toBe(wallet.TRANSFER_CANCEL_SECONDS);
    expect(client.ENTRY_TYPES).toEqual(wallet.ENTRY_TYPES);
    expect(client).not.toHaveProperty('walletType');
    expect(clientModules({ m: { PATTERN: /x/ } }).m).toEqual({});
    expect(JSON.stringify(client)).not.toContain('_zod');
  });

  it('carries every endpoint of the modules it is given', () => {
    const client = clientModules({ market }).market ?? {};
    const paths = Object.values(client).flatMap((v) => (typeof v === 'object' && v && 'path' in v ? [v.path] : []));
    const expected = allEndpoints.filter((e) => (Object.values(market) as unknown[]).includes(e)).map((e) => e.path);
    expect(paths.sort()).toEqual(expected.sort());
  });

  it('refuses a constant JSON would change, at build time', () => {
    const ping = defineEndpoint({
      method: 'GET',
      path: '/ping',
      auth: 'public',
      summary: '',
      tag: '',
      request: z.object({}),
      data: z.null(),
    });
    expect(() => clientModules({ m: { ping, at: new Date(0) } })).toThrow(/m\.at is not plain data/);
    expect(() => clientModules({ m: { holder: { schema: z.string() } } })).toThrow(/m\.holder/);
    expect(() => clientModules({ m: { keys: new Map([['a', 1]]) } })).toThrow(/m\.keys/);
  });
});
