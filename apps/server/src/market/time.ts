/**
 * Time-zone arithmetic without a date library: offsets come from Intl (Node ships full ICU), everything else is
 * integer arithmetic on "day numbers" (days since 1970-01-01 of a local calendar date).
 */

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

/** Offsets only change at DST transitions, which in every zone fall on a quarter hour of UTC. */
const OFFSET_BUCKET_MS = 15 * MS_PER_MINUTE;
const OFFSET_CACHE_MAX = 100_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();
let offsetCacheSize = 0;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function computeOffset(timeZone: string, utcMs: number): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(whole))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const hour = fields.hour === 24 ? 0 : (fields.hour ?? 0);
  const asUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    hour,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return asUtc - whole;
}

/** Offset of local time from UTC in ms at the instant `utcMs` (positive east of Greenwich). */
export function tzOffsetMs(timeZone: string, utcMs: number): number {
  const bucket = Math.floor(utcMs / OFFSET_BUCKET_MS);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const hit = zone.get(bucket);
  if (hit !== undefined) return hit;
  // A long-running server asks for ever new buckets; start over rather than grow without bound.
  if (offsetCacheSize >= OFFSET_CACHE_MAX) {
    for (const m of offsetCache.values()) m.clear();
    offsetCacheSize = 0;
  }
  const offset = computeOffset(timeZone, bucket * OFFSET_BUCKET_MS);
  zone.set(bucket, offset);
  offsetCacheSize++;
  return offset;
}

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
