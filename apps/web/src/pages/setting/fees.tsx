/**
 * The fee and spread schedule (docs/trading.md "Fees", "Protection"): the rates the server applies now per asset
 * class (from /stock_rate/site/get, so an operator's change shows here as it reaches the tickets), the leverage caps
 * against the ESMA limits, the close-out rule and how a loss beyond a position's margin is settled. Reachable from
 * settings and from every order ticket; open to guests (the published terms are not a secret).
 */
import { type AssetClass, type DataOf, Decimal } from '@beurs/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { trading } from '../../api/endpoints';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { QueryBoundary } from '../../components/States';
import { Facts } from '../../components/trading/Sheet';
import { useFormatters } from '../../lib/format';
import '../../components/trading/trading.css';

/** The typical spread of each class, as the simulated market quotes it (market/simulator.ts spreadOf). */
const SPREAD_OF: Record<AssetClass, 'forexMajor' | 'forexMinor' | 'future' | 'stock'> = {
  forexMajor: 'forexMajor',
  forexMinor: 'forexMinor',
  gold: 'future',
  indexMajor: 'future',
  commodity: 'future',
  indexOther: 'future',
  stock: 'stock',
  other: 'future',
};

export function FeesPage() {
  const schedule = useQuery({
    queryKey: ['trading', 'schedule'],
    queryFn: ({ signal }) => api.call(trading.stockRate, {}, undefined, { signal }),
    staleTime: 30_000,
  });
  return (
    <Page>
      <QueryBoundary query={schedule}>{(data) => <FeesSchedule schedule={data} />}</QueryBoundary>
    </Page>
  );
}

function FeesSchedule({ schedule }: { schedule: DataOf<typeof trading.stockRate> }) {
  const { t } = useTranslation();
  const f = useFormatters();
  /** A fraction as a percentage with at least 2 places ("0.001" → "0.10%"). */
  const percent = (rate: string) => {
    const pct = new Decimal(rate).times(100);
    return `${f.number(pct.toNumber(), Math.max(2, pct.decimalPlaces()))}%`;
  };
  const { all, closeOutLevel } = schedule;
  const level = f.integer(closeOutLevel);
  return (
    <article className="legal" data-testid="fees-page">
      <p className="legal__intro">{t('fees.intro')}</p>

      <section className="legal__section">
        <h3>{t('fees.feesTitle')}</h3>
        <p>{t('fees.feesText')}</p>
      </section>
      {all.map((c) => (
        <section key={c.assetClass} className="card fees-class" data-testid={`fees-${c.assetClass}`}>
          <h4 className="fees-class__title">{t(`fees.classes.${c.assetClass}`)}</h4>
          <Facts
            rows={[
              { label: t('fees.buy'), value: percent(c.buyRate), testId: `fees-${c.assetClass}-buy` },
              { label: t('fees.sell'), value: percent(c.sellRate), testId: `fees-${c.assetClass}-sell` },
              {
                label: t('fees.leverage'),
                value: t('fees.leverageValue', { max: c.maxLeverage, esma: c.esmaLeverage }),
              },
              { label: t('fees.minimum'), value: f.integer(c.minCount) },
              { label: t('fees.spread'), value: t(`fees.spreads.${SPREAD_OF[c.assetClass]}`) },
            ]}
          />
        </section>
      ))}

      <section className="legal__section">
        <h3>{t('fees.spread')}</h3>
        <p>{t('fees.spreadText')}</p>
        <h3>{t('fees.leverageTitle')}</h3>
        <p>{t('fees.leverageText')}</p>
        <h3>{t('fees.closeOutTitle', { level })}</h3>
        <p>{t('fees.closeOutText', { level })}</p>
        <h3>{t('fees.lossTitle')}</h3>
        <p>{t('fees.lossText')}</p>
      </section>
      <SimulatedNotice compact />
    </article>
  );
}
