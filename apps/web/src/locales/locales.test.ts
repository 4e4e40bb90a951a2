import { market, messageCatalogue, wallet } from '@beurs/contracts';
import { bareTemplateCalls, catalogueParity, flattenCatalogue } from '@beurs/contracts/locale-parity';
import { describe, expect, it } from 'vitest';
import { appRoutes, TABS } from '../app/routes';
import en from './en.json';
import nl from './nl.json';
import zhHans from './zh-Hans.json';

const catalogues = { en: flattenCatalogue(en) };

// The same checks as the console's and the contracts' catalogues (@beurs/contracts/locale-parity).
describe('UI locales', () => {
  const parity = catalogueParity({ en, nl, 'zh-Hans': zhHans });

  it('nl and zh-Hans have exactly the keys of en', () => {
    expect(parity.keys).toEqual([]);
  });

  it('nl and zh-Hans keep every {{variable}} and <tag> of en', () => {
    expect(parity.placeholders).toEqual([]);
  });

  it('has no empty text', () => {
    expect(parity.empty).toEqual([]);
  });

  it('is never asked for a text with {{variables}} without passing values', () => {
    const sources = import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
    expect(bareTemplateCalls(sources, catalogues.en)).toEqual([]);
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

  it('names every kind of ledger entry in the history and its filter (a new kind would show as a raw key)', () => {
    for (const type of wallet.ENTRY_TYPES) {
      expect(catalogues.en.has(`bill.filters.${type}`), type).toBe(true);
      if (type === 'transfer') continue;
      expect(catalogues.en.has(`bill.types.${type}`), type).toBe(true);
    }
  });

  it("names every stock sector and futures category of a quote's profile", () => {
    for (const sector of market.STOCK_SECTORS) expect(catalogues.en.has(`market.sector.${sector}`), sector).toBe(true);
    for (const category of market.FUTURES_CATEGORIES) {
      expect(catalogues.en.has(`market.category.${category}`), category).toBe(true);
    }
  });
});
