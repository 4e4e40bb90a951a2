/**
 * i18next set up with the console's texts (src/locales) and the shared validation and error catalogue of the
 * contracts, the web app's mechanism (apps/web/src/app/i18n.ts): the language is the stored choice, else the
 * browser's when it is nl, en or zh, else English (chooseLanguage), and only that language is fetched: its
 * texts, the contracts' messages, dayjs's locale and antd's (each its own chunk).
 *
 * Components call `t` from this module rather than react-i18next's hook, and column definitions read their
 * titles once, when their module loads. So this module waits for the texts (top-level await) before any module
 * that imports it runs, and choosing another language reloads the console, which keeps the page (hash route)
 * and the session (sessionStorage).
 */
import { chooseLanguage, isLanguage, type Language, type messageCatalogue } from '@beurs/contracts';
import type { ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';
import i18n, { type ParseKeys } from 'i18next';
import type en from './locales/en.json';
import type nl from './locales/nl.json';
import type zhHans from './locales/zh-Hans.json';

/** A key missing from nl or zh-Hans is a type error (locales.test.ts checks extras). */
type Complete<T extends Record<Language, typeof en>> = T;
type ConsoleCatalogues = Complete<{ en: typeof en; nl: typeof nl; 'zh-Hans': typeof zhHans }>;

const consoleCatalogues: { [L in Language]: () => Promise<ConsoleCatalogues[L]> } = {
  en: () => import('./locales/en.json').then((m) => m.default),
  nl: () => import('./locales/nl.json').then((m) => m.default),
  'zh-Hans': () => import('./locales/zh-Hans.json').then((m) => m.default),
};
/** The package's messageCatalogue holds all three languages, so its files are imported one by one here. */
const messageCatalogues: Record<Language, () => Promise<(typeof messageCatalogue)['en']>> = {
  en: () => import('../../../packages/contracts/src/locales/en.json').then((m) => m.default),
  nl: () => import('../../../packages/contracts/src/locales/nl.json').then((m) => m.default),
  'zh-Hans': () => import('../../../packages/contracts/src/locales/zh-Hans.json').then((m) => m.default),
};
/** dayjs's month and day names (the date pickers), as the web app sets them. */
const dayjsLocales: Record<Language, () => Promise<string>> = {
  en: async () => 'en',
  nl: () => import('dayjs/locale/nl').then(() => 'nl'),
  'zh-Hans': () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
};
type AntdLocale = NonNullable<ConfigProviderProps['locale']>;
/** antd's own texts (pagination, empty tables, pickers, modals' buttons). */
const antdLocales: Record<Language, () => Promise<AntdLocale>> = {
  en: () => import('antd/locale/en_US').then((m) => m.default),
  nl: () => import('antd/locale/nl_NL').then((m) => m.default),
  'zh-Hans': () => import('antd/locale/zh_CN').then((m) => m.default),
};

type Resources = typeof en & (typeof messageCatalogue)['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/** The console's own key: an operator's choice is not the customer app's on the same origin. */
const STORAGE_KEY = 'beurs.console.language';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // Storage unavailable (private browsing): the browser's language decides.
  }
}

const { language } = chooseLanguage(storedLanguage(), globalThis.navigator);
const [texts, messages, dayjsLocale, antd] = await Promise.all([
  consoleCatalogues[language](),
  messageCatalogues[language](),
  dayjsLocales[language](),
  antdLocales[language](),
]);

await i18n.init({
  resources: { [language]: { translation: { ...texts, ...messages } } },
  lng: language,
  // The catalogues have the same keys (locales.test.ts): nothing to fall back to.
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
dayjs.locale(dayjsLocale);
document.documentElement.lang = language;

/** antd's locale for the ConfigProvider (main.tsx). */
export const antdLocale: AntdLocale = antd;

export const t = i18n.t.bind(i18n);

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Remembers the choice on this device and reloads the console in that language (see the top of this file). */
export function switchLanguage(next: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    return; // Nowhere to keep the choice: a reload would come back in the same language.
  }
  window.location.reload();
}

/** Paths of the catalogue's tables (objects of texts keyed by a code), such as `wallets` or `trading.orderType`. */
type Tables<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : `${P}${K}` | Tables<T[K], `${P}${K}.`>;
}[keyof T & string];

/** The text of a code in a table (a wallet type, a status), or undefined for a code the table lacks. */
export function lookup(table: Tables<Resources>, code: string | number): string | undefined {
  const key = `${table}.${code}`;
  // The key is built from a code the server sends, so the types cannot know it; exists() checks it.
  return i18n.exists(key) ? i18n.t(key as ParseKeys) : undefined;
}

export { i18n };
