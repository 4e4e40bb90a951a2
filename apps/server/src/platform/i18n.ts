/** Server-side translation of envelope messages from the shared catalogue. */
import { formatMoney, intlLocaleOf, type Language, messageCatalogue, resolveLanguage } from '@beurs/contracts';
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

/**
 * Params that are figures: amounts, prices, quantities and percentages stored as decimal strings ("2000.00",
 * "100.02"). They are written in the reader's number format when a message is put into words, so a Dutch
 * reader sees "2.000,00 EUR" and "100,02%"; ids, codes and reasons are left as they are.
 */
const FIGURES = new Set([
  'absorbed',
  'amount',
  'available',
  // what is due on a loan (errors.loanRepayAboveDue)
  'due',
  // a fund's annual rate in percent, and the one the customer confirmed (errors.fundRateChanged)
  'confirmed',
  'fee',
  'level',
  'limit',
  'lot',
  'margin',
  'max',
  'min',
  // the opening price of an auction order (inbox.auctionNotFilled)
  'open',
  'price',
  'profit',
  'quantity',
  'rate',
  'required',
  // an instrument's price step (errors.priceOffTick)
  'tick',
  'trigger',
  // a follow's value and what was paid back (inbox.followPaid, ledger.followPayout)
  'value',
  'paid',
]);
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal in the language's separators, exactly (no float), with the places it was written with. */
export function localFigure(lang: Language, value: string | number): string {
  const text = String(value);
  if (!DECIMAL.test(text)) return text;
  return formatMoney(text, text.split('.')[1]?.length ?? 0, intlLocaleOf(lang));
}

function localParams(lang: Language, params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const [name, value] of Object.entries(params)) {
    if (FIGURES.has(name) && (typeof value === 'string' || typeof value === 'number')) {
      out[name] = localFigure(lang, value);
    }
  }
  return out;
}

export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return translator(lang)(key, params ? localParams(lang, params) : {}) as string;
}
