import { type StockRow, stocksFrom } from './stock-rows.js';

// Euronext Amsterdam tickers (AEX/AMX), approximate late-2025 prices in EUR. Prices under EUR 10 carry 3 decimals.
const rows: StockRow[] = [
  ['ASML', 'ASML Holding N.V.', '900.00', 0.38, 387_000_000, 'technology', '阿斯麦'],
  ['ADYEN', 'Adyen N.V.', '1400.00', 0.45, 31_500_000, 'financials'],
  ['INGA', 'ING Groep N.V.', '21.50', 0.28, 2_950_000_000, 'financials', '荷兰国际集团'],
  ['HEIA', 'Heineken N.V.', '68.00', 0.22, 565_000_000, 'consumerStaples', '喜力'],
  ['HEIO', 'Heineken Holding N.V.', '57.00', 0.22, 288_000_000, 'consumerStaples'],
  ['PHIA', 'Koninklijke Philips N.V.', '23.50', 0.3, 950_000_000, 'healthCare', '飞利浦'],
  ['PRX', 'Prosus N.V.', '53.00', 0.35, 2_250_000_000, 'consumerDiscretionary'],
  ['WKL', 'Wolters Kluwer N.V.', '100.00', 0.28, 232_000_000, 'industrials', '威科集团'],
  ['AD', 'Koninklijke Ahold Delhaize N.V.', '34.50', 0.18, 900_000_000, 'consumerStaples'],
  ['AKZA', 'Akzo Nobel N.V.', '57.00', 0.28, 171_000_000, 'materials', '阿克苏诺贝尔'],
  ['ASM', 'ASM International N.V.', '480.00', 0.45, 49_000_000, 'technology'],
  ['BESI', 'BE Semiconductor Industries N.V.', '135.00', 0.55, 80_000_000, 'technology'],
  ['NN', 'NN Group N.V.', '59.00', 0.24, 267_000_000, 'financials'],
  ['AGN', 'Aegon Ltd.', '6.700', 0.3, 1_600_000_000, 'financials', '荷兰全球人寿'],
  ['ABN', 'ABN AMRO Bank N.V.', '27.00', 0.3, 833_000_000, 'financials', '荷兰银行'],
  ['RAND', 'Randstad N.V.', '35.00', 0.3, 175_000_000, 'industrials', '任仕达'],
  ['KPN', 'Koninklijke KPN N.V.', '3.995', 0.16, 3_900_000_000, 'communicationServices'],
  ['UMG', 'Universal Music Group N.V.', '22.50', 0.28, 1_830_000_000, 'communicationServices', '环球音乐'],
  ['EXO', 'Exor N.V.', '75.00', 0.28, 210_000_000, 'financials'],
  ['IMCD', 'IMCD N.V.', '88.00', 0.35, 59_000_000, 'industrials'],
  ['DSFIR', 'DSM-Firmenich AG', '70.00', 0.28, 265_000_000, 'materials', '帝斯曼-芬美意'],
  ['UNA', 'Unilever PLC', '51.00', 0.16, 2_500_000_000, 'consumerStaples', '联合利华'],
  ['MT', 'ArcelorMittal S.A.', '35.00', 0.35, 760_000_000, 'materials', '安赛乐米塔尔'],
  ['ASRNL', 'ASR Nederland N.V.', '57.00', 0.25, 210_000_000, 'financials'],
  ['LIGHT', 'Signify N.V.', '21.00', 0.32, 125_000_000, 'industrials', '昕诺飞'],
];

export const nlStocks = stocksFrom(rows, {
  classify: 'NL',
  exchange: 'EURONEXT_AMS',
  currency: 'EUR',
  threeDecimalsUnder10: true,
});
