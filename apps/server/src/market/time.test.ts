import { describe, expect, it } from 'vitest';
import { dayToIso, isoToDay, localDayNumber, monthsBefore, tzOffsetMs, weekdayOf, zonedToUtc } from './time.js';

const HOUR = 3_600_000;

describe('time zones through Intl', () => {
  it.each([
    ['America/New_York', '2026-03-08T06:59:59Z', -5],
    ['America/New_York', '2026-03-08T07:00:00Z', -4],
    ['America/New_York', '2026-11-01T05:59:59Z', -4],
    ['America/New_York', '2026-11-01T06:00:00Z', -5],
    ['Europe/Berlin', '2026-03-29T00:59:59Z', 1],
    ['Europe/Berlin', '2026-03-29T01:00:00Z', 2],
    ['Europe/London', '2026-10-25T00:59:59Z', 1],
    ['Europe/London', '2026-10-25T01:00:00Z', 0],
    ['Asia/Hong_Kong', '2026-07-01T00:00:00Z', 8],
    ['America/Mexico_City', '2026-07-01T00:00:00Z', -6], // no DST since 2022
    ['UTC', '2026-07-01T00:00:00Z', 0],
  ])('%s at %s is UTC%+d', (zone, iso, hours) => {
    expect(tzOffsetMs(zone, Date.parse(iso))).toBe(hours * HOUR);
  });

  it('converts local wall times to instants on both sides of a DST switch', () => {
    const ny = 'America/New_York';
    expect(new Date(zonedToUtc(ny, isoToDay('2026-03-06'), 9 * 60 + 30)).toISOString()).toBe(
      '2026-03-06T14:30:00.000Z',
    );
    expect(new Date(zonedToUtc(ny, isoToDay('2026-03-09'), 9 * 60 + 30)).toISOString()).toBe(
      '2026-03-09T13:30:00.000Z',
    );
    // Negative minutes: 17:00 on the Sunday of the switch, the evening before Monday.
    expect(new Date(zonedToUtc(ny, isoToDay('2026-03-09'), -7 * 60)).toISOString()).toBe('2026-03-08T21:00:00.000Z');
    expect(new Date(zonedToUtc(ny, isoToDay('2026-11-02'), 9 * 60 + 30)).toISOString()).toBe(
      '2026-11-02T14:30:00.000Z',
    );
  });

  it('finds the local date of an instant', () => {
    expect(dayToIso(localDayNumber('Asia/Tokyo', Date.parse('2026-05-04T15:30:00Z')))).toBe('2026-05-05');
    expect(dayToIso(localDayNumber('America/New_York', Date.parse('2026-05-05T03:30:00Z')))).toBe('2026-05-04');
  });

  it('does calendar arithmetic on day numbers', () => {
    expect(weekdayOf(isoToDay('2026-11-23'))).toBe(0); // Monday
    expect(weekdayOf(isoToDay('2026-11-22'))).toBe(6); // Sunday
    expect(dayToIso(monthsBefore(isoToDay('2026-03-31'), 1))).toBe('2026-02-28');
    expect(dayToIso(monthsBefore(isoToDay('2026-01-15'), 3))).toBe('2025-10-15');
    expect(dayToIso(monthsBefore(isoToDay('2028-02-29'), 12))).toBe('2027-02-28');
    expect(() => isoToDay('2026-1-1')).toThrow(RangeError);
  });
});
