import { describe, expect, it } from 'vitest';
import { Decimal } from './money.js';
import {
  affordableQuantity,
  closeFee,
  closeFeeRateOf,
  closeQuantityProblem,
  closingPrice,
  limitFillPrice,
  lossExceedsMargin,
  marginLevel,
  minOrderQuantity,
  notWorseThanLimit,
  onTick,
  openFeeRate,
  openingPrice,
  orderFigures,
  orderQuantityProblem,
  perUnitFigures,
  positionProfit,
  priceGain,
  settleLoss,
  stopReached,
  stopsProblem,
  tickOf,
} from './trading-rules.js';

const d = (s: string | number) => new Decimal(s);
const quote = { bid: '216.28', ask: '216.34' };
const BUY = 0;
const SELL = 1;

describe('prices', () => {
  it.each([
    ['a buy opens at the ask', openingPrice(BUY, quote), '216.34'],
    ['a sell opens at the bid', openingPrice(SELL, quote), '216.28'],
    ['a long closes at the bid', closingPrice(BUY, quote), '216.28'],
    ['a short closes at the ask', closingPrice(SELL, quote), '216.34'],
  ])('%s', (_case, actual, expected) => expect(actual.toFixed()).toBe(expected));

  it('fills a limit once the market reached it, at the better of the two', () => {
    expect(limitFillPrice(BUY, d('218.51'), { bid: '218.40', ask: '218.50' })?.toFixed()).toBe('218.5');
    expect(limitFillPrice(BUY, d('218.49'), { bid: '218.40', ask: '218.50' })).toBeNull();
    expect(limitFillPrice(SELL, d('218.30'), { bid: '218.40', ask: '218.50' })?.toFixed()).toBe('218.4');
    expect(limitFillPrice(SELL, d('218.41'), { bid: '218.40', ask: '218.50' })).toBeNull();
  });

  it('never fills worse than the limit', () => {
    expect(notWorseThanLimit(BUY, d('11'), d('10')).toFixed()).toBe('10');
    expect(notWorseThanLimit(BUY, d('9'), d('10')).toFixed()).toBe('9');
    expect(notWorseThanLimit(SELL, d('9'), d('10')).toFixed()).toBe('10');
    expect(notWorseThanLimit(SELL, d('11'), d('10')).toFixed()).toBe('11');
  });

  it("takes a typed price in the instrument's steps, trailing zeros or not", () => {
    expect(tickOf(2).toFixed()).toBe('0.01');
    expect(tickOf(5).toFixed()).toBe('0.00001');
    expect(tickOf(0).toFixed()).toBe('1');
    expect(onTick('189.12', 2)).toBe(true);
    expect(onTick('189.120', 2)).toBe(true);
    expect(onTick('189', 2)).toBe(true);
    expect(onTick('189.125', 2)).toBe(false);
    expect(onTick('1.08125', 5)).toBe(true);
    expect(onTick('1.081251', 5)).toBe(false);
    expect(onTick('4512.5', 0)).toBe(false);
  });
});

describe('quantities', () => {
  const stock = { min: minOrderQuantity(1, 100), lotSize: 100 };

  it('takes at least one lot as the minimum', () => {
    expect(minOrderQuantity(1, 100)).toBe(100);
    expect(minOrderQuantity(5, 1)).toBe(5);
  });

  it.each([
    [0, { reason: 'enterQuantity' }],
    [1.5, { reason: 'enterQuantity' }],
    [50, { reason: 'belowMinQuantity', min: 100 }],
    [150, { reason: 'quantityStep', lot: 100 }],
    [300, null],
  ])('an order of %s', (quantity, expected) => expect(orderQuantityProblem(quantity, stock)).toEqual(expected));

  it.each([
    [0, undefined, { reason: 'enterQuantity' }],
    [11, undefined, { reason: 'closeQuantityTooLarge', max: 10 }],
    [5, 2, { reason: 'quantityStep', lot: 2 }],
    [5, undefined, null],
    [10, 2, null],
  ])('a close of %s (lot %s) of 10 open', (quantity, lotSize, expected) =>
    expect(closeQuantityProblem(quantity, lotSize === undefined ? { open: 10 } : { open: 10, lotSize })).toEqual(
      expected,
    ),
  );
});

