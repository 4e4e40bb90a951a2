/**
 * Help and contact (docs/support.md): the customer's conversations with customer service, the latest first, each with
 * its subject, topic, status, last message and unread answers; a button starts a new one. New answers arrive over
 * the live socket (api/accountEvents.ts), so the list and its badges update while it is open.
 */
import type { SupportConversation } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSupportConversations } from '../../api/support';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { CountBadge } from '../../components/CountBadge';
import { LoadMore } from '../../components/LoadMore';
import { Page } from '../../components/Page';
import { EmptyState, QueryBoundary } from '../../components/States';
import { useFormatters } from '../../lib/format';
import './support.css';

function ConversationRow({ conversation: c }: { conversation: SupportConversation }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const preview = c.lastText ?? t('support.image');
  return (
    <li>
      <Link
        to={paths.supportChat({ id: c.id })}
        className={`support-row${c.unread > 0 ? ' support-row--unread' : ''}`}
        data-testid="support-row"
        data-id={c.id}
      >
        <span className="support-row__body">
          <span className="support-row__top">
            <span className="support-row__subject">{c.subject}</span>
            <time className="support-row__time num" dateTime={new Date(c.lastMessageTimestamp).toISOString()}>
              {f.dateTime(c.lastMessageTimestamp)}
            </time>
          </span>
          <span className="support-row__preview">
            {c.lastFrom === 'operator' ? `${t('support.serviceName')}: ` : ''}
            {preview}
          </span>
          <span className="support-row__tags">
            <span className="tag tag--neutral">{t(`support.topics.${c.topic}`)}</span>
            <span className={`tag tag--${c.status === 'closed' ? 'neutral' : c.status === 'open' ? 'gold' : 'rise'}`}>
              {t(`support.status.${c.status}`)}
            </span>
          </span>
        </span>
        <CountBadge
          count={c.unread}
          label={t('support.unreadCount', { count: c.unread })}
          testId="support-row-unread"
        />
      </Link>
    </li>
  );
}

export function ServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const conversations = useSupportConversations();
  const start = (
    <Button
      color="primary"
      block
      shape="rounded"
      onClick={() => navigate(paths.supportNew())}
      data-testid="support-new"
    >
      {t('support.newConversation')}
    </Button>
  );

  return (
    <Page>
      <p className="support-intro">{t('support.intro')}</p>
      <QueryBoundary
        query={conversations}
        loading={
          <div className="card list-card" role="status" aria-busy="true" aria-label={t('common.loading')}>
            {[0, 1, 2].map((i) => (
              <div key={i} className="support-row support-row--skeleton">
                <span className="shimmer" style={{ width: '55%', height: 14 }} />
                <span className="shimmer" style={{ width: '85%', height: 12 }} />
              </div>
            ))}
          </div>
        }
        empty={(data) => data.pages.every((page) => page.list.length === 0)}
        keepOnFailure={(data) => data.pages.some((page) => page.list.length > 0)}
        emptyView={
          <EmptyState
            icon="headset"
            title={t('support.emptyTitle')}
            description={t('support.emptyText')}
            action={start}
          />
        }
      >
        {(data) => (
          <>
            <div className="support-actions">{start}</div>
            <div className="card list-card">
              <ul className="support-list" data-testid="support-list" aria-label={t('routes.service.index')}>
                {data.pages
                  .flatMap((page) => page.list)
                  .map((c) => (
                    <ConversationRow key={c.id} conversation={c} />
                  ))}
              </ul>
            </div>
            <LoadMore query={conversations} endText={t('support.end')} />
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}
