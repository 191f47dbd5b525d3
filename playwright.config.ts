/**
 * The browser tests (test/e2e/*.test.ts) on @playwright/test: Debian's Chromium, two files at a
 * time (each file starts its own app server in a `beforeAll` and runs its tests in order), and a
 * failed file retried once in CI. A test that passes on its retry is flaky: the list reporter and
 * npm test's summary (scripts/test.sh, from test-results/playwright.json) name it.
 */
import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.test.ts',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/playwright',
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // A file's first test waits for its server (a fresh database's start, E2E_START_SECONDS) and
  // some tests hold answers back 10 s on purpose: generous per-test limits on a loaded 2-core machine.
  timeout: 180_000,
  // Web-first assertions wait as long as the waits they replace (30 s on a loaded machine).
  expect: { timeout: 30_000 },
  // No HTML report: the log and the JSON report (counted by scripts/test.sh) are what CI keeps.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
})
