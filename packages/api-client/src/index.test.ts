import { auth, consoleApi, quant, user } from '@beurs/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './index.js';

type Handler = (url: string, init: RequestInit) => Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that waits for `handler`, and rejects like the real one when its signal aborts. */
function fakeFetch(handler: Handler) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      handler(url, init).then(resolve, reject);
    });
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const make = (handler: Handler, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) => {
  const f = fakeFetch(handler);
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    getToken: () => 'tok',
    getLanguage: () => 'nl',
    onUnauthorized,
    networkErrorMessage: () => 'Netwerkfout',
    fetchImpl: f.fetchImpl,
    ...extra,
  });
  return { client, calls: f.calls, onUnauthorized };
};

describe('api client', () => {
  it('sends a form contract form-encoded (SPEC §7 /quantization/order/save)', async () => {
    const { client, calls } = make(async () => json({ code: 200, msg: 'success', data: { id: 1 } }));
    await client.call(
      quant.quantOrderSave,
      { strategyId: 5, amount: '100.00', termDays: 7, confirmation: 'abc' },
      undefined,
      { idempotencyKey: 'k-1' },
    );
    const init = calls[0]?.init as RequestInit & { headers: Record<string, string> };
    expect(calls[0]?.url).toBe('/web/quantization/order/save');
    expect(init.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(init.headers['idempotency-key']).toBe('k-1');
    expect(init.body).toBe('strategyId=5&amount=100.00&termDays=7&confirmation=abc');
  });

  it('posts JSON under /web with the language and token headers and resolves with data', async () => {
    const { client, calls } = make(async () => json({ code: 200, msg: 'success', data: { ok: true } }));
    await expect(client.call(auth.logout, {})).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/web/logout');
    expect(calls[0]?.init.headers).toMatchObject({ 'accept-language': 'nl', languages: 'nl', authorization: 'tok' });
  });

  it('puts GET requests in the query and fills path parameters', async () => {
    const { client, calls } = make(async () => json({ code: 200, msg: 'success', data: [] }));
    await client.call(user.dictData, { type: 'brand' });
    await client.call(consoleApi.consoleCustomer, {}, { id: 7 }).catch(() => undefined);
    expect(calls.map((c) => c.url)).toEqual(['/web/dict/data?type=brand', '/web/console/customers/7']);
  });

  it('rejects with the server msg for other codes', async () => {
    const { client } = make(async () =>
      json({ code: 422, msg: 'Onjuist', data: null, reason: 'wrongCredentials' }, 422),
    );
    const err = await client.call(auth.loginByUsername, { username: 'a', password: 'b' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'server', message: 'Onjuist', code: 422, reason: 'wrongCredentials' });
  });

  it('calls onUnauthorized once for 401 and 403 with the code', async () => {
    const { client, onUnauthorized } = make(async () => json({ code: 401, msg: 'Sessie verlopen', data: null }, 401));
    await expect(client.call(user.userInfoEndpoint, {})).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledWith('Sessie verlopen', 401);
  });

  it('says network error when the network fails', async () => {
    const { client } = make(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.call(user.appVersion)).rejects.toMatchObject({ kind: 'network', message: 'Netwerkfout' });
  });

  it('aborts an earlier call with the same request id, silently', async () => {
    let n = 0;
    const { client } = make(
      () =>
        new Promise((resolve) => {
          n += 1;
          const mine = n;
          setTimeout(() => resolve(json({ code: 200, msg: 'success', data: [{ key: 'n', value: mine }] })), 20);
        }),
    );
    const first = client.call(user.dictData, { type: 'brand' }, undefined, { requestId: 'search' }).catch((e) => e);
    const second = client.call(user.dictData, { type: 'brand' }, undefined, { requestId: 'search' });
    const firstResult = await first;
    expect(firstResult).toBeInstanceOf(ApiError);
    expect(firstResult.silent).toBe(true);
    await expect(second).resolves.toEqual([{ key: 'n', value: 2 }]);
  });

  it('times out with its own message', async () => {
    const { client } = make(() => new Promise(() => {}), { timeoutMessage: () => 'Time-out' });
    await expect(client.call(user.appVersion, {}, undefined, { timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Time-out',
    });
  });
});
