// A relative path: Vite bundles a config's relative imports (TypeScript) but loads a package's as they are.

import { defineConfig } from 'vitest/config';
import { textPartsPlugin } from './apps/web/src/locales/vite-plugin.js';
import { endpointsPlugin } from './packages/contracts/src/vite-plugin.js';

export default defineConfig({
  // The web app's and the console's `virtual:beurs-endpoints`, and the web app's `virtual:texts/*`, in their component
  // tests.
  plugins: [endpointsPlugin(), textPartsPlugin()],
  test: {
    include: [
      'packages/**/src/**/*.test.ts',
      'apps/server/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/web/src/**/*.test.tsx',
      'apps/console/src/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core, not Vitest's default of one fewer (a single worker on CI's two cores): the files wait on
    // PostgreSQL much of the time, and each has its own database (apps/server/test/harness.ts). Measured on
    // 5 Dec 2026 on two cores: 335 s against 440 s for the whole suite.
    maxWorkers: '100%',
  },
});
