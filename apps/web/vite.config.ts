// A relative path: Vite bundles a config's relative imports (TypeScript) but loads a package's as they are.

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { endpointsPlugin } from '../../packages/contracts/src/vite-plugin.js';
import { SCREENS, screenChunks } from './src/app/vite-screen-chunks.js';
import { textPartsPlugin } from './src/locales/vite-plugin.js';

/** The name shown before /dict/data?type=brand answers; operators change the live one in the console. */
const DEFAULT_BRAND_NAME = process.env.VITE_BRAND_NAME ?? 'Kade Markets';

/** Puts the default brand name into index.html (title and meta) at build time. */
const brandInHtml = (): Plugin => ({
  name: 'brand-in-html',
  transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', DEFAULT_BRAND_NAME),
});

/** The theme's --bg (src/app/theme.css): the splash and status bar of the installed app. */
const THEME_BACKGROUND = '#0a0d13';

/**
 * Installable app: the manifest and a generated service worker that precaches the shell and the hashed build, so
 * the app opens offline (and says so). Never cached: the API and the file addresses (/web/, /files), the quotes
 * socket (a service worker never sees sockets) and the console, which its scope covers by prefix but whose
 * requests it leaves to the network (no precache entry, no navigation fallback). autoUpdate: a new worker takes
 * over as soon as it is installed, without a prompt or a reload of the open page; the next visit runs the new
 * version.
 */
const pwa = () =>
  VitePWA({
    registerType: 'autoUpdate',
    // main.tsx registers the worker through workbox-window once the first screen is up.
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: DEFAULT_BRAND_NAME,
      short_name: DEFAULT_BRAND_NAME.split(' ')[0] ?? DEFAULT_BRAND_NAME,
      description: `${DEFAULT_BRAND_NAME}: stocks, forex, futures and funds in one app. Prices are simulated.`,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_BACKGROUND,
      background_color: THEME_BACKGROUND,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Every screen's code, so any screen opens offline; not the .br/.gz twins (the browser asks for those by
      // accept-encoding) nor the manifest's icons (only installing needs them, online).
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/web\//, /^\/console/, /^\/files/],
      cleanupOutdatedCaches: true,
      // Take over at once, the first visit included (the page then works offline without a reload).
      skipWaiting: true,
      clientsClaim: true,
      runtimeCaching: [],
    },
  });

const CONTRACTS = /packages[\\/]contracts[\\/]src[\\/]/;
const screens = screenChunks();

export default defineConfig({
  base: '/',
  // .br and .gz beside every text file of the build; the server sends them as they are (preCompressed).
  plugins: [
    react(),
    endpointsPlugin(),
    textPartsPlugin(),
    brandInHtml(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
    pwa(),
    screens.plugin,
  ],
  define: {
    'import.meta.env.VITE_BRAND_NAME': JSON.stringify(DEFAULT_BRAND_NAME),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The contracts are declarations (schemas, rules, texts): a screen that uses one endpoint must not pull in
      // the console's endpoints or the address checks of the money forms. Others keep their package.json say.
      treeshake: { moduleSideEffects: (id) => (CONTRACTS.test(id) ? false : undefined) },
      output: {
        // Named, long-lived vendor chunks: they change far less often than the app's own code.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 20,
            },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // antd-mobile's shared helpers and the animation libraries its sheets, pickers and pull-to-refresh use:
            // one file each instead of a handful of 0.1-0.3 kB ones for every screen with a component.
            {
              name: 'vendor-antd-base',
              test: /node_modules[\\/](antd-mobile[\\/]es[\\/](utils|global)|tslib|classnames)[\\/]/,
              priority: 20,
            },
            { name: 'vendor-motion', test: /node_modules[\\/](@react-spring|@use-gesture)[\\/]/, priority: 20 },
            // The app's own code of the first screen, in one file (src/app/vite-screen-chunks.ts).
            { name: 'first-screen', test: screens.test('first-screen'), priority: 10 },
            // The quote's and the market tab's own code, each in one file (the same module), without the packages
            // they use: those stay in the vendor groups or in chunks of their own.
            ...SCREENS.map((screen) => ({
              name: screen.name,
              test: screens.test(screen.name),
              priority: 9,
              includeDependenciesRecursively: false,
            })),
            { name: 'vendor-zod', test: /node_modules[\\/](zod|decimal\.js|libphonenumber-js)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/web': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/web': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
});
