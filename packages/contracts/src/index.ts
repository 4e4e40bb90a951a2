export * from './addresses.js';
export * from './constants.js';
export * from './endpoint.js';
export type { CompanyProfile, Session, UserInfo } from './endpoints/auth.js';
export * as auth from './endpoints/auth.js';
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
export type { TradingSetting } from './endpoints/console-trading.js';
export * as consoleTrading from './endpoints/console-trading.js';
export type { MessageKind, UserMessage } from './endpoints/inbox.js';
export * as inbox from './endpoints/inbox.js';
export type {
  ChartRangeName,
  CompactQuote,
  FuturesCategory,
  MarketId,
  MarketStatus,
  Quote,
  QuoteSource,
  StockMarket,
  WatchlistItem,
  WsClientMessage,
  WsServerMessage,
} from './endpoints/market.js';
export * as market from './endpoints/market.js';
export type {
  AssetClass,
  CloseReason,
  MarginSummary,
  OrderInput,
  OrderResult,
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
export * from './i18n.js';
export * from './money.js';
export * from './page.js';
export * as rules from './rules.js';
export { V, type ValidationKey } from './rules.js';

import type { Endpoint } from './endpoint.js';
import * as auth from './endpoints/auth.js';
import * as consoleApi from './endpoints/console.js';
import * as consoleMoney from './endpoints/console-money.js';
import * as consoleTrading from './endpoints/console-trading.js';
import * as inbox from './endpoints/inbox.js';
import * as market from './endpoints/market.js';
import * as trading from './endpoints/trading.js';
import * as user from './endpoints/user.js';
import * as wallet from './endpoints/wallet.js';

/** Every endpoint, for the OpenAPI document and the fuzz test. Modules append theirs here. */
export const allEndpoints: readonly Endpoint[] = [
  auth.loginByUsername,
  auth.logout,
  auth.getEmailCode,
  auth.register,
  auth.registerCompany,
  auth.registerQuick,
  auth.resetPassword,
  auth.updatePassword,
  auth.settingPayPassword,
  auth.updatePayPassword,
  auth.totpStatus,
  auth.totpStart,
  auth.totpConfirm,
  auth.totpDisable,
  user.userInfoEndpoint,
  user.getUserInfoById,
  user.updateProfile,
  user.updateReal,
  user.fileUpload,
  user.fileTermsUpload,
  user.appVersion,
  user.areaInfoList,
  user.dictData,
  consoleApi.consoleLogin,
  consoleApi.consoleMe,
  consoleApi.consoleLogout,
  consoleApi.consoleTotpStatus,
  consoleApi.consoleTotpStart,
  consoleApi.consoleTotpConfirm,
  consoleApi.consoleTotpDisable,
  consoleApi.consoleCustomers,
  consoleApi.consoleCustomer,
  consoleApi.consoleOutbox,
  consoleApi.consoleAudit,
  market.stockList,
  market.allStockList,
  market.topList,
  market.hotStock,
  market.homeCustomList,
  market.globalIndex,
  market.futuresList,
  market.futuresOptList,
  market.forexIndex,
  market.forexList,
  market.ztStockList,
  market.hkAllStockList,
  market.getStock,
  market.stockDetail,
  market.kline,
  market.summaryDetail,
  market.detailQuote,
  market.getMarket,
  market.getMarkets,
  market.watchlist,
  market.watchlistSave,
  market.watchlistDelete,
  market.watchlistDeleteByCode,
  market.watchlistSort,
  wallet.getWalletBalance,
  wallet.getWalletBill,
  wallet.transfer,
  wallet.cancelTransfer,
  wallet.fundingOverview,
  wallet.rechargeCurrencyList,
  wallet.rechargeCreate,
  wallet.rechargeListPage,
  wallet.selectCardNo,
  wallet.addCardNo,
  wallet.updateCardNo,
  wallet.deleteCard,
  wallet.usableWithdrawalAmount,
  wallet.withdrawalApply,
  wallet.withdrawalListPage,
  inbox.getMessages,
  inbox.getMessage,
  inbox.updateRead,
  consoleMoney.kycQueue,
  consoleMoney.kycApprove,
  consoleMoney.kycReject,
  consoleMoney.depositQueue,
  consoleMoney.depositApprove,
  consoleMoney.depositReject,
  consoleMoney.withdrawalQueue,
  consoleMoney.withdrawalApprove,
  consoleMoney.withdrawalReject,
  consoleMoney.customerWallets,
  consoleMoney.customerLedger,
  consoleMoney.adjustmentPropose,
  consoleMoney.adjustmentQueue,
  consoleMoney.adjustmentApprove,
  consoleMoney.adjustmentReject,
  consoleMoney.adjustmentCancel,
  consoleMoney.depositChannels,
  consoleMoney.depositChannelCreate,
  consoleMoney.depositChannelUpdate,
  consoleMoney.trialBalance,
  consoleMoney.trialBalanceChecks,
  trading.stockCreate,
  trading.hkCreate,
  trading.goldCreate,
  trading.crudeCreate,
  trading.additions,
  trading.cancelOrder,
  trading.positionMe,
  trading.flatList,
  trading.consignList,
  trading.getByStock,
  trading.positionDetail,
  trading.orderDetail,
  trading.flatPosition,
  trading.addPositionMargin,
  trading.setStopProfitLoss,
  trading.halfOrFullNum,
  trading.waterPageList,
  trading.getMinCount,
  trading.stockRate,
  consoleTrading.tradingSettings,
  consoleTrading.tradingSettingUpdate,
  consoleTrading.customerPositions,
  consoleTrading.customerOrders,
] as readonly Endpoint[];
