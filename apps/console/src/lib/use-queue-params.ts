/**
 * A review queue's state in the URL: the status tab, the search term, the page and the page size,
 * so a reload or a shared link shows the same tab and page. Pending is the default tab.
 */
import { ReviewStatus, WithdrawalStatus } from '@beurs/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QueueParams } from '../api/keys';
import { PAGE_SIZES } from './use-page-params';

const DEFAULT_PAGE_SIZE = 20;
const STATUSES = [
  ReviewStatus.Pending,
  ReviewStatus.Failed,
  ReviewStatus.Approved,
  WithdrawalStatus.Cancelled,
] as const;

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function useQueueParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<QueueParams>(() => {
    const size = positiveInt(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE);
    const status = Number(searchParams.get('status'));
    return {
      status: (STATUSES as readonly number[]).includes(status) ? (status as QueueParams['status']) : 1,
      q: searchParams.get('q')?.trim() ?? '',
      page: positiveInt(searchParams.get('page'), 1),
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    };
  }, [searchParams]);

  const update = useCallback(
    (next: Partial<QueueParams>) => {
      const merged = { ...params, ...next };
      // Another tab or search term starts again at the first page.
      if ((next.q !== undefined && next.q !== params.q) || (next.status !== undefined && next.status !== params.status))
        merged.page = 1;
      const query = new URLSearchParams();
      if (merged.status !== ReviewStatus.Pending) query.set('status', String(merged.status));
      if (merged.q) query.set('q', merged.q);
      if (merged.page > 1) query.set('page', String(merged.page));
      if (merged.pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(merged.pageSize));
      setSearchParams(query);
    },
    [params, setSearchParams],
  );

  return [params, update] as const;
}
