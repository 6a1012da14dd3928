import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts run their journeys side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://localhost:${PORT}`;

// One fresh data directory per run. The runner creates it; its workers inherit the variable,
// so they neither create another nor delete it, and the runner removes it when it exits.
let dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  dataDir = created;
  process.env.E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: 'e2e',
  // A journey with three accessibility checks (axe plus a contrast pass each) takes 25-30 s on a
  // loaded 2-core machine: 30 s failed one that had passed every step. Each step keeps 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two cores run the server and the browser; one worker keeps timings steady.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    // Journeys run on a phone-sized screen (the portal is used on phones).
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    trace: 'retain-on-failure',
    launchOptions: {
      // Never download a browser: Debian's Chromium (docs/toolchain.md).
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // `npm run test:e2e` builds first, so the server serves dist/ as it is.
    command: 'npx tsx server/src/main.ts',
    // Loopback is a trusted proxy: API sign-ups name their own visitor address (e2e/accounts.ts).
    env: { PORT: String(PORT), DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
