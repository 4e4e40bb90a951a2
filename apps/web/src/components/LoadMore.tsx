import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from '../lib/useInView';
import './LoadMore.css';

/** What `LoadMore` needs of a TanStack `useInfiniteQuery` result. */
export interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/** Pages asked one after another while the end of the list stays near without leaving (see LoadMore). */
export const MAX_PAGES_PER_APPROACH = 5;

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
  // Pages asked since the end last came near: bounded, so answers that bring no page (a cancelled or deduplicated
  // request answers at once and leaves the end near) cannot turn into a request and render loop.
  const [streak, setStreak] = useState(0);
  const { hasNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (!near) setStreak(0);
  }, [near]);

  // Page after page while the end stays near (a short page leaves it in view), at most MAX_PAGES_PER_APPROACH; then
  // the next page waits until the end leaves and comes near again.
  useEffect(() => {
    if (!near || !hasNextPage || failed || asked > answered || streak >= MAX_PAGES_PER_APPROACH) return;
    setAsked(asked + 1);
    setStreak(streak + 1);
    void fetchNextPage().then((result) => {
      if (result.isError) setFailed(true);
      setAnswered((n) => n + 1);
    });
  }, [near, hasNextPage, failed, asked, answered, streak, fetchNextPage]);

  return (
    <div className="load-more">
      <div ref={sentinel} className="load-more__sentinel" aria-hidden="true" />
      {failed ? (
        <button
          type="button"
          className="text-link"
          onClick={() => {
            setFailed(false);
            setStreak(0);
          }}
        >
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
