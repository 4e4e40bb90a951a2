/** Query-key factory for the console API: every key starts with 'console' and carries its inputs. */
export interface PageParams {
  page: number;
  pageSize: number;
}

export interface SearchPageParams extends PageParams {
  q: string;
}

export type QueueKind = 'kyc' | 'deposits' | 'withdrawals';

export interface QueueParams extends SearchPageParams {
  /** ReviewStatus: 1 pending, 2 rejected, 3 approved. */
  status: 1 | 2 | 3;
}

export interface LedgerParams extends PageParams {
  walletType?: string;
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
  customerWallets: (id: number) => [...consoleKeys.customer(id), 'wallets'] as const,
  customerLedgerAll: (id: number) => [...consoleKeys.customer(id), 'ledger'] as const,
  customerLedger: (id: number, params: LedgerParams) => [...consoleKeys.customerLedgerAll(id), params] as const,
  depositChannels: () => [...consoleKeys.all, 'deposit-channels'] as const,
};
