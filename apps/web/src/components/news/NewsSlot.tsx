/**
 * Where home and the quote screens show news (docs/news.md): the section's heading at once, its list (NewsSection,
 * its own chunk) only when the section comes near the screen, so neither screen's first JavaScript grows and the
 * news call waits until someone scrolls to it.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenNear } from '../WhenNear';
import type { NewsSectionProps } from './NewsSection';
import './news.css';

const NewsSection = lazy(() => import('./NewsSection').then((m) => ({ default: m.NewsSection })));

function Skeleton({ rows }: { rows: number }) {
  const { t } = useTranslation();
  return (
    <div className="card news-list" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
        <div key={i} className="news-item news-item--skeleton">
          <span className="skeleton-text" />
          <span className="skeleton-text skeleton-text--short" />
        </div>
      ))}
    </div>
  );
}

export function NewsSlot(props: NewsSectionProps) {
  const { t } = useTranslation();
  const headingId = props.code ? 'quote-news' : 'home-news';
  const rows = props.pageSize;
  return (
    <section aria-labelledby={headingId} data-testid={headingId} className="news-slot">
      <h2 className="section-title" id={headingId}>
        {props.code ? t('news.quoteTitle', { code: props.code }) : t('news.title')}
      </h2>
      <WhenNear minHeight={0} margin="300px" fallback={<Skeleton rows={rows} />}>
        <Suspense fallback={<Skeleton rows={rows} />}>
          <NewsSection {...props} />
        </Suspense>
      </WhenNear>
    </section>
  );
}
