import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClock } from '../platform/clock.js';
import { createSimulatedProvider } from './provider.js';
import type { SimInstrument, Tick } from './types.js';

const sap: SimInstrument = {
  code: 'SAPX',
  source: 0,
  kind: 'stock',
  classify: 'DE',
  exchange: 'XETRA',
  currency: 'EUR',
  refPrice: '210.00',
  priceDecimals: 2,
  lotSize: 1,
  volatility: 0.28,
};
const btc: SimInstrument = {
  code: 'BTCUSDT',
  source: 100,
  kind: 'crypto',
  exchange: 'CRYPTO',
  currency: 'USDT',
  refPrice: '90000.00',
  priceDecimals: 2,
  lotSize: 0.001,
  volatility: 0.5,
};

describe('simulated market provider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at the clock time unless told otherwise, and says it is simulated', async () => {
    const clock = new TestClock(Date.parse('2026-06-20T12:00:00Z')); // Saturday: XETRA closed
    const provider = createSimulatedProvider({ seed: 'p', instruments: [sap, btc], clock });
    expect(provider.simulated).toBe(true);
    const now = await provider.quote({ code: 'SAPX', source: 0 });
    expect(now).toEqual(provider.simulator.quote('0:SAPX', clock.now()));
    expect(now.marketOpen).toBe(false);
    expect((await provider.sessionState('0:SAPX')).nextOpen?.toISOString()).toBe('2026-06-22T07:00:00.000Z');
    const friday = new Date('2026-06-19T10:00:00Z');
    expect(await provider.quotes(['0:SAPX', '100:BTCUSDT'], friday)).toEqual([
      provider.simulator.quote('0:SAPX', friday),
      provider.simulator.quote('100:BTCUSDT', friday),
    ]);
    expect(await provider.candles('0:SAPX', '1W')).toHaveLength(5 * 17);
    expect(await provider.sparkline('100:BTCUSDT')).toHaveLength(50);
    await expect(provider.quote('0:NOPE')).rejects.toThrow('unknown instrument 0:NOPE');
  });

  it('publishes each second of ticks once, for the instruments that trade, and stops when unsubscribed', () => {
    const clock = new TestClock(Date.parse('2026-06-20T12:00:00Z'));
    const provider = createSimulatedProvider({ seed: 'p', instruments: [sap, btc], clock });
    const received: Tick[] = [];
    const stop = provider.subscribeTicks((ticks) => received.push(...ticks));
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      vi.advanceTimersByTime(1000);
    }
    // Only crypto trades on a Saturday; one tick per second, none repeated.
    expect(received.map((t) => t.code)).toEqual(Array(5).fill('BTCUSDT'));
    expect(received.map((t) => t.time)).toEqual(
      [1, 2, 3, 4, 5].map((s) => Date.parse('2026-06-20T12:00:00Z') + s * 1000),
    );
    expect(received[2]!.price).toBe(provider.simulator.price('100:BTCUSDT', new Date(received[2]!.time)));
    stop();
    clock.advance(1000);
    vi.advanceTimersByTime(1000);
    expect(received).toHaveLength(5);
  });

  it('catches up at most a minute after a stall and survives a throwing listener', () => {
    const clock = new TestClock(Date.parse('2026-06-20T12:00:00Z'));
    const provider = createSimulatedProvider({ seed: 'p', instruments: [btc], clock });
    const errors: unknown[] = [];
    const batches: number[] = [];
    const stop = provider.subscribeTicks(
      (ticks) => {
        batches.push(ticks.length);
        if (batches.length === 1) throw new Error('listener failed');
      },
      { onError: (e) => errors.push(e) },
    );
    clock.advance(3_600_000);
    vi.advanceTimersByTime(1000);
    clock.advance(1000);
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([60, 1]);
    expect(errors).toHaveLength(1);
    stop();
  });
});
