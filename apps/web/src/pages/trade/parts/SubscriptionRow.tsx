/** One subscription of the trade centre: issuer and code, its SPEC §4 state and settle state, quantity and money. */
import type { Currency, Subscription } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { MoneyText } from '../../../components/money/MoneyText';
import { MakeUpPay } from '../../../components/primary/MakeUpPay';
import { SettleTag, StateTag } from '../../../components/primary/StateTag';
import { useFormatters } from '../../../lib/format';

export function SubscriptionRow({ subscription: s }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const currency = s.currency as Currency;
  return (
    <li>
      <Link
        to={paths.subscriptions({ id: s.id })}
        replace
        className="card trade-row"
        data-testid="subscription-row"
        data-id={s.id}
        data-code={s.code}
        data-status={s.status}
      >
        <div className="trade-row__head">
          <span className="trade-row__name">{s.name}</span>
          <StateTag state={s.status} />
        </div>
        <div className="trade-row__sub num">
          <span>
            {s.code} · {s.exchange}
          </span>
          <span>{f.dateTime(s.createTimeTimestamp, 'minutes')}</span>
        </div>
        {s.settleStatus && (
          <div className="ipo-row__tags">
            <SettleTag settle={s.settleStatus} />
          </div>
        )}
        <dl className="ipo-row__grid">
          <div>
            <dt>{t('ipo.labels.quantity')}</dt>
            <dd className="num" data-testid="subscription-quantity">
              {f.integer(s.quantity)}
              {s.allottedQuantity !== null && ` → ${f.integer(s.allottedQuantity)}`}
            </dd>
          </div>
          <div>
            <dt>{t('ipo.labels.total')}</dt>
            <dd>
              <MoneyText amount={s.total} currency={currency} testId="subscription-total" />
            </dd>
          </div>
          <div>
            <dt>{t('ipo.tab.held')}</dt>
            <dd>
              <MoneyText amount={s.amountPending} currency={currency} testId="subscription-held" />
            </dd>
          </div>
          <div>
            <dt>{t('ipo.tab.paid')}</dt>
            <dd>
              <MoneyText amount={s.amountPaid} currency={currency} testId="subscription-paid" />
            </dd>
          </div>
        </dl>
      </Link>
      <MakeUpPay subscription={s} />
    </li>
  );
}
