import type { MarketId } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useMarketStatusesQuery } from '../../api/market';
import { formatWhen } from '../../lib/format';
import './SessionLine.css';

/** One market's session: its name, open or closed (or pre, after hours, break), and when that changes. */
export function SessionLine({ market }: { market: MarketId }) {
  const { t } = useTranslation();
  const statuses = useMarketStatusesQuery();
  const status = statuses.data?.find((s) => s.market === market);
  if (!status) return <div className="session-line session-line--empty" />;
  const tone = status.phase === 'regular' ? 'rise' : status.phase === 'closed' ? 'neutral' : 'warn';
  const next =
    !status.open && status.nextOpen
      ? t('quote.opensAt', { when: formatWhen(status.nextOpen) })
      : status.open && status.nextClose
        ? t('quote.closesAt', { when: formatWhen(status.nextClose) })
        : null;
  return (
    <div className="session-line" data-testid="market-session" data-open={status.open}>
      <span className="session-line__name">{status.name}</span>
      <span className={`tag tag--${tone}`}>{t(`phase.${status.phase}`)}</span>
      {next && <span className="session-line__next">{next}</span>}
    </div>
  );
}
