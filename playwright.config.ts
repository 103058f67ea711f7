import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser). Each spec file starts its own
 * server on a free port with a fresh data folder (e2e/support/fixtures.ts), so there is no webServer here.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  // Two spec files at a time (each with its own server and data folder): the browser and the
  // server of one wait on each other, so two fill a 2-CPU machine that one leaves half idle.
  workers: 2,
  retries: 0,
  // Hang guards, not speed limits: a loaded 2-CPU machine is slow, not broken (a 12 MB create
  // has taken over a minute, an audit list over ten seconds, in CI), so a test gets ten minutes and
  // an assertion one, and the few that wait longer say so.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
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
});
