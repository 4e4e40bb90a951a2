/** Unread answers of customer service as a badge, for the Help and contact entries (nothing when there are none). */
import { Badge } from 'antd-mobile';
import '../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useSupportUnreadQuery } from '../api/support';

export function SupportUnreadBadge({ testId = 'support-unread' }: { testId?: string }) {
  const { t } = useTranslation();
  const unread = useSupportUnreadQuery();
  const count = unread.data ?? 0;
  if (count <= 0) return null;
  return (
    <Badge
      className="unread-badge"
      content={count > 99 ? '99+' : String(count)}
      aria-label={t('support.unreadCount', { count })}
      data-testid={testId}
    />
  );
}
