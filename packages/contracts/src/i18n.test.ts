/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E } from './envelope.js';
import { chooseLanguage, messageCatalogue, resolveLanguage } from './i18n.js';
import { catalogueParity } from './locale-parity.js';
import { V } from './rules.js';

const flat = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));

describe('language choice', () => {
  it.each([
    [['nl'], 'nl'],
    [['nl-BE,nl;q=0.9,en;q=0.8'], 'nl'],
    [['en-GB'], 'en'],
    [['zh-CN,zh;q=0.9'], 'zh-Hans'],
    [['zh-Hans'], 'zh-Hans'],
    [['zh-TW'], 'zh-Hans'],
    [['fr-FR,de;q=0.5'], 'en'],
    [['de,nl;q=0.7'], 'nl'],
    [['en;q=0.1,nl;q=0.9'], 'nl'],
    [[undefined, 'nl'], 'nl'],
    [['zh-Hans', 'nl'], 'zh-Hans'],
    [[''], 'en'],
    [['*'], 'en'],
  ] as const)('%j -> %s', (headers, expected) => {
    expect(resolveLanguage(...headers)).toBe(expected);
  });
});

describe('starting language of a client', () => {
  it.each([
    ['nl', { languages: ['zh-CN'] }, { language: 'nl', source: 'stored' }],
    ['fr', { languages: ['fr-FR', 'zh-TW', 'nl'] }, { language: 'zh-Hans', source: 'browser' }],
    [null, { languages: ['de-DE', 'nl-BE'] }, { language: 'nl', source: 'browser' }],
    [null, { languages: [], language: 'en-GB' }, { language: 'en', source: 'browser' }],
    [null, { languages: ['de-DE', 'fr'] }, { language: 'en', source: 'default' }],
    [undefined, undefined, { language: 'en', source: 'default' }],
  ] as const)('stored %j, browser %j -> %j', (stored, browser, expected) => {
    expect(chooseLanguage(stored, browser)).toEqual(expected);
  });
});

describe('message catalogue', () => {
  const en = flat(messageCatalogue.en).sort();
  it('nl and zh-Hans carry the same keys as en, none empty', () => {
    // Not the {{variable}} and <tag> check of the UI catalogues: server messages hold literal <names> in commands.
    const { keys, empty } = catalogueParity(messageCatalogue);
    expect({ keys, empty }).toEqual({ keys: [], empty: [] });
  });
  it('has a message for every validation and error key the code uses', () => {
    for (const key of [...Object.values(V), ...Object.values(E)]) expect(en).toContain(key);
  });
  it('web app locales carry the same keys in all three languages', () => {
    const dir = path.resolve(import.meta.dirname, '../../../apps/web/src/locales');
    if (!fs.existsSync(path.join(dir, 'en.json'))) return;
    const read = (f: string) => flat(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))).sort();
    const webEn = read('en.json');
    expect(read('nl.json')).toEqual(webEn);
    expect(read('zh-Hans.json')).toEqual(webEn);
  });
});
