import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from '../lib/useInView';
import './LoadMore.css';

/** What `LoadMore` needs of a TanStack `useInfiniteQuery` result. */
export interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/**
 * The footer of a paged list: loads the next page as the end of the list comes near (an IntersectionObserver
 * on a sentinel that reaches back into the list, so loading starts before the end shows), says "Loading…"
 * meanwhile and `endText` when there is nothing more. A failed page stops the loading and offers a retry
 * (`failedText`, default "Could not load more. Tap to try again").
 */
export function LoadMore({ query, endText, failedText }: { query: PagedQuery; endText: string; failedText?: string }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const near = useInView(sentinel);
  // Pages asked for and answered: counts rather than a busy flag, so an answer that comes back before React
  // renders the request still changes them and the end is looked at again.
  const [asked, setAsked] = useState(0);
  const [answered, setAnswered] = useState(0);
  const [failed, setFailed] = useState(false);
  const { hasNextPage, fetchNextPage } = query;

  // Page after page while the end stays near (a short page leaves it in view).
  useEffect(() => {
    if (!near || !hasNextPage || failed || asked > answered) return;
    setAsked(asked + 1);
    void fetchNextPage().then((result) => {
      if (result.isError) setFailed(true);
      setAnswered((n) => n + 1);
    });
  }, [near, hasNextPage, failed, asked, answered, fetchNextPage]);

  return (
    <div className="load-more">
      <div ref={sentinel} className="load-more__sentinel" aria-hidden="true" />
      {failed ? (
        <button type="button" className="text-link" onClick={() => setFailed(false)}>
          {failedText ?? t('market.loadMoreFailed')}
        </button>
      ) : hasNextPage ? (
        <span>{t('common.loading')}</span>
      ) : (
        <span>{endText}</span>
      )}
    </div>
  );
}
