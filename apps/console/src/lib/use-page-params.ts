/**
 * List state (search term, page, page size) kept in the URL, so a reload, the back button or a
 * shared link shows the same page of the same list.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchPageParams } from '../api/keys';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function usePageParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo<SearchPageParams>(() => {
    const size = positiveInt(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE);
    return {
      q: searchParams.get('q')?.trim() ?? '',
      page: positiveInt(searchParams.get('page'), 1),
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    };
  }, [searchParams]);

  const update = useCallback(
    (next: Partial<SearchPageParams>) => {
      const merged = { ...params, ...next };
      // A new search term starts again at the first page.
      if (next.q !== undefined && next.q !== params.q) merged.page = 1;
      const query = new URLSearchParams();
      if (merged.q) query.set('q', merged.q);
      if (merged.page > 1) query.set('page', String(merged.page));
      if (merged.pageSize !== DEFAULT_PAGE_SIZE) query.set('pageSize', String(merged.pageSize));
      setSearchParams(query);
    },
    [params, setSearchParams],
  );

  return [params, update] as const;
}
