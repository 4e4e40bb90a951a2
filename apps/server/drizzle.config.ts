import { defineConfig } from 'drizzle-kit';

/**
 * Every schema file: the platform's tables and each module's own (modules/<name>/schema.ts, and a module's further
 * `*-schema.ts` files). Paths are from the repository root, where `npm run db:generate` runs.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/platform/db/schema.ts',
    './apps/server/src/modules/*/schema.ts',
    './apps/server/src/modules/*/*-schema.ts',
  ],
  out: './apps/server/drizzle',
});
