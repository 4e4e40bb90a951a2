import { Popup } from 'antd-mobile';
import { useState } from 'react';
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

export function LanguageSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
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

/** A compact globe button for screens guests see first (guide, home, login). */
export function LanguageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { language } = useLanguageSwitch();
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
