/** The auction ticket's figures follow the server's rule on the limit: unleveraged, amount up to the cent, fee half up. */
import { describe, expect, it } from 'vitest';
import type { AuctionStockRow } from '../../../../api/auction';
import { auctionFigures, limitOf, quantityProblemOf } from './figures';

const stock = (over: Partial<AuctionStockRow> = {}): AuctionStockRow => ({
  code: '00700',
  name: 'Tencent Holdings',
  source: 11,
  classify: 'HK',
  market: 'HKEX',
  currency: 'HKD',
  walletType: 'HK_STOCK',
  walletCurrency: 'EUR',
  indicativePrice: '620.00',
  priceDecimals: 2,
  prevClose: '618.50',
  lotSize: 100,
  minQuantity: 100,
  rate: '1',
  buyRate: '0.001',
  sellRate: '0.002',
  termsVersion: '0.001:0.002',
  preOpenStartsAtTimestamp: 0,
  opensAtTimestamp: 0,
  ...over,
});

describe('auction figures', () => {
  it('holds quantity × limit and the open fee of the side (buy or sell)', () => {
    // 200 × 620.5 = 124,100.00; buy fee 0.001 × that = 124.10; sell fee 0.002 = 248.20.
    expect(auctionFigures(stock(), 0, limitOf('620.5'), 200)).toEqual({
      amount: '124100.00',
      fee: '124.10',
      total: '124224.10',
    });
    expect(auctionFigures(stock(), 1, limitOf('620.5'), 200)?.fee).toBe('248.20');
  });

  it('converts at the rate, the amount rounded up to the cent', () => {
    // 100 × 620.01 × 0.1164 = 7,216.9164 -> 7,216.92; fee 7.2169164 -> 7.22.
    expect(auctionFigures(stock({ rate: '0.1164', walletCurrency: 'EUR' }), 0, limitOf('620.01'), 100)).toEqual({
      amount: '7216.92',
      fee: '7.22',
      total: '7224.14',
    });
  });

  it('has no figures for a price that is not above 0 or a quantity off the lots', () => {
    expect(limitOf('0')).toBeNull();
    expect(limitOf('abc')).toBeNull();
    expect(limitOf('12,5')?.toFixed()).toBe('12.5');
    expect(auctionFigures(stock(), 0, null, 100)).toBeNull();
    expect(auctionFigures(stock(), 0, limitOf('600'), 150)).toBeNull();
    expect(quantityProblemOf(stock(), 150)).not.toBeNull();
    expect(quantityProblemOf(stock(), 300)).toBeNull();
  });
});
