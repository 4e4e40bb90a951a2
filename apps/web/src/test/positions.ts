/**
 * A position for component tests: 20 Intel shares bought at 18.00 with the US stock wallet, open and marked at
 * 19.99, with every field the contract has; `over` changes what a test is about.
 */
import type { Position } from '@beurs/contracts';

const HOUR = 3_600_000;

export const positionOf = (over: Partial<Position> = {}): Position => ({
  id: 7,
  stockCode: 'INTC',
  stockName: 'Intel',
  source: 0,
  kind: 'stock',
  classify: 'UsStock',
  assetClass: 'stock',
  walletType: 'US_STOCK',
  currency: 'USD',
  priceCurrency: 'USD',
  multiplier: '1',
  direction: 0,
  positionNum: 20,
  leverage: 1,
  openPrice: '18.00',
  nowPrice: '19.99',
  isolatedPosition: '360.00',
  initialMargin: '360.00',
  addedMargin: '0.00',
  notional: '399.80',
  openFee: '0.00',
  profit: '39.80',
  zdf: '11.06',
  rate: '1',
  openRate: '1',
  stopLoss: null,
  takeProfit: null,
  status: 1,
  marketOpen: true,
  createTimeTimestamp: Date.now() - HOUR,
  sellProfit: null,
  sellPrice: null,
  closeFee: null,
  fees: null,
  netProfit: null,
  absorbedLoss: null,
  closeReason: null,
  parentId: null,
  sellTimeTimestamp: null,
  sellableFromTimestamp: null,
  ...over,
});
