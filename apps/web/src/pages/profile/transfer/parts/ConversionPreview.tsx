import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFundingOverviewQuery } from '../../../../api/wallet';
import { Icon } from '../../../../components/Icon';
import { previewConversion, useMoneyFormat } from '../../../../components/money/format';

/** Live-rate preview of a conversion: what the amount would credit now, and that the server fixes it. */
export function ConversionPreview({ amount, from, to }: { amount: string | undefined; from: Currency; to: Currency }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const overview = useFundingOverviewQuery({ refetchInterval: 30_000 });
  const preview = previewConversion(amount, from, to, overview.data?.eurUsd);
  const liveRate = previewConversion('1', from, to, overview.data?.eurUsd);

  return (
    <section
      className="conversion-card"
      aria-label={t('transfer.conversionTitle', { from, to })}
      data-testid="conversion-preview"
    >
      <div className="conversion-card__head">
        <Icon name="pulse" size={16} />
        <span>{t('transfer.conversionTitle', { from, to })}</span>
      </div>
      {overview.isPending ? (
        <p className="conversion-card__note">{t('transfer.rateLoading')}</p>
      ) : !liveRate ? (
        <p className="conversion-card__note">{t('transfer.rateUnavailable')}</p>
      ) : (
        <>
          <div className="conversion-card__row">
            <span>{t('transfer.liveRate')}</span>
            <span className="num" data-testid="conversion-rate">
              {t('wallet.rateLine', { from, to, rate: money.rate(liveRate.rate) })}
            </span>
          </div>
          <div className="conversion-card__row">
            <span>{t('transfer.estimatedCredit')}</span>
            <strong className="num" data-testid="conversion-credit">
              {preview ? `≈ ${money.amount(preview.credited, { currency: to })}` : '–'}
            </strong>
          </div>
        </>
      )}
      <p className="conversion-card__note">{t('transfer.rateNote')}</p>
    </section>
  );
}
