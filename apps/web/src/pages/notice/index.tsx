/**
 * The inbox (SPEC §2 notice/index): identity results, deposit and withdrawal outcomes and adjustments, newest
 * first, page by page; unread ones carry a dot. "Mark all read" clears them; a message opens notice/detail.
 */
import type { UserMessage } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkReadMutation, useMessagesInfinite, useUnreadCountQuery } from '../../api/inbox';
import { Icon } from '../../components/Icon';
import { LoadMore } from '../../components/LoadMore';
import { Page } from '../../components/Page';
import { Refreshable } from '../../components/Refreshable';
import { EmptyState, ErrorState } from '../../components/States';
import { useFormatters } from '../../lib/format';
import '../../components/money/money.css';
import { paths } from '../../app/paths';

/** The first paragraph of a body, on one line. */
export function firstLine(body: string): string {
  return (body.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
}

function MessageRow({ message }: { message: UserMessage }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <li>
      <Link
        to={paths.notice({ id: message.id })}
        className={`message-row${message.read ? '' : ' message-row--unread'}`}
        data-testid="message-row"
        data-id={message.id}
        data-read={message.read}
      >
        <span className="message-row__dot" aria-hidden="true" />
        <span className="message-row__body">
          <span className="message-row__top">
            <span className="message-row__title">
              {!message.read && <span className="sr-only">{t('notice.unread')}: </span>}
              {message.title}
            </span>
            <time className="message-row__time num" dateTime={new Date(message.createTimestamp).toISOString()}>
              {f.dateTime(message.createTimestamp)}
            </time>
          </span>
          <span className="message-row__preview">{firstLine(message.body)}</span>
        </span>
      </Link>
    </li>
  );
}

function MessageSkeleton() {
  return (
    <ul className="message-list" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="message-row message-row--skeleton">
          <span className="shimmer" style={{ width: '55%', height: 14 }} />
          <span className="shimmer" style={{ width: '85%', height: 12 }} />
        </li>
      ))}
    </ul>
  );
}

export function NoticePage() {
  const { t } = useTranslation();
  const messages = useMessagesInfinite();
  const unread = useUnreadCountQuery();
  const markAll = useMarkReadMutation();
  const items = messages.data?.pages.flatMap((page) => page.list);
  const unreadCount = unread.data ?? 0;

  return (
    <Page>
      <Refreshable onRefresh={() => messages.refetch()}>
        {messages.isPending ? (
          <div className="card list-card">
            <MessageSkeleton />
          </div>
        ) : messages.isError && !items?.length ? (
          <ErrorState error={messages.error} onRetry={() => messages.refetch()} />
        ) : !items?.length ? (
          <EmptyState icon="bell" title={t('notice.emptyTitle')} description={t('notice.emptyText')} />
        ) : (
          <>
            <div className="notice-toolbar">
              <span data-testid="notice-unread-count">
                {unreadCount > 0 ? t('notice.unreadCount', { count: unreadCount }) : t('notice.allRead')}
              </span>
              {unreadCount > 0 && (
                <button
                  type="button"
                  className="text-link"
                  onClick={() => markAll.mutate({ all: true })}
                  disabled={markAll.isPending}
                  data-testid="notice-read-all"
                >
                  <Icon name="check" size={16} />
                  {t('notice.markAllRead')}
                </button>
              )}
            </div>
            <div className="card list-card">
              <ul className="message-list" data-testid="message-list" aria-label={t('routes.notice.index')}>
                {items.map((message) => (
                  <MessageRow key={message.id} message={message} />
                ))}
              </ul>
            </div>
            <LoadMore query={messages} endText={t('notice.end')} />
          </>
        )}
      </Refreshable>
    </Page>
  );
}
