/**
 * The parts the product lists share (product/ucstock, popular, future, forex; docs/markets.md "Product lists"): the
 * group chips kept in the address (?g=), and a long list of the Market tab's live rows, each with a Trade link to
 * its order ticket.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ListSpec, useQuoteListInfinite } from '../../api/market';
import { EmptyState } from '../States';
import { InfiniteQuoteList } from './QuoteList';

/** The group a screen shows: `?g=` when it names one of `groups`, else the first. */
export function useGroup<G extends string>(groups: readonly G[]): [G, (group: G) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('g');
  const group = groups.find((g) => g === requested) ?? (groups[0] as G);
  const choose = (next: G) => setParams(next === groups[0] ? {} : { g: next }, { replace: true });
  return [group, choose];
}

/** A row of chips choosing one group, as the Market tab's filters look. */
export function GroupChips<G extends string>({
  groups,
  value,
  onChange,
  label,
  labelOf,
}: {
  groups: readonly G[];
  value: G;
  onChange: (group: G) => void;
  label: string;
  labelOf: (group: G) => string;
}) {
  return (
    <fieldset className="chip-row">
      <legend className="sr-only">{label}</legend>
      {groups.map((g) => (
        <button
          key={g}
          type="button"
          className={`chip${g === value ? ' chip--active' : ''}`}
          aria-pressed={g === value}
          data-testid={`product-group-${g}`}
          onClick={() => onChange(g)}
        >
          {labelOf(g)}
        </button>
      ))}
    </fieldset>
  );
}

/** One list of live quote rows, page by page, with the Trade link; its loading, error and empty states. */
export function ProductQuoteList({ spec, empty }: { spec: ListSpec; empty?: ReactNode }) {
  const { t } = useTranslation();
  const query = useQuoteListInfinite(spec);
  return (
    <InfiniteQuoteList
      query={query}
      quotes={query.data}
      empty={empty ?? <EmptyState icon="market" title={t('market.empty')} description={t('market.emptyText')} />}
      skeletonRows={8}
      spark={false}
      showExchange={spec.list === 'stocks'}
      trade
    />
  );
}
