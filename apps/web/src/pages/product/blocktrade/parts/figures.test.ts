/** The block ticket's figures follow the server's rule: notional rounded up to the cent, fee half up, no leverage. */
import { describe, expect, it } from 'vitest';
import type { BlockDeskStock } from '../../../../api/blocktrade';
import { blockFigures, quantityProblem } from './figures';

const stock = (over: Partial<BlockDeskStock> = {}): BlockDeskStock => ({
  code: 'INGA',
  name: 'ING Groep',
  source: 0,
  classify: 'NL',
  currency: 'EUR',
  walletType: 'BALANCE',
  walletCurrency: 'EUR',
  quotePrice: '21.610',
  deskPrice: '21.502',
  discount: '0.005',
  band: '0.02',
  minQuantity: 10_000,
  rate: '1',
  feeRate: '0.0005',
  termsVersion: 't1',
  marketOpen: true,
  ...over,
});

describe('block figures', () => {
  it('is the quantity at the desk price, the fee on it, and their sum', () => {
    expect(blockFigures(stock(), 10_000)).toEqual({
      quantity: 10_000,
      amount: '215020.00',
      fee: '107.51',
      total: '215127.51',
    });
  });

  it('converts at the rate into the wallet currency, rounding the amount up to the cent', () => {
    const usd = stock({ currency: 'USD', deskPrice: '10.333', rate: '0.9123' });
    // 10,001 × 10.333 × 0.9123 = 94,277.3857959: held 94,277.39; fee 0.0005 × that = 47.1386… -> 47.14.
    expect(blockFigures(usd, 10_001)).toMatchObject({ amount: '94277.39', fee: '47.14', total: '94324.53' });
  });

  it('has no figures without a whole positive quantity, and names what is wrong', () => {
    expect(blockFigures(stock(), 0)).toBeNull();
    expect(blockFigures(undefined, 10_000)).toBeNull();
    expect(quantityProblem(0, 10_000)).toBe('missing');
    expect(quantityProblem(9_999, 10_000)).toBe('belowMinimum');
    expect(quantityProblem(10_000, 10_000)).toBeNull();
  });
});
