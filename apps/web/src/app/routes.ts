/**
 * The route table of SPEC §2 as plain data: every path of the product with its title, whether it
 * needs a login and whether it is a tab. It imports nothing at run time, so any module (the router,
 * the shell, a page, the browser tests) may read it without pulling screens in. Which screens exist
 * is decided by the page files (router.tsx, pageFiles.ts): a declared path without a file shows the
 * "not available yet" screen. Links are built with `paths` (paths.ts), not written as strings.
 */
import type { ParseKeys } from 'i18next';
import type { TextPart } from '../locales/parts';

export type TabName = 'home' | 'market' | 'watchlist' | 'trade' | 'profile';
type TitleKeys = Extract<ParseKeys, `routes.${string}`>;
/** A `routes.*` key of the catalogues; any `routes.*` text where they are not typed (the browser tests). */
export type RouteTitleKey = [TitleKeys] extends [never] ? `routes.${string}` : TitleKeys;

export interface RouteMeta {
  titleKey: RouteTitleKey;
  /** Guests are sent to the login screen, which comes back here afterwards. */
  auth: boolean;
  tab?: TabName;
  /** A second path that shows the same screen (the entry route `/`). */
  alias?: string;
  /**
   * 'shell': the screen uses only the shell's texts (locales/parts.ts, checked by parts.test.ts), so it opens
   * without fetching the rest; the first-visit screens. Others get all texts before they render (router.tsx).
   */
  texts?: TextPart;
}

