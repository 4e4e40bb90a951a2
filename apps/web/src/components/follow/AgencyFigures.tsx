/**
 * An institution's track record (docs/strategies.md): the NAV chart and the figures of its strategy's book (returns
 * with their sign and colour, so a loss reads as a loss), with the simulated-results line. On product/follow's cards
 * and payment/follow's ticket.
 */
import { useTranslation } from 'react-i18next';
import type { AgencyItem } from '../../api/follow';
import { useFormatters } from '../../lib/format';
import { Facts } from '../trading/Sheet';
import { NavChart } from './NavChart';

const tone = (value: string) => (Number(value) > 0 ? 'rise' : Number(value) < 0 ? 'fall' : '');

/** The figures of a book, an institution's or an AI quant strategy's (aiquantify/index). */
type BookFigures = Pick<
  AgencyItem,
  'chart' | 'since' | 'totalReturn' | 'return30d' | 'maxDrawdown' | 'winRate' | 'trades' | 'nav' | 'performanceFee'
>;

/** `disclaimer`: the product's own simulated-results line (default: copy trading's). */
export function AgencyFigures({ agency, disclaimer }: { agency: BookFigures; disclaimer?: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <>
      <NavChart points={agency.chart} testId="agency-chart" />
      <Facts
        rows={[
          {
            label: t('follow.labels.totalReturn', { since: f.dateTime(agency.since, 'date') }),
            value: <span className={tone(agency.totalReturn)}>{f.ratio(agency.totalReturn)}</span>,
            testId: 'agency-return',
          },
          {
            label: t('follow.labels.return30d'),
            value: <span className={tone(agency.return30d)}>{f.ratio(agency.return30d)}</span>,
          },
          { label: t('follow.labels.maxDrawdown'), value: `${f.number(agency.maxDrawdown, 2)}%` },
          {
            label: t('follow.labels.winRate'),
            value: agency.winRate === null ? t('follow.labels.noSales') : `${f.number(agency.winRate, 2)}%`,
          },
          { label: t('follow.labels.trades'), value: f.integer(agency.trades) },
          { label: t('follow.labels.nav'), value: f.number(agency.nav, 4) },
          { label: t('follow.labels.fee'), value: `${f.number(agency.performanceFee, 2)}%`, testId: 'agency-fee' },
        ]}
      />
      <p className="ticket-hint" data-testid="agency-disclaimer">
        {disclaimer ?? t('follow.pastResults')}
      </p>
    </>
  );
}
