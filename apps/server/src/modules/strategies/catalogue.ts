/**
 * The demo's strategies (the copy-trading institutions of SPEC §1 and §6): one manager per rule, each with its
 * published description in three languages and its performance fee. Their parameters are fixed here and copied onto
 * the strategy's row at seeding; the books run with the row's copy, so a later edit of this file does not change a
 * record already made. Lot sizes come from the instrument catalogue.
 */
import { instrumentByKey } from '../../market/instruments/index.js';
import { DEFAULT_RULES } from '../trading/index.js';
import type { StrategyParams } from './engine.js';

/** The trading module's published fee rate of a stock order, used by every book. */
const BOOK_FEE_RATE = DEFAULT_RULES.stock.buyRate;
const BOOK_CAPITAL = '1000000';

const lots = (keys: readonly string[]) =>
  Object.fromEntries(
    keys.map((key) => {
      const [source, code] = key.split(':');
      const def = instrumentByKey(Number(source), code ?? '');
      if (!def) throw new Error(`strategy instrument ${key} is not in the catalogue`);
      return [key, String(def.lotSize > 0 ? def.lotSize : 1)];
    }),
  );

const common = (instruments: string[]) => ({
  instruments,
  capital: BOOK_CAPITAL,
  feeRate: BOOK_FEE_RATE,
  lots: lots(instruments),
});

export interface StrategySeed {
  code: string;
  manager: string;
  name: string;
  nameNl: string;
  nameZh: string;
  description: string;
  descriptionNl: string;
  descriptionZh: string;
  currency: 'USD';
  /** Performance fee (fraction) on profit above the follow's high-water mark. */
  performanceFee: string;
  params: StrategyParams;
  sort: number;
  /** follow (a copy-trading institution) unless said; a quant strategy publishes its minimum and periods (days). */
  kind?: 'follow' | 'quant';
  minAmount?: string;
  terms?: number[];
}

export const DEMO_STRATEGIES: readonly StrategySeed[] = [
  {
    code: 'KM-TREND',
    manager: 'Harbour Trend Partners',
    name: 'Crypto trend',
    nameNl: 'Cryptotrend',
    nameZh: '加密货币趋势',
    description:
      'Momentum on Bitcoin, Ether and Solana: holds a coin while its 6-hour average is above its 48-hour average and its price has risen over 6 hours; sells when that ends. Up to 90 % invested.',
    descriptionNl:
      'Momentum op Bitcoin, Ether en Solana: houdt een munt zolang het 6-uursgemiddelde boven het 48-uursgemiddelde ligt en de koers over 6 uur steeg; verkoopt als dat ophoudt. Tot 90 % belegd.',
    descriptionZh:
      '比特币、以太坊和索拉纳的动量策略：当 6 小时均价高于 48 小时均价且价格在 6 小时内上涨时持有，条件不再成立时卖出。最多投入 90%。',
    currency: 'USD',
    performanceFee: '0.2',
    params: {
      rule: 'momentum',
      fast: 6,
      slow: 48,
      weight: 0.9,
      ...common(['100:BTCUSD', '100:ETHUSD', '100:SOLUSD']),
    },
    sort: 1,
  },
  {
    code: 'KM-REVERT',
    manager: 'Canal Reversion Capital',
    name: 'US large caps, mean reversion',
    nameNl: 'Amerikaanse grote fondsen, terugkeer naar het gemiddelde',
    nameZh: '美国大盘股均值回归',
    description:
      'Mean reversion on Apple, Microsoft, NVIDIA and Amazon during US trading hours: buys a stock 1.8 standard deviations below its 24-hour average, sells once it is back above it.',
    descriptionNl:
      'Terugkeer naar het gemiddelde op Apple, Microsoft, NVIDIA en Amazon tijdens de Amerikaanse handelsuren: koopt een aandeel 1,8 standaarddeviatie onder zijn 24-uursgemiddelde en verkoopt zodra het er weer boven staat.',
    descriptionZh:
      '在美股交易时段对苹果、微软、英伟达和亚马逊做均值回归：价格低于 24 小时均价 1.8 个标准差时买入，回到均价之上时卖出。',
    currency: 'USD',
    performanceFee: '0.15',
    params: {
      rule: 'meanReversion',
      window: 24,
      entryZ: -1.8,
      exitZ: 0.2,
      weight: 0.8,
      ...common(['0:AAPL', '0:MSFT', '0:NVDA', '0:AMZN']),
    },
    sort: 2,
  },
  {
    code: 'KM-GRID',
    manager: 'Lighthouse Grid Desk',
    name: 'Ether and BNB grid',
    nameNl: 'Grid op Ether en BNB',
    nameZh: '以太坊与币安币网格',
    description:
      'A grid on Ether and BNB: buys a slice of 8 % of the book each time the price falls 1.5 % below its last fill (at most 6 slices), sells the last slice each time it rises 1.5 % above.',
    descriptionNl:
      'Een grid op Ether en BNB: koopt een schijf van 8 % van het boek telkens als de koers 1,5 % onder de laatste uitvoering zakt (hoogstens 6 schijven) en verkoopt de laatste schijf telkens als hij 1,5 % erboven stijgt.',
    descriptionZh:
      '以太坊和币安币网格：价格每比上次成交低 1.5% 买入账户 8% 的一份（最多 6 份），每比上次成交高 1.5% 卖出最后一份。',
    currency: 'USD',
    performanceFee: '0.15',
    params: { rule: 'grid', spacing: 0.015, levels: 6, slice: 0.08, ...common(['100:ETHUSD', '100:BNBUSD']) },
    sort: 3,
  },
  {
    code: 'KM-DCA',
    manager: 'Polder Steady Accumulation',
    name: 'Bitcoin and Ether, bought every day',
    nameNl: 'Bitcoin en Ether, elke dag gekocht',
    nameZh: '每日定投比特币和以太坊',
    description:
      'Dollar-cost averaging: buys 4,000 dollars of Bitcoin and of Ether every day at 00:00 UTC and never sells, until the cash is used up. Its value follows the two coins, down as well as up.',
    descriptionNl:
      'Gespreid instappen: koopt elke dag om 00:00 UTC voor 4.000 dollar Bitcoin en Ether en verkoopt nooit, tot het geld op is. De waarde volgt de twee munten, omlaag zowel als omhoog.',
    descriptionZh: '定投：每天 UTC 00:00 买入比特币和以太坊各 4,000 美元，从不卖出，直到现金用完。价值随两种币涨跌。',
    currency: 'USD',
    performanceFee: '0.1',
    params: { rule: 'dca', everyTicks: 24, amount: '4000', ...common(['100:BTCUSD', '100:ETHUSD']) },
    sort: 4,
  },
];

