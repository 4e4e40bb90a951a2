import type { InstrumentDef } from './types.js';

/** [code, name, refPrice (EUR), volatility, sharesOutstanding, sector, nameZh?] */
type DeRow = [string, string, string, number, number, string, string?];

// XETRA tickers, approximate late-2025 prices in EUR.
const rows: DeRow[] = [
  ['SAP', 'SAP SE', '210.00', 0.28, 1_167_000_000, 'Technology', '思爱普'],
  ['SIE', 'Siemens AG', '235.00', 0.25, 790_000_000, 'Industrials', '西门子'],
  ['ALV', 'Allianz SE', '365.00', 0.18, 385_000_000, 'Financials', '安联'],
  ['DTE', 'Deutsche Telekom AG', '27.50', 0.18, 4_980_000_000, 'Communication Services', '德国电信'],
  ['AIR', 'Airbus SE', '205.00', 0.28, 792_000_000, 'Industrials', '空中客车'],
  ['MBG', 'Mercedes-Benz Group AG', '58.00', 0.28, 962_000_000, 'Consumer Discretionary', '梅赛德斯-奔驰'],
  ['BMW', 'Bayerische Motoren Werke AG', '88.00', 0.28, 620_000_000, 'Consumer Discretionary', '宝马'],
  ['VOW3', 'Volkswagen AG (Pref.)', '96.00', 0.3, 501_000_000, 'Consumer Discretionary', '大众汽车'],
  ['BAS', 'BASF SE', '43.00', 0.28, 892_000_000, 'Materials', '巴斯夫'],
  ['BAYN', 'Bayer AG', '31.00', 0.38, 982_000_000, 'Health Care', '拜耳'],
  [
    'MUV2',
    'Münchener Rückversicherungs-Gesellschaft (Munich Re)',
    '540.00',
    0.2,
    130_000_000,
    'Financials',
    '慕尼黑再保险',
  ],
  ['DBK', 'Deutsche Bank AG', '31.00', 0.35, 1_920_000_000, 'Financials', '德意志银行'],
  ['DB1', 'Deutsche Börse AG', '215.00', 0.2, 184_000_000, 'Financials', '德意志交易所'],
  ['IFX', 'Infineon Technologies AG', '35.00', 0.38, 1_300_000_000, 'Technology', '英飞凌'],
  ['ADS', 'adidas AG', '160.00', 0.32, 178_500_000, 'Consumer Discretionary', '阿迪达斯'],
  ['RWE', 'RWE AG', '43.00', 0.28, 744_000_000, 'Utilities', '莱茵集团'],
  ['EOAN', 'E.ON SE', '15.30', 0.2, 2_640_000_000, 'Utilities', '意昂集团'],
  ['DHL', 'DHL Group', '43.00', 0.25, 1_160_000_000, 'Industrials', '敦豪'],
  ['HEN3', 'Henkel AG & Co. KGaA (Pref.)', '68.00', 0.2, 438_000_000, 'Consumer Staples', '汉高'],
  ['BEI', 'Beiersdorf AG', '92.00', 0.2, 226_000_000, 'Consumer Staples', '拜尔斯道夫'],
  ['CON', 'Continental AG', '64.00', 0.32, 200_000_000, 'Consumer Discretionary', '大陆集团'],
  ['HEI', 'Heidelberg Materials AG', '215.00', 0.3, 180_000_000, 'Materials', '海德堡材料'],
  ['ENR', 'Siemens Energy AG', '110.00', 0.5, 856_000_000, 'Industrials', '西门子能源'],
  ['SHL', 'Siemens Healthineers AG', '44.00', 0.25, 1_130_000_000, 'Health Care', '西门子医疗'],
  ['VNA', 'Vonovia SE', '26.00', 0.28, 823_000_000, 'Real Estate', '沃诺维亚'],
  ['CBK', 'Commerzbank AG', '33.00', 0.4, 1_140_000_000, 'Financials', '德国商业银行'],
  ['HNR1', 'Hannover Rück SE', '260.00', 0.2, 120_600_000, 'Financials', '汉诺威再保险'],
  ['RHM', 'Rheinmetall AG', '1600.00', 0.5, 45_800_000, 'Industrials', '莱茵金属'],
  ['MTX', 'MTU Aero Engines AG', '370.00', 0.28, 53_800_000, 'Industrials'],
  ['DTG', 'Daimler Truck Holding AG', '35.00', 0.3, 768_000_000, 'Industrials', '戴姆勒卡车'],
];

export const deStocks: readonly InstrumentDef[] = rows.map(
  ([code, name, refPrice, volatility, sharesOutstanding, sector, nameZh]): InstrumentDef => ({
    code,
    name,
    ...(nameZh ? { nameZh } : {}),
    kind: 'stock',
    source: 0,
    classify: 'DE',
    exchange: 'XETRA',
    currency: 'EUR',
    refPrice,
    priceDecimals: 2,
    lotSize: 1,
    volatility,
    sharesOutstanding,
    sector,
  }),
);
