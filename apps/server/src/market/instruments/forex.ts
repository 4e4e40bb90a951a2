import type { InstrumentDef } from './types.js';

/** [code, nameZh, refPrice, volatility, major] — name is derived as 'BASE/QUOTE', currency is the quote currency. */
type FxRow = [string, string, string, number, boolean];

// Approximate late-2025 spot levels. JPY-quoted pairs carry 3 decimals, all others 5.
const rows: FxRow[] = [
  // majors
  ['EURUSD', '欧元/美元', '1.16000', 0.07, true],
  ['USDJPY', '美元/日元', '155.000', 0.1, true],
  ['GBPUSD', '英镑/美元', '1.31500', 0.08, true],
  ['USDCHF', '美元/瑞郎', '0.80500', 0.08, true],
  ['AUDUSD', '澳元/美元', '0.65000', 0.1, true],
  ['USDCAD', '美元/加元', '1.40500', 0.06, true],
  ['NZDUSD', '纽元/美元', '0.56800', 0.1, true],
  // crosses (no USD side) and minors (USD against a smaller currency); forexGroup tells them apart
  ['EURGBP', '欧元/英镑', '0.88000', 0.06, false],
  ['EURJPY', '欧元/日元', '180.000', 0.1, false],
  ['GBPJPY', '英镑/日元', '204.000', 0.11, false],
  ['EURCHF', '欧元/瑞郎', '0.93500', 0.06, false],
  ['AUDJPY', '澳元/日元', '101.000', 0.13, false],
  ['EURAUD', '欧元/澳元', '1.78000', 0.09, false],
  ['EURCAD', '欧元/加元', '1.63000', 0.07, false],
  ['CHFJPY', '瑞郎/日元', '193.000', 0.1, false],
  ['GBPCHF', '英镑/瑞郎', '1.06000', 0.08, false],
  ['AUDNZD', '澳元/纽元', '1.14500', 0.07, false],
  ['USDHKD', '美元/港元', '7.78000', 0.01, false],
  ['USDCNH', '美元/离岸人民币', '7.10000', 0.04, false],
  ['USDMXN', '美元/墨西哥比索', '18.40000', 0.13, false],
];

export const forexPairs: readonly InstrumentDef[] = rows.map(
  ([code, nameZh, refPrice, volatility, major]): InstrumentDef => {
    const base = code.slice(0, 3);
    const quote = code.slice(3);
    return {
      code,
      name: `${base}/${quote}`,
      nameZh,
      kind: 'forex',
      source: 2,
      exchange: 'FX',
      currency: quote,
      refPrice,
      priceDecimals: quote === 'JPY' ? 3 : 5,
      lotSize: 1000,
      volatility,
      major,
      forexGroup: major ? 'major' : base !== 'USD' && quote !== 'USD' ? 'cross' : 'minor',
    };
  },
);
