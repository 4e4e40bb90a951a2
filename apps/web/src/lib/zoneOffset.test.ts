/** The chart's zone offsets, around DST switches on the hour (New York) and off it (St John's, at 05:30 UTC). */
import { describe, expect, it } from 'vitest';
import { zoneOffsetSeconds } from './zoneOffset';

const at = (iso: string) => Date.parse(iso);
const H = 3600;

describe('zoneOffsetSeconds', () => {
  it('follows New York across the March switch (07:00 UTC), minute by minute around it', () => {
    expect(zoneOffsetSeconds(at('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-5 * H);
    expect(zoneOffsetSeconds(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * H);
    expect(zoneOffsetSeconds(at('2026-07-01T14:30:00Z'), 'America/New_York')).toBe(-4 * H);
  });

  it("switches St John's inside a UTC hour, at the right minute", () => {
    expect(zoneOffsetSeconds(at('2026-03-08T05:29:00Z'), 'America/St_Johns')).toBe(-3.5 * H);
    expect(zoneOffsetSeconds(at('2026-03-08T05:30:00Z'), 'America/St_Johns')).toBe(-2.5 * H);
    expect(zoneOffsetSeconds(at('2026-03-08T05:00:00Z'), 'America/St_Johns')).toBe(-3.5 * H);
  });

  it('answers the same for every minute of an hour, and fixed zones stay fixed', () => {
    for (let m = 0; m < 60; m++) {
      expect(zoneOffsetSeconds(at('2026-11-23T15:00:00Z') + m * 60_000, 'Europe/Amsterdam')).toBe(H);
    }
    expect(zoneOffsetSeconds(at('2026-11-23T01:00:00Z'), 'Asia/Hong_Kong')).toBe(8 * H);
    expect(zoneOffsetSeconds(at('2026-11-23T01:00:00Z'), 'Not/AZone')).toBe(0);
  });
});
