/**
 * The funding overview of the profile tab (SPEC §3 "Funding overview"): everything in EUR at the live rate,
 * what is available, what is on hold, today's profit, and the wallets that hold money (all of them on
 * request). A wallet opens its bill.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFundingOverviewQuery } from '../../api/wallet';
import { Icon } from '../Icon';
import { isNonZero } from './format';
import { MoneyText } from './MoneyText';
import './money.css';
import { paths } from '../../app/paths';

function FundingSkeleton() {
  const { t } = useTranslation();
  return (
    <section className="funding-card" aria-busy="true" aria-label={t('wallet.overviewTitle')}>
      <span className="funding-card__label">{t('wallet.totalAssets', { currency: 'EUR' })}</span>
      <span className="shimmer funding-skeleton funding-skeleton--total" />
      <span className="shimmer funding-skeleton" />
    </section>
  );
}

export function FundingOverview() {
  const { t } = useTranslation();
  const overview = useFundingOverviewQuery();
  const [showAll, setShowAll] = useState(false);

  if (overview.isPending) return <FundingSkeleton />;
  if (overview.isError) {
    return (
      <section className="funding-card funding-card--error" aria-label={t('wallet.overviewTitle')}>
        <span>{t('wallet.overviewFailed')}</span>
        <button type="button" className="text-link" onClick={() => overview.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }

  const data = overview.data;
  const funded = data.wallets.filter((w) => isNonZero(w.total));
  const shown = showAll ? data.wallets : funded;
  const hidden = data.wallets.length - funded.length;

  return (
    <section className="funding-card" aria-label={t('wallet.overviewTitle')} data-testid="funding-overview">
      <span className="funding-card__label">{t('wallet.totalAssets', { currency: data.currency })}</span>
      <MoneyText className="funding-card__total" amount={data.total} currency={data.currency} testId="funding-total" />
      <dl className="funding-card__figures">
        <div>
          <dt>{t('wallet.available')}</dt>
          <dd>
            <MoneyText amount={data.available} currency={data.currency} testId="funding-available" />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.onHold')}</dt>
          <dd>
            <MoneyText amount={data.onHold} currency={data.currency} testId="funding-on-hold" />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.todayProfit')}</dt>
          <dd>
            <MoneyText amount={data.todayProfit} currency={data.currency} sign="always" trend testId="funding-today" />
          </dd>
        </div>
      </dl>
      {isNonZero(data.hkTodayProfit) && (
        <p className="funding-card__note">
          {t('wallet.hkTodayProfit')}{' '}
          <MoneyText amount={data.hkTodayProfit} currency={data.currency} sign="always" trend />
        </p>
      )}

      {shown.length > 0 ? (
        <ul className="funding-wallets" aria-label={t('wallet.wallets')}>
          {shown.map((w) => (
            <li key={w.walletType}>
              <Link
                to={paths.transactions({ wallet: w.walletType })}
                className="funding-wallet"
                data-testid={`funding-wallet-${w.walletType}`}
              >
                <span className="funding-wallet__name">
                  {t(`wallets.${w.walletType}`)}
                  <small className="wallet-currency">{w.currency}</small>
                </span>
                <span className="funding-wallet__amounts">
                  <MoneyText amount={w.total} currency={w.currency} />
                  {isNonZero(w.usedBalance) ? (
                    <small>
                      {t('wallet.onHold')} <MoneyText amount={w.usedBalance} currency={w.currency} />
                    </small>
                  ) : w.currency !== data.currency && isNonZero(w.total) ? (
                    <small>
                      ≈ <MoneyText amount={w.totalInCurrency} currency={data.currency} />
                    </small>
                  ) : null}
                </span>
                <Icon name="chevron" size={16} className="funding-wallet__chevron" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="funding-card__empty">{t('wallet.emptyWallets')}</p>
      )}
      {hidden > 0 && (
        <button
          type="button"
          className="funding-card__toggle"
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
          data-testid="funding-toggle"
        >
          {showAll ? t('wallet.showFunded') : t('wallet.showAll', { n: data.wallets.length })}
          <Icon name={showAll ? 'up' : 'down'} size={16} />
        </button>
      )}
    </section>
  );
}
