import { APP_VERSION, type Language, user as userApi } from '@beurs/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { universeFigures } from '../../market/instruments/figures.js';
import { allInstruments } from '../../market/instruments/index.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { consoleAwardRoutes, listAwards } from './awards.js';
import { dict } from './schema.js';

/** Country names come from ICU in the request language; the list is built once per language. */
const areaCache = new Map<Language, Array<{ code: string; name: string; dialCode: string }>>();
function areas(lang: Language) {
  let list = areaCache.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    const collator = new Intl.Collator(lang);
    list = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, dialCode: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => collator.compare(a.name, b.name));
    areaCache.set(lang, list);
  }
  return list;
}

/** Content values are a plain string or one string per language. */
function localized(value: unknown, lang: Language): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const text = v[lang] ?? v.en;
    if (typeof text === 'string') return text;
  }
  return '';
}

export function metaRoutes(app: FastifyInstance, deps: Deps) {
  route(app, userApi.appVersion, async ({ req }) => {
    const [row] = await deps.db
      .select({ value: dict.value })
      .from(dict)
      .where(and(eq(dict.type, 'app'), eq(dict.key, 'releaseNotes')))
      .limit(1);
    return { version: APP_VERSION, releasedAt: '2026-11-22', notes: localized(row?.value, requestLanguage(req)) };
  });

  route(app, userApi.areaInfoList, ({ req }) => areas(requestLanguage(req)));

  // Counted once: the instrument universe is fixed for the life of the process.
  const reach = universeFigures(allInstruments);
  route(app, userApi.figures, async () => ({
    exchanges: reach.exchanges.length,
    countries: reach.countries.length,
    markets: reach.markets.length,
    awards: await listAwards(deps.db),
  }));

  consoleAwardRoutes(app, deps);

  route(app, userApi.dictData, async ({ body }) =>
    deps.db
      .select({ key: dict.key, value: dict.value })
      .from(dict)
      .where(eq(dict.type, body.type))
      .orderBy(asc(dict.sort), asc(dict.key)),
  );
}

export const DEFAULT_BRAND = 'Kade Markets';

export async function loadBrandName(deps: Pick<Deps, 'db'>): Promise<string> {
  const [row] = await deps.db
    .select({ value: dict.value })
    .from(dict)
    .where(and(eq(dict.type, 'brand'), eq(dict.key, 'name')))
    .limit(1);
  return typeof row?.value === 'string' ? row.value : DEFAULT_BRAND;
}
