import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the console against the real stack (scripts/start.mjs: API on the database
 * emulator, runner and dispatcher on the Unipile simulator), started once for the whole suite.
 * Chromium is the system's (Debian's `chromium` package): Playwright's own browser download is
 * not used. CHROMIUM_PATH points elsewhere if needed.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // One stack, one browser: the flows build on each other (a campaign runs, then its reply is answered).
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./e2e/support/count-reporter.ts']],
  outputDir: '.playwright',
  projects: [
    // The first owner, from the setup link the API printed: first, once, before everything else.
    { name: 'people-setup', testMatch: /people-setup\.setup\.ts$/ },
    { name: 'console', testMatch: /\.spec\.ts$/, dependencies: ['people-setup'] },
  ],
  use: {
    headless: true,
    viewport: { width: 1100, height: 760 },
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      // Containers and CI run as root, where Chromium's sandbox cannot start.
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    },
    trace: 'off',
    screenshot: { mode: 'only-on-failure', fullPage: true },
  },
});
