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
  export const consoleApi: Module, consoleMoney: Module, consoleTrading: Module;
}
