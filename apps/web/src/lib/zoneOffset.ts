/** A time zone's offset from UTC, for showing times in an exchange's own zone (the quote chart). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Offsets by zone and UTC hour, for the hours whose offset is the same at both ends: a day of minute bars asks Intl
 * a few dozen times instead of once a bar (it was a tenth of the quote screen's first-load script time). An hour
 * with a change inside it (a DST switch off the hour, as in St John's) is asked bar by bar.
 */
const offsets = new Map<string, number | null>();
const HOUR_MS = 3_600_000;

/** The time zone's offset from UTC at that instant, in seconds (DST included). */
export function zoneOffsetSeconds(ms: number, timeZone: string | undefined): number {
  if (!timeZone) return -new Date(ms).getTimezoneOffset() * 60;
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone}@${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = intlOffsetSeconds(hour * HOUR_MS, timeZone);
    offset = start === intlOffsetSeconds((hour + 1) * HOUR_MS - 1000, timeZone) ? start : null;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset ?? intlOffsetSeconds(ms, timeZone);
}

function intlOffsetSeconds(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return 0;
    }
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 1000);
}
