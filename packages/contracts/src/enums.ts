/**
 * Enumerations of SPEC §3 and §4, with the numeric wire values the spec gives.
 * Wire names stay as the spec spells them; each object is `as const` so both the value and
 * its union type can be used.
 */

export const MarketSource = {
  Stock: 0,
  Forex: 2,
  Future: 3,
  BlockTrade: 4,
  NewStock: 5,
  AuctionStock: 7,
  PlacingStock: 8,
  HKStock: 11,
  GlobalIndex: 99,
  RobotCrypto: 100,
  Bonds: 101,
  AiQuantify: 9999,
} as const;
export type MarketSource = (typeof MarketSource)[keyof typeof MarketSource];

/** SPEC §3 lists UsStock, HK, DE, NL, BE; MX is ours for the Mexican stocks of SPEC §1 (wallet MX). */
export const Classify = { UsStock: 'UsStock', HK: 'HK', DE: 'DE', NL: 'NL', BE: 'BE', MX: 'MX' } as const;
export type Classify = (typeof Classify)[keyof typeof Classify];

export const AccountType = { Individual: 2, Company: 4 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

export const IdType = { idCard: 'idCard', passport: 'passport', DL: 'DL' } as const;
export type IdType = (typeof IdType)[keyof typeof IdType];

export const Direction = { Buy: 0, Sell: 1 } as const;
export type Direction = (typeof Direction)[keyof typeof Direction];

export const OrderType = { Market: 0, Limit: 1 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const OpenClose = { Open: 0, Close: 1 } as const;
export type OpenClose = (typeof OpenClose)[keyof typeof OpenClose];

export const InterestType = { Current: 'Current', Regular: 'Regular' } as const;
export type InterestType = (typeof InterestType)[keyof typeof InterestType];

/** Asset type index of SPEC §3 (1 is not assigned by the spec). */
export const AssetTypeIndex = {
  stock: 0,
  forex: 2,
  futures: 3,
  blockTrade: 4,
  newStock: 5,
  newBond: 6,
  preMarketAuction: 7,
} as const;
export type AssetTypeIndex = (typeof AssetTypeIndex)[keyof typeof AssetTypeIndex];

/** Wallet types of SPEC §3. Overview is 0; the others are named on the wire. */
export const WalletType = {
  Overview: 0,
  BALANCE: 'BALANCE',
  FOLLOW: 'FOLLOW',
  FUTURE: 'FUTURE',
  STOCK: 'STOCK',
  SUBSCRIPTION: 'SUBSCRIPTION',
  FOREX: 'FOREX',
  HK_STOCK: 'HK_STOCK',
  US_STOCK: 'US_STOCK',
  MX: 'MX',
  FINANCIAL: 'FINANCIAL',
} as const;
export type WalletType = (typeof WalletType)[keyof typeof WalletType];

/** The wallets that hold money (every wallet type but the Overview, which sums them). */
export const WALLETS = [
  'BALANCE',
  'FOLLOW',
  'FUTURE',
  'STOCK',
  'SUBSCRIPTION',
  'FOREX',
  'HK_STOCK',
  'US_STOCK',
  'MX',
  'FINANCIAL',
] as const satisfies ReadonlyArray<Exclude<WalletType, 0>>;
export type Wallet = (typeof WALLETS)[number];

/** Ledger currencies (ISO 4217). */
export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The currency each wallet is kept in (SPEC §9: $ for the US stock wallet, € otherwise). The server reads
 * its own copy from config (WALLET_CURRENCIES) so an operator can change it; this is the default.
 */
export const DEFAULT_WALLET_CURRENCY = {
  BALANCE: 'EUR',
  FOLLOW: 'EUR',
  FUTURE: 'EUR',
  STOCK: 'EUR',
  SUBSCRIPTION: 'EUR',
  FOREX: 'EUR',
  HK_STOCK: 'EUR',
  US_STOCK: 'USD',
  MX: 'EUR',
  FINANCIAL: 'EUR',
} as const satisfies Record<Wallet, Currency>;

export const CURRENCY_SYMBOL: Record<Currency, string> = { EUR: '€', USD: '$' };

/** Which wallet a stock of a given classify settles in (SPEC §3: DE, NL, BE use BALANCE). */
export const walletForClassify = {
  UsStock: 'US_STOCK',
  HK: 'HK_STOCK',
  DE: 'BALANCE',
  NL: 'BALANCE',
  BE: 'BALANCE',
  MX: 'MX',
} as const satisfies Record<Classify, WalletType>;

/** SPEC §9: $ for the US stock wallet and classify, otherwise €. */
export function currencySymbolFor(walletOrClassify: WalletType | Classify): '$' | '€' {
  return walletOrClassify === 'US_STOCK' || walletOrClassify === 'UsStock' ? '$' : '€';
}

/** Review status of SPEC §4 (identity, deposits, withdrawals). 0 = nothing submitted yet. */
export const ReviewStatus = { None: 0, Pending: 1, Failed: 2, Approved: 3 } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

/** A withdrawal's status: a review status, or 4 when the customer cancelled it while pending. */
export const WithdrawalStatus = { Pending: 1, Failed: 2, Approved: 3, Cancelled: 4 } as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];

/** Order status of SPEC §4. 0 and 3 both mean "in progress" on the wire. */
export const OrderStatus = { InProgress: 0, Success: 1, Cancelled: 2, InProgressAlt: 3 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Robot mining status of SPEC §4; 1–4 shown yellow, 5–6 red. */
export const RobotStatus = {
  FindingPool: 1,
  LocatingPool: 2,
  StartingToMine: 3,
  Mining: 4,
  EnergyInsufficient: 5,
  Expired: 6,
} as const;
export type RobotStatus = (typeof RobotStatus)[keyof typeof RobotStatus];

export const LoanStatus = { InReview: 'inReview', InUse: 'inUse', Repaid: 'repaid', Rejected: 'rejected' } as const;
export type LoanStatus = (typeof LoanStatus)[keyof typeof LoanStatus];

export const Language = { en: 'en', nl: 'nl', zhHans: 'zh-Hans' } as const;
export type Language = (typeof Language)[keyof typeof Language];
export const LANGUAGES = ['en', 'nl', 'zh-Hans'] as const satisfies readonly Language[];

export const OperatorRole = { supervisor: 'supervisor', admin: 'admin', reviewer: 'reviewer' } as const;
export type OperatorRole = (typeof OperatorRole)[keyof typeof OperatorRole];
/**
 * Operator roles from least to most powerful: a role may do everything the roles before it may. A supervisor
 * approves adjustments above ADJUSTMENT_APPROVAL_LIMIT (docs/security.md, four eyes).
 */
export const OPERATOR_ROLES = ['reviewer', 'admin', 'supervisor'] as const satisfies readonly OperatorRole[];
/** Whether an operator of role `has` may do what needs role `needs`. */
export const roleAtLeast = (has: OperatorRole, needs: OperatorRole) =>
  OPERATOR_ROLES.indexOf(has) >= OPERATOR_ROLES.indexOf(needs);

/** Why an operator adjusts a customer's balance: a fixed list, shown translated in the customer's bill. */
export const ADJUSTMENT_CATEGORIES = [
  'correction',
  'goodwill',
  'feeRefund',
  'compensation',
  'chargebackReversal',
] as const;
export type AdjustmentCategory = (typeof ADJUSTMENT_CATEGORIES)[number];

/** Why an email code is asked for; a code only works for the purpose it was sent for. */
export const EmailCodePurpose = {
  register: 'register',
  resetPassword: 'resetPassword',
  payPassword: 'payPassword',
  /** Sign-in without the password: works while password sign-in is locked (docs/security.md). */
  login: 'login',
} as const;
export type EmailCodePurpose = (typeof EmailCodePurpose)[keyof typeof EmailCodePurpose];
