/**
 * aiquantify/index (docs/strategies.md "AI quantification"): the AI quant strategies, each a fixed rule of the
 * strategies engine trading its own book on the simulated market. The ranking (by total return since the record
 * began), each strategy's published terms (fee, minimum, periods), its figures and NAV chart, and on request its
 * statistics and last days' returns, all from its book; losses show as losses and the screen says that past results
 * are simulated and no guarantee. Subscribe opens the sheet (transaction password); not signed in, it goes to login.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type QuantItem, useQuantListQuery, useQuantProfitQuery, useQuantStatQuery } from '../../api/quant';
import { useIsLoggedIn } from '../../api/session';
import { loginPathFor } from '../../app/navigation';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { AgencyFigures } from '../../components/follow/AgencyFigures';
import { useMoneyFormat } from '../../components/money/format';
import { Page } from '../../components/Page';
import { SubscribeSheet } from '../../components/quant/QuantParts';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, PAGED_ROWS, QueryBoundary } from '../../components/States';
import { Facts } from '../../components/trading/Sheet';
import { useFormatters } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import '../../components/trading/trading.css';
import '../bonds/bonds.css';
import '../product/follow.css';
import './quant.css';

const tone = (value: string | null) => (Number(value) > 0 ? 'rise' : Number(value) < 0 ? 'fall' : '');

function Ranking({ list }: { list: QuantItem[] }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const ranked = [...list].sort((a, b) => a.rank - b.rank);
  return (
    <section className="card quant-ranking" data-testid="quant-ranking" aria-label={t('quant.ranking')}>
      <h2 className="section-title">{t('quant.ranking')}</h2>
      <ol>
        {ranked.map((s) => (
          <li key={s.id} data-testid="quant-rank" data-code={s.code}>
            <span className="tag tag--gold">{t('quant.rank', { rank: s.rank })}</span>
            <span>{s.name}</span>
            <span className={`num ${tone(s.totalReturn)}`}>{f.ratio(s.totalReturn)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Details({ id }: { id: number }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const stat = useQuantStatQuery(id);
  const days = useQuantProfitQuery(id);
  return (
    <div data-testid="quant-details">
      <QueryBoundary query={stat} inline>
        {(s) => (
          <Facts
            rows={[
              {
                label: t('quant.labels.return7d'),
                value: <span className={tone(s.return7d)}>{f.ratio(s.return7d)}</span>,
              },
              { label: t('quant.labels.daysUpDown'), value: `${f.integer(s.daysUp)} / ${f.integer(s.daysDown)}` },
              s.bestDay !== null && {
                label: t('quant.labels.bestDay'),
                value: <span className={tone(s.bestDay)}>{f.ratio(s.bestDay)}</span>,
              },
              s.worstDay !== null && {
                label: t('quant.labels.worstDay'),
                value: <span className={tone(s.worstDay)}>{f.ratio(s.worstDay)}</span>,
              },
            ]}
          />
        )}
      </QueryBoundary>
      <QueryBoundary query={days} inline {...PAGED_ROWS} emptyText={t('quant.noDays')}>
        {(d) => (
          <Facts
            testId="quant-days"
            rows={d.list.map((day) => ({
              label: f.dateTime(day.date, 'date'),
              value: <span className={tone(day.profit)}>{f.ratio(day.profit)}</span>,
            }))}
          />
        )}
      </QueryBoundary>
    </div>
  );
}

function StrategyCard({ strategy, onSubscribe }: { strategy: QuantItem; onSubscribe: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const [open, setOpen] = useState(false);
  return (
    <li className="card trade-row" data-testid="quant-strategy" data-code={strategy.code}>
      <div className="trade-row__head">
        <span className="trade-row__name">{strategy.name}</span>
        <span className="tag tag--gold">{t('quant.rank', { rank: strategy.rank })}</span>
      </div>
      <p className="follow-description">{strategy.description}</p>
      <p className="ticket-hint" data-testid="quant-terms">
        {t('quant.terms', {
          min: f.number(strategy.minAmount, 2),
          periods: strategy.terms.map((d) => t('quant.periodDays', { count: d })).join(', '),
          fee: f.number(strategy.performanceFee, 2),
        })}
      </p>
      <AgencyFigures agency={strategy} disclaimer={t('quant.pastResults')} />
      <Button fill="none" size="small" onClick={() => setOpen(!open)} data-testid="quant-toggle-details">
        {open ? t('quant.hideDetails') : t('quant.showDetails')}
      </Button>
      {open && <Details id={strategy.id} />}
      {strategy.open ? (
        <Button color="primary" shape="rounded" size="small" onClick={onSubscribe} data-testid="quant-subscribe">
          {t('quant.subscribe')}
        </Button>
      ) : (
        <p className="ticket-hint">{t('quant.closed')}</p>
      )}
    </li>
  );
}

export function AiQuantifyIndexPage() {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const query = useQuantListQuery();
  const [chosen, setChosen] = useState<QuantItem | null>(null);
  return (
    <Page>
      <p className="ticket-hint">{t('quant.listNote')}</p>
      {loggedIn && (
        <Link to={paths.quantRecord()} className="text-link" data-testid="to-quant-record">
          {t('quant.myOrders')} ›
        </Link>
      )}
      <QueryBoundary
        query={query}
        {...PAGED_ROWS}
        emptyView={<EmptyState icon="list" title={t('quant.empty')} description={t('quant.emptyText')} />}
      >
        {(data) => (
          <>
            <Ranking list={data.list} />
            <ul className="trade-list" data-testid="quant-strategies">
              {data.list.map((s) => (
                <StrategyCard
                  key={s.id}
                  strategy={s}
                  onSubscribe={() => (loggedIn ? setChosen(s) : void navigate(loginPathFor(paths.quant())))}
                />
              ))}
            </ul>
          </>
        )}
      </QueryBoundary>
      {chosen && (
        <SubscribeSheet
          strategy={chosen}
          onClose={() => setChosen(null)}
          onDone={(order) => {
            setChosen(null);
            toastSuccess(
              t('quant.done', { amount: moneyFormat.amount(order.amount, { code: 'EUR' }), name: order.name }),
            );
            void navigate(paths.quantRecordDetail({ id: order.id }));
          }}
        />
      )}
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
