/**
 * Trading robots on the crypto market (docs/strategies.md "Trading robots"): the published robots with their terms,
 * and the caller's allocation limits (what the robot wallet holds and the most a new robot may get now); the
 * caller's robots (rent or buy, detail, equity curve, event log, redeem). Starting or ending one moves money: once
 * settled, every money and robot view is refetched.
 */
import type { DataOf, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { robots } from './endpoints';
import { queryClient } from './queryClient';
import { walletKeys } from './wallet';

export type RobotItem = DataOf<typeof robots.robotPageList>['list'][number];
export type RobotQuotaData = DataOf<typeof robots.robotMiningQuota>;

export const robotKeys = {
  all: ['robots'] as const,
  products: () => [...robotKeys.all, 'products'] as const,
  quota: (robotId: number | undefined) => [...robotKeys.all, 'quota', robotId ?? null] as const,
};

/** Every published robot (a handful: one page). Terms change only with a release, so they are kept a while. */
export function useRobotsQuery() {
  return useQuery({
    queryKey: robotKeys.products(),
    queryFn: ({ signal }) => api.call(robots.robotPageList, { page: 1, pageSize: 50 }, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The caller's allocation limits, optionally with one robot's; only for a logged-in customer. */
export function useRobotQuotaQuery(robotId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: robotKeys.quota(robotId),
    queryFn: ({ signal }) =>
      api.call(robots.robotMiningQuota, robotId === undefined ? {} : { robotId }, undefined, { signal }),
    enabled,
    staleTime: 10_000,
  });
}

// ---------------------------------------------------------------------------------------------- robot orders

export type RobotOrderItem = DataOf<typeof robots.robotOrderCreate>;
export type RobotMessageItem = DataOf<typeof robots.robotMessages>['list'][number];
export type RobotCreateRequest = RequestOf<typeof robots.robotOrderCreate>;

export const robotOrderKeys = {
  all: ['robotOrders'] as const,
  list: (ended: boolean | undefined) => [...robotOrderKeys.all, 'list', ended ?? 'all'] as const,
  detail: (id: number) => [...robotOrderKeys.all, 'detail', id] as const,
  curve: (id: number) => [...robotOrderKeys.all, 'curve', id] as const,
  messages: (id: number) => [...robotOrderKeys.all, 'messages', id] as const,
};

/** The caller's robots (record: all; rental: those not ended), newest first; refreshed as the job steps them. */
export function useRobotOrdersInfinite(ended?: boolean) {
  return useInfiniteQuery({
    queryKey: robotOrderKeys.list(ended),
    queryFn: ({ pageParam, signal }) =>
      api.call(robots.robotOrderPageList, { ended, page: pageParam, pageSize: 20 }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

export function useRobotOrderQuery(id: number) {
  return useQuery({
    queryKey: robotOrderKeys.detail(id),
    queryFn: ({ signal }) => api.call(robots.robotOrderDetail, { id }, undefined, { signal }),
    enabled: id > 0,
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

export function useRobotCurveQuery(id: number) {
  return useQuery({
    queryKey: robotOrderKeys.curve(id),
    queryFn: ({ signal }) => api.call(robots.robotKline, { orderId: id }, undefined, { signal }),
    enabled: id > 0,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useRobotMessagesQuery(id: number) {
  return useQuery({
    queryKey: robotOrderKeys.messages(id),
    queryFn: ({ signal }) => api.call(robots.robotMessages, {}, { orderId: id }, { signal }),
    enabled: id > 0,
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

const moved = () => {
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  void queryClient.invalidateQueries({ queryKey: robotKeys.all });
  void queryClient.invalidateQueries({ queryKey: robotOrderKeys.all });
};

export function useRobotCreateMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: RobotCreateRequest; idempotencyKey: string }) =>
      api.call(robots.robotOrderCreate, request, undefined, { idempotencyKey }),
    onSettled: moved,
    meta: { silentError: true },
  });
}

export function useRobotRedeemMutation() {
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      api.call(robots.robotOrderRedeem, { id }, undefined, { idempotencyKey }),
    onSettled: moved,
    meta: { silentError: true },
  });
}
