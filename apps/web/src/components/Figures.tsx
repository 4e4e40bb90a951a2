import { useTranslation } from 'react-i18next';
import { MARKETING_KEYS, useMarketingQuery } from '../api/dict';

/** The marketing figures (exchanges, countries, awards, markets) as the operator set them. */
export function Figures({ variant = 'grid' }: { variant?: 'grid' | 'hero' }) {
  const { t } = useTranslation();
  const marketing = useMarketingQuery();
  const shown = MARKETING_KEYS.filter((key) => marketing.data?.[key]);

  if (marketing.isPending) {
    return (
      <div className={`figures figures--${variant}`} role="status" aria-busy="true" aria-label={t('common.loading')}>
        {MARKETING_KEYS.map((key) => (
          <div key={key} className="figure figure--skeleton" />
        ))}
      </div>
    );
  }
  if (marketing.isError) {
    return (
      <div className="figures-error">
        <span>{t('home.figuresFailed')}</span>
        <button type="button" className="text-link" onClick={() => marketing.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (shown.length === 0) return null;
  return (
    <dl className={`figures figures--${variant}`}>
      {shown.map((key) => (
        <div key={key} className="figure" data-testid={`figure-${key}`}>
          <dt className="figure__label">{t(`figures.${key}`)}</dt>
          <dd className="figure__value num">{marketing.data?.[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
