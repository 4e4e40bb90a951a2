import { Popup } from 'antd-mobile';
import '../app/antdMobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../app/i18n';
import { useLanguageSwitch } from '../lib/useLanguageSwitch';
import { Icon } from './Icon';

/** The three languages, each written in itself, so anyone can find their own. */
export function LanguageOptions({ onDone }: { onDone?: () => void }) {
  const { language, languages, change } = useLanguageSwitch();
  return (
    <ul className="option-list">
      {languages.map((lng) => (
        <li key={lng}>
          <button
            type="button"
            lang={lng}
            className={`option-list__item${lng === language ? ' option-list__item--active' : ''}`}
            aria-pressed={lng === language}
            onClick={() => {
              void change(lng);
              onDone?.();
            }}
          >
            <span className="option-list__label">{LANGUAGE_NAMES[lng]}</span>
            {lng === language && <Icon name="check" size={18} />}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The language sheet itself, loaded the first time it opens (LanguageSheet.tsx): antd-mobile's Popup and its
 * gesture and animation code stay out of the screens that only show the button.
 */
export function LanguagePopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // Mounted already open on the first tap: start closed so the sheet slides in as on every later open.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(visible), [visible]);
  return (
    <Popup visible={shown} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      <div role="dialog" aria-modal="true" aria-label={t('settings.language')}>
        <div className="sheet__header">
          <h2 className="sheet__title">{t('settings.language')}</h2>
          <button type="button" className="sheet__close" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <div className="sheet__body">
          <LanguageOptions onDone={onClose} />
        </div>
      </div>
    </Popup>
  );
}
