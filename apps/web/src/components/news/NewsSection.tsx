/**
 * A list of published articles (newest first): all of them on home, those naming one instrument on a quote screen.
 * Each row opens news/detail; "More news" brings the next page. Loaded by NewsSlot as it comes into view.
 */
import type { ArticleSummary } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useArticlesInfinite } from '../../api/articles';
import { paths } from '../../app/paths';
import { useFormatters } from '../../lib/format';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { EmptyState } from '../States';

export interface NewsSectionProps {
  /** Only the articles naming this instrument. */
  code?: string | undefined;
  pageSize: number;
}

/** The kind of an article and, for the job's market wrap, that it is simulated. */
export function ArticleTags({ article }: { article: Pick<ArticleSummary, 'kind' | 'simulated'> }) {
  const { t } = useTranslation();
  return (
    <span className="news-tags">
      <span className={`tag ${article.kind === 'announcement' ? 'tag--gold' : 'tag--neutral'}`}>
        {t(`news.kinds.${article.kind}`)}
      </span>
      {article.simulated && <span className="tag tag--warn">{t('news.simulated')}</span>}
    </span>
  );
}

function NewsItem({ article }: { article: ArticleSummary }) {
  const f = useFormatters();
  return (
    <Link to={paths.newsDetail({ id: article.id })} className="news-item" data-testid="news-item" data-id={article.id}>
      <span className="news-item__meta">
        <ArticleTags article={article} />
        <time className="num" dateTime={new Date(article.publishTimestamp).toISOString()}>
          {f.dateTime(article.publishTimestamp)}
        </time>
      </span>
      <strong className="news-item__title">{article.title}</strong>
      {article.excerpt && <span className="news-item__excerpt">{article.excerpt}</span>}
      <Icon name="chevron" size={16} className="news-item__chevron" />
    </Link>
  );
}

export function NewsSection({ code, pageSize }: NewsSectionProps) {
  const { t } = useTranslation();
  const query = useArticlesInfinite({ code }, pageSize);
  if (query.isPending) {
    return (
      <div className="card news-list" role="status" aria-label={t('common.loading')}>
        <div className="news-item news-item--skeleton">
          <span className="skeleton-text" />
        </div>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="card news-failed" role="alert">
        <span>{t('news.failed')}</span>
        <button type="button" className="text-link" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (list.length === 0) {
    return (
      <div className="card">
        <EmptyState icon="doc" title={code ? t('news.emptyQuote', { code }) : t('news.empty')} />
      </div>
    );
  }
  return (
    <>
      <div className="card news-list">
        {list.map((article) => (
          <NewsItem key={article.id} article={article} />
        ))}
      </div>
      {query.hasNextPage && (
        <Button
          block
          shape="rounded"
          className="news-more"
          loading={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
          data-testid="news-more"
        >
          {t('news.more')}
        </Button>
      )}
      {query.isFetchNextPageError && <p className="news-failed">{t('news.failed')}</p>}
    </>
  );
}
