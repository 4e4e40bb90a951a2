import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API server serves the built console at /console/ and the API under /web. */
const apiTarget = process.env.CONSOLE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  base: '/console/',
  // .br and .gz beside every text file of the build; the server sends them as they are (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd with its rc components is ~1.1 MB minified by itself (350 kB gzip, 280 kB brotli; 6 Dec 2026); this is an
    // internal desktop tool, so the vendor chunks are split out for caching rather than shrunk. The limit warns when a
    // chunk outgrows that.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Locale files (antd's, its pickers', dayjs's) stay out of the groups: i18n.ts loads only the active one.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            {
              name: 'antd',
              test: /^(?!.*[\\/]locale[\\/]).*node_modules[\\/](antd|@ant-design|@rc-component|rc-[^/\\]+|stylis)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /^(?!.*[\\/]locale[\\/]).*node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/web': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    port: 4174,
    proxy: { '/web': { target: apiTarget, changeOrigin: true } },
  },
});
