/**
 * `npm run bench`, builds section (issue 31), against a running server (`npm start` as shipped):
 * a merchant with a card saved through the paystack test gateway puts a default-design app on a
 * plan and orders it; an open page of the app (a socket in the room `builds:<alias>`) receives
 * every change. Measured:
 * - order pressed -> the build `succeeded` with the web app and the native project delivered
 *   (e-mail sent), median of 3 apps, target <= 30 s;
 * - each stage change -> on the open page: the event's arrival minus the moment the server
 *   started the stage (its `startedAt`, or `finishedAt` for the ending), over every stage of the
 *   3 builds, target <= 200 ms;
 * - the shop's web app (the last build's) in Lighthouse, mobile (its default: a mid-range phone,
 *   slow 4G, simulated), the same Chromium flags as `npm run lhci`, median of 3, target >= 0.95.
 *
 * Standalone: npx tsx scripts/bench-builds.ts http://localhost:4574
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { BUILD_EVENT, buildsRoom } from '../contract/builds/paths';
import type { Build } from '../contract/builds/schemas';
import { percentile } from './bench-kit';
import { apiOf, createShops, register } from './bench-collaborators';

export const BUILD_TARGETS = { deliveredMs: 30_000, progressMs: 200, webAppPerformance: 0.95 } as const;
const LIGHTHOUSE_RUNS = 3;
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const RUNS = 3;
/** The paystack test gateway's card that succeeds (server/src/modules/payments/sandbox/cards.ts). */
const GOOD_CARD = '4242424242424242';

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A card saved as a merchant saves one: initialize, the hosted page's form, the webhook. */
async function saveCard(base: string, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const { launch } = await json<{ launch: { checkoutUrl: string | null } }>(
    await fetch(`${base}/v1/transactions/initialize`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': `bench-builds-${Date.now()}` },
      body: JSON.stringify({ type: 'card-setup', provider: 'paystack', shopAlias: 'portal' }),
    }),
  );
  const page = new URL(launch.checkoutUrl ?? '');
  const form = new URLSearchParams({ number: GOOD_CARD, expiry: '12 / 34', cvc: '123', name: 'Bench Merchant' });
  await fetch(`${base}${page.pathname}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const cards = await json<unknown[]>(await fetch(`${base}/v1/authorizations`, { headers }));
    if (cards.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the card was not saved');
}

interface Run {
  deliveredMs: number;
  stageLatencies: number[];
  webAppUrl: string;
}

/** Lighthouse's mobile performance score of `url`, one run (tried again when Lighthouse itself fails, e.g. NO_NAVSTART, which it asks to run again). */
function lighthousePerformance(url: string, tries = 3): number {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return lighthouseRun(url);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`lighthouse run ${attempt} failed, again: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}

function lighthouseRun(url: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  try {
    const report = join(dir, 'report.json');
    const run = spawnSync(
      join(process.cwd(), 'node_modules', '.bin', 'lighthouse'),
      [url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${report}`, `--chrome-flags=${CHROME_FLAGS}`],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, encoding: 'utf8', timeout: 120_000 },
    );
    if (run.status !== 0) throw new Error(`lighthouse exited ${run.status}: ${run.stderr}`);
    return (JSON.parse(readFileSync(report, 'utf8')) as { categories: { performance: { score: number } } }).categories.performance.score;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function buildOnce(base: string, token: string, alias: string): Promise<Run> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  await json(await fetch(`${base}/v1/subscriptions`, { method: 'POST', headers, body: JSON.stringify({ shopAlias: alias, planCode: 'starter' }) }));
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.emit('join', buildsRoom(alias), (answer: { ok: boolean; message?: string }) => (answer.ok ? resolve() : reject(new Error(answer.message))));
    });
    const latencies: number[] = [];
    let lastStatus = '';
    const finished = new Promise<Build>((resolve) => {
      socket.on(BUILD_EVENT, (build: Build) => {
        const arrived = Date.now();
        if (build.status === lastStatus) return;
        lastStatus = build.status;
        const stage = build.stages.find((item) => item.name === build.status);
        const changedAt = stage?.startedAt ?? build.finishedAt;
        if (changedAt && build.status !== 'queued') latencies.push(arrived - Date.parse(changedAt));
        if (['succeeded', 'failed', 'cancelled'].includes(build.status)) resolve(build);
      });
    });
    const started = performance.now();
    await json(await fetch(`${base}/v1/shops/${alias}/builds`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': `bench-${alias}` }, body: '{}' }));
    const build = await finished;
    const deliveredMs = performance.now() - started;
    if (build.status !== 'succeeded') throw new Error(`build ${build.id} ${build.status}: ${JSON.stringify(build.error)}`);
    return { deliveredMs, stageLatencies: latencies, webAppUrl: build.webAppUrl ?? '' };
  } finally {
    socket.close();
  }
}

export interface BuildFigures {
  deliveredMs: number[];
  median: number;
  progress: { p50: number; max: number; n: number };
  /** Lighthouse mobile performance of the shop's web app, each run and the median. */
  webApp: { scores: number[]; median: number };
}

export async function benchBuilds(base: string): Promise<BuildFigures> {
  const api = await apiOf(base);
  const merchant = await register(api, 'Builder');
  await saveCard(base, merchant.token);
  const aliases = await createShops(api, merchant.token, RUNS);
  const runs: Run[] = [];
  for (const alias of aliases) runs.push(await buildOnce(base, merchant.token, alias));
  const delivered = runs.map((run) => run.deliveredMs);
  const latencies = runs.flatMap((run) => run.stageLatencies);
  const webAppUrl = new URL(new URL(runs.at(-1)?.webAppUrl ?? '').pathname, base).toString();
  const scores = Array.from({ length: LIGHTHOUSE_RUNS }, () => lighthousePerformance(webAppUrl));
  return {
    webApp: { scores, median: percentile(scores, 50) },
    deliveredMs: delivered,
    median: percentile(delivered, 50),
    progress: { p50: percentile(latencies, 50), max: Math.max(...latencies), n: latencies.length },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchBuilds(process.argv[2] ?? 'http://localhost:8080');
  console.log(JSON.stringify(figures, null, 2));
}
