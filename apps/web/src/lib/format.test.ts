import { describe, expect, it } from 'vitest';
import { createFormatters, decimalsOf, formatDateTime } from './format';

// 25 November 2026, 16:30:05 on the device's clock (formatting is in the device's time zone).
const afternoon = new Date(2026, 10, 25, 16, 30, 5).getTime();
const morning = new Date(2026, 0, 2, 9, 5, 0).getTime();

describe('dates and times of records', () => {
  it.each([
    ['en', '25/11/2026 04:30:05 PM', '25/11/2026 04:30 PM', '25/11/2026'],
    ['nl', '25-11-2026 16:30:05', '25-11-2026 16:30', '25-11-2026'],
    ['zh-Hans', '2026-11-25 16:30:05', '2026-11-25 16:30', '2026-11-25'],
  ] as const)('%s', (language, seconds, minutes, date) => {
    expect(formatDateTime(afternoon, language)).toBe(seconds);
    expect(formatDateTime(afternoon, language, 'minutes')).toBe(minutes);
    expect(formatDateTime(afternoon, language, 'date')).toBe(date);
    expect(createFormatters(language).dateTime(afternoon)).toBe(seconds);
  });

  it('uses the 24-hour clock in Dutch and Chinese, AM/PM in English only', () => {
    expect(formatDateTime(morning, 'en')).toBe('02/01/2026 09:05:00 AM');
    expect(formatDateTime(morning, 'nl')).toBe('02-01-2026 09:05:00');
    expect(formatDateTime(afternoon, 'nl')).not.toMatch(/AM|PM/);
    expect(formatDateTime(afternoon, 'zh-Hans')).not.toMatch(/AM|PM|上午|下午/);
  });

  it('shows a dash for a missing or broken time; ISO text is read too', () => {
    expect(formatDateTime(null, 'nl')).toBe('–');
    expect(formatDateTime('not a date', 'nl')).toBe('–');
    expect(formatDateTime('2026-11-25', 'nl', 'date')).toBe('25-11-2026');
  });
});

describe("a market's time zone", () => {
  it.each([
    ['en', 'Eastern Time', 'Hong Kong Standard Time'],
    ['nl', 'Eastern-tijd', 'Hongkongse standaardtijd'],
    ['zh-Hans', '北美东部时间', '香港标准时间'],
  ] as const)('%s: by its name, not its id', (language, newYork, hongKong) => {
    expect(createFormatters(language).zone('America/New_York')).toBe(newYork);
    expect(createFormatters(language).zone('Asia/Hong_Kong')).toBe(hongKong);
  });

  it('keeps the id of a zone the browser does not know', () => {
    expect(createFormatters('nl').zone('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
  });
});

describe('numbers', () => {
  it.each([
    ['en', '2,000.00', '+100.02%'],
    ['nl', '2.000,00', '+100,02%'],
    ['zh-Hans', '2,000.00', '+100.02%'],
  ] as const)('%s', (language, amount, ratio) => {
    const f = createFormatters(language);
    expect(f.number('2000', 2)).toBe(amount);
    expect(f.ratio('100.02')).toBe(ratio);
  });

  it('shows an exchange rate with the decimals it has, at most 8, in the language', () => {
    expect(createFormatters('nl').rate('0.10610846')).toBe('0,10610846');
    expect(createFormatters('en').rate('0.10610846')).toBe('0.10610846');
    expect(createFormatters('en').rate('7.8')).toBe('7.8');
    expect(createFormatters('nl').rate('1.123456789')).toBe('1,12345679');
    expect(createFormatters('nl').rate(null)).toBe('–');
  });

  it("shows a price with every decimal it has, at least the instrument's, at most 8", () => {
    expect(decimalsOf('189.125', 2)).toBe(3);
    expect(decimalsOf('189.1', 2)).toBe(2);
    expect(decimalsOf('190', 2)).toBe(2);
    expect(decimalsOf('1.08', 5)).toBe(5);
    expect(decimalsOf('0.123456789', 2)).toBe(8);
    expect(decimalsOf(undefined, 3)).toBe(3);
  });
});
