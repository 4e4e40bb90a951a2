/** A count as a badge beside a menu entry or a row: unread messages, unread answers (nothing when there are none). */
import { Badge } from 'antd-mobile';
import '../app/antdMobile';

export function CountBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <Badge
      className="unread-badge"
      content={count > 99 ? '99+' : String(count)}
      aria-label={label}
      data-testid={testId}
    />
  );
}
