/** Long or short as a coloured tag (rise for long, fall for short); `children` follow the word (the leverage). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './trading.css';

export function DirectionTag({ direction, children }: { direction: number; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span
      className={`tag tag--${direction === 0 ? 'rise' : 'fall'}`}
      data-testid="direction"
      data-direction={direction}
    >
      {direction === 0 ? t('trading.directions.0') : t('trading.directions.1')}
      {children}
    </span>
  );
}
