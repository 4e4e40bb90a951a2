/** The answer to a subscription: what is held, when the allotment comes, and where to follow it. */
import type { Currency, Subscription } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useFormatters } from '../../../lib/format';
import { Button } from '../../Button';
import { Icon } from '../../Icon';
import { useMoneyFormat } from '../../money/format';
import { MoneyText } from '../../money/MoneyText';
import { Page } from '../../Page';
import { Facts } from '../../trading/Sheet';
import { StateTag } from '../StateTag';

export function SubscribeResult({ subscription: s }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const currency = s.currency as Currency;
  const money = (value: string) => <MoneyText amount={value} currency={currency} />;
  return (
    <Page title={t('ipo.result.title')} backFallback={paths.ipoCentre()}>
      <div className="transfer-done" data-testid="ipo-result" data-id={s.id}>
        <section className="result-card">
          <div className="result-card__icon">
            <Icon name="check" size={28} />
          </div>
          <h2 className="result-card__title">{t('ipo.result.title')}</h2>
          <p className="result-card__text">
            {t('ipo.result.text', {
              code: s.code,
              amount: moneyFormat.amount(s.total, { currency }),
              closes: f.dateTime(s.closesAtTimestamp, 'minutes'),
            })}
          </p>
          <Facts
            rows={[
              { label: t('trading.labels.instrument'), value: `${s.name} (${s.code})` },
              { label: t('ipo.labels.status'), value: <StateTag state={s.status} /> },
              { label: t('ipo.labels.quantity'), value: f.integer(s.quantity), testId: 'result-quantity' },
              { label: t('ipo.labels.amount'), value: money(s.amount) },
              { label: t('ipo.labels.fee'), value: money(s.fee) },
              { label: t('ipo.labels.total'), value: money(s.total), testId: 'result-total', strong: true },
            ]}
          />
        </section>
        <div className="transfer-done__actions">
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() => navigate(paths.subscriptions({ id: s.id }), { replace: true })}
            data-testid="ipo-result-subscriptions"
          >
            {t('ipo.result.toSubscriptions')}
          </Button>
          <Button block shape="rounded" fill="none" onClick={() => navigate(paths.ipoCentre())}>
            {t('ipo.result.toCentre')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
