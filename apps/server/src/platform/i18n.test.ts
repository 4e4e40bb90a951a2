import { describe, expect, it } from 'vitest';
import { localFigure, translate } from './i18n.js';

describe('figures in messages', () => {
  it.each([
    ['en', '2,000.00', '-1,234,567.125', '100.02'],
    ['nl', '2.000,00', '-1.234.567,125', '100,02'],
    ['zh-Hans', '2,000.00', '-1,234,567.125', '100.02'],
  ] as const)('%s: separators of the language, the places as written, exactly', (lang, amount, long, level) => {
    expect(localFigure(lang, '2000.00')).toBe(amount);
    expect(localFigure(lang, '-1234567.125')).toBe(long);
    expect(localFigure(lang, '100.02')).toBe(level);
    // Beyond a float's precision: formatted from the decimal text, never through a number.
    expect(localFigure(lang, '9007199254740993.01').replace(/\D/g, '')).toBe('900719925474099301');
  });

  it('leaves what is not a decimal as it is', () => {
    expect(localFigure('nl', '0700.HK')).toBe('0700.HK');
    expect(localFigure('nl', '1.2.3')).toBe('1.2.3');
  });

  it('formats only the params that are figures', () => {
    const body = translate('nl', 'inbox.depositApproved.body', { amount: '2000.00', currency: 'EUR', wallet: 'x' });
    expect(body).toBe('Uw storting van 2.000,00 EUR is bijgeschreven op uw rekening x.');
    expect(translate('nl', 'ledger.deposit', { id: 12345, channel: '1000.00' })).toBe('Storting #12345 via 1000.00');
    // The limit and the opening price of an auction order alike (the opening price was left in English once).
    const auction = translate('nl', 'inbox.auctionNotFilled.body', {
      order: 3,
      quantity: 1000,
      code: 'AAL',
      limit: '11.11',
      open: '1022.16',
    });
    expect(auction).toContain('voor 1.000 AAL met limiet 11,11 is niet uitgevoerd: de openingskoers was 1.022,16.');
  });
});
