/** The IPO centre's filters: market (all, US, Hong Kong) and phase, as chip rows kept in the query. */
import type { OfferingMarket, OfferingPhase } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';

export const MARKET_FILTERS = ['all', 'US', 'HK'] as const;
export const PHASE_FILTERS = ['all', 'open', 'upcoming', 'closed', 'allotted', 'listed'] as const;
export type MarketFilter = (typeof MARKET_FILTERS)[number];
export type PhaseFilter = (typeof PHASE_FILTERS)[number];

export const isMarketFilter = (v: string | null): v is OfferingMarket => v === 'US' || v === 'HK';
export const isPhaseFilter = (v: string | null): v is Exclude<PhaseFilter, 'all'> & OfferingPhase =>
  PHASE_FILTERS.includes(v as PhaseFilter) && v !== 'all';

function ChipRow<V extends string>({
  legend,
  options,
  value,
  label,
  onChange,
  testIdPrefix,
}: {
  legend: string;
  options: readonly V[];
  value: V;
  label: (v: V) => string;
  onChange: (v: V) => void;
  testIdPrefix: string;
}) {
  return (
    <fieldset className="chip-row chip-row--compact">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={`chip${option === value ? ' chip--active' : ''}`}
          aria-pressed={option === value}
          data-testid={`${testIdPrefix}${option}`}
          onClick={() => onChange(option)}
        >
          {label(option)}
        </button>
      ))}
    </fieldset>
  );
}

export function IpoFilters({
  market,
  phase,
  onChange,
}: {
  market: MarketFilter;
  phase: PhaseFilter;
  onChange: (next: { market: MarketFilter; phase: PhaseFilter }) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ipo-filters">
      <ChipRow
        legend={t('ipo.filterMarket')}
        options={MARKET_FILTERS}
        value={market}
        label={(m) => t(`ipo.markets.${m}`)}
        onChange={(m) => onChange({ market: m, phase })}
        testIdPrefix="ipo-market-"
      />
      <ChipRow
        legend={t('ipo.filterPhase')}
        options={PHASE_FILTERS}
        value={phase}
        label={(p) => t(`ipo.phases.${p}`)}
        onChange={(p) => onChange({ market, phase: p })}
        testIdPrefix="ipo-phase-"
      />
    </div>
  );
}
