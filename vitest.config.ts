import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const reportDir = process.env.ATRIUM_TEST_REPORT_DIR;

/**
 * Three Vitest projects: `unit` (pure rules, Node), `web` (components, jsdom),
 * `server` (routes on a real database: PGlite, or PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir
      ? {
          json: `${reportDir}/vitest-${(process.env.npm_lifecycle_event ?? 'run').replace(/[^a-z0-9]+/gi, '-')}-${process.env.ATRIUM_TEST_REPORT_NAME ?? 'default'}.json`,
        }
      : undefined,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/contracts/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.routes.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
