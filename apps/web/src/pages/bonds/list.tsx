/**
 * bonds/list (docs/fixed-income.md): the simulated treasury bonds that can be traded now, by issuer, with the quote
 * a trade now gets (clean bid and ask per 100, accrued interest, yield to maturity) and the coupon and maturity;
 * a row opens the bond's ticket (bonds/open). Signed in, a link leads to the customer's holdings (bonds/close).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BondIssuerFilter, type BondItem, useBondListQuery } from '../../api/bonds';
import { useIsLoggedIn } from '../../api/session';
import { paths } from '../../app/paths';
import { ChoiceChips } from '../../components/ChoiceChips';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, PAGED_ROWS, QueryBoundary } from '../../components/States';
import { Facts } from '../../components/trading/Sheet';
import { useFormatters } from '../../lib/format';
import '../../components/trading/trading.css';

type Filter = 'all' | BondIssuerFilter;
const FILTERS: readonly Filter[] = ['all', 'US', 'DE', 'NL', 'BE'];

function BondRow({ bond }: { bond: BondItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <li className="card trade-row" data-testid="bond-row" data-code={bond.code}>
      <Link to={paths.bondOpen({ name: bond.name, code: bond.code })} className="trade-row__link">
        <div className="trade-row__head">
          <span className="trade-row__name">{bond.name}</span>
          <span className="num" data-testid="bond-yield">
            {f.number(bond.yield, 3)}%
          </span>
        </div>
        <div className="trade-row__sub num">
          <span>
            {bond.code} · {t(`bonds.kinds.${bond.kind}`)}
          </span>
          <span>
            {t('bonds.labels.maturity')} {f.dateTime(bond.maturityDate, 'date')}
          </span>
        </div>
        <Facts
          rows={[
            {
              label: t('bonds.labels.coupon'),
              value: bond.frequency === 0 ? t('bonds.noCoupon') : `${f.number(bond.couponRate, 3)}%`,
            },
            { label: t('bonds.labels.bidAsk'), value: `${f.number(bond.bid, 3)} / ${f.number(bond.ask, 3)}` },
            { label: t('bonds.labels.accrued'), value: f.number(bond.accruedInterest, 4) },
          ]}
        />
      </Link>
    </li>
  );
}

export function BondsListPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useBondListQuery(filter === 'all' ? undefined : filter);
  return (
    <Page>
      <ChoiceChips
        label={t('bonds.issuer')}
        options={FILTERS.map((value) => ({ value, label: t(`bonds.issuers.${value}`) }))}
        value={filter}
        onChange={setFilter}
        testIdPrefix="bonds-filter-"
      />
      <p className="ticket-hint">{t('bonds.listNote')}</p>
      {loggedIn && (
        <Link to={paths.bondHoldings()} className="text-link" data-testid="bonds-to-holdings">
          {t('bonds.viewHoldings')} ›
        </Link>
      )}
      <QueryBoundary
        query={query}
        {...PAGED_ROWS}
        emptyView={<EmptyState icon="list" title={t('bonds.empty')} description={t('bonds.emptyText')} />}
      >
        {(data) => (
          <ul className="trade-list" data-testid="bonds-list">
            {data.list.map((b) => (
              <BondRow key={b.code} bond={b} />
            ))}
          </ul>
        )}
      </QueryBoundary>
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
