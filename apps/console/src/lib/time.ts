import type { Language } from '@beurs/contracts';
import dayjs from 'dayjs';
import { currentLanguage, t } from '../i18n';

/**
 * A record's time in the reader's convention, as the web app writes it (apps/web/src/lib/format.ts), except
 * that operators read the 24-hour clock in English too.
 */
const DATE_TIME_PATTERNS: Record<Language, string> = {
  en: 'DD/MM/YYYY HH:mm:ss',
  nl: 'DD-MM-YYYY HH:mm:ss',
  'zh-Hans': 'YYYY-MM-DD HH:mm:ss',
};

/**
 * The contract calls these fields `…Timestamp` without naming the unit. Anything below 1e12
 * would be a date before 2001 in milliseconds, so it is taken as seconds.
 */
export function toMillis(timestamp: number): number {
  return timestamp < 1e12 ? timestamp * 1000 : timestamp;
}

export function formatTime(timestamp: number | null | undefined, empty: string = t('common.none')): string {
  if (timestamp === null || timestamp === undefined) return empty;
  return dayjs(toMillis(timestamp)).format(DATE_TIME_PATTERNS[currentLanguage()]);
}
