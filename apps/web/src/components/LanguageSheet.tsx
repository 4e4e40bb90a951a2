import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../app/i18n';
import { Icon } from './Icon';

const LanguagePopup = lazy(() => import('./LanguagePopup').then((m) => ({ default: m.LanguagePopup })));

/**
 * The sheet to pick the app's language. Its code (antd-mobile's Popup with its gesture and animation libraries)
 * loads when it is first opened, so the screens guests see first carry only the button.
 */
export function LanguageSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LanguagePopup visible={visible} onClose={onClose} />
    </Suspense>
  );
}

/** A compact globe button for screens guests see first (guide, home, login). */
export function LanguageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const language = currentLanguage();
  const code = language === 'zh-Hans' ? '中' : language.toUpperCase();
  return (
    <>
      <button
        type="button"
        className="icon-button icon-button--pill"
        // The name holds the code shown, so speech input ("tap EN") finds the button (WCAG 2.5.3).
        aria-label={`${t('settings.language')} ${code}`}
        data-testid="language-button"
        onClick={() => setOpen(true)}
      >
        <Icon name="globe" size={18} />
        <span aria-hidden="true">{code}</span>
      </button>
      <LanguageSheet visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