describe('figures', () => {
  const rates = { buyRate: d('0.001'), sellRate: d('0.002') };

  it('takes the buy rate to open a long and the sell rate to close it, and the reverse for a short', () => {
    expect(openFeeRate(BUY, rates)).toBe(rates.buyRate);
    expect(closeFeeRateOf(BUY, rates)).toBe(rates.sellRate);
    expect(openFeeRate(SELL, rates)).toBe(rates.sellRate);
    expect(closeFeeRateOf(SELL, rates)).toBe(rates.buyRate);
  });

  it('rounds the margin up and the fee half up, to the cent', () => {
    const fig = orderFigures({
      quantity: 3,
      price: d('100.005'),
      multiplier: '1',
      rate: d('1'),
      leverage: 2,
      feeRate: d('0.001'),
    });
    expect(fig.notional.toFixed()).toBe('300.015');
    expect(fig.margin.toFixed(2)).toBe('150.01');
    expect(fig.fee.toFixed(2)).toBe('0.30');
  });

  it('does not round an inexact rate into an extra cent of margin', () => {
    const rate = d(1).dividedBy(7.8).dividedBy(1.25);
    const fig = orderFigures({ quantity: 39, price: d('1000'), multiplier: 1, rate, leverage: 1, feeRate: d(0) });
    expect(fig.margin.toFixed(2)).toBe('4000.00');
  });

  it('gives one unit’s margin and fee', () => {
    const u = perUnitFigures({ price: d('216.30'), multiplier: 1, rate: d(1), leverage: 2, feeRate: '0.001' });
    expect(u.marginPerUnit.toFixed()).toBe('108.15');
    expect(u.feePerUnit.toFixed()).toBe('0.2163');
  });

  it('buys what the balance pays for, in whole lots, keeping two cents spare', () => {
    expect(affordableQuantity(d('1000.02'), d('10'), { min: 1, lotSize: 1 })).toEqual({ full: 100, half: 50 });
    expect(affordableQuantity(d('1000.01'), d('10'), { min: 1, lotSize: 1 })).toEqual({ full: 99, half: 49 });
    expect(affordableQuantity(d('1000'), d('1'), { min: 100, lotSize: 100 })).toEqual({ full: 900, half: 400 });
    expect(affordableQuantity(d('150'), d('1'), { min: 100, lotSize: 100 })).toEqual({ full: 100, half: 0 });
    expect(affordableQuantity(d('50'), d('1'), { min: 100, lotSize: 100 })).toEqual({ full: 0, half: 0 });
    expect(affordableQuantity(d('50'), d('0'), { min: 1, lotSize: 1 })).toEqual({ full: 0, half: 0 });
  });

  it('charges the close fee on the closing notional', () => {
    expect(closeFee({ quantity: 10, price: '216.34', multiplier: 1, rate: '0.9', feeRate: '0.001' }).toFixed(2)).toBe(
      '1.95',
    );
  });

  it('gives the margin level in percent, none without required margin', () => {
    expect(marginLevel(d(50), d(200))?.toFixed(2)).toBe('25.00');
    expect(marginLevel(d(50), d(0))).toBeNull();
  });
});

describe('profit', () => {
  const position = { openPrice: '1.20500', multiplier: '1' };

  it.each([
    ['a long gains when the bid rises', BUY, '1.20600', '8.30'],
    ['a long loses when the bid falls', BUY, '1.20400', '-8.30'],
    ['a short gains when the ask falls', SELL, '1.20400', '8.30'],
    ['a short loses when the ask rises', SELL, '1.20600', '-8.30'],
  ])('%s (converted into the wallet currency)', (_case, direction, price, expected) => {
    expect(positionProfit({ ...position, direction }, 10_000, price, '0.83').toFixed(2)).toBe(expected);
  });

  it('leaves a gain between two prices unrounded', () => {
    expect(priceGain({ direction: BUY, multiplier: 1 }, 1, '1', '1.001', '0.5').toFixed()).toBe('0.0005');
  });
});

describe('settling a loss', () => {
  it('pays loss and fee in full within the released margin', () => {
    const o = { profit: d(-40), feeDue: d(1), margin: d(100), available: d(0) };
    expect(lossExceedsMargin(o)).toBe(false);
    expect(settleLoss(o)).toEqual({ paidLoss: d(40), fee: d(1), absorbed: d(0) });
  });

  it('pays beyond the margin only what the wallet has, loss first, and the house absorbs the rest', () => {
    const o = { profit: d(-150), feeDue: d(2), margin: d(100), available: d('120.509') };
    expect(lossExceedsMargin(o)).toBe(true);
    const s = settleLoss(o);
    expect([s.paidLoss.toFixed(2), s.fee.toFixed(2), s.absorbed.toFixed(2)]).toEqual(['120.50', '0.00', '29.50']);
    const some = settleLoss({ ...o, available: d(151) });
    expect([some.paidLoss.toFixed(2), some.fee.toFixed(2), some.absorbed.toFixed(2)]).toEqual([
      '150.00',
      '1.00',
      '0.00',
    ]);
  });

  it('takes nothing from a negative balance', () => {
    const s = settleLoss({ profit: d(-150), feeDue: d(2), margin: d(100), available: d(-5) });
    expect([s.paidLoss.toFixed(2), s.fee.toFixed(2), s.absorbed.toFixed(2)]).toEqual(['0.00', '0.00', '150.00']);
  });
});

describe('stops', () => {
  it.each([
    [BUY, '99', '101', null],
    [BUY, '100', null, 'stopLossInvalid'],
    [BUY, null, '100', 'takeProfitInvalid'],
    [SELL, '101', '99', null],
    [SELL, '99', null, 'stopLossInvalid'],
    [SELL, null, '101', 'takeProfitInvalid'],
  ])('direction %s at 100: stop %s, take %s', (direction, sl, tp, expected) =>
    expect(stopsProblem(direction, d(100), sl, tp)).toBe(expected),
  );

  it.each([
    [BUY, '95', '95', '105', 'stopLoss'],
    [BUY, '106', '95', '105', 'takeProfit'],
    [BUY, '100', '95', '105', null],
    [SELL, '106', '105', '95', 'stopLoss'],
    [SELL, '94', '105', '95', 'takeProfit'],
    [SELL, '100', null, null, null],
  ])('direction %s closing at %s (stop %s, take %s)', (direction, price, sl, tp, expected) =>
    expect(stopReached(direction, d(price), sl, tp)?.reason ?? null).toBe(expected),
  );
});
