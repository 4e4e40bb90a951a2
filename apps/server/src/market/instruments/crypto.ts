import type { InstrumentDef } from './types.js';

/** [code, name, nameZh, refPrice (USDT), priceDecimals, lotSize, volatility] */
type CryptoRow = [string, string, string, string, number, number, number];

// Approximate late-2025 levels; decimals follow common USDT spot-pair tick sizes.
const rows: CryptoRow[] = [
  ['BTCUSDT', 'Bitcoin', '比特币', '90000.00', 2, 0.001, 0.5],
  ['ETHUSDT', 'Ethereum', '以太坊', '3000.00', 2, 0.01, 0.7],
  ['SOLUSDT', 'Solana', '索拉纳', '135.00', 2, 0.1, 0.85],
  ['BNBUSDT', 'BNB', '币安币', '880.00', 2, 0.01, 0.55],
  ['XRPUSDT', 'XRP', '瑞波币', '2.0500', 4, 1, 0.8],
  ['ADAUSDT', 'Cardano', '艾达币', '0.4200', 4, 1, 0.85],
  ['DOGEUSDT', 'Dogecoin', '狗狗币', '0.14500', 5, 10, 0.95],
  ['LTCUSDT', 'Litecoin', '莱特币', '85.00', 2, 0.01, 0.75],
  ['DOTUSDT', 'Polkadot', '波卡', '2.200', 3, 0.1, 0.9],
  ['AVAXUSDT', 'Avalanche', '雪崩', '13.50', 2, 0.1, 0.9],
];

export const cryptoPairs: readonly InstrumentDef[] = rows.map(
  ([code, name, nameZh, refPrice, priceDecimals, lotSize, volatility]): InstrumentDef => ({
    code,
    name,
    nameZh,
    kind: 'crypto',
    source: 100,
    exchange: 'CRYPTO',
    currency: 'USDT',
    refPrice,
    priceDecimals,
    lotSize,
    volatility,
  }),
);
