/** Server-side translation of envelope messages from the shared catalogue. */
import { type Language, messageCatalogue, resolveLanguage } from '@beurs/contracts';
import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';

const instance = i18next.createInstance();
await instance.init({
  resources: Object.fromEntries(Object.entries(messageCatalogue).map(([lng, res]) => [lng, { translation: res }])),
  fallbackLng: 'en',
  supportedLngs: ['en', 'nl', 'zh-Hans'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

const fixed = new Map<Language, TFunction>();
export function translator(lang: Language): TFunction {
  let t = fixed.get(lang);
  if (!t) {
    t = instance.getFixedT(lang);
    fixed.set(lang, t);
  }
  return t;
}

export function requestLanguage(req: FastifyRequest): Language {
  const h = req.headers;
  return resolveLanguage(h.languages as string | undefined, h['accept-language']);
}

export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return translator(lang)(key, params ?? {}) as string;
}
