import type { InstrumentDef } from './types.js';

/** [code, name, nameZh, currency, refPrice, volatility, major] */
type IndexRow = [string, string, string, string, string, number, boolean];

// Approximate late-2025 index levels.
const rows: IndexRow[] = [
  ['SPX', 'S&P 500', '标普500', 'USD', '6800.00', 0.16, true],
  ['NDX', 'Nasdaq 100', '纳斯达克100', 'USD', '25000.00', 0.22, true],
  ['DJI', 'Dow Jones Industrial Average', '道琼斯工业平均指数', 'USD', '47000.00', 0.15, true],
  ['RUT', 'Russell 2000', '罗素2000', 'USD', '2450.00', 0.24, false],
  ['DAX', 'DAX', '德国DAX指数', 'EUR', '23800.00', 0.18, true],
  ['SX5E', 'Euro Stoxx 50', '欧洲斯托克50', 'EUR', '5650.00', 0.17, true],
  ['PX1', 'CAC 40', '法国CAC40指数', 'EUR', '8100.00', 0.17, true],
  ['UKX', 'FTSE 100', '英国富时100指数', 'GBP', '9600.00', 0.14, true],
  ['N225', 'Nikkei 225', '日经225指数', 'JPY', '49500.00', 0.22, true],
  ['AEX', 'AEX', '荷兰AEX指数', 'EUR', '950.00', 0.16, false],
  ['BEL20', 'BEL 20', '比利时BEL20指数', 'EUR', '4900.00', 0.15, false],
  ['IBEX', 'IBEX 35', '西班牙IBEX35指数', 'EUR', '16200.00', 0.17, false],
  ['HSI', 'Hang Seng Index', '恒生指数', 'HKD', '25800.00', 0.24, false],
  ['HSCEI', 'Hang Seng China Enterprises Index', '恒生中国企业指数', 'HKD', '9200.00', 0.26, false],
  ['MXX', 'S&P/BMV IPC', '墨西哥IPC指数', 'MXN', '62000.00', 0.16, false],
];

export const indices: readonly InstrumentDef[] = rows.map(
  ([code, name, nameZh, currency, refPrice, volatility, major]): InstrumentDef => ({
    code,
    name,
    nameZh,
    kind: 'index',
    source: 99,
    exchange: 'INDEX',
    currency,
    refPrice,
    priceDecimals: 2,
    lotSize: 1,
    volatility,
    major,
  }),
);
