/**
 * The whole route table of SPEC §2 in one place. Every path of the product is declared here
 * with its title, whether it needs a login and whether it is a tab. `page` loads the screen
 * lazily; a route without `page` belongs to a later issue and shows the "not available yet"
 * screen. The file of a screen mirrors its path: /pages/auth/login -> src/pages/auth/login.tsx.
 */
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';

export type TabName = 'home' | 'market' | 'watchlist' | 'trade' | 'profile';
export type RouteTitleKey = Extract<ParseKeys, `routes.${string}`>;

export interface AppRoute {
  path: string;
  titleKey: RouteTitleKey;
  /** Guests are sent to the login screen, which comes back here afterwards. */
  auth: boolean;
  tab?: TabName;
  /** Loads the screen; absent while the screen is not built yet. */
  page?: () => Promise<ComponentType>;
}

const route = (
  path: string,
  titleKey: RouteTitleKey,
  auth: boolean,
  page?: AppRoute['page'],
  tab?: TabName,
): AppRoute => ({ path, titleKey, auth, page, tab });

export const appRoutes: readonly AppRoute[] = [
  // Entry: the first-launch guide, or home once the guide was finished.
  route('/', 'routes.index.guide', false, () => import('../pages/index/guide').then((m) => m.GuidePage)),
  route('/pages/index/guide', 'routes.index.guide', false, () =>
    import('../pages/index/guide').then((m) => m.GuidePage),
  ),

  // Tabs.
  route(
    '/pages/home/index',
    'routes.home.index',
    false,
    () => import('../pages/home/index').then((m) => m.HomePage),
    'home',
  ),
  route(
    '/pages/market/index',
    'routes.market.index',
    false,
    () => import('../pages/market/index').then((m) => m.MarketPage),
    'market',
  ),
  route(
    '/pages/watchlist/index',
    'routes.watchlist.index',
    true,
    () => import('../pages/watchlist/index').then((m) => m.WatchlistPage),
    'watchlist',
  ),
  route(
    '/pages/trade/index',
    'routes.trade.index',
    true,
    () => import('../pages/trade/index').then((m) => m.TradePage),
    'trade',
  ),
  route(
    '/pages/profile/index',
    'routes.profile.index',
    false,
    () => import('../pages/profile/index').then((m) => m.ProfilePage),
    'profile',
  ),

  // Quotes (query: name, code, source, optional market).
  route('/pages/quote/stock', 'routes.quote.stock', false, () =>
    import('../pages/quote/stock').then((m) => m.QuoteStockPage),
  ),
  route('/pages/quote/future', 'routes.quote.future', false, () =>
    import('../pages/quote/future').then((m) => m.QuoteFuturePage),
  ),
  route('/pages/quote/globalindex', 'routes.quote.globalindex', false, () =>
    import('../pages/quote/globalindex').then((m) => m.QuoteGlobalIndexPage),
  ),
  route('/pages/quote/forex', 'routes.quote.forex', false, () =>
    import('../pages/quote/forex').then((m) => m.QuoteForexPage),
  ),
  route('/pages/hkstock/quote', 'routes.hkstock.quote', false, () =>
    import('../pages/hkstock/quote').then((m) => m.HkStockQuotePage),
  ),

  route('/pages/watchlist/manage', 'routes.watchlist.manage', true, () =>
    import('../pages/watchlist/manage').then((m) => m.WatchlistManagePage),
  ),
  // Trade detail (query: name, code, source, id, type).
  route('/pages/trade/detail', 'routes.trade.detail', true, () =>
    import('../pages/trade/detail').then((m) => m.TradeDetailPage),
  ),

  // Products.
  route('/pages/product/follow', 'routes.product.follow', false),
  route('/pages/product/future', 'routes.product.future', false),
  route('/pages/product/popular', 'routes.product.popular', false),
  route('/pages/product/auction', 'routes.product.auction', false),
  route('/pages/product/forex', 'routes.product.forex', false),
  route('/pages/product/blocktrade', 'routes.product.blocktrade', false),
  route('/pages/product/newstock', 'routes.product.newstock', false),
  route('/pages/product/ucstock', 'routes.product.ucstock', false),

  // Hong Kong.
  route('/pages/hkstock/index', 'routes.hkstock.index', false, () =>
    import('../pages/hkstock/index').then((m) => m.HkStockIndexPage),
  ),
  route('/pages/hkstock/payipo', 'routes.hkstock.payipo', true),

  // Sign-in and registration.
  route('/pages/auth/login', 'routes.auth.login', false, () => import('../pages/auth/login').then((m) => m.LoginPage)),
  route('/pages/auth/logincode', 'routes.auth.logincode', false, () =>
    import('../pages/auth/logincode').then((m) => m.LoginWithCodePage),
  ),
  route('/pages/auth/register', 'routes.auth.register', false, () =>
    import('../pages/auth/register').then((m) => m.RegisterPage),
  ),
  route('/pages/auth/registercompany', 'routes.auth.registercompany', false, () =>
    import('../pages/auth/registercompany').then((m) => m.RegisterCompanyPage),
  ),
  route('/pages/auth/registerindividual', 'routes.auth.registerindividual', false, () =>
    import('../pages/auth/registerindividual').then((m) => m.RegisterIndividualPage),
  ),
  route('/pages/auth/resetpwd', 'routes.auth.resetpwd', false, () =>
    import('../pages/auth/resetpwd').then((m) => m.ResetPasswordPage),
  ),
  route('/pages/auth/protocol', 'routes.auth.protocol', false, () =>
    import('../pages/auth/protocol').then((m) => m.ProtocolPage),
  ),

  // Profile.
  route('/pages/profile/share', 'routes.profile.share', true),
  route('/pages/profile/transaction', 'routes.profile.transaction', true, () =>
    import('../pages/profile/transaction').then((m) => m.TransactionPage),
  ),
  route('/pages/profile/transfer', 'routes.profile.transfer', true, () =>
    import('../pages/profile/transfer').then((m) => m.TransferPage),
  ),

  // Money in and out.
  route('/pages/withdraw/vm', 'routes.withdraw.vm', true, () =>
    import('../pages/withdraw/vm').then((m) => m.WithdrawCryptoPage),
  ),
  route('/pages/withdraw/bcard', 'routes.withdraw.bcard', true, () =>
    import('../pages/withdraw/bcard').then((m) => m.WithdrawBankCardPage),
  ),
  route('/pages/deposit/index', 'routes.deposit.index', true, () =>
    import('../pages/deposit/index').then((m) => m.DepositIndexPage),
  ),
  route('/pages/deposit/fiat', 'routes.deposit.fiat', true, () =>
    import('../pages/deposit/fiat').then((m) => m.DepositFiatPage),
  ),
  route('/pages/deposit/wallet', 'routes.deposit.wallet', true, () =>
    import('../pages/deposit/wallet').then((m) => m.DepositWalletPage),
  ),
  route('/pages/deposit/record', 'routes.deposit.record', true, () =>
    import('../pages/deposit/record').then((m) => m.DepositRecordPage),
  ),

  // Settings. The settings screen is open to guests for the language switch.
  route('/pages/setting/index', 'routes.setting.index', false, () =>
    import('../pages/setting/index').then((m) => m.SettingsPage),
  ),
  route('/pages/setting/security', 'routes.setting.security', true, () =>
    import('../pages/setting/security').then((m) => m.SecurityPage),
  ),
  route('/pages/setting/loginpwd', 'routes.setting.loginpwd', true, () =>
    import('../pages/setting/loginpwd').then((m) => m.LoginPasswordPage),
  ),
  route('/pages/setting/paypwd', 'routes.setting.paypwd', true, () =>
    import('../pages/setting/paypwd').then((m) => m.PayPasswordPage),
  ),
  route('/pages/setting/totp', 'routes.setting.totp', true, () =>
    import('../pages/setting/totp').then((m) => m.TotpPage),
  ),
  // The published fee schedule and trading terms: open to guests, linked from settings and every order ticket.
  route('/pages/setting/fees', 'routes.setting.fees', false, () =>
    import('../pages/setting/fees').then((m) => m.FeesPage),
  ),

  // Bank cards and digital-currency wallets.
  route('/pages/bcard/index', 'routes.bcard.index', true, () =>
    import('../pages/bcard/index').then((m) => m.BankCardsPage),
  ),
  route('/pages/bcard/modify', 'routes.bcard.modify', true, () =>
    import('../pages/bcard/modify').then((m) => m.BankCardModifyPage),
  ),
  route('/pages/vm/index', 'routes.vm.index', true, () => import('../pages/vm/index').then((m) => m.CryptoWalletsPage)),
  route('/pages/vm/modify', 'routes.vm.modify', true, () =>
    import('../pages/vm/modify').then((m) => m.CryptoWalletModifyPage),
  ),

  route('/pages/kyc/individual', 'routes.kyc.individual', true, () =>
    import('../pages/kyc/individual').then((m) => m.KycIndividualPage),
  ),
  route('/pages/search/index', 'routes.search.index', false, () =>
    import('../pages/search/index').then((m) => m.SearchPage),
  ),
  route('/pages/notice/index', 'routes.notice.index', true, () =>
    import('../pages/notice/index').then((m) => m.NoticePage),
  ),
  route('/pages/notice/detail', 'routes.notice.detail', true, () =>
    import('../pages/notice/detail').then((m) => m.NoticeDetailPage),
  ),

  // Order tickets (query: name, code, source, direction).
  route('/pages/payment/stock', 'routes.payment.stock', true, () =>
    import('../pages/payment/stock').then((m) => m.PaymentStockPage),
  ),
  route('/pages/payment/future', 'routes.payment.future', true, () =>
    import('../pages/payment/future').then((m) => m.PaymentFuturePage),
  ),
  route('/pages/payment/forex', 'routes.payment.forex', true, () =>
    import('../pages/payment/forex').then((m) => m.PaymentForexPage),
  ),
  route('/pages/payment/newstock', 'routes.payment.newstock', true),
  route('/pages/payment/follow', 'routes.payment.follow', true),
  route('/pages/payment/close', 'routes.payment.close', true, () =>
    import('../pages/payment/close').then((m) => m.PaymentClosePage),
  ),
  route('/pages/bonds/open', 'routes.bonds.open', true),
  route('/pages/bonds/close', 'routes.bonds.close', true),

  route('/pages/news/detail', 'routes.news.detail', false),
  route('/pages/webview/index', 'routes.webview.index', false),

  // Trading robot.
  route('/pages/robotai/index', 'routes.robotai.index', false),
  route('/pages/robotai/product', 'routes.robotai.product', false),
  route('/pages/robotai/detail', 'routes.robotai.detail', true),
  route('/pages/robotai/quote', 'routes.robotai.quote', false),
  route('/pages/robotai/record', 'routes.robotai.record', true),
  route('/pages/robotai/rental', 'routes.robotai.rental', true),

  route('/pages/bonds/list', 'routes.bonds.list', false),

  // AI quantification.
  route('/pages/aiquantify/index', 'routes.aiquantify.index', false),
  route('/pages/aiquantify/record', 'routes.aiquantify.record', true),
  route('/pages/aiquantify/record-detail', 'routes.aiquantify.recordDetail', true),

  // Placing (SPO/QIP).
  route('/pages/placing/index', 'routes.placing.index', false),
  route('/pages/placing/record', 'routes.placing.record', true),

  // Mutual funds.
  route('/pages/yinmutual/index', 'routes.yinmutual.index', false),
  route('/pages/yinmutual/myhold', 'routes.yinmutual.myhold', true),

  route('/pages/loan/index', 'routes.loan.index', true),
];

export const TABS: ReadonlyArray<{ name: TabName; path: string }> = (
  ['home', 'market', 'watchlist', 'trade', 'profile'] as const
).map((name) => {
  const found = appRoutes.find((r) => r.tab === name);
  if (!found) throw new Error(`Tab ${name} has no route`);
  return { name, path: found.path };
});

export function findRoute(path: string): AppRoute | undefined {
  return appRoutes.find((r) => r.path === path);
}
