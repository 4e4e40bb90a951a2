/**
 * One placing of placing/index: the stock, SPO or QIP, its phase and the customer's state, the discount and the
 * placing price (fixed at the window's open; before it only the discount is known), lots, window, lock-up and the
 * demand so far; open ones lead to the ticket, an application to the record.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PlacingItem } from '../../../../api/placing';
import { useIsLoggedIn } from '../../../../api/session';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { SimulatedTag, StateTag } from '../../../../components/primary/StateTag';
import { usePriceText } from '../../../../components/trading/Rows';
import { useFormatters } from '../../../../lib/format';

export function PlacingRow({ placing: p, onApply }: { placing: PlacingItem; onApply: (p: PlacingItem) => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const applied = p.state !== null && p.state !== 'subscribable';
  const canApply = p.phase === 'open' && !applied;
  const percent = f.number(Number(p.discount) * 100, 1);
  return (
    <li className="card trade-row" data-testid="placing-row" data-id={p.id} data-phase={p.phase}>
      <div className="trade-row__head">
        <span className="trade-row__name">{p.name}</span>
        <SimulatedTag />
      </div>
      <div className="trade-row__sub num">
        <span>
          {p.code} · {t(`placing.kinds.${p.kind}`)}
        </span>
        <span>{t(`ipo.markets.${p.market}`)}</span>
      </div>
      <div className="ipo-row__tags">
        <span className={`tag tag--${p.phase === 'open' ? 'gold' : 'neutral'}`} data-testid="placing-phase">
          {t(`placing.phases.${p.phase}`)}
        </span>
        {applied && p.state && <StateTag state={p.state} />}
      </div>
      <dl className="ipo-row__grid">
        <div>
          <dt>{t('placing.labels.discount')}</dt>
          <dd className="num" data-testid="placing-discount">
            {t('placing.discountValue', { percent })}
          </dd>
        </div>
        <div>
          <dt>{t('placing.labels.price')}</dt>
          <dd className="num" data-testid="placing-price">
            {p.price === null ? t('placing.priceAtOpen') : `${price(p.price)} ${p.currency}`}
          </dd>
        </div>
        <div className="ipo-row__wide">
          <dt>{t('placing.labels.window')}</dt>
          <dd className="num">
            {t('ipo.windowValue', {
              opens: f.dateTime(p.opensAtTimestamp, 'minutes'),
              closes: f.dateTime(p.closesAtTimestamp, 'minutes'),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('ipo.labels.lotSize')}</dt>
          <dd className="num">{f.integer(p.lotSize)}</dd>
        </div>
        <div>
          <dt>{t('ipo.labels.sharesOffered')}</dt>
          <dd className="num">{f.integer(p.sharesOffered)}</dd>
        </div>
        <div className="ipo-row__wide">
          <dt>{t('placing.labels.lockup')}</dt>
          <dd className="num" data-testid="placing-lockup">
            {t('placing.lockupValue', { days: p.lockupDays, date: f.dateTime(p.lockupEndsTimestamp, 'date') })}
          </dd>
        </div>
        <div>
          <dt>{t('placing.labels.demand')}</dt>
          <dd className="num" data-testid="placing-demand">
            {t('placing.demandValue', { count: p.lotsApplied, lots: f.integer(p.lotsApplied) })}
          </dd>
        </div>
      </dl>
      {(canApply || applied) && (
        <div className="ipo-row__actions">
          {applied && (
            <Link to={paths.placingRecord()} className="text-link" data-testid="placing-row-record">
              {t('placing.viewRecord')} ›
            </Link>
          )}
          {canApply && (
            <Button
              size="small"
              shape="rounded"
              color="primary"
              onClick={() => (loggedIn ? onApply(p) : navigate(paths.login({ redirect: paths.placings() })))}
              data-testid="placing-row-apply"
            >
              {loggedIn ? t('placing.apply') : t('placing.guestApply')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
