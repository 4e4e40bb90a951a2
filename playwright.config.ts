import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// A fresh data folder (embedded database, uploads) per run, made once by the main process.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'beurs-e2e-'));
fs.chmodSync(process.env.E2E_DATA_DIR, 0o777);
// The server copies its MAIL lines (with the email codes) here; the tests read codes from it, as a developer
// reads them in the log, because the console outbox keeps them redacted.
process.env.E2E_MAIL_LOG_FILE ??= path.join(process.env.E2E_DATA_DIR, 'mail.log');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the tests are bound by this machine's two cores (browser, server and PostgreSQL share them). Two
  // workers were measured on 2026-12-05: the 41 tests both runs finished took 10.8 min of test time against 4.8 min
  // one at a time, and the first 13.5 min got through what one worker does in about 9.3.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    // Dialogs open without their zoom: a click cannot land on a button that the animation is still moving
    // (the console's adjustment confirmation lost a click so on a loaded CI machine). The apps honour it.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://localhost:${port}/web/appVersion/getPublishAppVersion`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Markets open whatever day the tests run: the server starts its clock on a Monday afternoon (UTC).
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      MAIL_LOG_FILE: process.env.E2E_MAIL_LOG_FILE,
      LOG_LEVEL: 'warn',
      SIM_CLOCK_START: '2026-11-23T15:30:00Z',
      // The specs sign operators in many times a minute; a code is good once per 30 s step. The second factor
      // has its own tests (apps/server/src/modules/auth/totp.test.ts, e2e/second-factor.spec.ts).
      OPERATOR_TOTP_REQUIRED: 'false',
    },
  },
});
