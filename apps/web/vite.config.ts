import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The name shown before /dict/data?type=brand answers; operators change the live one in the console. */
const DEFAULT_BRAND_NAME = process.env.VITE_BRAND_NAME ?? 'Kade Markets';

/** Puts the default brand name into index.html (title and meta) at build time. */
const brandInHtml = (): Plugin => ({
  name: 'brand-in-html',
  transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', DEFAULT_BRAND_NAME),
});

export default defineConfig({
  base: '/',
  // .br and .gz beside every text file of the build; the server sends them as they are (preCompressed).
  plugins: [react(), brandInHtml(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  define: {
    'import.meta.env.VITE_BRAND_NAME': JSON.stringify(DEFAULT_BRAND_NAME),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
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
            { name: 'vendor-zod', test: /node_modules[\\/](zod|decimal\.js|libphonenumber-js)[\\/]/, priority: 20 },
            // The chart (lightweight-charts and CandleChart) is left out of the groups: only the quote screens
            // need it, so it stays in the lazily loaded chunk of CandleChart.
            { name: 'vendor-ui', test: /node_modules[\\/](?!lightweight-charts|fancy-canvas)/, priority: 10 },
            // The app's own shared code and texts (contracts, locales, components); pages stay lazy.
            {
              name: 'app',
              test: /(packages[\\/]|src[\\/](app|api|lib|components(?![\\/]market[\\/]CandleChart)|locales)[\\/])/,
              priority: 5,
            },
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
