/** Query-key factory for the console API: every key starts with 'console' and carries its inputs. */
export interface PageParams {
  page: number;
  pageSize: number;
}

export interface SearchPageParams extends PageParams {
  q: string;
}

export type QueueKind = 'kyc' | 'deposits' | 'withdrawals' | 'blockPermissions' | 'loans';

export interface QueueParams extends SearchPageParams {
  /** ReviewStatus: 1 pending, 2 rejected, 3 approved; withdrawals also 4, cancelled by the customer. */
  status: 1 | 2 | 3 | 4;
}

export interface LedgerParams extends PageParams {
  walletType?: string;
}

/** Adjustment proposals of one status, optionally of one customer. */
export interface AdjustmentParams extends SearchPageParams {
  status: 'proposed' | 'approved' | 'rejected' | 'cancelled';
  customerId?: number;
}

/** A customer's positions: 1 open, 4 closed. */
export interface PositionParams extends PageParams {
  status: 1 | 4;
}

/** A customer's orders, optionally of one status (0 entrusted, 1 filled, 2 cancelled). */
export interface OrderParams extends PageParams {
  status?: 0 | 1 | 2;
}

export const consoleKeys = {
  all: ['console'] as const,
  me: () => [...consoleKeys.all, 'me'] as const,
  customers: (params: SearchPageParams) => [...consoleKeys.all, 'customers', params] as const,
  customer: (id: number) => [...consoleKeys.all, 'customer', id] as const,
  outbox: (params: SearchPageParams) => [...consoleKeys.all, 'outbox', params] as const,
  audit: (params: PageParams) => [...consoleKeys.all, 'audit', params] as const,
  queues: () => [...consoleKeys.all, 'queue'] as const,
  queue: (kind: QueueKind, params: QueueParams) => [...consoleKeys.queues(), kind, params] as const,
  trialBalance: () => [...consoleKeys.all, 'trial-balance'] as const,
  trialBalanceChecks: () => [...consoleKeys.all, 'trial-balance-checks'] as const,
  adjustmentsAll: () => [...consoleKeys.all, 'adjustments'] as const,
  adjustments: (params: AdjustmentParams) => [...consoleKeys.adjustmentsAll(), params] as const,
  customerWallets: (id: number) => [...consoleKeys.customer(id), 'wallets'] as const,
  customerLedgerAll: (id: number) => [...consoleKeys.customer(id), 'ledger'] as const,
  customerLedger: (id: number, params: LedgerParams) => [...consoleKeys.customerLedgerAll(id), params] as const,
  depositChannels: () => [...consoleKeys.all, 'deposit-channels'] as const,
  tradingSettings: () => [...consoleKeys.all, 'trading-settings'] as const,
  customerTrading: (id: number) => [...consoleKeys.customer(id), 'trading'] as const,
  customerPositions: (id: number, params: PositionParams) =>
    [...consoleKeys.customerTrading(id), 'positions', params] as const,
  customerOrders: (id: number, params: OrderParams) => [...consoleKeys.customerTrading(id), 'orders', params] as const,
};
