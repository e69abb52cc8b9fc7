import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { fixturesDir } from '../server/src/lib/fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, `test-results/e2e-data-${port}`);
const reportDir = process.env.ATRIUM_TEST_REPORT_DIR;
// A real SMTP server for the e-mail outbox (e2e/smtp-global-setup.ts), one port per e2e port.
const smtpPort = port + 1000;
process.env.ATRIUM_E2E_SMTP_PORT = String(smtpPort);
process.env.ATRIUM_E2E_MAIL_DIR = path.join(root, `test-results/e2e-mail-${port}`);

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the built
 * app, served by the real server on a fresh PGlite data folder seeded with demo data.
 * Screenshots of each step land in test-results/e2e-artifacts.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/smtp-global-setup.ts',
  outputDir: path.join(root, process.env.E2E_PORT ? `test-results/e2e-artifacts-${port}` : 'test-results/e2e-artifacts'),
  // Generous: on CI the journeys share two cores with a server suite; a journey is still judged by
  // what it waits for, never by how fast it is (benchmarks in bench/ measure speed).
  timeout: 300_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: reportDir ? [['list'], ['json', { outputFile: path.join(reportDir, 'playwright-e2e.json') }]] : [['list']],
  use: {
    baseURL,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node apps/server/dist/main.js`,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // LOG_LEVEL warn: only the server's warnings and errors reach the run's output, where a failed journey needs them.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ATRIUM_DATA_DIR: dataDir,
      ATRIUM_SEED_FILES_DIR: fixturesDir(),
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: baseURL,
    },
  },
});
