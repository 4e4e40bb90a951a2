/**
 * Query hooks of the console's strategies (contracts/endpoints/follow.ts, console section): every strategy with its
 * figures, one with its book and trades (read only), and what admins publish: the description, the fee for new
 * follows, published and open.
 */
import { fillPath } from '@beurs/api-client';
import { type DataOf, type Endpoint, follow } from '@beurs/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, queryClient } from './client';
import { consoleKeys, type PageParams } from './keys';

export type ConsoleStrategy = follow.ConsoleStrategy;
export type StrategyDetail = DataOf<typeof follow.consoleStrategyDetail>;
export type StrategyTrade = follow.ConsoleStrategyTrade;
export type StrategyDescriptionInput = follow.StrategyDescriptionInput;

export const strategyKeys = {
  all: () => [...consoleKeys.all, 'strategies'] as const,
  list: () => [...strategyKeys.all(), 'list'] as const,
  detail: (id: number) => [...strategyKeys.all(), 'detail', id] as const,
  trades: (id: number, params: PageParams) => [...strategyKeys.all(), 'trades', id, params] as const,
};

function withId<E extends Endpoint>(endpoint: E, id: number) {
  return { ...endpoint, path: fillPath(endpoint.path, { id }), params: undefined };
}

export function useStrategies() {
  return useQuery({
    queryKey: strategyKeys.list(),
    queryFn: ({ signal }) => api.call(follow.consoleStrategies, {}, undefined, { signal }),
  });
}

export function useStrategy(id: number) {
  return useQuery({
    queryKey: strategyKeys.detail(id),
    queryFn: ({ signal }) => api.call(withId(follow.consoleStrategyDetail, id), {}, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useStrategyTrades(id: number, params: PageParams) {
  return useQuery({
    queryKey: strategyKeys.trades(id, params),
    queryFn: ({ signal }) => api.call(withId(follow.consoleStrategyTrades, id), params, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}

// The list and the strategy's page both show what was written.
const changed = () => queryClient.invalidateQueries({ queryKey: strategyKeys.all() });

export function useDescribeStrategy() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: StrategyDescriptionInput }) =>
      api.call(withId(follow.consoleStrategyDescribe, id), input),
    onSuccess: changed,
  });
}

export function useSetStrategyFee() {
  return useMutation({
    mutationFn: ({ id, performanceFee }: { id: number; performanceFee: string }) =>
      api.call(withId(follow.consoleStrategyFee, id), { performanceFee }),
    onSuccess: changed,
  });
}

export function useSetStrategyPublished() {
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      api.call(withId(follow.consoleStrategyPublish, id), { published }),
    onSuccess: changed,
  });
}

export function useSetStrategyOpen() {
  return useMutation({
    mutationFn: ({ id, open }: { id: number; open: boolean }) =>
      api.call(withId(follow.consoleStrategyOpen, id), { open }),
    onSuccess: changed,
  });
}
