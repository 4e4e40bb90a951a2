import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

/** The plain statement that prices in this app are simulated (ARCHITECTURE: say it on screen). */
export function SimulatedNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <aside className={`notice${compact ? ' notice--compact' : ''}`} aria-label={t('simulated.title')}>
      <Icon name="info" size={18} />
      <div>
        <strong>{t('simulated.title')}</strong>
        {!compact && <p>{t('simulated.body')}</p>}
      </div>
    </aside>
  );
}
