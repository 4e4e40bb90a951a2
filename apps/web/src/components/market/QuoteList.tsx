import type { Quote } from '@beurs/contracts';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { exchangeLabel } from '../../lib/format';
import { LoadMore, type PagedQuery } from '../LoadMore';
import { ErrorState } from '../States';
import { QuoteRow, QuoteRowSkeleton } from './QuoteRow';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QuoteListProps {
  query: ListQuery;
  quotes: readonly Quote[] | undefined;
  /** Shown when the list loaded empty. */
  empty: ReactNode;
  skeletonRows?: number;
  spark?: boolean;
  /** Show the exchange after the code (mixed lists). */
  showExchange?: boolean;
  label?: string;
  /** A one-line error (sections of a page with several lists) instead of the full error state. */
  compactError?: boolean;
  /** A Trade link beside each row that has an order ticket (stocks, forex, futures): the product lists. */
  trade?: boolean;
}

const hasTicket = (q: Quote) => q.kind === 'stock' || q.kind === 'forex' || q.kind === 'future';

/** Opens the order ticket of a listed instrument (buy side; the ticket switches sides). */
function TradeLink({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.ticket(quote, 0)}
      className="quote-trade"
      data-testid="quote-trade"
      aria-label={t('market.tradeName', { name: quote.name })}
    >
      {t('market.trade')}
    </Link>
  );
}

/** One line saying a list failed, with a retry: for pages with several lists. */
export function InlineListError({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div className="inline-error" role="alert">
      <span>{t('market.listFailed')}</span>
      <button type="button" className="text-link" onClick={() => onRetry()}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A list of live quote rows with its loading, error and empty states. */
export function QuoteList({
  query,
  quotes,
  empty,
  skeletonRows = 5,
  spark = true,
  showExchange = true,
  label,
  compactError = false,
  trade = false,
}: QuoteListProps) {
  // The rows of an answer render in a transition, in slices that let the page keep answering taps (a list of live
  // rows is the longest render of a market screen); until then the previous state (the skeleton) stays.
  const pending = useDeferredValue(query.isPending);
  const shown = useDeferredValue(quotes);
  if (pending) return <QuoteRowSkeleton rows={skeletonRows} />;
  if (query.isError && !quotes?.length) {
    if (compactError) return <InlineListError onRetry={() => query.refetch()} />;
    return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  }
  if (!shown?.length) return <>{empty}</>;
  return (
    <ul className="quote-list" aria-label={label}>
      {shown.map((q) => {
        const withTrade = trade && hasTicket(q);
        return (
          <li key={q.key} className={withTrade ? 'quote-list__traded' : undefined}>
            <QuoteRow quote={q} spark={spark} meta={showExchange ? exchangeLabel(q.market) : undefined} />
            {withTrade && <TradeLink quote={q} />}
          </li>
        );
      })}
    </ul>
  );
}

interface InfiniteQuery extends ListQuery, PagedQuery {
  isFetchingNextPage: boolean;
}

/** A long list that loads the next page as the user nears its end (antd-mobile InfiniteScroll). */
export function InfiniteQuoteList(props: Omit<QuoteListProps, 'query'> & { query: InfiniteQuery }) {
  const { t } = useTranslation();
  const { query, quotes } = props;
  return (
    <>
      <QuoteList {...props} />
      {!query.isPending && Boolean(quotes?.length) && <LoadMore query={query} endText={t('market.endOfList')} />}
    </>
  );
}
