export * from './addresses.js';
export type { BondTerms, CouponFrequency, CouponPeriod, FractionalPeriod } from './bond-math.js';
export * as bondMath from './bond-math.js';
export * from './bond-rules.js';
export type { ClientModule } from './client-modules.js';
export * from './constants.js';
export * from './endpoint.js';
export type {
  ArticleDetail,
  ArticleInput,
  ArticleKind,
  ArticleState,
  ArticleSummary,
  ConsoleArticle,
} from './endpoints/articles.js';
export * as articles from './endpoints/articles.js';
export type {
  AuctionOrder,
  AuctionOrderState,
  AuctionSession,
  AuctionStock,
  ConsoleAuctionOrder,
  SaleItem,
  SaleTime,
} from './endpoints/auction.js';
export * as auction from './endpoints/auction.js';
export type { CompanyProfile, Session, UserInfo } from './endpoints/auth.js';
export * as auth from './endpoints/auth.js';
export type {
  BlockPermission,
  BlockPermissionRow,
  BlockPermissionState,
  BlockStock,
  MyBlockTrade,
} from './endpoints/blocktrade.js';
export * as blocktrade from './endpoints/blocktrade.js';
export type { BondHolding, BondHoldingState, BondQuote } from './endpoints/bonds.js';
export * as bonds from './endpoints/bonds.js';
export * as consoleApi from './endpoints/console.js';
export type {
  AdjustmentInput,
  AdjustmentProposal,
  AdjustmentStatus,
  DepositReviewRow,
  KycReviewRow,
  WithdrawalReviewRow,
} from './endpoints/console-money.js';
export * as consoleMoney from './endpoints/console-money.js';
export type { ConsoleOffering, OfferingInput, OfferingSubscriptionRow } from './endpoints/console-primary.js';
export * as consolePrimary from './endpoints/console-primary.js';
export type { TradingSetting } from './endpoints/console-trading.js';
export * as consoleTrading from './endpoints/console-trading.js';
export type {
  ConsoleStrategy,
  ConsoleStrategyTrade,
  FollowAgency,
  FollowOrder,
  FollowState,
  StrategyDescriptionInput,
} from './endpoints/follow.js';
export * as follow from './endpoints/follow.js';
export type { FundAccrual, FundOrder, FundOrderState, FundProduct, FundType } from './endpoints/funds.js';
export * as funds from './endpoints/funds.js';
export type { MessageKind, UserMessage } from './endpoints/inbox.js';
export * as inbox from './endpoints/inbox.js';
export type { Loan, LoanLimit, LoanRepayment, LoanReviewRow, LoanState } from './endpoints/loan.js';
export * as loan from './endpoints/loan.js';
export { COLLATERAL_CLASSES, type CollateralClass, LOAN_TERMS } from './endpoints/loan.js';
export type {
  ChartRangeName,
  CompactQuote,
  ForexGroup,
  FuturesCategory,
  FuturesFilter,
  MarketId,
  MarketStatus,
  Quote,
  QuoteSource,
  StockMarket,
  StockSector,
  WatchlistItem,
  WsClientMessage,
  WsServerMessage,
} from './endpoints/market.js';
export * as market from './endpoints/market.js';
export type {
  ConsolePlacing,
  Placing,
  PlacingInput,
  PlacingKind,
  PlacingPhase,
  PlacingSubscription,
} from './endpoints/placing.js';
export * as placing from './endpoints/placing.js';
export type {
  AllotmentRule,
  Offering,
  OfferingMarket,
  OfferingPhase,
  SettleState,
  Subscription,
  SubscriptionState,
} from './endpoints/primary.js';
export * as primary from './endpoints/primary.js';
export { financingDeposit, financingDueAt, financingInterest, IPO_FINANCING } from './endpoints/primary.js';
export type { QuantOrder, QuantStrategy } from './endpoints/quant.js';
export * as quant from './endpoints/quant.js';
export type {
  RobotMessage,
  RobotOrder,
  RobotProduct,
  RobotQuota,
  RobotStatusCode,
  RobotStrategy,
  RobotTerm,
} from './endpoints/robots.js';
export * as robots from './endpoints/robots.js';
export type {
  SupportConversation,
  SupportMessage,
  SupportQueueRow,
  SupportReplyTemplate,
  SupportStatus,
  SupportTopic,
} from './endpoints/support.js';
export * as support from './endpoints/support.js';
export {
  SUPPORT_ASSIGNED,
  SUPPORT_LIMITS,
  SUPPORT_STATUSES,
  SUPPORT_THREAD_PAGE,
  SUPPORT_TOPICS,
} from './endpoints/support.js';
export type {
  AssetClass,
  CloseReason,
  MarginSummary,
  OrderInput,
  OrderResult,
  Portfolio,
  Position,
  TradeOrder,
  TradeStatus,
  WaterItem,
} from './endpoints/trading.js';
export * as trading from './endpoints/trading.js';
export type { Award, UploadedFile } from './endpoints/user.js';
export * as user from './endpoints/user.js';
export type {
  BankCard,
  BillItem,
  CryptoWallet,
  DepositChannel,
  EntryType,
  RechargeRecord,
  TransferResult,
  UserAccount,
  WalletBalance,
  WithdrawalRecord,
} from './endpoints/wallet.js';
export * as wallet from './endpoints/wallet.js';
export * from './enums.js';
export * from './envelope.js';
export * from './fund-rules.js';
export * from './i18n.js';
export * from './loan-rules.js';
export * from './money.js';
export * from './page.js';
export * as rules from './rules.js';
export { V, type ValidationKey } from './rules.js';
export * from './trading-rules.js';
export * from './zone-offset.js';

import { type Endpoint, isEndpoint } from './endpoint.js';
import * as articles from './endpoints/articles.js';
import * as auction from './endpoints/auction.js';
import * as auth from './endpoints/auth.js';
import * as blocktrade from './endpoints/blocktrade.js';
import * as bonds from './endpoints/bonds.js';
import * as consoleApi from './endpoints/console.js';
import * as consoleMoney from './endpoints/console-money.js';
import * as consolePrimary from './endpoints/console-primary.js';
import * as consoleTrading from './endpoints/console-trading.js';
import * as follow from './endpoints/follow.js';
import * as funds from './endpoints/funds.js';
import * as inbox from './endpoints/inbox.js';
import * as loan from './endpoints/loan.js';
import * as market from './endpoints/market.js';
import * as placing from './endpoints/placing.js';
import * as primary from './endpoints/primary.js';
import * as quant from './endpoints/quant.js';
import * as robots from './endpoints/robots.js';
import * as support from './endpoints/support.js';
import * as trading from './endpoints/trading.js';
import * as user from './endpoints/user.js';
import * as wallet from './endpoints/wallet.js';

/**
 * Every endpoint the endpoint modules export, for the fuzz, hostile-input and contract-auth tests: found, not
 * listed, so an endpoint cannot be left out (test/contract-auth.test.ts checks it equals the routes).
 */
export const allEndpoints: readonly Endpoint[] = [
  auth,
  user,
  consoleApi,
  market,
  wallet,
  inbox,
  consoleMoney,
  trading,
  consoleTrading,
  primary,
  consolePrimary,
  blocktrade,
  placing,
  auction,
  bonds,
  articles,
  loan,
  funds,
  support,
  follow,
  quant,
  robots,
].flatMap((module) => Object.values(module).filter(isEndpoint));