/**
 * The AI quant strategies (SPEC §1 "an AI quantification product", docs/strategies.md "AI quantification"): rules of
 * the same engine with their own instruments and parameters, each with its published performance fee, minimum and
 * subscription periods. "AI" is the product's name; what trades is the rule written here, and the descriptions say so.
 */
const QUANT_DESK = 'Kade Markets quant desk';
export const QUANT_STRATEGIES: readonly StrategySeed[] = [
  {
    code: 'KQ-MOMENTUM',
    kind: 'quant',
    manager: QUANT_DESK,
    name: 'Crypto momentum, slow signal',
    nameNl: 'Cryptomomentum, traag signaal',
    nameZh: '加密货币动量（慢信号）',
    description:
      'A rule, not a forecast: holds Bitcoin, Ether, Solana, BNB or XRP while its 12-hour average is above its 72-hour average and its price rose over 12 hours; sells when that ends. Up to 60 % invested.',
    descriptionNl:
      'Een regel, geen voorspelling: houdt Bitcoin, Ether, Solana, BNB of XRP zolang het 12-uursgemiddelde boven het 72-uursgemiddelde ligt en de koers over 12 uur steeg; verkoopt als dat ophoudt. Tot 60 % belegd.',
    descriptionZh:
      '这是规则，不是预测：当比特币、以太坊、索拉纳、币安币或瑞波币的 12 小时均价高于 72 小时均价且价格在 12 小时内上涨时持有，条件不再成立时卖出。最多投入 60%。',
    currency: 'USD',
    performanceFee: '0.2',
    minAmount: '500',
    terms: [7, 30, 90],
    params: {
      rule: 'momentum',
      fast: 12,
      slow: 72,
      weight: 0.6,
      ...common(['100:BTCUSD', '100:ETHUSD', '100:SOLUSD', '100:BNBUSD', '100:XRPUSD']),
    },
    sort: 11,
  },
  {
    code: 'KQ-REVERT',
    kind: 'quant',
    manager: QUANT_DESK,
    name: 'US tech, deep dips',
    nameNl: 'Amerikaanse tech, diepe dalingen',
    nameZh: '美国科技股深跌反弹',
    description:
      'A rule, not a forecast: during US trading hours buys Alphabet, Meta, Tesla or AMD 2.2 standard deviations below its 48-hour average and sells once it is back at the average. Up to 70 % invested.',
    descriptionNl:
      'Een regel, geen voorspelling: koopt tijdens de Amerikaanse handelsuren Alphabet, Meta, Tesla of AMD 2,2 standaarddeviatie onder het 48-uursgemiddelde en verkoopt zodra het weer op het gemiddelde staat. Tot 70 % belegd.',
    descriptionZh:
      '这是规则，不是预测：在美股交易时段，当 Alphabet、Meta、特斯拉或 AMD 低于 48 小时均价 2.2 个标准差时买入，回到均价时卖出。最多投入 70%。',
    currency: 'USD',
    performanceFee: '0.15',
    minAmount: '1000',
    terms: [30, 90],
    params: {
      rule: 'meanReversion',
      window: 48,
      entryZ: -2.2,
      exitZ: 0,
      weight: 0.7,
      ...common(['0:GOOGL', '0:META', '0:TSLA', '0:AMD']),
    },
    sort: 12,
  },
  {
    code: 'KQ-GRID',
    kind: 'quant',
    manager: QUANT_DESK,
    name: 'Bitcoin and Solana grid',
    nameNl: 'Grid op Bitcoin en Solana',
    nameZh: '比特币与索拉纳网格',
    description:
      'A rule, not a forecast: buys a slice of 6 % of the book each time the price falls 1 % below its last fill (at most 8 slices) and sells the last slice each time it rises 1 % above. It loses when the price keeps falling.',
    descriptionNl:
      'Een regel, geen voorspelling: koopt een schijf van 6 % van het boek telkens als de koers 1 % onder de laatste uitvoering zakt (hoogstens 8 schijven) en verkoopt de laatste schijf telkens als hij 1 % erboven stijgt. Verliest als de koers blijft dalen.',
    descriptionZh:
      '这是规则，不是预测：价格每比上次成交低 1% 买入账户 6% 的一份（最多 8 份），每比上次成交高 1% 卖出最后一份。价格持续下跌时亏损。',
    currency: 'USD',
    performanceFee: '0.1',
    minAmount: '100',
    terms: [7, 30],
    params: { rule: 'grid', spacing: 0.01, levels: 8, slice: 0.06, ...common(['100:BTCUSD', '100:SOLUSD']) },
    sort: 13,
  },
];
