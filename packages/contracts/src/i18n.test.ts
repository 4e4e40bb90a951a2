/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E } from './envelope.js';
import { messageCatalogue, resolveLanguage } from './i18n.js';
import { V } from './rules.js';

const flat = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));
const get = (o: unknown, key: string) =>
  key.split('.').reduce<unknown>((acc, k) => (acc as Record<string, unknown> | undefined)?.[k], o);

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

describe('message catalogue', () => {
  const en = flat(messageCatalogue.en).sort();
  it.each(['nl', 'zh-Hans'] as const)('%s carries the same keys as en, none empty', (lang) => {
    expect(flat(messageCatalogue[lang]).sort()).toEqual(en);
    for (const key of en) expect(String(get(messageCatalogue[lang], key)).trim()).not.toBe('');
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
