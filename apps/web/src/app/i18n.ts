/**
 * i18next set up with the app's UI strings (src/locales) and the shared validation and error
 * catalogue of the contracts, so a zod message key like 'validation.enterEmail' translates.
 * Language: the stored choice, else the browser's language when it is nl, en or zh, else English.
 * Only the language in use is fetched, in two parts (locales/parts.ts): main.tsx waits for the shell part
 * before the first render, and the router fetches the rest together with any screen that needs it, so no
 * untranslated key ever shows.
 */
import {
  chooseLanguage,
  isLanguage,
  type Language,
  type LanguageSource,
  type messageCatalogue,
} from '@beurs/contracts';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, StorageKey, writeStorage } from '../lib/storage';
import type en from '../locales/en.json';
import type nl from '../locales/nl.json';
import type { TextPart } from '../locales/parts';
import type zhHans from '../locales/zh-Hans.json';

/** A key missing from nl or zh-Hans is a type error (locales.test.ts checks extras). */
type Complete<T extends Record<Language, typeof en>> = T;
type AppCatalogues = Complete<{ en: typeof en; nl: typeof nl; 'zh-Hans': typeof zhHans }>;

type Part = () => Promise<{ default: Record<string, unknown> }>;
/** Each language's parts (cut by locales/vite-plugin.ts), fetched when first needed. */
const textParts: Record<Language, Record<TextPart, Part>> = {
  en: { shell: () => import('virtual:texts/en-shell'), rest: () => import('virtual:texts/en-rest') },
  nl: { shell: () => import('virtual:texts/nl-shell'), rest: () => import('virtual:texts/nl-rest') },
  'zh-Hans': {
    shell: () => import('virtual:texts/zh-Hans-shell'),
    rest: () => import('virtual:texts/zh-Hans-rest'),
  },
};
const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  en: async () => undefined,
  nl: () => import('dayjs/locale/nl'),
  'zh-Hans': () => import('dayjs/locale/zh-cn'),
};

/** The parts asked for so far, in any language: a language switch fetches them all before it shows. */
const wanted = new Set<TextPart>(['shell']);
const loading = new Map<string, Promise<void>>();

function loadPart(language: Language, part: TextPart): Promise<void> {
  const key = `${language}/${part}`;
  const known = loading.get(key);
  if (known) return known;
  const load = textParts[language][part]().then((m) => {
    i18n.addResourceBundle(language, 'translation', m.default, true, true);
  });
  // A failed fetch (offline) is tried again by the next screen that needs it.
  load.catch(() => loading.delete(key));
  loading.set(key, load);
  return load;
}

/** Every wanted part of `language`, and its dayjs locale. */
async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([...[...wanted].map((part) => loadPart(language, part)), dayjsLocales[language]()]);
}

type Resources = AppCatalogues['en'] & (typeof messageCatalogue)['en'];

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

/** The language whose texts new screens need: the one in use, or the one a switch is fetching. */
let target: Language = initial;

/** Resolves once the starting language's shell texts are in: render nothing before (main.tsx). */
export const i18nReady: Promise<void> = Promise.all([
  i18n.use(initReactI18next).init({
    lng: initial,
    // The catalogues have the same keys (locales.test.ts): no fallback language to fetch as well.
    fallbackLng: false,
    supportedLngs: ['en', 'nl', 'zh-Hans'],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
  }),
  loadLanguage(initial),
]).then(() => applyToDocument(initial));

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
}

/**
 * Fetches a part of the texts (locales/parts.ts) in the language in use, and in the one a switch under way goes
 * to: the router awaits it with the code of a screen that needs it.
 */
export async function loadTexts(part: TextPart): Promise<void> {
  wanted.add(part);
  // Before init has settled (the router loads the first screen at once) no language is in use yet: target only.
  const inUse = i18n.resolvedLanguage;
  const languages = new Set([target, isLanguage(inUse) ? inUse : target]);
  await Promise.all([...languages].map((language) => loadPart(language, part)));
}

/** Fetches what the open screens need in `language` (the parts asked for so far), then shows it. */
async function changeLanguage(language: Language): Promise<void> {
  target = language;
  try {
    await loadLanguage(language);
  } catch (error) {
    target = currentLanguage();
    throw error;
  }
  await i18n.changeLanguage(language);
  applyToDocument(language);
}

/** Switches the interface language and remembers the choice on this device. */
export async function switchLanguage(language: Language): Promise<void> {
  writeStorage(StorageKey.language, language);
  await changeLanguage(language);
}

/** The operator's default language (dict config), used only when neither the user nor the browser chose one. */
export async function applyDefaultLanguage(language: unknown): Promise<void> {
  if (languageSource !== 'default' || !isLanguage(language) || language === currentLanguage()) return;
  await changeLanguage(language);
}

export { i18n };
