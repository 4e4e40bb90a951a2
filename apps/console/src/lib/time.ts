import dayjs from 'dayjs';
import { strings } from '../strings';

export const CONSOLE_DATE_TIME = 'DD/MM/YYYY HH:mm:ss';

/**
 * The contract calls these fields `…Timestamp` without naming the unit. Anything below 1e12
 * would be a date before 2001 in milliseconds, so it is taken as seconds.
 */
export function toMillis(timestamp: number): number {
  return timestamp < 1e12 ? timestamp * 1000 : timestamp;
}

export function formatTime(timestamp: number | null | undefined, empty: string = strings.common.none): string {
  if (timestamp === null || timestamp === undefined) return empty;
  return dayjs(toMillis(timestamp)).format(CONSOLE_DATE_TIME);
}
