/**
 * A placing's lock-up on a position (docs/primary-markets.md "Lock-up"): before `sellableFromTimestamp` the server
 * refuses the customer's close, stops and additions (positionLockedUp); a close-out still closes it. The screens
 * disable those actions and say until when, in the device's time zone (the server's message says it in UTC).
 */
import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { Icon } from '../Icon';
import { serverNow } from '../money/serverClock';

/** The instant the lock-up ends while it has not yet, else null (no lock-up, or over). */
export function lockedUntil(
  position: Pick<Position, 'sellableFromTimestamp' | 'status'>,
  now: number = serverNow(),
): number | null {
  const until = position.sellableFromTimestamp ?? null;
  return position.status === 1 && until !== null && until > now ? until : null;
}

/** "Locked up until <date>" and why Close, Add and the stops are not available yet. */
export function LockupNotice({ until }: { until: number }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="notice trade-notice" data-testid="lockup-notice">
      <Icon name="lock" size={18} />
      <div>
        <strong>{t('trading.lockup.title', { date: f.dateTime(until, 'minutes') })}</strong>
        <p>{t('trading.lockup.text')}</p>
      </div>
    </div>
  );
}
