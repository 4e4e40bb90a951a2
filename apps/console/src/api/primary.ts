/**
 * Query and mutation hooks of the console's primary markets (contracts/endpoints/console-primary.ts): the
 * offerings, their subscriptions and allotment, and creating, changing and cancelling one.
 */
import { fillPath } from '@beurs/api-client';
import {
  type ConsoleOffering,
  consolePrimary,
  type DataOf,
  type Endpoint,
  type OfferingInput,
  type OfferingPhase,
} from '@beurs/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, queryClient } from './client';
import { consoleKeys, type PageParams, type SearchPageParams } from './keys';

export type OfferingSubscription = DataOf<typeof consolePrimary.offeringSubscriptions>['list'][number];
export type OfferingAllotment = DataOf<typeof consolePrimary.offeringAllotment>;
export type CancelResult = DataOf<typeof consolePrimary.offeringCancel>;
export type { ConsoleOffering, OfferingInput };

export interface OfferingListParams extends SearchPageParams {
  phase?: OfferingPhase;
}

export const offeringKeys = {
  all: () => [...consoleKeys.all, 'offerings'] as const,
  list: (params: OfferingListParams) => [...offeringKeys.all(), 'list', params] as const,
  one: (id: number) => [...offeringKeys.all(), id] as const,
  subscriptions: (id: number, params: PageParams) => [...offeringKeys.one(id), 'subscriptions', params] as const,
  allotment: (id: number) => [...offeringKeys.one(id), 'allotment'] as const,
};

/** The path filled here, as queries.ts does (the shared client does not take path params yet). */
function withId<E extends Endpoint>(endpoint: E, id: number) {
  return { ...endpoint, path: fillPath(endpoint.path, { id }), params: undefined };
}

const validId = (id: number) => Number.isInteger(id) && id > 0;

export function useOfferings(params: OfferingListParams) {
  return useQuery({
    queryKey: offeringKeys.list(params),
    queryFn: ({ signal }) =>
      api.call(
        consolePrimary.offeringList,
        { q: params.q || undefined, phase: params.phase, page: params.page, pageSize: params.pageSize },
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useOffering(id: number) {
  return useQuery({
    queryKey: offeringKeys.one(id),
    queryFn: ({ signal }) => api.call(withId(consolePrimary.offeringDetail, id), {}, undefined, { signal }),
    enabled: validId(id),
  });
}

export function useOfferingSubscriptions(id: number, params: PageParams) {
  return useQuery({
    queryKey: offeringKeys.subscriptions(id, params),
    queryFn: ({ signal }) => api.call(withId(consolePrimary.offeringSubscriptions, id), params, undefined, { signal }),
    enabled: validId(id),
    placeholderData: keepPreviousData,
  });
}

export function useOfferingAllotment(id: number) {
  return useQuery({
    queryKey: offeringKeys.allotment(id),
    queryFn: ({ signal }) => api.call(withId(consolePrimary.offeringAllotment, id), {}, undefined, { signal }),
    enabled: validId(id),
  });
}

/** After a write every offering view may be out of date (lists, the offering, its subscriptions and allotment). */
const offeringsChanged = () => queryClient.invalidateQueries({ queryKey: offeringKeys.all() });

export function useSaveOffering() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OfferingInput }) =>
      id === null
        ? api.call(consolePrimary.offeringCreate, input)
        : api.call(withId(consolePrimary.offeringUpdate, id), input),
    onSuccess: offeringsChanged,
  });
}

/**
 * Cancels an offering. It moves money, so it carries an idempotency key, made when the operator opens the
 * confirmation and reused if that same confirmation is retried.
 */
export function useCancelOffering() {
  return useMutation({
    mutationFn: ({ id, reason, idempotencyKey }: { id: number; reason: string; idempotencyKey: string }) =>
      api.call(withId(consolePrimary.offeringCancel, id), { reason }, undefined, { idempotencyKey }),
    onSuccess: () => {
      void offeringsChanged();
      void queryClient.invalidateQueries({ queryKey: consoleKeys.trialBalance() });
    },
  });
}
