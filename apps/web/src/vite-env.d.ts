/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Brand name used until GET /dict/data?type=brand answers (set in vite.config.ts). */
  readonly VITE_BRAND_NAME: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
