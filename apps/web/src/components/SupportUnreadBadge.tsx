/** Unread answers of customer service as a badge, for the Help and contact entries (nothing when there are none). */
import { useTranslation } from 'react-i18next';
import { useSupportUnreadQuery } from '../api/support';
import { CountBadge } from './CountBadge';

export function SupportUnreadBadge({ testId = 'support-unread' }: { testId?: string }) {
  const { t } = useTranslation();
  const count = useSupportUnreadQuery().data ?? 0;
  return <CountBadge count={count} label={t('support.unreadCount', { count })} testId={testId} />;
}
