/**
 * One article (SPEC §2 news/detail, query `id`; docs/news.md): its kind, whether it is simulated (the market wrap),
 * when it was published, the title and the body the server rendered and sanitised, and the instruments it names.
 * An unpublished or unknown article says so.
 */
import { isNotFound } from '@beurs/api-client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useArticleQuery } from '../../api/articles';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { ArticleBody } from '../../components/news/ArticleBody';
import { ArticleTags } from '../../components/news/NewsSection';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useFormatters } from '../../lib/format';
import '../../components/news/news.css';

export function NewsDetailPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const { id: idParam } = useQueryParams<'id'>();
  const id = idParam && /^[1-9]\d{0,15}$/.test(idParam) ? Number(idParam) : undefined;
  const query = useArticleQuery(id);
  const notFound = id === undefined || (query.isError && isNotFound(query.error));

  return (
    <Page>
      {notFound ? (
        <EmptyState icon="doc" title={t('news.notFoundTitle')} description={t('news.notFoundText')} />
      ) : query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <article className="article" data-testid="article" data-id={query.data.id}>
          <div className="article__meta">
            <ArticleTags article={query.data} />
            <time className="num" dateTime={new Date(query.data.publishTimestamp).toISOString()}>
              {f.dateTime(query.data.publishTimestamp)}
            </time>
          </div>
          <h2 className="article__title">{query.data.title}</h2>
          {query.data.simulated && <p className="article__note">{t('news.wrapNote')}</p>}
          <ArticleBody html={query.data.html} />
          {query.data.instruments.length > 0 && (
            <section aria-labelledby="article-instruments">
              <h3 className="section-title" id="article-instruments">
                {t('news.instruments')}
              </h3>
              <div className="article__instruments">
                {query.data.instruments.map((code) => (
                  <Link key={code} to={paths.quoteByCode(code)} className="copy-button">
                    {code}
                  </Link>
                ))}
              </div>
            </section>
          )}
        </article>
      )}
    </Page>
  );
}
