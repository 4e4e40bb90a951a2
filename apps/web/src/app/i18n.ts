/**
 * i18next set up with the app's UI strings (src/locales) and the shared validation and error
 * catalogue of the contracts, so a zod message key like 'validation.enterEmail' translates.
 * Language: the stored choice, else the browser's language when it is nl, en or zh, else English.
 */
import { isLanguage, type Language, messageCatalogue, resolveLanguage } from '@beurs/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, StorageKey, writeStorage } from '../lib/storage';
import en from '../locales/en.json';
import nl from '../locales/nl.json';
import zhHans from '../locales/zh-Hans.json';

/** `satisfies` makes a key missing from nl or zh-Hans a type error (locales.test.ts checks extras). */
export const appCatalogue = { en, nl, 'zh-Hans': zhHans } as const satisfies Record<Language, typeof en>;

type Resources = typeof en & (typeof messageCatalogue)['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

export const LANGUAGE_NAMES: Record<Language, string> = {
  nl: 'Nederlands',
  en: 'English',
  'zh-Hans': '简体中文',
};

const dayjsLocale: Record<Language, string> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh-cn' };

/** nl, en or zh-Hans when the browser asks for one of them; null when it asks only for others. */
function browserLanguage(): Language | null {
  if (typeof navigator === 'undefined') return null;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'nl' || base === 'en' || base === 'zh') return resolveLanguage(tag);
  }
  return null;
}

export type LanguageSource = 'stored' | 'browser' | 'default';

export function detectLanguage(): { language: Language; source: LanguageSource } {
  const stored = readStorage(StorageKey.language);
  if (isLanguage(stored)) return { language: stored, source: 'stored' };
  const browser = browserLanguage();
  if (browser) return { language: browser, source: 'browser' };
  return { language: 'en', source: 'default' };
}

function applyToDocument(language: Language) {
  dayjs.locale(dayjsLocale[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const detected = detectLanguage();
const initial = detected.language;
/** How the starting language was chosen: only a 'default' start follows the operator's default language. */
export const languageSource: LanguageSource = detected.source;

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...appCatalogue.en, ...messageCatalogue.en } },
    nl: { translation: { ...appCatalogue.nl, ...messageCatalogue.nl } },
    'zh-Hans': { translation: { ...appCatalogue['zh-Hans'], ...messageCatalogue['zh-Hans'] } },
  },
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: ['en', 'nl', 'zh-Hans'],
  initAsync: false,
  interpolation: { escapeValue: false },
});
applyToDocument(initial);

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
}

/** Switches the interface language and remembers the choice on this device. */
export async function switchLanguage(language: Language): Promise<void> {
  writeStorage(StorageKey.language, language);
  await i18n.changeLanguage(language);
  applyToDocument(language);
}

/** The operator's default language (dict config), used only when neither the user nor the browser chose one. */
export async function applyDefaultLanguage(language: unknown): Promise<void> {
  if (languageSource !== 'default' || !isLanguage(language) || language === currentLanguage()) return;
  await i18n.changeLanguage(language);
  applyToDocument(language);
}

export { i18n };
