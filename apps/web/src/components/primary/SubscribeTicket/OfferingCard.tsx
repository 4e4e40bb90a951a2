/** The offering on the ticket: issuer, code and exchange, the price range, lot size, deadline and listing date. */
import type { Offering } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { usePriceRange } from '../../../pages/product/newstock/parts/usePriceRange';
import { Facts } from '../../trading/Sheet';
import { PhaseTag, SimulatedTag } from '../StateTag';

export function OfferingCard({ offering: o }: { offering: Offering }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const range = usePriceRange();
  return (
    <section className="card ipo-ticket-card" data-testid="ipo-ticket-offering" data-code={o.code}>
      <div className="trade-row__head">
        <span className="trade-row__name">{o.name}</span>
        <SimulatedTag />
      </div>
      <div className="trade-row__sub num">
        <span>
          {o.code} · {o.exchange}
        </span>
        <PhaseTag phase={o.phase} />
      </div>
      <Facts
        className="trade-facts--card"
        rows={[
          { label: t('ipo.labels.priceRange'), value: range(o) },
          { label: t('ipo.labels.lotSize'), value: t('ipo.lotSizeValue', { lot: f.integer(o.lotSize) }) },
          { label: t('ipo.labels.deadline'), value: f.dateTime(o.closesAtTimestamp, 'minutes') },
          { label: t('ipo.labels.listingDate'), value: f.dateTime(o.marketDateTimestamp, 'date') },
        ]}
      />
    </section>
  );
}
