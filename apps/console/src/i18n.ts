/**
 * i18next set up with the console's texts (src/locales) and the shared validation and error catalogue of the
 * contracts, the same mechanism as the web app (apps/web/src/app/i18n.ts). The console is English-only
 * (operators): a second language is one more catalogue here, `satisfies` then makes a missing key a type error.
 *
 * Components call `t` from this module rather than react-i18next's hook: with one language nothing switches,
 * so nothing has to re-render on a switch.
 */
import { isLanguage, type Language, messageCatalogue } from '@beurs/contracts';
import i18n, { type ParseKeys } from 'i18next';
import en from './locales/en.json';

export const consoleCatalogue = { en } as const satisfies Partial<Record<Language, typeof en>>;

type Resources = typeof en & (typeof messageCatalogue)['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

void i18n.init({
  resources: { en: { translation: { ...consoleCatalogue.en, ...messageCatalogue.en } } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: Object.keys(consoleCatalogue),
  initAsync: false,
  interpolation: { escapeValue: false },
});

export const t = i18n.t.bind(i18n);

/** The language in use, always one of ours. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
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
