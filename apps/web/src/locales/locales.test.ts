import { messageCatalogue } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { appRoutes, TABS } from '../app/routes';
import en from './en.json';
import nl from './nl.json';
import zhHans from './zh-Hans.json';

type Tree = { [key: string]: unknown };

/** key -> text for every leaf (arrays are indexed: protocol.sections.0.body.1). */
function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\/?\w+)>/g)].map((m) => m[0]).sort();

const catalogues = { en: flatten(en), nl: flatten(nl), 'zh-Hans': flatten(zhHans) };

describe('UI locales', () => {
  it.each(['nl', 'zh-Hans'] as const)('%s has exactly the keys of en', (language) => {
    expect([...catalogues[language].keys()].sort()).toEqual([...catalogues.en.keys()].sort());
  });

  it.each(['nl', 'zh-Hans'] as const)('%s keeps every {{variable}} and <tag> of en', (language) => {
    for (const [key, text] of catalogues.en) {
      expect(placeholders(catalogues[language].get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('has no empty text', () => {
    for (const catalogue of Object.values(catalogues)) {
      for (const [key, text] of catalogue) expect(text.trim(), key).not.toBe('');
    }
  });

  // A text with {{variables}} asked for without values is shown raw: the Transfer screen's accessible name
  // read "Conversion {{from}} → {{to}}" in every language.
  it('is never asked for a text with {{variables}} without passing values', () => {
    const sources = import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
    const bare: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const call of text.matchAll(/\bt\(\s*['"`]([\w.-]+)['"`]\s*\)/g)) {
        const key = call[1] ?? '';
        if (catalogues.en.get(key)?.includes('{{')) bare.push(`${file}: ${key}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('does not shadow the shared validation and error catalogue', () => {
    for (const top of Object.keys(messageCatalogue.en)) expect(Object.keys(en)).not.toContain(top);
  });
});

describe('route table', () => {
  it('gives every route a title in the locales', () => {
    for (const route of appRoutes) expect(catalogues.en.has(route.titleKey), route.path).toBe(true);
  });

  it('declares each path under /pages/<area>/<page>', () => {
    for (const { path } of appRoutes) expect(/^\/pages\/[a-z]+\/[a-z-]+$/.test(path), path).toBe(true);
  });

  it('has the five tabs of SPEC §2 in order, with labels', () => {
    expect(TABS.map((t) => t.name)).toEqual(['home', 'market', 'watchlist', 'trade', 'profile']);
    for (const tab of TABS) expect(catalogues.en.has(`tabs.${tab.name}`)).toBe(true);
  });
});
