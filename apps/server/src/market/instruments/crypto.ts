import type { InstrumentDef } from './types.js';

/** [code, name, nameZh, refPrice (USD), priceDecimals, lotSize, volatility] */
type CryptoRow = [string, string, string, string, number, number, number];

// Approximate late-2025 levels; decimals follow common USD spot-pair tick sizes. Quoted against USD (not a
// stablecoin): the robots that trade them hold US dollars (docs/strategies.md "Crypto market").
const rows: CryptoRow[] = [
  ['BTCUSD', 'Bitcoin', '比特币', '90000.00', 2, 0.001, 0.5],
  ['ETHUSD', 'Ethereum', '以太坊', '3000.00', 2, 0.01, 0.7],
  ['SOLUSD', 'Solana', '索拉纳', '135.00', 2, 0.1, 0.85],
  ['BNBUSD', 'BNB', '币安币', '880.00', 2, 0.01, 0.55],
  ['XRPUSD', 'XRP', '瑞波币', '2.0500', 4, 1, 0.8],
  ['ADAUSD', 'Cardano', '艾达币', '0.4200', 4, 1, 0.85],
  ['DOGEUSD', 'Dogecoin', '狗狗币', '0.14500', 5, 10, 0.95],
  ['LTCUSD', 'Litecoin', '莱特币', '85.00', 2, 0.01, 0.75],
  ['DOTUSD', 'Polkadot', '波卡', '2.200', 3, 0.1, 0.9],
  ['AVAXUSD', 'Avalanche', '雪崩', '13.50', 2, 0.1, 0.9],
];

export const cryptoPairs: readonly InstrumentDef[] = rows.map(
  ([code, name, nameZh, refPrice, priceDecimals, lotSize, volatility]): InstrumentDef => ({
    code,
    name,
    nameZh,
    kind: 'crypto',
    source: 100,
    exchange: 'CRYPTO',
    currency: 'USD',
    refPrice,
    priceDecimals,
    lotSize,
    volatility,
  }),
);
