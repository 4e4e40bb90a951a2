/**
 * Copy trading (docs/strategies.md): the institutions with their track records (product/follow), following one with
 * the transaction password and the confirmed intent's key (payment/follow), and the customer's follows with value,
 * fee and profit or loss (the trade centre's follow tab). Following moves money: once settled, every money and
 * follow view is refetched.
 */
import type { DataOf, FollowState, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { follow } from './endpoints';
import { queryClient } from './queryClient';
import { walletKeys } from './wallet';

export type AgencyList = DataOf<typeof follow.getInvestAgencyList>;
export type AgencyItem = AgencyList['list'][number];
export type FollowItem = DataOf<typeof follow.followPageList>['list'][number];
export type FollowAddRequest = RequestOf<typeof follow.followAdd>;

export const followKeys = {
  all: ['follow'] as const,
  agencies: (language: string) => [...followKeys.all, 'agencies', language] as const,
  follows: (status: FollowState | undefined, language: string) =>
    [...followKeys.all, 'follows', status ?? 'all', language] as const,
};

export function useAgenciesQuery() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: followKeys.agencies(i18n.language),
    queryFn: ({ signal }) => api.call(follow.getInvestAgencyList, {}, undefined, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useFollowsInfinite(status?: FollowState) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: followKeys.follows(status, i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(follow.followPageList, { status, page: pageParam, pageSize: 20 }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

export function useFollowAddMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: FollowAddRequest; idempotencyKey: string }) =>
      api.call(follow.followAdd, request, undefined, { idempotencyKey }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: followKeys.all });
    },
    meta: { silentError: true },
  });
}
