import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canGoBack } from '../app/navigation';
import { paths } from '../app/paths';
import { Icon } from './Icon';

export interface NavBarProps {
  title?: ReactNode;
  /** Show the back button (default true). */
  back?: boolean;
  /** Where back goes when the app was opened on this page and has nothing behind it. */
  backFallback?: string;
  onBack?: () => void;
  right?: ReactNode;
}

/** The custom navigation bar (SPEC §2, §9): 60 px, back button, centred title. */
export function NavBar({ title, back = true, backFallback = paths.home(), onBack, right }: NavBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (onBack) onBack();
    // A deep link has nothing behind it: going "back" must not leave the app.
    else if (canGoBack()) navigate(-1);
    else navigate(backFallback, { replace: true });
  };
  return (
    <header className="nav-bar">
      <div className="nav-bar__side">
        {back && (
          <button type="button" className="nav-bar__back" aria-label={t('common.back')} onClick={goBack}>
            <Icon name="back" size={24} />
          </button>
        )}
      </div>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}
