import { type StockRow, stocksFrom } from './stock-rows.js';

// Euronext Brussels tickers, approximate late-2025 prices in EUR.
const rows: StockRow[] = [
  ['ABI', 'Anheuser-Busch InBev SA/NV', '52.00', 0.22, 2_000_000_000, 'consumerStaples', '百威英博'],
  ['KBC', 'KBC Group NV', '102.00', 0.24, 397_000_000, 'financials', '比利时联合银行'],
  ['UCB', 'UCB SA', '240.00', 0.32, 194_500_000, 'healthCare', '优时比'],
  ['AGS', 'Ageas SA/NV', '57.00', 0.22, 183_000_000, 'financials'],
  ['SOLB', 'Solvay SA', '27.50', 0.32, 106_000_000, 'materials', '索尔维'],
  ['SYENS', 'Syensqo SA/NV', '68.00', 0.38, 105_000_000, 'materials'],
  ['UMI', 'Umicore SA', '15.50', 0.45, 246_000_000, 'materials', '优美科'],
  ['ARGX', 'argenx SE', '720.00', 0.35, 61_000_000, 'healthCare'],
  ['GBLB', 'Groupe Bruxelles Lambert SA', '72.00', 0.18, 130_000_000, 'financials'],
  ['SOF', 'Sofina SA', '245.00', 0.25, 33_600_000, 'financials'],
  ['ACKB', 'Ackermans & van Haaren NV', '215.00', 0.18, 33_500_000, 'industrials'],
  ['DIE', "D'Ieteren Group SA", '155.00', 0.28, 53_000_000, 'consumerDiscretionary'],
  ['ELI', 'Elia Group SA/NV', '100.00', 0.25, 110_000_000, 'utilities'],
  ['LOTB', 'Lotus Bakeries NV', '8200.00', 0.28, 8_100_000, 'consumerStaples'],
  ['WDP', 'Warehouses De Pauw NV', '22.00', 0.22, 230_000_000, 'realEstate'],
];

export const beStocks = stocksFrom(rows, {
  classify: 'BE',
  exchange: 'EURONEXT_BRU',
  currency: 'EUR',
  threeDecimalsUnder10: true,
});
