/**
 * Wallets (docs/money.md): balances, the bill page by page, transfers and their cancellation, the funding
 * overview. Every amount stays a decimal string. Money-moving calls carry the idempotency key of the
 * confirmed intent (lib/idempotency.ts); after one settles, every money view is refetched (even after a
 * network error: the server may have carried it out).
 */
import { ApiError } from '@beurs/api-client';
import type { BillItem, DataOf, EntryType, RequestOf, TransferResult, Wallet } from '@beurs/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isCancellable, noteServerTime } from '../components/money/serverClock';
import { api } from './client';
import { wallet } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';

export { cancelMsLeft, isCancellable, serverNow } from '../components/money/serverClock';

export interface BillFilter {
  walletType?: Wallet;
  type?: EntryType;
}

export const walletKeys = {
  all: ['wallet'] as const,
  balances: () => [...walletKeys.all, 'balances'] as const,
  bills: () => [...walletKeys.all, 'bill'] as const,
  /** Reasons are written in the request language. */
  bill: (filter: BillFilter, language: string) => [...walletKeys.bills(), filter, language] as const,
  overview: () => [...walletKeys.all, 'overview'] as const,
};

export type FundingOverview = DataOf<typeof wallet.fundingOverview>;
export type BillPage = DataOf<typeof wallet.getWalletBill>;

// ---------------------------------------------------------------------------------------------- queries

/** Every wallet of the caller (available, on hold, total); idle for guests. */
export function useWalletBalancesQuery(options: { enabled?: boolean } = {}) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: walletKeys.balances(),
    queryFn: ({ signal }) => api.call(wallet.getWalletBalance, {}, undefined, { signal }),
    enabled: loggedIn && (options.enabled ?? true),
    staleTime: 5_000,
  });
}

/** Totals in EUR at the live rate, per wallet, today's profit and the EUR/USD rate used. */
export function useFundingOverviewQuery(options: { refetchInterval?: number } = {}) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: walletKeys.overview(),
    queryFn: ({ signal }) => api.call(wallet.fundingOverview, {}, undefined, { signal }),
    enabled: loggedIn,
    staleTime: 10_000,
    refetchInterval: options.refetchInterval ?? 60_000,
  });
}

export const BILL_PAGE_SIZE = 20;

const anyCancellable = (data: InfiniteData<BillPage> | undefined) =>
  Boolean(data?.pages.some((page) => page.list.some((item) => isCancellable(item.cancellableUntil))));

/**
 * The bill, newest first, page by page. While a transfer on screen may still be cancelled it is
 * refetched now and then, so its "Cancel" disappears when the server closes the window.
 */
export function useWalletBillInfinite(filter: BillFilter) {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: walletKeys.bill(filter, i18n.language),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.call(
        wallet.getWalletBill,
        { ...filter, page: pageParam, pageSize: BILL_PAGE_SIZE },
        undefined,
        { signal },
      );
      const newest = page.list[0];
      if (newest) noteServerTime(newest.createTimeTimestamp, false);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
    staleTime: 5_000,
    refetchInterval: (query) => (anyCancellable(query.state.data) ? 20_000 : false),
  });
}

// -------------------------------------------------------------------------------------------- mutations

/** A retry can only help a call that never got an answer; with the same idempotency key it is safe. */
function retryLostCall(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'network' && failureCount < 1;
}

function refreshMoneyViews() {
  return queryClient.invalidateQueries({ queryKey: walletKeys.all });
}

export type TransferInput = RequestOf<typeof wallet.transfer> & { idempotencyKey: string };

/** Moves money between two of the caller's wallets. Failures (e.g. 422 insufficient balance) toast the server's msg. */
export function useTransferMutation() {
  return useMutation({
    mutationFn: ({ idempotencyKey, ...request }: TransferInput): Promise<TransferResult> =>
      api.call(wallet.transfer, request, undefined, { idempotencyKey }),
    retry: retryLostCall,
    retryDelay: 1_000,
    onSuccess: (result) => noteServerTime(result.createTimeTimestamp, true),
    onSettled: refreshMoneyViews,
  });
}

export type CancelTransferInput = RequestOf<typeof wallet.cancelTransfer> & { idempotencyKey: string };

/** Reverses one of the caller's transfers (within 5 minutes, once, if the credited money is still available). */
export function useCancelTransferMutation() {
  return useMutation({
    mutationFn: ({ idempotencyKey, ...request }: CancelTransferInput) =>
      api.call(wallet.cancelTransfer, request, undefined, { idempotencyKey }),
    retry: retryLostCall,
    retryDelay: 1_000,
    onSettled: refreshMoneyViews,
  });
}

/** The entry id a bill item's transfer can be cancelled with (the transfer's own entry). */
export function transferEntryOf(item: Pick<BillItem, 'entryId' | 'type'>): number | null {
  return item.type === 'transfer' ? item.entryId : null;
}
