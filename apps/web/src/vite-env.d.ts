/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Brand name used until GET /dict/data?type=brand answers (set in vite.config.ts). */
  readonly VITE_BRAND_NAME: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The contracts' endpoint modules as plain data (packages/contracts/src/vite-plugin.ts). */
declare module 'virtual:beurs-endpoints' {
  type Module = Record<string, unknown>;
  export const auth: Module, user: Module, market: Module, wallet: Module, inbox: Module, trading: Module;
  export const primary: Module, blocktrade: Module, placing: Module, auction: Module, bonds: Module, loan: Module;
  export const articles: Module, funds: Module, support: Module, follow: Module, robots: Module, quant: Module;
  export const consoleApi: Module, consoleMoney: Module, consoleTrading: Module;
}

/** One part of one language's texts, e.g. `virtual:texts/en-shell` (src/locales/vite-plugin.ts, parts.ts). */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
