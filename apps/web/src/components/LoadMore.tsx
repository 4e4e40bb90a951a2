import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** What `LoadMore` needs of a TanStack `useInfiniteQuery` result. */
export interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/**
 * The footer of a paged list: loads the next page as the end of the list comes into view (antd-mobile
 * InfiniteScroll), says "Loading…" meanwhile and `endText` when there is nothing more. A failed page
 * offers a retry (`failedText`, default "Could not load more. Tap to try again").
 */
export function LoadMore({ query, endText, failedText }: { query: PagedQuery; endText: string; failedText?: string }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={query.hasNextPage}
      loadMore={async () => {
        const result = await query.fetchNextPage();
        // InfiniteScroll stops asking after a rejection and offers to retry.
        if (result.isError) throw result.error;
      }}
    >
      {(hasMore, failed, retry) =>
        failed ? (
          <button type="button" className="text-link" onClick={() => void retry()}>
            {failedText ?? t('market.loadMoreFailed')}
          </button>
        ) : hasMore ? (
          <span>{t('common.loading')}</span>
        ) : (
          <span>{endText}</span>
        )
      }
    </InfiniteScroll>
  );
}
