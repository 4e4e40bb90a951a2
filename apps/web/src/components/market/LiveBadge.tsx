import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../api/live';
import './LiveBadge.css';

/** Whether prices on screen are streaming: live, (re)connecting or offline. */
export function LiveBadge() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status === 'idle') return null;
  return (
    <span className={`live-badge live-badge--${status}`} role="status" data-testid="live-status" data-status={status}>
      <span className="live-badge__dot" aria-hidden="true" />
      {t(`live.${status}`)}
    </span>
  );
}
