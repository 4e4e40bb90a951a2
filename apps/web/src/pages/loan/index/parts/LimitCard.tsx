/** The limit now and how it is worked out: per class value × LTV, less what is owed and in review; the terms. */
import { Decimal } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import type { LoanLimitData } from '../../../../api/loan';
import { useMoneyFormat } from '../../../../components/money/format';
import { MoneyText } from '../../../../components/money/MoneyText';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';

export const percentOf = (fraction: string, f: ReturnType<typeof useFormatters>) =>
  `${f.number(new Decimal(fraction).times(100).toString(), new Decimal(fraction).times(100).decimalPlaces())}%`;

export function LimitCard({ limit }: { limit: LoanLimitData }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const money = (v: string, testId?: string) => <MoneyText amount={v} currency={limit.currency} testId={testId} />;
  return (
    <section className="card loan-card" data-testid="loan-limit">
      <h2 className="loan-card__title">{t('loan.limitTitle')}</h2>
      <p className="loan-note">{t('loan.limitIntro')}</p>
      <Facts
        rows={[
          ...limit.classes.map((c) => ({
            label: (
              <>
                {t(`loan.classes.${c.collateral}`)}
                <br />
                <span className="loan-note num">
                  {t('loan.classValue', {
                    value: moneyFormat.amount(c.value),
                    ltv: percentOf(c.ltv, f),
                  })}
                </span>
              </>
            ),
            value: money(c.limit, `loan-class-${c.collateral}`),
          })),
          { label: t('loan.limit'), value: money(limit.limit, 'loan-limit-total') },
          { label: t('loan.outstanding'), value: money(limit.outstanding, 'loan-outstanding') },
          { label: t('loan.inReview'), value: money(limit.inReview) },
          { label: t('loan.available'), value: money(limit.available, 'loan-available'), strong: true },
        ]}
      />
      <p className="loan-formula">{t('loan.formula')}</p>
      <p className="loan-note">{t('loan.rate', { rate: percentOf(limit.annualRate, f), days: limit.dayBasis })}</p>
      <p className="loan-note">
        {t('loan.alertRule', { cover: percentOf(limit.alertCover, f), days: limit.cureDays })}
      </p>
      {limit.collateralShort && (
        <p className="loan-warning" role="alert" data-testid="loan-short">
          {t('loan.short', {
            deadline: limit.cureDeadlineTimestamp === null ? '–' : f.dateTime(limit.cureDeadlineTimestamp, 'minutes'),
          })}
        </p>
      )}
    </section>
  );
}
