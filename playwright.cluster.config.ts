/**
 * `npm run test:cluster`: the journeys tagged @cluster (design edit with a second device, chat,
 * notifications, invite accept, template create, a process killed mid-flow) against three server
 * processes behind one address, each request free to land on any process (e2e/cluster-server.ts,
 * docs/deploy.md).
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Clear of E2E_PORT and of own servers' E2E_PORT + 100.
const PORT = Number(process.env.E2E_PORT ?? 4173) + 200;
const BASE_URL = `http://localhost:${PORT}`;
// Journeys that start a server of their own (e2e/own-server.ts) start a cluster too.
process.env.E2E_CLUSTER = '1';

export default defineConfig({
  ...base,
  grep: /@cluster/,
  outputDir: 'test-results/cluster',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/cluster' }]] : 'list',
  use: { ...base.use, baseURL: BASE_URL },
  webServer: {
    command: 'npx tsx e2e/cluster-server.ts',
    env: { CLUSTER_PORT: String(PORT) },
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    // Three processes migrate and seed one database in turn (an advisory lock), on 2 cores.
    timeout: 180_000,
    // SIGTERM lets the processes close and the run's database be dropped.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
