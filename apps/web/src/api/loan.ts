/**
 * Loans (docs/loans.md): the limit with its formula, the caller's applications and loans, applying and repaying.
 * Both move money or claim it, so they carry the idempotency key of the confirmed intent (lib/idempotency) and, once
 * settled, refetch the loans and the wallets (even after a network error: the server may have carried it out).
 */
import type { DataOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { loan } from './endpoints';
import { queryClient } from './queryClient';
import { walletKeys } from './wallet';
import { withdrawalKeys } from './withdrawal';

export type LoanLimitData = DataOf<typeof loan.loanLimitRead>;
export type LoanItem = DataOf<typeof loan.loanApplyList>['list'][number];

export const loanKeys = {
  all: ['loan'] as const,
  limit: () => [...loanKeys.all, 'limit'] as const,
  list: () => [...loanKeys.all, 'list'] as const,
};

export const LOAN_PAGE_SIZE = 20;

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

/** The limit now and its parts; the holdings' value moves with the market, so it is refreshed every 30 s. */
export function useLoanLimitQuery() {
  return useQuery({
    queryKey: loanKeys.limit(),
    queryFn: ({ signal }) => api.call(loan.loanLimitRead, {}, undefined, { signal }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

/** The caller's applications and loans, newest first (what is due includes the ended days not charged yet). */
export function useLoansInfinite() {
  return useInfiniteQuery({
    queryKey: loanKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.call(loan.loanApplyList, { page: pageParam, pageSize: LOAN_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  });
}

const refetchLoans = () => {
  void queryClient.invalidateQueries({ queryKey: loanKeys.all });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
};

export function useLoanApplyMutation() {
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: string; idempotencyKey: string }) =>
      api.call(loan.loanApply, { amount }, undefined, { idempotencyKey }),
    onSettled: refetchLoans,
    meta: { silentError: true },
  });
}

export function useLoanRepayMutation() {
  return useMutation({
    mutationFn: ({ id, amount, idempotencyKey }: { id: number; amount: string; idempotencyKey: string }) =>
      api.call(loan.loanApplyRepay, { id, amount }, undefined, { idempotencyKey }),
    onSettled: refetchLoans,
    meta: { silentError: true },
  });
}
