/** A closed market: when it opens (or that it is closed), and that orders wait as limit orders until then. */
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../lib/format';
import { Icon } from '../../Icon';
import type { Summary } from '../../market/QuoteDetails';

export function MarketClosedNotice({ summary }: { summary: Summary | undefined }) {
  const { t } = useTranslation();
  const nextOpen = summary?.session.nextOpen;
  return (
    <div className="notice trade-notice" data-testid="ticket-market-closed">
      <Icon name="clock" size={18} />
      <div>
        <strong>
          {nextOpen ? t('trading.ticket.closedOpens', { when: formatWhen(nextOpen) }) : t('trading.ticket.closedTitle')}
        </strong>
        <p>{t('trading.ticket.closedText')}</p>
      </div>
    </div>
  );
}
