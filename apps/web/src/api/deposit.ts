/**
 * Deposits (SPEC §7 /recharge, docs/money.md "Deposits"): the channels to pay into, the caller's
 * deposit records page by page, and reporting a deposit with its proof. Reporting moves money
 * (once approved), so it carries an idempotency key made when the customer confirmed.
 */
import type { DepositChannel, RechargeRecord, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, retryLostCall } from './client';
import { wallet } from './endpoints';

/** 1 pending review, 2 audit failure, 3 completed; undefined: all. */
export type ReviewFilter = 1 | 2 | 3 | undefined;

export const depositKeys = {
  all: ['deposit'] as const,
  channels: () => [...depositKeys.all, 'channels'] as const,
  records: () => [...depositKeys.all, 'records'] as const,
  recordList: (status: ReviewFilter) => [...depositKeys.records(), status ?? 'all'] as const,
};

export const DEPOSIT_PAGE_SIZE = 20;

/** Every enabled channel (crypto and bank); the pages pick theirs from it, so one call serves all. */
export function useDepositChannelsQuery() {
  return useQuery({
    queryKey: depositKeys.channels(),
    queryFn: ({ signal }) => api.call(wallet.rechargeCurrencyList, {}, undefined, { signal }),
    staleTime: 60_000,
  });
}

/** One channel by the `channelId` query parameter; `data` is null when it does not exist (any more). */
export function useDepositChannelQuery(channelId: string | undefined) {
  const id = Number(channelId);
  const channels = useDepositChannelsQuery();
  const channel: DepositChannel | null = channels.data?.find((c) => c.id === id && c.enabled) ?? null;
  return { ...channels, channel };
}

/** The caller's deposits, newest first, optionally of one status. */
export function useDepositRecordsQuery(status: ReviewFilter) {
  return useInfiniteQuery({
    queryKey: depositKeys.recordList(status),
    queryFn: ({ pageParam, signal }) =>
      api.call(wallet.rechargeListPage, { status, page: pageParam, pageSize: DEPOSIT_PAGE_SIZE }, undefined, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export interface RechargeVariables {
  request: RequestOf<typeof wallet.rechargeCreate>;
  /** Made when the customer confirmed; the same key is sent again if that confirmation is retried. */
  idempotencyKey: string;
}

/** Reports a deposit. The records list is refreshed afterwards. */
export function useRechargeCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: RechargeVariables): Promise<RechargeRecord> =>
      api.call(wallet.rechargeCreate, request, undefined, { idempotencyKey }),
    retry: retryLostCall,
    retryDelay: 1_000,
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositKeys.records() }),
  });
}
