/**
 * A time zone's offset from UTC at an instant, for the server's sessions and calendars and for the quote chart's
 * exchange-local axis. Intl gives the offset (Node and every browser ship the zone database); the answer is cached
 * per zone and quarter hour of UTC, because every DST switch in the zone database falls on a quarter hour (St
 * John's switches at 05:30 UTC, which an hourly cache would get wrong). A day of minute bars then asks Intl a few
 * dozen times instead of once a bar. I/O-free.
 */
export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

const OFFSET_BUCKET_MS = 15 * MS_PER_MINUTE;
/** A long-running server asks for ever new quarter hours; the cache starts over rather than grow without bound. */
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

/**
 * Offset of local time from UTC in ms at the instant `utcMs` (positive east of Greenwich, DST included). An unknown
 * zone throws Intl's RangeError.
 */
export function tzOffsetMs(timeZone: string, utcMs: number): number {
  const bucket = Math.floor(utcMs / OFFSET_BUCKET_MS);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const hit = zone.get(bucket);
  if (hit !== undefined) return hit;
  if (offsetCacheSize >= OFFSET_CACHE_MAX) {
    for (const m of offsetCache.values()) m.clear();
    offsetCacheSize = 0;
  }
  const offset = computeOffset(timeZone, bucket * OFFSET_BUCKET_MS);
  zone.set(bucket, offset);
  offsetCacheSize++;
  return offset;
}
