/**
 * Query and mutation hooks of the console's placings and auction monitor (contracts/endpoints/placing.ts,
 * auction.ts): the placings, creating, changing and cancelling one, and the auction orders.
 */
import { fillPath } from '@beurs/api-client';
import {
  type AuctionOrderState,
  auction,
  type ConsolePlacing,
  type DataOf,
  type Endpoint,
  type PlacingInput,
  placing,
} from '@beurs/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, queryClient } from './client';
import { consoleKeys, type PageParams } from './keys';

export type PlacingCancelResult = DataOf<typeof placing.consolePlacingCancel>;
export type ConsoleAuctionOrder = DataOf<typeof auction.consoleAuctionOrderList>['list'][number];
export type { ConsolePlacing, PlacingInput };

export const placingKeys = {
  all: () => [...consoleKeys.all, 'placings'] as const,
  list: (params: PageParams) => [...placingKeys.all(), 'list', params] as const,
  auction: (params: PageParams & { state?: AuctionOrderState }) =>
    [...consoleKeys.all, 'auction-orders', params] as const,
};

/** The path filled here, as primary.ts does (the shared client does not take path params yet). */
function withId<E extends Endpoint>(endpoint: E, id: number) {
  return { ...endpoint, path: fillPath(endpoint.path, { id }), params: undefined };
}

export function usePlacings(params: PageParams) {
  return useQuery({
    queryKey: placingKeys.list(params),
    queryFn: ({ signal }) =>
      api.call(placing.consolePlacingList, { page: params.page, pageSize: params.pageSize }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

const placingsChanged = () => queryClient.invalidateQueries({ queryKey: placingKeys.all() });

export function useSavePlacing() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlacingInput }) =>
      id === null
        ? api.call(placing.consolePlacingCreate, input)
        : api.call(withId(placing.consolePlacingUpdate, id), input),
    onSuccess: placingsChanged,
  });
}

/**
 * Cancels a placing. It releases money, so it carries an idempotency key, made when the operator opens the
 * confirmation and reused if that same confirmation is retried.
 */
export function useCancelPlacing() {
  return useMutation({
    mutationFn: ({ id, reason, idempotencyKey }: { id: number; reason: string; idempotencyKey: string }) =>
      api.call(withId(placing.consolePlacingCancel, id), { reason }, undefined, { idempotencyKey }),
    onSuccess: () => {
      void placingsChanged();
      void queryClient.invalidateQueries({ queryKey: consoleKeys.trialBalance() });
    },
  });
}

export function useAuctionOrders(params: PageParams & { state?: AuctionOrderState }) {
  return useQuery({
    queryKey: placingKeys.auction(params),
    queryFn: ({ signal }) =>
      api.call(
        auction.consoleAuctionOrderList,
        { state: params.state, page: params.page, pageSize: params.pageSize },
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
