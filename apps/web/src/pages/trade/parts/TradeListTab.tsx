/** One list of the trade centre (pull to refresh, skeleton, error, empty, pages) and what it says when empty. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeList } from '../../../api/trading';
import type { IconName } from '../../../components/Icon';
import { LoadMore, type PagedQuery } from '../../../components/LoadMore';
import { Refreshable } from '../../../components/Refreshable';
import { EmptyState, ErrorState } from '../../../components/States';

function ListSkeleton() {
  return (
    <ul className="trade-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="card trade-row trade-row--skeleton">
          <span className="shimmer" style={{ width: '50%', height: 14 }} />
          <span className="shimmer" style={{ width: '80%', height: 12 }} />
          <span className="shimmer" style={{ width: '35%', height: 18 }} />
        </li>
      ))}
    </ul>
  );
}

/** What a list of the trade centre needs of its infinite query. */
type ListQuery<T> = PagedQuery & {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { pages: ReadonlyArray<{ list: T[] }> };
  refetch: () => Promise<unknown>;
};

/**
 * One list of the trade centre, pulled to refresh: a skeleton while the first page loads, the error with a
 * retry, `empty` when there is nothing, else `header`, the rows (`row` gives each its key) and the footer
 * that loads the next page. The list's test id is the tab's name.
 */
export function TradeListTab<T>({
  name,
  query,
  empty,
  header,
  row,
}: {
  name: TradeList | 'subscription' | 'follow' | 'quant';
  query: ListQuery<T>;
  empty: ReactNode;
  header?: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Refreshable onRefresh={() => query.refetch()}>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          {header}
          <ul className="trade-list" data-testid={name}>
            {items.map(row)}
          </ul>
          <LoadMore query={query} endText={t('trading.index.end')} />
        </>
      )}
    </Refreshable>
  );
}

/** What a list says when it has nothing: `trading.index.<list>Empty` and `<list>EmptyText`. */
export function ListEmpty({ list, icon, action }: { list: TradeList; icon: IconName; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={icon}
      title={t(`trading.index.${list}Empty`)}
      description={t(`trading.index.${list}EmptyText`)}
      action={action}
    />
  );
}
