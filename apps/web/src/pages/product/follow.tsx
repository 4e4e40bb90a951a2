/**
 * product/follow (docs/strategies.md): the institutions a customer can follow, best total return first. Each shows
 * its manager and description, the performance fee, and figures computed from its strategy's book on the simulated
 * market (total and 30-day return, maximum drawdown, win rate, trades) with its NAV since the record's start; losses
 * show as losses, and the screen says that past results are simulated and no guarantee. Follow opens payment/follow.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AgencyItem, useAgenciesQuery } from '../../api/follow';
import { useIsLoggedIn } from '../../api/session';
import { loginPathFor } from '../../app/navigation';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { AgencyFigures } from '../../components/follow/AgencyFigures';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, PAGED_ROWS, QueryBoundary } from '../../components/States';
import '../../components/trading/trading.css';
import '../bonds/bonds.css';
import './follow.css';

function AgencyCard({ agency, onFollow }: { agency: AgencyItem; onFollow: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="card trade-row" data-testid="agency" data-code={agency.code}>
      <div className="trade-row__head">
        <span className="trade-row__name">{agency.manager}</span>
        <span className="tag tag--gold">{t('follow.rank', { rank: agency.rank })}</span>
      </div>
      <div className="trade-row__sub">
        <span>{agency.name}</span>
      </div>
      <p className="follow-description">{agency.description}</p>
      <AgencyFigures agency={agency} />
      {agency.open ? (
        <Button color="primary" shape="rounded" size="small" onClick={onFollow} data-testid="agency-follow">
          {t('follow.follow')}
        </Button>
      ) : (
        <p className="ticket-hint">{t('follow.closed')}</p>
      )}
    </li>
  );
}

export function ProductFollowPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const query = useAgenciesQuery();
  const follow = (a: AgencyItem) => {
    const to = paths.followTicket({ id: a.id });
    void navigate(loggedIn ? to : loginPathFor(to));
  };
  return (
    <Page>
      <p className="ticket-hint">{t('follow.listNote')}</p>
      {loggedIn && (
        <Button fill="none" size="small" onClick={() => void navigate(paths.follows())} data-testid="to-follows">
          {t('follow.myFollows')} ›
        </Button>
      )}
      <QueryBoundary
        query={query}
        {...PAGED_ROWS}
        emptyView={<EmptyState icon="list" title={t('follow.empty')} description={t('follow.emptyText')} />}
      >
        {(data) => (
          <ul className="trade-list" data-testid="agencies">
            {data.list.map((a) => (
              <AgencyCard key={a.id} agency={a} onFollow={() => follow(a)} />
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
