/**
 * Values that hold for one second of the clock (answers built from the quotes of that second), or for a period of
 * `seconds` (counts over a month, which a minute does not change): the first caller of a key in a period builds the
 * value, callers of the same key in the same period share it (also while it is still being built), and everything
 * is dropped when the period changes. A failed build is not kept. At most `maxEntries` keys a period are kept;
 * beyond that values are built but not stored, so many distinct keys cost work, never memory.
 */
import type { Clock } from './clock.js';

export interface SecondCache<T> {
  get(key: string, build: () => Promise<T>): Promise<T>;
}

export function createSecondCache<T>(clock: Clock, maxEntries: number, seconds = 1): SecondCache<T> {
  let second = Number.NaN;
  const entries = new Map<string, Promise<T>>();
  return {
    get(key, build) {
      const now = Math.floor(clock.now().getTime() / (1000 * seconds));
      if (now !== second) {
        entries.clear();
        second = now;
      }
      const hit = entries.get(key);
      if (hit) return hit;
      const value = build();
      if (entries.size < maxEntries) {
        entries.set(key, value);
        value.catch(() => {
          if (entries.get(key) === value) entries.delete(key);
        });
      }
      return value;
    },
  };
}
