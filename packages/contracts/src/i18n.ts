/** The message catalogue shared by server (msg) and clients (form errors), and language choice. */
import { LANGUAGES, type Language } from './enums.js';
import en from './locales/en.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import zhHans from './locales/zh-Hans.json' with { type: 'json' };

export const messageCatalogue = { en, nl, 'zh-Hans': zhHans } as const satisfies Record<Language, typeof en>;

/**
 * Picks nl, en or zh-Hans from a `languages` or `accept-language` header value. Any zh tag
 * (zh, zh-CN, zh-TW, zh-Hans-CN) means Simplified Chinese, our only Chinese; unknown tags fall back to English.
 */
export function resolveLanguage(...headers: Array<string | undefined | null>): Language {
  for (const header of headers) {
    if (!header) continue;
    const tags = header
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { tag: tag.trim().toLowerCase(), q: q ? Number(q.split('=')[1]) : 1 };
      })
      .filter((t) => t.tag && !Number.isNaN(t.q) && t.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of tags) {
      if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-Hans';
      const base = tag.split('-')[0];
      const found = LANGUAGES.find((l) => l === base);
      if (found) return found;
    }
  }
  return 'en';
}

/** How a client's starting language was chosen: only a 'default' start may follow the operator's default language. */
export type LanguageSource = 'stored' | 'browser' | 'default';

/** What a browser says of its reader's languages (its navigator), most wanted first. */
export interface BrowserLanguages {
  languages?: readonly string[];
  language?: string;
}

/**
 * A client's starting language (the web app's and the console's): the stored choice, else the first of the
 * browser's languages that is nl, en or zh, else English.
 */
export function chooseLanguage(
  stored: unknown,
  browser: BrowserLanguages | undefined,
): { language: Language; source: LanguageSource } {
  if (isLanguage(stored)) return { language: stored, source: 'stored' };
  const tags = browser?.languages?.length ? browser.languages : [browser?.language];
  for (const tag of tags) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'nl' || base === 'en' || base === 'zh') return { language: resolveLanguage(tag), source: 'browser' };
  }
  return { language: 'en', source: 'default' };
}

/** Each language's name in itself, for a language choice. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  nl: 'Nederlands',
  en: 'English',
  'zh-Hans': '简体中文',
};

/** The Intl locale whose number and date conventions each language follows (nl: 1.234,56 and 24-hour). */
export const INTL_LOCALE = { en: 'en-US', nl: 'nl-NL', 'zh-Hans': 'zh-Hans-CN' } as const satisfies Record<
  Language,
  string
>;

export function intlLocaleOf(language: string): string {
  return isLanguage(language) ? INTL_LOCALE[language] : INTL_LOCALE.en;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
