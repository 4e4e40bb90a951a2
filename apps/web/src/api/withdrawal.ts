/**
 * Withdrawals (SPEC §7 /withdrawal, docs/money.md): what may be withdrawn from a wallet, the caller's
 * withdrawals page by page, and asking for one. Asking holds the amount at once, so it carries an
 * idempotency key made when the customer confirmed.
 */
import type { RequestOf, Wallet, WithdrawalRecord } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, retryLostCall } from './client';
import type { ReviewFilter } from './deposit';
import { wallet } from './endpoints';
import { walletKeys } from './wallet';

export const withdrawalKeys = {
  all: ['withdrawal'] as const,
  usable: (walletType: Wallet) => [...withdrawalKeys.all, 'usable', walletType] as const,
  records: () => [...withdrawalKeys.all, 'records'] as const,
  recordList: (status: ReviewFilter) => [...withdrawalKeys.records(), status ?? 'all'] as const,
};

export const WITHDRAWAL_PAGE_SIZE = 10;

/** The wallet's available balance (all of it may be withdrawn) and what is already pending. */
export function useUsableWithdrawalQuery(walletType: Wallet) {
  return useQuery({
    queryKey: withdrawalKeys.usable(walletType),
    queryFn: ({ signal }) => api.call(wallet.usableWithdrawalAmount, { walletType }, undefined, { signal }),
    staleTime: 0,
  });
}

/** The caller's withdrawals, newest first. */
export function useWithdrawalRecordsQuery(status?: ReviewFilter) {
  return useInfiniteQuery({
    queryKey: withdrawalKeys.recordList(status),
    queryFn: ({ pageParam, signal }) =>
      api.call(wallet.withdrawalListPage, { status, page: pageParam, pageSize: WITHDRAWAL_PAGE_SIZE }, undefined, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export interface WithdrawVariables {
  request: RequestOf<typeof wallet.withdrawalApply>;
  /** Made when the customer confirmed; the same key is sent again if that confirmation is retried. */
  idempotencyKey: string;
}

/**
 * Asks for a withdrawal. Afterwards the usable amounts, the withdrawals and every wallet balance
 * (the amount is now on hold) are read again.
 */
export function useWithdrawalApplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: WithdrawVariables): Promise<WithdrawalRecord> =>
      api.call(wallet.withdrawalApply, request, undefined, { idempotencyKey }),
    // The screen shows a wrong password or amount under its field (and toasts the rest itself).
    meta: { silentError: true },
    retry: retryLostCall,
    retryDelay: 1_000,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

export interface CancelWithdrawalVariables {
  id: number;
  /** Made when the customer confirmed the cancel; a retried confirmation sends it again. */
  idempotencyKey: string;
}

/** Cancels a pending withdrawal: the amount is available again at once, so balances are read again. */
export function useWithdrawalCancelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: CancelWithdrawalVariables): Promise<WithdrawalRecord> =>
      api.call(wallet.withdrawalCancel, { id }, undefined, { idempotencyKey }),
    retry: retryLostCall,
    retryDelay: 1_000,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
