/**
 * One message (SPEC §2 notice/detail, query `id`): title, time and body (paragraphs split by blank lines).
 * Opening it marks it read and updates the unread count; a message about a screen offers to open it.
 */
import { isNotFound } from '@beurs/api-client';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMarkReadMutation, useMessageQuery } from '../../api/inbox';
import { findRoute } from '../../app/routes';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useFormatters } from '../../lib/format';
import '../../components/money/money.css';

/** A hash route of the app ("#/pages/kyc/individual", "/pages/deposit/record?id=3") as a path, or null. */
export function appPathOf(link: string | null): string | null {
  if (!link) return null;
  const path = link.trim().replace(/^#/, '');
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function NoticeDetailPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  const { id: idParam } = useQueryParams<'id'>();
  const id = idParam && /^[1-9]\d{0,15}$/.test(idParam) ? Number(idParam) : undefined;
  const message = useMessageQuery(id);
  const markRead = useMarkReadMutation({ silent: true });
  const marked = useRef<number | null>(null);

  const data = message.data;
  useEffect(() => {
    if (!data || data.read || marked.current === data.id) return;
    marked.current = data.id;
    markRead.mutate({ ids: [data.id] });
  }, [data, markRead.mutate]);

  if (id === undefined) {
    return (
      <Page>
        <EmptyState icon="bell" title={t('notice.notFoundTitle')} description={t('notice.notFoundText')} />
      </Page>
    );
  }

  const path = appPathOf(data?.link ?? null);
  const route = path ? findRoute(path.split('?')[0] ?? '') : undefined;

  return (
    <Page>
      {message.isPending ? (
        <Loading />
      ) : message.isError && isNotFound(message.error) ? (
        <EmptyState icon="bell" title={t('notice.notFoundTitle')} description={t('notice.notFoundText')} />
      ) : message.isError ? (
        <ErrorState error={message.error} onRetry={() => message.refetch()} />
      ) : (
        <article className="message-detail" data-testid="message-detail" data-id={message.data.id}>
          <h2 className="message-detail__title">{message.data.title}</h2>
          <time className="message-detail__time num" dateTime={new Date(message.data.createTimestamp).toISOString()}>
            {f.dateTime(message.data.createTimestamp)}
          </time>
          <div className="message-detail__body">
            {message.data.body
              .split(/\n\s*\n/)
              .map((paragraph) => paragraph.trim())
              .filter(Boolean)
              .map((paragraph, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
                <p key={i}>{paragraph}</p>
              ))}
          </div>
          {path && (
            <Button
              block
              shape="rounded"
              color="primary"
              fill="outline"
              onClick={() => navigate(path)}
              data-testid="message-link"
            >
              {route ? t('notice.openScreen', { screen: t(route.titleKey) }) : t('notice.openRelated')}
            </Button>
          )}
        </article>
      )}
    </Page>
  );
}
