import type { WalletBalance } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import {
  closingPrice,
  leverageSteps,
  liveProfit,
  openingPrice,
  partOf,
  profitRatio,
  shortfall,
  shortfallSource,
  ticketFigures,
  tidyPrice,
  tidyQuantity,
} from './figures';

const quote = { bid: '216.28', ask: '216.34', price_nominal: '216.30' };

describe('prices a trade uses', () => {
  it.each([
    ['a buy opens at the ask', openingPrice(0, quote), '216.34'],
    ['a sell opens at the bid', openingPrice(1, quote), '216.28'],
    ['a long closes at the bid', closingPrice(0, quote), '216.28'],
    ['a short closes at the ask', closingPrice(1, quote), '216.34'],
    ['without a bid, the last price', closingPrice(0, { bid: '0', ask: '1', price_nominal: '0.9' }), '0.9'],
  ])('%s', (_case, actual, expected) => expect(actual).toBe(expected));
});

describe('ticketFigures', () => {
  it('multiplies the server’s per-unit margin and fee exactly, to the cent', () => {
    const perUnit = { marginPerUnit: '108.15', feePerUnit: '0.2163', leverage: 2 };
    expect(ticketFigures(perUnit, '10')).toEqual({
      notional: '2163.00',
      margin: '1081.50',
      fee: '2.16',
      total: '1083.66',
    });
  });

  it('is null until there is a quantity and an answer', () => {
    expect(ticketFigures(undefined, '10')).toBeNull();
    expect(ticketFigures({ marginPerUnit: '1', feePerUnit: '0', leverage: 1 }, '')).toBeNull();
    expect(ticketFigures({ marginPerUnit: '1', feePerUnit: '0', leverage: 1 }, '0')).toBeNull();
  });
});

describe('liveProfit', () => {
  const position = {
    openPrice: '1.20500',
    nowPrice: '1.20500',
    positionNum: 10_000,
    multiplier: '1',
    rate: '0.83',
    profit: '0.00',
  };

  it.each([
    ['a long gains when the bid rises', 0, '1.20600', '8.30'],
    ['a long loses when the bid falls', 0, '1.20400', '-8.30'],
    ['a short gains when the ask falls', 1, '1.20400', '8.30'],
    ['a short loses when the ask rises', 1, '1.20600', '-8.30'],
  ])('%s (converted into the wallet currency)', (_case, direction, mark, expected) => {
    expect(liveProfit({ ...position, direction }, mark)).toBe(expected);
  });

  it('keeps the server’s figure without a live price', () => {
    expect(liveProfit({ ...position, direction: 0, profit: '1.23' }, undefined)).toBe('1.23');
  });
});

describe('small helpers', () => {
  it('gives the return on the margin in percent', () => {
    expect(profitRatio('-2.95', '591.30')).toBe('-0.50');
    expect(profitRatio('1', '0')).toBeNull();
  });

  it('offers the usual leverage steps up to the cap, and the cap itself', () => {
    expect(leverageSteps(5)).toEqual([1, 2, 3, 5]);
    expect(leverageSteps(30)).toEqual([1, 2, 3, 5, 10, 20, 30]);
    expect(leverageSteps(25)).toEqual([1, 2, 3, 5, 10, 20, 25]);
  });

  it('cuts parts of a quantity down to whole units', () => {
    expect(partOf('7', '0.5', 0)).toBe('3');
    expect(partOf('10', '0.25', 0)).toBe('2');
    expect(partOf('10', '1', 0)).toBe('10');
  });

  it('tidies typed quantities', () => {
    expect(tidyQuantity('1.000', 0)).toBe('1');
    expect(tidyQuantity('0012a', 0)).toBe('12');
    expect(tidyQuantity('2,55', 1)).toBe('2.5');
  });

  it('tidies typed prices: a decimal comma becomes a point, other characters go', () => {
    expect(tidyPrice('216,45')).toBe('216.45');
    expect(tidyPrice('$ 1 216.5x')).toBe('1216.5');
    expect(tidyPrice('')).toBe('');
  });
});

describe('what an order lacks in its wallet', () => {
  it('is the difference rounded up to the cent, or nothing when the wallet covers it', () => {
    expect(shortfall('1000.005', '400.00')).toBe('600.01');
    expect(shortfall('250.00', '0.00')).toBe('250.00');
    expect(shortfall('250.00', '250.00')).toBeNull();
    expect(shortfall(undefined, '10.00')).toBeNull();
  });

  const balance = (walletType: WalletBalance['walletType'], currency: 'EUR' | 'USD', amount: string) => ({
    walletType,
    currency,
    balance: amount,
    usedBalance: '0.00',
    total: amount,
  });

  it('comes from the other wallet in the same currency holding the most (Stocks for a Dutch share)', () => {
    const balances = [
      balance('BALANCE', 'EUR', '10.00'),
      balance('STOCK', 'EUR', '5000.00'),
      balance('FOREX', 'EUR', '20.00'),
      balance('US_STOCK', 'USD', '90000.00'),
    ];
    expect(shortfallSource('BALANCE', balances)).toBe('STOCK');
    expect(shortfallSource('BALANCE', [balance('BALANCE', 'EUR', '1.00'), balance('STOCK', 'EUR', '0.00')])).toBe(
      undefined,
    );
    expect(shortfallSource('BALANCE', undefined)).toBeUndefined();
  });
});