export const routeMeta = {
  '/pages/index/guide': { titleKey: 'routes.index.guide', auth: false, alias: '/', texts: 'shell' },

  // Tabs.
  '/pages/home/index': { titleKey: 'routes.home.index', auth: false, tab: 'home', texts: 'shell' },
  '/pages/market/index': { titleKey: 'routes.market.index', auth: false, tab: 'market', texts: 'shell' },
  '/pages/watchlist/index': { titleKey: 'routes.watchlist.index', auth: true, tab: 'watchlist' },
  '/pages/trade/index': { titleKey: 'routes.trade.index', auth: true, tab: 'trade' },
  '/pages/profile/index': { titleKey: 'routes.profile.index', auth: false, tab: 'profile' },

  // Quotes (query: name, code, source, optional market).
  '/pages/quote/stock': { titleKey: 'routes.quote.stock', auth: false, texts: 'shell' },
  '/pages/quote/future': { titleKey: 'routes.quote.future', auth: false },
  '/pages/quote/globalindex': { titleKey: 'routes.quote.globalindex', auth: false },
  '/pages/quote/forex': { titleKey: 'routes.quote.forex', auth: false },
  '/pages/hkstock/quote': { titleKey: 'routes.hkstock.quote', auth: false },
  '/pages/watchlist/manage': { titleKey: 'routes.watchlist.manage', auth: true },

  // Trade detail (query: name, code, source, id, type).
  '/pages/trade/detail': { titleKey: 'routes.trade.detail', auth: true },

  // Products.
  '/pages/product/follow': { titleKey: 'routes.product.follow', auth: false },
  '/pages/product/future': { titleKey: 'routes.product.future', auth: false },
  '/pages/product/popular': { titleKey: 'routes.product.popular', auth: false },
  '/pages/product/auction': { titleKey: 'routes.product.auction', auth: false },
  '/pages/product/forex': { titleKey: 'routes.product.forex', auth: false },
  '/pages/product/blocktrade': { titleKey: 'routes.product.blocktrade', auth: true },
  '/pages/product/newstock': { titleKey: 'routes.product.newstock', auth: false },
  '/pages/product/ucstock': { titleKey: 'routes.product.ucstock', auth: false },

  // Hong Kong.
  '/pages/hkstock/index': { titleKey: 'routes.hkstock.index', auth: false },
  '/pages/hkstock/payipo': { titleKey: 'routes.hkstock.payipo', auth: true },

  // Sign-in and registration.
  '/pages/auth/login': { titleKey: 'routes.auth.login', auth: false },
  '/pages/auth/logincode': { titleKey: 'routes.auth.logincode', auth: false },
  '/pages/auth/register': { titleKey: 'routes.auth.register', auth: false },
  '/pages/auth/registercompany': { titleKey: 'routes.auth.registercompany', auth: false },
  '/pages/auth/registerindividual': { titleKey: 'routes.auth.registerindividual', auth: false },
  '/pages/auth/resetpwd': { titleKey: 'routes.auth.resetpwd', auth: false },
  '/pages/auth/protocol': { titleKey: 'routes.auth.protocol', auth: false },

  // Profile.
  '/pages/profile/share': { titleKey: 'routes.profile.share', auth: true },
  '/pages/profile/transaction': { titleKey: 'routes.profile.transaction', auth: true },
  '/pages/profile/transfer': { titleKey: 'routes.profile.transfer', auth: true },

  // Money in and out.
  '/pages/withdraw/vm': { titleKey: 'routes.withdraw.vm', auth: true },
  '/pages/withdraw/bcard': { titleKey: 'routes.withdraw.bcard', auth: true },
  '/pages/deposit/index': { titleKey: 'routes.deposit.index', auth: true },
  '/pages/deposit/fiat': { titleKey: 'routes.deposit.fiat', auth: true },
  '/pages/deposit/wallet': { titleKey: 'routes.deposit.wallet', auth: true },
  '/pages/deposit/record': { titleKey: 'routes.deposit.record', auth: true },

  // Settings. The settings screen is open to guests for the language switch.
  '/pages/setting/index': { titleKey: 'routes.setting.index', auth: false },
  '/pages/setting/security': { titleKey: 'routes.setting.security', auth: true },
  '/pages/setting/loginpwd': { titleKey: 'routes.setting.loginpwd', auth: true },
  '/pages/setting/paypwd': { titleKey: 'routes.setting.paypwd', auth: true },
  '/pages/setting/totp': { titleKey: 'routes.setting.totp', auth: true },

  // The published fee schedule and trading terms: open to guests, linked from settings and every order ticket.
  '/pages/setting/fees': { titleKey: 'routes.setting.fees', auth: false },

  // Bank cards and digital-currency wallets.
  '/pages/bcard/index': { titleKey: 'routes.bcard.index', auth: true },
  '/pages/bcard/modify': { titleKey: 'routes.bcard.modify', auth: true },
  '/pages/vm/index': { titleKey: 'routes.vm.index', auth: true },
  '/pages/vm/modify': { titleKey: 'routes.vm.modify', auth: true },
  '/pages/kyc/individual': { titleKey: 'routes.kyc.individual', auth: true },
  '/pages/search/index': { titleKey: 'routes.search.index', auth: false },
  '/pages/notice/index': { titleKey: 'routes.notice.index', auth: true },
  '/pages/notice/detail': { titleKey: 'routes.notice.detail', auth: true },

  // Order tickets (query: name, code, source, direction).
  '/pages/payment/stock': { titleKey: 'routes.payment.stock', auth: true },
  '/pages/payment/future': { titleKey: 'routes.payment.future', auth: true },
  '/pages/payment/forex': { titleKey: 'routes.payment.forex', auth: true },
  '/pages/payment/newstock': { titleKey: 'routes.payment.newstock', auth: true },
  '/pages/payment/follow': { titleKey: 'routes.payment.follow', auth: true },
  '/pages/payment/close': { titleKey: 'routes.payment.close', auth: true },
  '/pages/bonds/open': { titleKey: 'routes.bonds.open', auth: true },
  '/pages/bonds/close': { titleKey: 'routes.bonds.close', auth: true },
  '/pages/news/detail': { titleKey: 'routes.news.detail', auth: false },
  '/pages/webview/index': { titleKey: 'routes.webview.index', auth: false },

  // Trading robot.
  '/pages/robotai/index': { titleKey: 'routes.robotai.index', auth: false },
  '/pages/robotai/product': { titleKey: 'routes.robotai.product', auth: false },
  '/pages/robotai/detail': { titleKey: 'routes.robotai.detail', auth: true },
  '/pages/robotai/quote': { titleKey: 'routes.robotai.quote', auth: false },
  '/pages/robotai/record': { titleKey: 'routes.robotai.record', auth: true },
  '/pages/robotai/rental': { titleKey: 'routes.robotai.rental', auth: true },
  '/pages/bonds/list': { titleKey: 'routes.bonds.list', auth: false },

  // AI quantification.
  '/pages/aiquantify/index': { titleKey: 'routes.aiquantify.index', auth: false },
  '/pages/aiquantify/record': { titleKey: 'routes.aiquantify.record', auth: true },
  '/pages/aiquantify/record-detail': { titleKey: 'routes.aiquantify.recordDetail', auth: true },

  // Placing (SPO/QIP).
  '/pages/placing/index': { titleKey: 'routes.placing.index', auth: false },
  '/pages/placing/record': { titleKey: 'routes.placing.record', auth: true },

  // Mutual funds.
  '/pages/yinmutual/index': { titleKey: 'routes.yinmutual.index', auth: false },
  '/pages/yinmutual/myhold': { titleKey: 'routes.yinmutual.myhold', auth: true },
  '/pages/loan/index': { titleKey: 'routes.loan.index', auth: true },

  // Help and contact: conversations with customer service (docs/support.md).
  '/pages/service/index': { titleKey: 'routes.service.index', auth: true },
  '/pages/service/new': { titleKey: 'routes.service.new', auth: true },
  '/pages/service/chat': { titleKey: 'routes.service.chat', auth: true },
} as const satisfies Record<`/pages/${string}/${string}`, RouteMeta>;

export type RoutePath = keyof typeof routeMeta;

export interface AppRoute extends RouteMeta {
  path: string;
}

export const appRoutes: readonly AppRoute[] = (Object.keys(routeMeta) as RoutePath[]).map((path) => ({
  path,
  ...routeMeta[path],
}));

export const TABS: ReadonlyArray<{ name: TabName; path: string }> = (
  ['home', 'market', 'watchlist', 'trade', 'profile'] as const
).map((name) => {
  const found = appRoutes.find((r) => r.tab === name);
  if (!found) throw new Error(`Tab ${name} has no route`);
  return { name, path: found.path };
});

/** The table entry of a path (without its query), aliases included. */
export function findRoute(path: string): AppRoute | undefined {
  return appRoutes.find((r) => r.path === path || r.alias === path);
}
