/** Zone offsets around DST switches on the hour (New York) and off it (St John's, at 05:30 UTC), through the cache. */
import { describe, expect, it } from 'vitest';
import { tzOffsetMs } from './zone-offset.js';

const at = (iso: string) => Date.parse(iso);
const H = 3_600_000;

describe('tzOffsetMs', () => {
  it('follows New York across the March switch (07:00 UTC), minute by minute around it', () => {
    expect(tzOffsetMs('America/New_York', at('2026-03-08T06:59:00Z'))).toBe(-5 * H);
    expect(tzOffsetMs('America/New_York', at('2026-03-08T07:00:00Z'))).toBe(-4 * H);
    expect(tzOffsetMs('America/New_York', at('2026-07-01T14:30:00Z'))).toBe(-4 * H);
  });

  it("switches St John's inside a UTC hour, at the right minute", () => {
    expect(tzOffsetMs('America/St_Johns', at('2026-03-08T05:29:00Z'))).toBe(-3.5 * H);
    expect(tzOffsetMs('America/St_Johns', at('2026-03-08T05:30:00Z'))).toBe(-2.5 * H);
    expect(tzOffsetMs('America/St_Johns', at('2026-03-08T05:00:00Z'))).toBe(-3.5 * H);
  });

  it('answers the same for every minute of an hour, and fixed zones stay fixed', () => {
    for (let m = 0; m < 60; m++) {
      expect(tzOffsetMs('Europe/Amsterdam', at('2026-11-23T15:00:00Z') + m * 60_000)).toBe(H);
    }
    expect(tzOffsetMs('Asia/Hong_Kong', at('2026-11-23T01:00:00Z'))).toBe(8 * H);
    expect(() => tzOffsetMs('Not/AZone', at('2026-11-23T01:00:00Z'))).toThrow(RangeError);
  });
});
