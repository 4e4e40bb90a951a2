/**
 * The live-quotes socket over a real listening server and the `ws` client. The tick loop runs on real
 * timers (every 100 ms here) and reads the time from the harness clock, which stands at Monday 10:00 UTC:
 * SAP (Xetra) and AAPL (US pre-market) trade, Tencent (Hong Kong) does not.
 */
import type { AddressInfo } from 'node:net';
import { type CompactQuote, market, type WsServerMessage } from '@beurs/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createHarness, type Harness } from '../../../test/harness.js';
import { createInProcessBus } from '../../platform/bus.js';
import { createTickLoop, QUOTE_TICKS, textFrame } from './live.js';
import { createMarketService } from './service.js';

let h: Harness;
let url: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  h = await createHarness({ config: { quoteTickMs: 100, wsHeartbeatMs: 1000 } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/web/ws/quotes`;
});
afterAll(() => {
  for (const ws of open) ws.terminate();
});

/** A client that keeps every message and can wait for the next one matching a test. */
async function connect(options: WebSocket.ClientOptions = {}, query = '') {
  const ws = new WebSocket(url + query, options);
  open.push(ws);
  const received: WsServerMessage[] = [];
  const waiters: Array<{ test: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }> = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as WsServerMessage;
    received.push(message);
    for (const w of [...waiters])
      if (w.test(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = <T extends WsServerMessage['type']>(
    type: T,
    test: (m: Extract<WsServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 3000,
  ) =>
    new Promise<Extract<WsServerMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        test: (m) => m.type === type && test(m as Extract<WsServerMessage, { type: T }>),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<WsServerMessage, { type: T }>);
        },
      });
    });
  const send = (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  return { ws, received, next, send };
}

const keysOf = (data: CompactQuote[]) => data.map((q) => q.key).sort();

describe('live quotes socket', () => {
  it('answers a plain GET with an envelope', async () => {
    // Raw: the socket's address is no contract endpoint; a plain GET is what a wrong client sends.
    const res = await h.app.inject({ method: 'GET', url: '/web/ws/quotes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  it('subscribes a guest, sends the current quotes at once, then ticks only for open markets', async () => {
    const c = await connect();
    const subscribed = c.next('subscribed');
    const snapshot = c.next('tick');
    c.send({ op: 'sub', keys: ['0:SAP', '0:AAPL', '11:00700', '0:NOPE', '0:SAP'] });
    expect(await subscribed).toEqual({
      type: 'subscribed',
      keys: ['0:SAP', '0:AAPL', '11:00700'],
      rejected: ['0:NOPE'],
    });
    const first = (await snapshot).data;
    expect(keysOf(first)).toEqual(['0:AAPL', '0:SAP', '11:00700']);
    const sap = first.find((q) => q.key === '0:SAP')!;
    const detail = await h.call(market.stockDetail, { code: 'SAP' });
    expect(sap).toMatchObject({ price_nominal: detail.body.data.price_nominal, marketOpen: true, phase: 'regular' });
    expect(first.find((q) => q.key === '11:00700')).toMatchObject({ marketOpen: false, phase: 'closed' });

    // The loop's time is the harness clock: move it and the next ticks carry the new second.
    const start = h.clock.now().getTime();
    h.clock.advance(1000);
    const before = Date.now();
    const later = await c.next('tick', (m) => m.data.some((q) => q.time === start + 1000));
    expect(keysOf(later.data)).toEqual(['0:AAPL', '0:SAP']);
    // sentAt is the server's wall clock when it sent the tick, whatever moment the market is at.
    expect(later.sentAt).toBeGreaterThanOrEqual(before - 200);
    expect(later.sentAt).toBeLessThanOrEqual(Date.now());
    h.clock.advance(60_000);
    const minuteLater = await c.next('tick', (m) => m.data.some((q) => q.time === start + 61_000));
    const sapLater = minuteLater.data.find((q) => q.key === '0:SAP')!;
    expect(Number(sapLater.volume)).toBeGreaterThan(Number(sap.volume));
    expect(sapLater.price_nominal).toMatch(/^\d+\.\d{2}$/);

    const unsubscribed = c.next('unsubscribed');
    c.send({ op: 'unsub', keys: ['0:SAP', '0:MSFT'] });
    expect((await unsubscribed).keys).toEqual(['0:SAP']);
    h.clock.advance(1000);
    const afterUnsub = await c.next('tick', (m) => m.data.some((q) => q.time === start + 62_000));
    expect(keysOf(afterUnsub.data)).toEqual(['0:AAPL']);

    c.send({ op: 'unsub' });
    expect((await c.next('unsubscribed')).keys).toEqual(['0:AAPL', '11:00700']);
    c.ws.close();
  });

  it('sends sockets that follow the same keys the same tick, each its own keys', async () => {
    const a = await connect();
    const b = await connect();
    const other = await connect();
    a.send({ op: 'sub', keys: ['0:SAP', '2:EURUSD'] });
    b.send({ op: 'sub', keys: ['0:SAP', '2:EURUSD'] });
    other.send({ op: 'sub', keys: ['0:SAP'] });
    for (const c of [a, b, other]) await c.next('subscribed');
    const time = h.clock.now().getTime() + 1000;
    const atTime = (m: { data: CompactQuote[] }) => m.data.some((q) => q.time === time);
    const ticks = Promise.all([a.next('tick', atTime), b.next('tick', atTime), other.next('tick', atTime)]);
    h.clock.advance(1000);
    const [ta, tb, tother] = await ticks;
    expect(keysOf(ta.data)).toEqual(['0:SAP', '2:EURUSD']);
    expect(tb).toEqual(ta);
    expect(keysOf(tother.data)).toEqual(['0:SAP']);
    expect(tother.data[0]).toEqual(ta.data.find((q) => q.key === '0:SAP'));
    for (const c of [a, b, other]) c.ws.close();
  });

  it('spreads heartbeats over the interval instead of one burst to every socket', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => connect()));
    const arrivals = await Promise.all(sockets.map((c) => c.next('heartbeat').then(() => Date.now())));
    // 1 s heartbeat: four groups, one visited every 250 ms; eight sockets land in at least two of them.
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThanOrEqual(200);
    for (const c of sockets) c.ws.close();
  });

  it('answers ping with pong and sends heartbeats on its own', async () => {
    const c = await connect();
    const pong = c.next('pong');
    c.send({ op: 'ping' });
    expect((await pong).time).toBe(h.clock.now().getTime());
    expect((await c.next('heartbeat')).time).toBe(h.clock.now().getTime());
    c.ws.close();
  });

  it('reports bad messages in the connection language and keeps the connection', async () => {
    const c = await connect({ headers: { 'accept-language': 'nl' } });
    const error = c.next('error');
    c.send('not json');
    expect(await error).toEqual({ type: 'error', code: 400, msg: 'Het verzoek is niet geldig' });
    const second = c.next('error');
    c.send({ op: 'subscribe', keys: ['0:SAP'] });
    expect((await second).code).toBe(400);
    const zh = await connect({}, '?lang=zh-Hans');
    const zhError = zh.next('error');
    zh.send({ op: 'sub', keys: 'AAPL' });
    expect((await zhError).msg).toBe('请求无效');
    const pong = c.next('pong');
    c.send({ op: 'ping' });
    await pong;
    c.ws.close();
    zh.ws.close();
  });

  it('follows at most 200 instruments per socket', async () => {
    const { allInstruments } = await import('../../market/instruments/index.js');
    const keys = allInstruments.map((i) => `${i.source}:${i.code}`);
    const c = await connect();
    const first = c.next('subscribed');
    c.send({ op: 'sub', keys: keys.slice(0, 150) });
    expect((await first).keys).toHaveLength(150);
    const limit = c.next('error');
    const second = c.next('subscribed');
    c.send({ op: 'sub', keys: keys.slice(150, 250) });
    expect(await limit).toMatchObject({ code: 422, msg: 'At most 200 instruments can be followed live at once' });
    const answer = await second;
    expect(answer.keys).toHaveLength(50);
    expect(answer.rejected).toEqual(keys.slice(200, 250));
    const tooMany = c.next('error');
    c.send({ op: 'sub', keys: keys.slice(0, 201) });
    expect((await tooMany).code).toBe(400);
    c.ws.close();
  });

  it('closes a socket that sends an oversized message', async () => {
    const c = await connect();
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    c.send({ op: 'sub', keys: ['x'.repeat(20_000)] });
    expect(await closed).toBe(1009);
  });

  it('drops a socket that stops answering pings', async () => {
    const c = await connect({ autoPong: false });
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    // Two heartbeats (1 s each) without a pong or any message: the server terminates the connection.
    expect(await closed).toBe(1006);
  });
});

describe('tick loop', () => {
  it('publishes on the boundaries of its interval by the wall clock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(1_800_000_000_137);
      const bus = createInProcessBus();
      const published: number[] = [];
      bus.subscribe(QUOTE_TICKS, () => published.push(Date.now()));
      const service = createMarketService({ market: h.deps.market, clock: h.clock });
      const loop = createTickLoop({ service, bus, clock: h.clock, intervalMs: 200, log: h.app.log });
      loop.want(['0:SAP']);
      loop.start();
      await vi.advanceTimersByTimeAsync(62);
      expect(published).toEqual([]);
      await vi.advanceTimersByTimeAsync(1 + 400);
      expect(published).toEqual([1_800_000_000_200, 1_800_000_000_400, 1_800_000_000_600]);
      loop.stop();
      await vi.advanceTimersByTimeAsync(1000);
      expect(published).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('textFrame', () => {
  it('builds the frame ws sends for a string, for every length encoding', () => {
    const { Sender } = WebSocket as unknown as {
      Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
    };
    for (const n of [0, 5, 125, 126, 2000, 65_535, 65_536, 100_000]) {
      const payload = Buffer.alloc(n, 'x');
      const expected = Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: true }));
      expect(textFrame(payload).equals(expected)).toBe(true);
    }
  });
});
