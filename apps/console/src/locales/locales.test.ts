import { messageCatalogue, wallet } from '@beurs/contracts';
import { bareTemplateCalls, catalogueParity, flattenCatalogue } from '@beurs/contracts/locale-parity';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import nl from './nl.json';
import zhHans from './zh-Hans.json';

// The same checks as the web app's and the contracts' catalogues (@beurs/contracts/locale-parity).
const catalogues = { en, nl, 'zh-Hans': zhHans };

describe('console locales', () => {
  const parity = catalogueParity(catalogues);

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
    expect(bareTemplateCalls(sources, flattenCatalogue(en))).toEqual([]);
  });

  it('does not shadow the shared validation and error catalogue', () => {
    for (const top of Object.keys(messageCatalogue.en)) expect(Object.keys(en)).not.toContain(top);
  });

  it("names every kind of ledger entry in a customer's ledger (a new kind would show as a raw key)", () => {
    for (const type of wallet.ENTRY_TYPES) expect(Object.keys(en.entryType), type).toContain(type);
  });
});
