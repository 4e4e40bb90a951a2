/** The console's language, in the header and on the sign-in page; a choice reloads the console in it (i18n.ts). */
import { LANGUAGE_NAMES, LANGUAGES } from '@beurs/contracts';
import { Select } from 'antd';
import { currentLanguage, switchLanguage, t } from '../i18n';

// Each name in its own language, marked so a screen reader reads it in that language.
const options = LANGUAGES.map((language) => ({
  value: language,
  label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
}));

export function LanguageSelect() {
  return (
    <Select
      aria-label={t('header.language')}
      value={currentLanguage()}
      onChange={switchLanguage}
      options={options}
      popupMatchSelectWidth={false}
      data-testid="language-select"
    />
  );
}
