import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveQuotesClient } from './liveClient';

/** A WebSocket stand-in: records what the client sends, lets the test open, answer and drop it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const tick = (key: string, price: string, time = 1) => ({
  type: 'tick',
  data: [{ key, price_nominal: price, time }],
});

function client() {
  return new LiveQuotesClient(
    () => 'ws://test/web/ws/quotes',
    (url) => new FakeSocket(url) as unknown as WebSocket,
  );
}

describe('LiveQuotesClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects on the first key and subscribes everything wanted in one batch once open', async () => {
    const live = client();
    live.acquire(['0:AAPL']);
    live.acquire(['0:AAPL', '2:EURUSD']);
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', keys: ['0:AAPL', '2:EURUSD'] }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(last().sent).toHaveLength(1);
  });

  it('counts references and unsubscribes only after the last user left and the linger passed', async () => {
    const live = client();
    const a = live.acquire(['0:AAPL']);
    const b = live.acquire(['0:AAPL']);
    last().open();
    a();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().sent).toEqual([{ op: 'sub', keys: ['0:AAPL'] }]);
    b();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(last().sent).toEqual([
      { op: 'sub', keys: ['0:AAPL'] },
      { op: 'unsub', keys: ['0:AAPL'] },
    ]);
  });

  it('keeps a key that comes back within the linger without a new sub', async () => {
    const live = client();
    const release = live.acquire(['0:AAPL']);
    last().open();
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    live.acquire(['0:AAPL']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().sent).toEqual([{ op: 'sub', keys: ['0:AAPL'] }]);
  });

  it('stores ticks by key and tells only that key’s listeners', () => {
    const live = client();
    live.acquire(['0:AAPL', '2:EURUSD']);
    last().open();
    const aapl = vi.fn();
    const eur = vi.fn();
    live.subscribeTick('0:AAPL', aapl);
    live.subscribeTick('2:EURUSD', eur);
    last().receive(tick('0:AAPL', '216.22'));
    expect(live.tick('0:AAPL')?.price_nominal).toBe('216.22');
    expect(aapl).toHaveBeenCalledTimes(1);
    expect(eur).not.toHaveBeenCalled();
    expect(live.getStatus()).toBe('live');
  });

  it('reconnects with backoff after a drop and subscribes again', async () => {
    const live = client();
    live.acquire(['0:AAPL']);
    last().open();
    last().receive({ type: 'subscribed', keys: ['0:AAPL'], rejected: [] });
    last().drop();
    expect(live.getStatus()).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    last().drop();
    await vi.advanceTimersByTimeAsync(900);
    // The second wait is longer (1-2 s).
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', keys: ['0:AAPL'] }]);
  });

  it('pings a quiet socket and replaces a dead one', async () => {
    const live = client();
    live.acquire(['0:AAPL']);
    const first = last();
    first.open();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.sent).toContainEqual({ op: 'ping' });
    // Dead after 35 s of silence (checked every 5 s), then a new socket after the first backoff (≤ 1 s).
    await vi.advanceTimersByTimeAsync(17_000);
    expect(FakeSocket.all.length).toBeGreaterThan(1);
    expect(first.readyState).toBe(3);
  });

  it('does not ask again for keys the server does not know', async () => {
    const live = client();
    live.acquire(['0:NOPE']);
    last().open();
    last().receive({ type: 'subscribed', keys: [], rejected: ['0:NOPE'] });
    live.acquire(['0:AAPL']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().sent).toEqual([
      { op: 'sub', keys: ['0:NOPE'] },
      { op: 'sub', keys: ['0:AAPL'] },
    ]);
  });

  it('closes the socket when nothing has been followed for a while', async () => {
    const live = client();
    const release = live.acquire(['0:AAPL']);
    last().open();
    release();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(last().readyState).toBe(3);
    expect(live.getStatus()).toBe('idle');
  });

  it('ties the socket to a signed-in customer, keeps it open without keys and hands on account events', async () => {
    const live = client();
    const kinds: unknown[] = [];
    live.subscribeAccount((kind) => kinds.push(kind));
    const token = 't'.repeat(32);
    live.setAuth(token);
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    expect(last().sent).toEqual([{ op: 'auth', token }]);
    last().receive({ type: 'auth', user: true });
    last().receive({ type: 'account', kind: 'depositApproved', messageId: 7 });
    expect(kinds).toEqual(['depositApproved']);
    // Nothing followed, yet the socket stays (the server's heartbeats keep it alive): the events need it.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(10_000);
      last().receive({ type: 'heartbeat', time: i });
    }
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().readyState).toBe(1);

    // After a lost connection the socket is tied again, and everything is refetched once (events may be lost).
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ op: 'auth', token }]);
    last().receive({ type: 'auth', user: true });
    expect(kinds).toEqual(['depositApproved', null]);

    // Signing out unties it, and with nothing followed the socket closes after a while.
    live.setAuth(null);
    expect(last().sent).toContainEqual({ op: 'auth', token: null });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(last().readyState).toBe(3);
  });
});
