/** The trade centre's subscription tab: the customer's IPO subscriptions, newest first, page by page; a tap opens one. */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubscriptionsInfinite } from '../../../api/primary';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/States';
import { SubscriptionRow } from './SubscriptionRow';
import { SubscriptionSheet } from './SubscriptionSheet';
import { TradeListTab } from './TradeListTab';
import '../../../components/primary/primary.css';

export function SubscriptionTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useSubscriptionsInfinite();
  const idParam = Number(params.get('id'));
  const openId = Number.isInteger(idParam) && idParam > 0 ? idParam : undefined;
  return (
    <>
      <TradeListTab
        name="subscription"
        query={query}
        empty={
          <EmptyState
            icon="list"
            title={t('ipo.tab.empty')}
            description={t('ipo.tab.emptyText')}
            action={
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.ipoCentre())}>
                {t('ipo.tab.toCentre')}
              </Button>
            }
          />
        }
        header={
          <p className="ticket-hint">
            <Link to={paths.ipoCentre()} className="text-link" data-testid="subscription-centre">
              {t('routes.product.newstock')} ›
            </Link>
          </p>
        }
        row={(s) => <SubscriptionRow key={s.id} subscription={s} />}
      />
      <SubscriptionSheet
        id={openId}
        onClose={() => setParams(new URLSearchParams({ tab: 'subscription' }), { replace: true })}
      />
    </>
  );
}
