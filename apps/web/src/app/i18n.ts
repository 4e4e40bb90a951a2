/**
 * i18next set up with the app's UI strings (src/locales) and the shared validation and error
 * catalogue of the contracts, so a zod message key like 'validation.enterEmail' translates.
 * Language: the stored choice, else the browser's language when it is nl, en or zh, else English.
 * Only the language in use is fetched (each catalogue is its own chunk, loaded through an i18next
 * backend); main.tsx waits for it before the first render, so no untranslated key ever shows.
 */
import {
  chooseLanguage,
  isLanguage,
  type Language,
  type LanguageSource,
  type messageCatalogue,
} from '@beurs/contracts';
import dayjs from 'dayjs';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, StorageKey, writeStorage } from '../lib/storage';
import type en from '../locales/en.json';
import type nl from '../locales/nl.json';
import type zhHans from '../locales/zh-Hans.json';

/** A key missing from nl or zh-Hans is a type error (locales.test.ts checks extras). */
type Complete<T extends Record<Language, typeof en>> = T;
type AppCatalogues = Complete<{ en: typeof en; nl: typeof nl; 'zh-Hans': typeof zhHans }>;

/** Each language's UI texts and dayjs locale, fetched when that language is first used. */
const appCatalogues: { [L in Language]: () => Promise<AppCatalogues[L]> } = {
  en: () => import('../locales/en.json').then((m) => m.default),
  nl: () => import('../locales/nl.json').then((m) => m.default),
  'zh-Hans': () => import('../locales/zh-Hans.json').then((m) => m.default),
};
/**
 * The contracts' shared validation and error texts, one language at a time: the package's messageCatalogue
 * holds all three, so its files are imported one by one here.
 */
const messageCatalogues: Record<Language, () => Promise<(typeof messageCatalogue)['en']>> = {
  en: () => import('../../../../packages/contracts/src/locales/en.json').then((m) => m.default),
  nl: () => import('../../../../packages/contracts/src/locales/nl.json').then((m) => m.default),
  'zh-Hans': () => import('../../../../packages/contracts/src/locales/zh-Hans.json').then((m) => m.default),
};
const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  en: async () => undefined,
  nl: () => import('dayjs/locale/nl'),
  'zh-Hans': () => import('dayjs/locale/zh-cn'),
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => undefined,
  read: async (language: string) => {
    if (!isLanguage(language)) return {};
    const [texts, messages] = await Promise.all([
      appCatalogues[language](),
      messageCatalogues[language](),
      dayjsLocales[language](),
    ]);
    return { ...texts, ...messages };
  },
};

type Resources = typeof en & (typeof messageCatalogue)['en'];

export { LANGUAGE_NAMES, type LanguageSource } from '@beurs/contracts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

const dayjsLocale: Record<Language, string> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh-cn' };

export function detectLanguage(): { language: Language; source: LanguageSource } {
  return chooseLanguage(readStorage(StorageKey.language), globalThis.navigator);
}

function applyToDocument(language: Language) {
  dayjs.locale(dayjsLocale[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const detected = detectLanguage();
const initial = detected.language;
/** How the starting language was chosen: only a 'default' start follows the operator's default language. */
export const languageSource: LanguageSource = detected.source;

/** Resolves once the starting language's texts are in: render nothing before (main.tsx). */
export const i18nReady: Promise<void> = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: initial,
    // The catalogues have the same keys (locales.test.ts): no fallback language to fetch as well.
    fallbackLng: false,
    supportedLngs: ['en', 'nl', 'zh-Hans'],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
  })
  .then(() => applyToDocument(initial));

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
