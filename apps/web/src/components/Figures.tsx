import type { DataOf, user } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { FIGURE_KEYS, type FigureKey, useFiguresQuery } from '../api/dict';
import { QueryBoundary } from './States';

/**
 * SPEC §1's figures as the server counts them (exchanges, countries and markets of the instruments we offer). Awards
 * show only when an operator entered named ones, each with who gave it and where it is published.
 */
export function Figures({ variant = 'grid' }: { variant?: 'grid' | 'hero' }) {
  const { t } = useTranslation();
  const figures = useFiguresQuery();
  return (
    <QueryBoundary
      query={figures}
      inline
      errorText={t('home.figuresFailed')}
      errorClassName="figures-error"
      loading={
        <div className={`figures figures--${variant}`} role="status" aria-busy="true" aria-label={t('common.loading')}>
          {FIGURE_KEYS.map((key) => (
            <div key={key} className="figure figure--skeleton" />
          ))}
        </div>
      }
    >
      {(data) => <FigureList figures={data} variant={variant} />}
    </QueryBoundary>
  );
}

function FigureList({ figures, variant }: { figures: DataOf<typeof user.figures>; variant: 'grid' | 'hero' }) {
  const { t } = useTranslation();
  const { awards } = figures;
  const value: Record<FigureKey, number> = { ...figures, awards: awards.length };
  const shown = FIGURE_KEYS.filter((key) => value[key] > 0);
  return (
    <>
      <dl className={`figures figures--${variant} figures--n${shown.length}`} data-testid="figures">
        {shown.map((key) => (
          <div key={key} className="figure" data-testid={`figure-${key}`}>
            <dt className="figure__label">{t(`figures.${key}`)}</dt>
            <dd className="figure__value num">{value[key]}</dd>
          </div>
        ))}
      </dl>
      <p className={`figures-note figures-note--${variant}`}>{t('figures.counted')}</p>
      {awards.length > 0 && (
        <ul className={`awards awards--${variant}`} aria-label={t('figures.awardsList')} data-testid="awards">
          {awards.map((a) => (
            <li key={a.id} className="award">
              <strong>{a.name}</strong>
              <span>{t('figures.awardBy', { body: a.awardedBy, year: a.year })}</span>
              <small>
                {t('figures.awardSource')}{' '}
                {a.url ? (
                  <a href={a.url} target="_blank" rel="noopener noreferrer">
                    {a.source}
                  </a>
                ) : (
                  a.source
                )}
              </small>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
