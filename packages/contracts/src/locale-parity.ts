/**
 * The checks that keep a set of UI catalogues in step (one JSON tree per language, i18next style), shared by the
 * locale tests of the web app, the console and this package's message catalogue, so all three hold their
 * translations to the same rules. Pure functions: each test feeds its own catalogues and sources.
 */

/** key -> text for every leaf (arrays are indexed: protocol.sections.0.body.1). */
export function flattenCatalogue(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of flattenCatalogue(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

/** The {{variables}} and <tags> of a text, sorted: a translation must keep them all. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}|<(\/?\w+)>/g)].map((m) => m[0]).sort();
}

export interface CatalogueParity {
  /** "nl: missing a.b" or "nl: extra a.b" for each key not in both the language and the reference. */
  keys: string[];
  /** "nl: a.b" for each text whose {{variables}} or <tags> differ from the reference's. */
  placeholders: string[];
  /** "nl: a.b" for each text that is empty or only spaces. */
  empty: string[];
}

/** Compares every catalogue with the reference language's (en). Each list is empty when the set is in step. */
export function catalogueParity(catalogues: Record<string, unknown>, reference = 'en'): CatalogueParity {
  const flat = Object.entries(catalogues).map(([language, tree]) => [language, flattenCatalogue(tree)] as const);
  const base = new Map(flat).get(reference) ?? new Map<string, string>();
  const parity: CatalogueParity = { keys: [], placeholders: [], empty: [] };
  for (const [language, texts] of flat) {
    for (const key of base.keys()) if (!texts.has(key)) parity.keys.push(`${language}: missing ${key}`);
    for (const [key, text] of texts) {
      if (!base.has(key)) parity.keys.push(`${language}: extra ${key}`);
      else if (placeholdersOf(text).join() !== placeholdersOf(base.get(key) ?? '').join()) {
        parity.placeholders.push(`${language}: ${key}`);
      }
      if (text.trim() === '') parity.empty.push(`${language}: ${key}`);
    }
  }
  return parity;
}

/**
 * "file: key" for each `t('key')` without values whose text has {{variables}}: such a text is shown raw (the
 * Transfer screen's accessible name once read "Conversion {{from}} → {{to}}" in every language).
 */
export function bareTemplateCalls(sources: Record<string, string>, texts: Map<string, string>): string[] {
  const bare: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    for (const call of source.matchAll(/\bt\(\s*['"`]([\w.-]+)['"`]\s*\)/g)) {
      const key = call[1] ?? '';
      if (texts.get(key)?.includes('{{')) bare.push(`${file}: ${key}`);
    }
  }
  return bare;
}
