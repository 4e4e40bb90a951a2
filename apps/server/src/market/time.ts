/**
 * Time-zone arithmetic without a date library: offsets come from Intl (Node ships full ICU), everything else is
 * integer arithmetic on "day numbers" (days since 1970-01-01 of a local calendar date).
 */

import { MS_PER_DAY, MS_PER_MINUTE, tzOffsetMs } from '@beurs/contracts';

export { MS_PER_DAY, MS_PER_MINUTE, tzOffsetMs } from '@beurs/contracts';

/** The local calendar day (day number) of an instant. */
export function localDayNumber(timeZone: string, utcMs: number): number {
  return Math.floor((utcMs + tzOffsetMs(timeZone, utcMs)) / MS_PER_DAY);
}

/**
 * The instant at which the local wall clock in `timeZone` shows `minutes` after midnight of local day `day`.
 * `minutes` may be negative or exceed a day (a futures session that opens the evening before).
 * Wall times skipped by a DST jump resolve to the later side; none of the session boundaries fall there.
 */
export function zonedToUtc(timeZone: string, day: number, minutes: number): number {
  const local = day * MS_PER_DAY + minutes * MS_PER_MINUTE;
  const guess = local - tzOffsetMs(timeZone, local);
  const offset = tzOffsetMs(timeZone, guess);
  return local - offset;
}

/** Monday 0 ... Sunday 6 (day 0, 1970-01-01, was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export function dayToIso(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function isoToDay(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${iso}`);
  return Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY);
}

/** The same calendar date `months` months earlier, clamped to the end of a shorter month (31 Mar -> 28/29 Feb). */
export function monthsBefore(day: number, months: number): number {
  const d = new Date(day * MS_PER_DAY);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const lastOfTarget = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(d.getUTCDate(), lastOfTarget)) / MS_PER_DAY);
}
