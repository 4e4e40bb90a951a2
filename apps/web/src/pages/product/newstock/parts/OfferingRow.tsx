/**
 * One offering of the IPO calendar: issuer, code, exchange, price range, lot size, window, listing date, its phase,
 * the customer's state for it, and what they can do: subscribe while it is open, or follow their subscription.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CalendarOffering } from '../../../../api/primary';
import { useIsLoggedIn } from '../../../../api/session';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { PhaseTag, SimulatedTag, StateTag } from '../../../../components/primary/StateTag';
import { useFormatters } from '../../../../lib/format';
import { usePriceRange } from './usePriceRange';

export function OfferingRow({ offering: o }: { offering: CalendarOffering }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const range = usePriceRange();
  const subscribed = o.state !== null && o.state !== 'subscribable';
  const canSubscribe = o.phase === 'open' && !subscribed;
  const ticket = paths.ipoTicket({ name: o.name, code: o.code, market: o.market });
  return (
    <li className="card trade-row" data-testid="ipo-row" data-code={o.code} data-phase={o.phase}>
      <div className="trade-row__head">
        <span className="trade-row__name">{o.name}</span>
        <SimulatedTag />
      </div>
      <div className="trade-row__sub num">
        <span>
          {o.code} · {o.exchange}
        </span>
        <span>{t(`ipo.markets.${o.market}`)}</span>
      </div>
      <div className="ipo-row__tags">
        <PhaseTag phase={o.phase} />
        {o.state && o.state !== 'subscribable' && <StateTag state={o.state} />}
      </div>
      <dl className="ipo-row__grid">
        <div>
          <dt>{t('ipo.labels.priceRange')}</dt>
          <dd className="num" data-testid="ipo-row-price">
            {range(o)}
          </dd>
        </div>
        <div>
          <dt>{t('ipo.labels.lotSize')}</dt>
          <dd className="num">{t('ipo.lotSizeValue', { lot: f.integer(o.lotSize) })}</dd>
        </div>
        <div className="ipo-row__wide">
          <dt>{t('ipo.labels.window')}</dt>
          <dd className="num">
            {t('ipo.windowValue', {
              opens: f.dateTime(o.opensAtTimestamp, 'minutes'),
              closes: f.dateTime(o.closesAtTimestamp, 'minutes'),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('ipo.labels.listingDate')}</dt>
          <dd className="num">{f.dateTime(o.marketDateTimestamp, 'date')}</dd>
        </div>
        <div>
          <dt>{t('ipo.labels.sharesOffered')}</dt>
          <dd className="num">{f.integer(o.sharesOffered)}</dd>
        </div>
      </dl>
      {(canSubscribe || subscribed) && (
        <div className="ipo-row__actions">
          {subscribed && (
            <Link to={paths.subscriptions()} className="text-link" data-testid="ipo-row-subscription">
              {t('ipo.viewSubscription')} ›
            </Link>
          )}
          {canSubscribe && (
            <Button
              size="small"
              shape="rounded"
              color="primary"
              onClick={() => navigate(loggedIn ? ticket : paths.login({ redirect: ticket }))}
              data-testid="ipo-row-subscribe"
            >
              {loggedIn ? t('ipo.subscribe') : t('ipo.guestSubscribe')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
