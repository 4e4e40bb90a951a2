import type { Quote } from '@beurs/contracts';
import { SearchBar } from 'antd-mobile';
import '../../app/antdMobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSearchQuery } from '../../api/market';
import { Icon } from '../../components/Icon';
import { QuoteRow, QuoteRowSkeleton } from '../../components/market/QuoteRow';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState } from '../../components/States';
import { exchangeLabel } from '../../lib/format';
import { addRecentSearch, clearRecentSearches, useRecentSearches } from '../../lib/recentSearches';
import { useDebounced } from '../../lib/useDebounced';
import './search.css';

const DEBOUNCE_MS = 300;
/** Examples for a first visit: one per kind of market. */
const EXAMPLES = ['AAPL', 'ASML', 'Tencent', 'SAP', 'EUR/USD', 'Gold', 'DAX', 'BTC'];

function kindLabelKey(q: Quote) {
  if (q.kind === 'stock') return q.source === 11 ? 'search.kinds.hkStock' : 'search.kinds.stock';
  return `search.kinds.${q.kind}` as const;
}

function Suggestions({ onPick }: { onPick: (term: string) => void }) {
  const { t } = useTranslation();
  const recent = useRecentSearches();
  return (
    <>
      {recent.length > 0 && (
        <section aria-labelledby="recent-title" data-testid="recent-searches">
          <div className="section-header">
            <h2 className="section-title" id="recent-title">
              {t('search.recent')}
            </h2>
            <button type="button" className="text-link" onClick={clearRecentSearches} data-testid="clear-recent">
              {t('search.clearRecent')}
            </button>
          </div>
          <ul className="term-list">
            {recent.map((term) => (
              <li key={term}>
                <button type="button" className="term" onClick={() => onPick(term)}>
                  <Icon name="clock" size={15} />
                  {term}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="examples-title">
        <h2 className="section-title" id="examples-title">
          {t('search.examples')}
        </h2>
        <ul className="term-list">
          {EXAMPLES.map((term) => (
            <li key={term}>
              <button type="button" className="term" onClick={() => onPick(term)}>
                {term}
              </button>
            </li>
          ))}
        </ul>
        <p className="form-hint form-hint--block">{t('search.hint')}</p>
      </section>
    </>
  );
}

/** search/index: by code or name across every market, debounced; recent searches kept on the device. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const term = useDebounced(text.trim(), DEBOUNCE_MS);
  const query = useSearchQuery(term);

  // The term in the address, so back from a quote returns to these results; a new address (a link to
  // search?q=…) puts its term in the box.
  const urlTerm = params.get('q') ?? '';
  const written = useRef(urlTerm);
  useEffect(() => {
    if (urlTerm === written.current) return;
    written.current = urlTerm;
    setText(urlTerm);
  }, [urlTerm]);
  useEffect(() => {
    if (term === written.current) return;
    written.current = term;
    setParams(term ? { q: term } : {}, { replace: true });
  }, [term, setParams]);

  const results = query.data?.list;
  const searching = term.length > 0;
  let body: ReactNode;
  if (!searching) body = <Suggestions onPick={setText} />;
  else if (query.isPending) body = <QuoteRowSkeleton rows={6} />;
  else if (query.isError && !results) body = <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  else if (!results?.length) {
    body = <EmptyState icon="search" title={t('search.noResults', { term })} description={t('search.noResultsText')} />;
  } else {
    body = (
      <>
        <p className="search-count" aria-live="polite">
          {t('search.count', { count: query.data?.total ?? results.length })}
        </p>
        <ul className="quote-list card list-card" data-testid="search-results">
          {results.map((q) => {
            const exchange = exchangeLabel(q.market);
            return (
              <li key={q.key} onClickCapture={() => addRecentSearch(term)}>
                <QuoteRow
                  quote={q}
                  spark={false}
                  meta={
                    <>
                      <span className="kind-tag">{t(kindLabelKey(q))}</span>
                      {exchange && <span>{exchange}</span>}
                    </>
                  }
                />
              </li>
            );
          })}
        </ul>
        {(query.data?.total ?? 0) > results.length && (
          <p className="search-more">{t('search.more', { shown: results.length })}</p>
        )}
      </>
    );
  }

  return (
    <Page>
      <div className="search-box" data-testid="search-box">
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={(value) => addRecentSearch(value)}
          onClear={() => setText('')}
          placeholder={t('search.placeholder')}
          autoFocus
        />
      </div>
      {body}
    </Page>
  );
}
