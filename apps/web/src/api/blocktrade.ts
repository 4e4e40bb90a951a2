/**
 * Block trades (docs/primary-markets.md "Block trades"): the caller's permission and applying for it, the desk page
 * by page, the transaction-password check (checkSecret) and the block order. Buying moves money, so it carries the
 * idempotency key of the confirmed intent (lib/idempotency) and, once settled, refetches every money and trading
 * view (even after a network error: the server may have carried it out).
 */
import { ApiError } from '@beurs/api-client';
import type { DataOf, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { blocktrade } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';
import { tradingKeys } from './trading';
import { walletKeys } from './wallet';

export type BlockDeskStock = DataOf<typeof blocktrade.blockList>['list'][number];
export type BlockCreateRequest = RequestOf<typeof blocktrade.blockCreate>;
export type BlockCreateResult = DataOf<typeof blocktrade.blockCreate>;
export type BlockSecretRequest = RequestOf<typeof blocktrade.blockCheckSecret>;
export type MyBlockTradeRow = DataOf<typeof blocktrade.blockTradeList>['list'][number];

export const blockKeys = {
  all: ['blocktrade'] as const,
  permission: () => [...blockKeys.all, 'permission'] as const,
  /** Names come in the request language. */
  desk: (language: string) => [...blockKeys.all, 'desk', language] as const,
  mine: (language: string) => [...blockKeys.all, 'mine', language] as const,
};

export const BLOCK_PAGE_SIZE = 20;

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

/** none, pending, refused (with the reviewer's reason) or approved; a decision also arrives as an account event. */
export function useBlockPermissionQuery() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: blockKeys.permission(),
    queryFn: ({ signal }) => api.call(blocktrade.blockPermissionRead, {}, undefined, { signal }),
    enabled: loggedIn,
    staleTime: 10_000,
  });
}

export function useBlockApplyMutation() {
  return useMutation({
    mutationFn: () => api.call(blocktrade.blockPermissionApply, { acceptTerms: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: blockKeys.permission() }),
    meta: { silentError: true },
  });
}

/**
 * The desk: the stocks with the live desk price, refreshed every 15 s; `q` searches it on the server (code or name),
 * as the list is paged.
 */
export function useBlockDeskInfinite(enabled: boolean, q = '') {
  const { i18n } = useTranslation();
  const term = q.trim();
  return useInfiniteQuery({
    queryKey: [...blockKeys.desk(i18n.language), term],
    queryFn: ({ pageParam, signal }) =>
      api.call(
        blocktrade.blockList,
        { page: pageParam, pageSize: BLOCK_PAGE_SIZE, ...(term ? { q: term } : {}) },
        undefined,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

/** The caller's own block trades, newest first; a new order refetches them (blockKeys.all). */
export function useMyBlockTradesInfinite() {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: blockKeys.mine(i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(blocktrade.blockTradeList, { page: pageParam, pageSize: BLOCK_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The confirmed order: the transaction password (and second-factor code) buys a single-use confirmation, then the
 * order is sent with the intent's key. A wrong password stops before anything is sent. An order whose answer was
 * lost is sent once more with the same key and the same confirmation (the server's fingerprint of the key covers
 * the confirmation, so a new one would be another request): at most one block is bought.
 */
export function useBlockBuyMutation() {
  return useMutation({
    mutationFn: async ({
      secret,
      order,
      idempotencyKey,
    }: {
      secret: BlockSecretRequest;
      order: Omit<BlockCreateRequest, 'confirmation'>;
      idempotencyKey: string;
    }) => {
      const { confirmation } = await api.call(blocktrade.blockCheckSecret, secret);
      const send = () => api.call(blocktrade.blockCreate, { ...order, confirmation }, undefined, { idempotencyKey });
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === 'network')) throw error;
        await wait(1_000);
        return send();
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
      void queryClient.invalidateQueries({ queryKey: blockKeys.all });
    },
    meta: { silentError: true },
  });
}
