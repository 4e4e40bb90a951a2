import { type StockRow, stocksFrom } from './stock-rows.js';

// BMV tickers (series suffix appended, e.g. 'AMX B' -> 'AMXB'), approximate late-2025 prices in MXN.
const rows: StockRow[] = [
  ['AMXB', 'América Móvil, S.A.B. de C.V.', '19.85', 0.24, 60_500_000_000, 'communicationServices', '美洲电信'],
  ['WALMEX', 'Wal-Mart de México, S.A.B. de C.V.', '57.20', 0.24, 17_460_000_000, 'consumerStaples', '沃尔玛墨西哥'],
  ['FEMSAUBD', 'Fomento Económico Mexicano, S.A.B. de C.V.', '172.50', 0.22, 3_578_000_000, 'consumerStaples'],
  ['GMEXICOB', 'Grupo México, S.A.B. de C.V.', '145.00', 0.32, 7_785_000_000, 'materials', '墨西哥集团'],
  ['GFNORTEO', 'Grupo Financiero Banorte, S.A.B. de C.V.', '175.40', 0.28, 2_880_000_000, 'financials'],
  ['CEMEXCPO', 'CEMEX, S.A.B. de C.V.', '17.60', 0.35, 14_500_000_000, 'materials', '西麦斯'],
  ['BIMBOA', 'Grupo Bimbo, S.A.B. de C.V.', '58.30', 0.28, 4_400_000_000, 'consumerStaples', '宾堡集团'],
  ['GAPB', 'Grupo Aeroportuario del Pacífico, S.A.B. de C.V.', '410.00', 0.28, 505_000_000, 'industrials'],
  ['ASURB', 'Grupo Aeroportuario del Sureste, S.A.B. de C.V.', '560.00', 0.26, 300_000_000, 'industrials'],
  ['OMAB', 'Grupo Aeroportuario del Centro Norte, S.A.B. de C.V.', '210.00', 0.28, 390_000_000, 'industrials'],
  ['KOFUBL', 'Coca-Cola FEMSA, S.A.B. de C.V.', '165.00', 0.22, 2_100_000_000, 'consumerStaples'],
  ['GRUMAB', 'Gruma, S.A.B. de C.V.', '340.00', 0.28, 360_000_000, 'consumerStaples'],
  ['KIMBERA', 'Kimberly-Clark de México, S.A.B. de C.V.', '34.50', 0.24, 3_070_000_000, 'consumerStaples'],
  ['PE&OLES', 'Industrias Peñoles, S.A.B. de C.V.', '620.00', 0.45, 397_000_000, 'materials'],
  ['AC', 'Arca Continental, S.A.B. de C.V.', '190.00', 0.2, 1_710_000_000, 'consumerStaples'],
];

export const mxStocks = stocksFrom(rows, { classify: 'MX', exchange: 'BMV', currency: 'MXN' });
