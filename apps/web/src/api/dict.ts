/** Operator-editable content (GET /dict/data) and the counted reach figures (GET /dict/figures). */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyDefaultLanguage, languageSource } from '../app/i18n';
import { api } from './client';
import { user } from './endpoints';

type DictType = 'brand' | 'support' | 'config';

export const dictKeys = {
  all: ['dict'] as const,
  type: (type: DictType, language: string) => [...dictKeys.all, type, language] as const,
};

/** Shared by the hooks and app/prefetch.ts (the shell's brand, asked for as the app starts). */
export const dictQuery = (type: DictType, language: string) =>
  queryOptions({
    queryKey: dictKeys.type(type, language),
    queryFn: ({ signal }) => api.call(user.dictData, { type }, undefined, { signal }),
    staleTime: 10 * 60_000,
  });

function useDictQuery<T>(type: DictType, select: (entries: Array<{ key: string; value: unknown }>) => T) {
  const { i18n } = useTranslation();
  return useQuery({ ...dictQuery(type, i18n.language), select });
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * Operator text may be one string (taken to be English, as seeded) or one string per language
 * ({ en, nl, 'zh-Hans' }); a screen in Dutch or Chinese never shows an English-only text.
 */
function localized(value: unknown, language: string): string | undefined {
  if (value && typeof value === 'object') {
    const byLanguage = value as Record<string, unknown>;
    return text(byLanguage[language]) ?? text(byLanguage.en);
  }
  return language === 'en' ? text(value) : undefined;
}

export interface Brand {
  name: string;
  tagline?: string;
}

/** The default name of vite.config.ts until the server answers, and if it has none. */
export const DEFAULT_BRAND: Brand = { name: import.meta.env.VITE_BRAND_NAME || 'Kade Markets' };

export function useBrandQuery() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const query = useDictQuery('brand', (entries): Brand => {
    const byKey = new Map(entries.map((e) => [e.key, e.value]));
    return { name: text(byKey.get('name')) ?? DEFAULT_BRAND.name, tagline: localized(byKey.get('tagline'), language) };
  });
  return { ...query, brand: query.data ?? DEFAULT_BRAND };
}

/**
 * SPEC §1's four figures, counted by the server from the instruments (exchanges, countries, markets) and the awards
 * an operator entered with their source; the award figure is left out while there are none.
 */
export const FIGURE_KEYS = ['exchanges', 'countries', 'awards', 'markets'] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

export function useFiguresQuery() {
  return useQuery({
    queryKey: [...dictKeys.all, 'figures'] as const,
    queryFn: ({ signal }) => api.call(user.figures, {}, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
}

/**
 * At start, when neither a stored choice nor the browser picked one of our languages, the
 * operator's default (dict config `defaultLanguage`) decides; English until it answers.
 */
export async function loadOperatorDefaultLanguage(): Promise<void> {
  if (languageSource !== 'default') return;
  try {
    const entries = await api.call(user.dictData, { type: 'config' });
    await applyDefaultLanguage(entries.find((e) => e.key === 'defaultLanguage')?.value);
  } catch {
    // English stays: a missing default is not worth an error on screen.
  }
}
