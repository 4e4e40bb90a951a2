/**
 * `import('virtual:texts/en-shell')`: one part (parts.ts) of one language's texts, the web app's catalogue and the
 * contracts' merged, cut from the json files when the build or test run starts, so they stay the one source.
 * The id's last segment names the chunk (en-shell-<hash>.js). Used by vite.config.ts and the root vitest.config.ts (relative imports: Vite bundles them into the config).
 */
import type { Plugin } from 'vite';
import contractsEn from '../../../../packages/contracts/src/locales/en.json' with { type: 'json' };
import contractsNl from '../../../../packages/contracts/src/locales/nl.json' with { type: 'json' };
import contractsZhHans from '../../../../packages/contracts/src/locales/zh-Hans.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import { pickPart, TEXT_PARTS } from './parts.js';
import zhHans from './zh-Hans.json' with { type: 'json' };

const PREFIX = 'virtual:texts/';

const catalogues: Record<string, Record<string, unknown>> = {
  en: { ...en, ...contractsEn },
  nl: { ...nl, ...contractsNl },
  'zh-Hans': { ...zhHans, ...contractsZhHans },
};

export function textPartsPlugin(): Plugin {
  return {
    name: 'beurs-text-parts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load: (id) => {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [, language = '', part] = /^(.+)-(\w+)$/.exec(id.slice(PREFIX.length + 1)) ?? [];
      const catalogue = catalogues[language];
      const textPart = TEXT_PARTS.find((p) => p === part);
      if (!catalogue || !textPart) throw new Error(`no text part ${id.slice(1)}`);
      // JSON.parse of a string literal: faster to start than the same object as code, for big payloads.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(pickPart(catalogue, textPart)))});`;
    },
  };
}
