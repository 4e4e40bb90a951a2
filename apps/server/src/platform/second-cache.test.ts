import { describe, expect, it } from 'vitest';
import { TestClock } from './clock.js';
import { createSecondCache } from './second-cache.js';

describe('createSecondCache', () => {
  it('builds a key once per second, shares it while it is being built, and drops it when the second changes', async () => {
    const clock = new TestClock(Date.parse('2026-11-02T10:00:00.100Z'));
    const cache = createSecondCache<number>(clock, 10);
    let builds = 0;
    const build = async () => ++builds;
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    clock.advance(800); // 10:00:00.900, the same second
    expect(await cache.get('k', build)).toBe(1);
    expect(await cache.get('other', build)).toBe(2);
    clock.advance(100); // 10:00:01.000
    expect(await cache.get('k', build)).toBe(3);
  });

  it('holds a value for a longer period when asked to', async () => {
    const clock = new TestClock(Date.parse('2026-11-02T10:00:00.000Z'));
    const cache = createSecondCache<number>(clock, 1, 60);
    let builds = 0;
    const build = async () => ++builds;
    expect(await cache.get('k', build)).toBe(1);
    clock.advance(59_999); // 10:00:59.999, the same minute
    expect(await cache.get('k', build)).toBe(1);
    clock.advance(1); // 10:01:00.000
    expect(await cache.get('k', build)).toBe(2);
  });

  it('does not keep a failed build', async () => {
    const cache = createSecondCache<string>(new TestClock(0), 10);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries keys a second and still answers the others', async () => {
    const cache = createSecondCache<string>(new TestClock(0), 2);
    let builds = 0;
    const build = (v: string) => async () => {
      builds++;
      return v;
    };
    for (const k of ['a', 'b', 'c', 'c']) expect(await cache.get(k, build(k))).toBe(k);
    expect(builds).toBe(4);
    expect(await cache.get('a', build('x'))).toBe('a');
  });
});
