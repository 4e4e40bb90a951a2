/**
 * Every in-app link is built here: `navigate(paths.tradeDetail({ id, ... }))`, `<Link to={paths.deposit()}>`.
 * A builder names its route (a typo in a path fails the typecheck against the route table) and types
 * the query the screen reads (SPEC §2: "query parameters are passed to each page"). Parameters without
 * a value (undefined or null) are left out; the others keep the order given, so the URLs match the ones before.
 * Imports nothing at run time (routes.ts is plain data, read here for its types only).
 */
import type { Quote, SupportTopic } from '@beurs/contracts';
import type { RoutePath } from './routes';

type Value = string | number | null | undefined;

/** `path?query` from the parameters that have a value. */
function to(path: RoutePath, query: Record<string, Value> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The instrument a quote screen or an order ticket shows (SPEC §2: name, code, source). */
export interface InstrumentQuery {
  name: string;
  code: string;
  source: number | string;
}

/** What the quote and ticket builders need of a listed instrument. */
type Listed = Pick<Quote, 'kind' | 'source' | 'stock_code' | 'name'> & { market?: Quote['market'] };

/** A position or order as the trade centre lists it. */
interface Traded {
  id: number;
  stockName: string;
  stockCode: string;
  source: number;
}

export type TradeTab = 'holdings' | 'closed' | 'entrusted' | 'history' | 'subscription';
export type Direction = 0 | 1;

const quoteQuery = (q: InstrumentQuery & { market?: string | null }) => ({
  name: q.name,
  code: q.code,
  source: q.source,
  market: q.market || undefined,
});
const ticketQuery = (q: InstrumentQuery & { direction: Direction }) => ({
  name: q.name,
  code: q.code,
  source: q.source,
  direction: q.direction,
});

function quotePath(kind: Quote['kind'], source: number): RoutePath {
  if (kind === 'future') return '/pages/quote/future';
  if (kind === 'forex') return '/pages/quote/forex';
  if (kind === 'index') return '/pages/quote/globalindex';
  return source === 11 ? '/pages/hkstock/quote' : '/pages/quote/stock';
}

function ticketPath(kind: Quote['kind']): RoutePath {
  if (kind === 'future') return '/pages/payment/future';
  if (kind === 'forex') return '/pages/payment/forex';
  return '/pages/payment/stock';
}

export const paths = {
  /** The entry route: the first-launch guide, or home once it was finished. */
  entry: () => '/',
  guide: () => to('/pages/index/guide'),

  // Tabs.
  home: () => to('/pages/home/index'),
  /** `m`: the segment shown (US, HK, ..., crypto). */
  market: (q: { m?: string } = {}) => to('/pages/market/index', q),
  watchlist: () => to('/pages/watchlist/index'),
  trade: (q: { tab?: TradeTab } = {}) => to('/pages/trade/index', q),
  profile: () => to('/pages/profile/index'),

  // Quotes: `quote` picks the screen of the instrument's kind and source.
  quote: (q: Listed) =>
    to(
      quotePath(q.kind, q.source),
      quoteQuery({ name: q.name, code: q.stock_code, source: q.source, market: q.market }),
    ),
  quoteStock: (q: InstrumentQuery & { market?: string }) => to('/pages/quote/stock', quoteQuery(q)),
  /** A stock's quote by its code alone (an article's instruments): the screen looks the code up, stocks first. */
  quoteByCode: (code: string) => to('/pages/quote/stock', { name: code, code }),
  hkQuote: (q: InstrumentQuery) => to('/pages/hkstock/quote', quoteQuery(q)),
  hkMarket: () => to('/pages/hkstock/index'),
  search: (q: { q?: string } = {}) => to('/pages/search/index', q),
  watchlistManage: () => to('/pages/watchlist/manage'),

  // News (docs/news.md): one article; the webview of an allowlisted page (`url`: an app route, a named page such as
  // "agreement", or an https page of a published host; lib/webview.ts).
  newsDetail: (q: { id: number }) => to('/pages/news/detail', q),
  webview: (q: { url: string }) => to('/pages/webview/index', q),

  // Trading: the order ticket of an instrument's kind, a position or order, closing a position, fees.
  ticket: (q: Omit<Listed, 'market'>, direction: Direction) =>
    to(ticketPath(q.kind), ticketQuery({ name: q.name, code: q.stock_code, source: q.source, direction })),
  tradeDetail: (item: Traded, type: 'position' | 'order') =>
    to('/pages/trade/detail', {
      name: item.stockName,
      code: item.stockCode,
      source: item.source,
      id: item.id,
      type,
    }),
  /** Closing an open position: the ticket opens on the opposite direction. */
  close: (p: Traded & { direction: number }) =>
    to('/pages/payment/close', {
      name: p.stockName,
      code: p.stockCode,
      source: p.source,
      direction: p.direction === 0 ? 1 : 0,
      id: p.id,
    }),
  fees: () => to('/pages/setting/fees'),

  // New stocks (IPO): the calendar, the subscription ticket (US offerings on payment/newstock, Hong Kong ones on
  // hkstock/payipo; query: name, code, source 5 NewStock), the subscription tab with one subscription open.
  ipoCentre: (q: { market?: 'US' | 'HK'; phase?: string } = {}) => to('/pages/product/newstock', q),
  ipoTicket: (q: { name: string; code: string; market: 'US' | 'HK' }) =>
    to(q.market === 'HK' ? '/pages/hkstock/payipo' : '/pages/payment/newstock', {
      name: q.name,
      code: q.code,
      source: 5,
    }),
  subscriptions: (q: { id?: number } = {}) => to('/pages/trade/index', { tab: 'subscription', id: q.id }),
  // Placings of listed stocks (SPO / QIP): the open placings with their ticket, and the customer's applications.
  placings: () => to('/pages/placing/index'),
  placingRecord: () => to('/pages/placing/record'),
  // Treasury bonds: the list with quotes, one bond's ticket (SPEC §2 order query: name, code, source 101, direction),
  // and the customer's holdings, where a holding is sold.
  bonds: () => to('/pages/bonds/list'),
  bondOpen: (q: { name: string; code: string }) =>
    to('/pages/bonds/open', { name: q.name, code: q.code, source: 101, direction: 0 }),
  bondHoldings: () => to('/pages/bonds/close'),
  // Funds, Current and Regular: the products with their terms and a confirm sheet, and the customer's orders.
  funds: () => to('/pages/yinmutual/index'),
  fundHoldings: () => to('/pages/yinmutual/myhold'),
  // Copy trading: the institutions with their track records, the follow ticket of one, the customer's follows.
  followAgencies: () => to('/pages/product/follow'),
  followTicket: (q: { id: number }) => to('/pages/payment/follow', { id: q.id }),
  follows: () => to('/pages/trade/index', { tab: 'follow' }),
  // The pre-market (opening) auction: the stocks in pre-open, the auction ticket and the customer's auction orders.
  auction: () => to('/pages/product/auction'),
  // Block trades (at least 10,000 shares at the block desk's price): the permission, the desk and its ticket.
  blockTrade: () => to('/pages/product/blocktrade'),
  // The product lists: what customers trade and watch most, UC stocks, futures by category, forex by group.
  popular: () => to('/pages/product/popular'),
  ucStocks: () => to('/pages/product/ucstock'),
  futuresByCategory: () => to('/pages/product/future'),
  forexByGroup: () => to('/pages/product/forex'),

  // Trading robots on the crypto market (docs/strategies.md): the robots, one robot's terms, a pair's quote with
  // the robots that trade it.
  // AI quantification: the quant strategies with the subscribe sheet, the customer's subscriptions, one of them.
  quant: () => to('/pages/aiquantify/index'),
  quantRecord: () => to('/pages/aiquantify/record'),
  quantRecordDetail: (q: { id: number }) => to('/pages/aiquantify/record-detail', { id: q.id }),
  robots: () => to('/pages/robotai/index'),
  robotProduct: (q: { id: number }) => to('/pages/robotai/product', q),
  robotQuote: (q: { code: string; name?: string }) =>
    to('/pages/robotai/quote', { name: q.name ?? q.code, code: q.code, source: 100 }),
  robotRecord: () => to('/pages/robotai/record'),
  robotDetail: (q: { id: number }) => to('/pages/robotai/detail', q),
  robotRental: (q: { id: number; term: 'rent' | 'buy'; pair?: string }) => to('/pages/robotai/rental', q),

  // Sign-in and registration (`redirect`: the in-app path to return to, see navigation.ts).
  login: (q: { redirect?: string } = {}) => to('/pages/auth/login', q),
  loginWithCode: (q: { redirect?: string } = {}) => to('/pages/auth/logincode', q),
  resetPassword: () => to('/pages/auth/resetpwd'),
  register: (q: { invite?: string } = {}) => to('/pages/auth/register', q),
  registerIndividual: (q: { invite?: string } = {}) => to('/pages/auth/registerindividual', q),
  registerCompany: (q: { invite?: string } = {}) => to('/pages/auth/registercompany', q),
  protocol: () => to('/pages/auth/protocol'),

  // Money.
  deposit: () => to('/pages/deposit/index'),
  depositWallet: (q: { channelId: number }) => to('/pages/deposit/wallet', q),
  depositFiat: (q: { channelId: number }) => to('/pages/deposit/fiat', q),
  depositRecord: (q: { id?: number } = {}) => to('/pages/deposit/record', q),
  withdrawBank: () => to('/pages/withdraw/bcard'),
  withdrawCrypto: () => to('/pages/withdraw/vm'),
  transfer: (q: { from?: string; to?: string; amount?: string } = {}) => to('/pages/profile/transfer', q),
  transactions: (q: { wallet?: string; type?: string } = {}) => to('/pages/profile/transaction', q),
  bankCards: () => to('/pages/bcard/index'),
  bankCardEdit: (q: { id?: number } = {}) => to('/pages/bcard/modify', q),
  cryptoWallets: () => to('/pages/vm/index'),
  cryptoWalletEdit: (q: { id?: number } = {}) => to('/pages/vm/modify', q),
  kyc: () => to('/pages/kyc/individual'),

  // Profile and settings.
  notices: () => to('/pages/notice/index'),
  notice: (q: { id: number }) => to('/pages/notice/detail', q),
  share: () => to('/pages/profile/share'),
  loan: () => to('/pages/loan/index'),
  // Help and contact (docs/support.md): the conversations, a new one (a screen that needs a person presets its
  // topic, e.g. block-trade permission), and one conversation.
  support: () => to('/pages/service/index'),
  supportNew: (q: { topic?: SupportTopic } = {}) => to('/pages/service/new', q),
  supportChat: (q: { id: number }) => to('/pages/service/chat', q),
  settings: () => to('/pages/setting/index'),
  security: () => to('/pages/setting/security'),
  loginPassword: () => to('/pages/setting/loginpwd'),
  payPassword: () => to('/pages/setting/paypwd'),
  totp: () => to('/pages/setting/totp'),
} as const;
