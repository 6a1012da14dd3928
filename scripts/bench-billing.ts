/**
 * The billing section of `npm run bench` (issue 30, "Speed"):
 *
 * - The monthly close of 10,000 subscriptions on PostgreSQL (target <= 60 s): 2,000 merchants with
 *   a saved test card each (the built-in paystack test gateway, in a process of its own as a real
 *   provider is: `npm run test-gateways`, whose webhooks come back to the server), 5 apps each,
 *   live time last month, a quarter of them with credit.
 *   Seeded in bulk with SQL (not timed); then `closeMonth` is timed end to end, every bill written
 *   and every charge made through the gateway adapter, receipts mailed (to the outbox). Checked:
 *   10,000 bills, one successful charge per payable bill, and a second close bills and charges 0.
 *   Skipped, with a message, when PostgreSQL does not answer.
 * - `/billing` with 24 months of bills of 20 apps (480 bills) in Chromium on the throttled phone
 *   profile of the list benches (bench-kit.ts: 4x CPU, 150 ms RTT, 1.6 Mbps, 390x844): from the
 *   navigation's start to the first frame that shows the oldest month's heading and the
 *   outstanding total (every bill loaded and rendered), warm, p50/p95 (target <= 1000 ms).
 *
 * Alone (after `npm run build`): `npx tsx scripts/bench-billing.ts [close|page]`; the PostgreSQL
 * server is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), on which a
 * fresh database is made and dropped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { and, count, eq, gt } from 'drizzle-orm';
import { monthKey, monthLabel } from '../contract/billing/formula';
import { buildApp, type AppInstance } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { DatabaseHandle } from '../server/src/db/database';
import { billings, paymentTransactions, plans, shops, subscriptionPlans, subscriptions } from '../server/src/db/schema';
import { openSeededDatabaseAt } from '../server/src/seed';
import { precompressDist } from '../server/src/web/precompress';
import { APPS_PER_MERCHANT, lastMonth, seedClose } from './close-seed';
import {
  freePort,
  freshPostgres,
  LAUNCH,
  startTsxServer,
  stopServer,
  type RunningServer,
  markedClick,
  markNextClick,
  percentile,
  throttledPhonePage,
} from './bench-kit';
import { apiOf, createShops, register } from './bench-collaborators';

export const BILLING_TARGETS = { closeSeconds: 60, pageMs: 1000 } as const;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** BENCH_CLOSE_MERCHANTS: fewer for a quick look (5 apps each). */
const MERCHANTS = Number(process.env.BENCH_CLOSE_MERCHANTS ?? 2_000);
const SUBSCRIPTIONS = MERCHANTS * APPS_PER_MERCHANT;

const PAGE_APPS = 20;
const PAGE_MONTHS = 24;
const PAGE_RUNS = 11;

async function startApp(
  database: DatabaseHandle,
  servePortal: boolean,
  env: Record<string, string> = {},
  port = 0,
): Promise<{ app: AppInstance; base: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-billing-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(servePortal ? {} : { DIST_DIR: path.join(dataDir, 'dist') }), ...env });
  const app = await buildApp({ config, db: database, logger: false, servePortal, jobs: false });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, dataDir };
}

// ---------------------------------------------------------------- the close

/** The built-in test gateways in a process of their own, as a real provider is (`npm run test-gateways`); answers how to stop it. */
async function startTestGateways(env: Record<string, string>): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-gateways-'));
  const stop = (server?: RunningServer) => async () => {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await startTsxServer('server/src/cli/test-gateways.ts', {
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      health: `${env.TEST_GATEWAYS_URL}/healthz`,
      timeoutMs: 60_000,
    });
    return stop(server);
  } catch (error) {
    await stop()();
    throw error;
  }
}

export interface CloseFigures {
  subscriptions: number;
  seconds: number;
  billed: number;
  charged: number;
  chargesPerSecond: number;
  /** Bills of the month in the database after the close, and charges that succeeded. */
  bills: number;
  payableBills: number;
  successfulCharges: number;
  again: { billed: number; charged: number; seconds: number };
  ok: boolean;
}

/** The close of 10,000 subscriptions on a fresh PostgreSQL database; null when PostgreSQL does not answer. */
async function benchBillingClose(serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<CloseFigures | null> {
  const postgres = await freshPostgres(serverUrl, 'bench_billing');
  if (!postgres) return null;
  const database = await openSeededDatabaseAt({ kind: 'postgres', url: postgres.url });
  const [appPort, gatewaysPort] = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'bench-billing-jwt-secret-long-enough-for-hs256',
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    TEST_GATEWAYS_URL: `http://127.0.0.1:${gatewaysPort}`,
    LOG_LEVEL: 'silent',
  };
  const stopGateways = await startTestGateways(env);
  const { app, dataDir } = await startApp(database, false, env, appPort);
  try {
    await seedClose(database, MERCHANTS);
    await database.executeSql('ANALYZE');
    const { year, month } = lastMonth();
    const started = performance.now();
    const result = await app.closeBillingMonth(year, month);
    const seconds = (performance.now() - started) / 1000;
    const [bills] = await database.db
      .select({ n: count() })
      .from(billings)
      .where(and(eq(billings.year, year), eq(billings.month, month)));
    const [payable] = await database.db
      .select({ n: count() })
      .from(billings)
      .where(and(eq(billings.year, year), eq(billings.month, month), gt(billings.payable, 0)));
    const [charges] = await database.db
      .select({ n: count() })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.type, 'billing'), eq(paymentTransactions.status, 'success')));
    const againStarted = performance.now();
    const again = await app.closeBillingMonth(year, month);
    const againSeconds = (performance.now() - againStarted) / 1000;
    const figures = {
      subscriptions: SUBSCRIPTIONS,
      seconds,
      billed: result.billed,
      charged: result.charged,
      chargesPerSecond: result.charged / seconds,
      bills: bills?.n ?? 0,
      payableBills: payable?.n ?? 0,
      successfulCharges: charges?.n ?? 0,
      again: { ...again, seconds: againSeconds },
    };
    return {
      ...figures,
      ok:
        figures.billed === SUBSCRIPTIONS &&
        figures.bills === SUBSCRIPTIONS &&
        figures.charged === figures.payableBills &&
        figures.successfulCharges === figures.payableBills &&
        again.billed === 0 &&
        again.charged === 0,
    };
  } finally {
    await app.close();
    await stopGateways();
    await database.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- /billing

/** One merchant, 20 apps (made through the API), 24 months of bills each: the last month's unpaid (declined), the rest paid. */
async function seedPage(database: DatabaseHandle, base: string): Promise<{ token: string; oldest: string }> {
  const { db } = database;
  const api = await apiOf(base);
  const merchant = await register(api, 'Biller');
  const aliases = await createShops(api, merchant.token, PAGE_APPS);
  const shopRows = await db.select({ id: shops.id, alias: shops.alias }).from(shops).where(eq(shops.ownerUserId, merchant.id));
  const planRows = await db.select().from(plans).orderBy(plans.sortOrder);
  const months = Array.from({ length: PAGE_MONTHS }, (_unused, back) => {
    const date = new Date(Date.UTC(lastMonth().year, lastMonth().month - 1 - back, 1));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
  });
  const oldestMonth = months.at(-1) ?? { year: 0, month: 1 };
  const since = new Date(Date.UTC(oldestMonth.year, oldestMonth.month - 1, 1));
  const subscriptionRows = await db
    .insert(subscriptions)
    .values(
      aliases.map((alias, i) => ({
        subscriptionCode: `SUB_page${merchant.id}x${i}`,
        userId: merchant.id,
        shopId: shopRows.find((shop) => shop.alias === alias)?.id ?? null,
        shopAlias: alias,
        status: 'paused',
        createdAt: since,
      })),
    )
    .returning();
  await db
    .insert(subscriptionPlans)
    .values(
      subscriptionRows.map((subscription, i) => ({ subscriptionId: subscription.id, planId: planRows[i % planRows.length]?.id ?? 0, effectiveFrom: since })),
    );
  const rows = subscriptionRows.flatMap((subscription, i) =>
    months.map(({ year, month }, back) => {
      const plan = planRows[i % planRows.length];
      if (!plan) throw new Error('no plans');
      const usageMinutes = 600 + ((i * 37 + back * 53) % 20_000);
      const amount = Math.round((usageMinutes * plan.amount) / (24 * 30 * 60));
      return { subscription, year, month, plan, usageMinutes, amount, paid: back > 0, reference: `ssa_page${merchant.id}x${i}x${back}` };
    }),
  );
  await db.insert(paymentTransactions).values(
    rows.map((row) => ({
      reference: row.reference,
      userId: merchant.id,
      provider: 'paystack',
      type: 'billing',
      amount: Math.max(1, row.amount),
      currencyCode: row.plan.currencyCode,
      status: row.paid ? 'success' : 'failed',
      failureMessage: row.paid ? null : 'Your card was declined.',
      appAlias: row.subscription.shopAlias,
      testMode: true,
      idempotencyKey: `page-${row.reference}`,
    })),
  );
  await db.insert(billings).values(
    rows.map((row) => ({
      subscriptionId: row.subscription.id,
      userId: merchant.id,
      shopAlias: row.subscription.shopAlias,
      year: row.year,
      month: row.month,
      usageMinutes: row.usageMinutes,
      planId: row.plan.id,
      planAmount: row.plan.amount,
      currencyCode: row.plan.currencyCode,
      amount: row.amount,
      creditUsed: 0,
      payable: row.amount,
      transactionReference: row.reference,
      noticeSent: row.paid ? 'paid' : 'failed',
    })),
  );
  const oldest = monthLabel(since.getUTCFullYear(), since.getUTCMonth() + 1);
  return { token: merchant.token, oldest };
}

interface BenchWindow {
  document: { getElementById(id: string): { textContent: string | null } | null; querySelectorAll(selector: string): ArrayLike<unknown> };
}

/**
 * performance.now() of the first frame showing the outstanding total and the newest month's `apps`
 * bills (what a phone's first screen of bills holds; the page opens the last month), with
 * `all` false; with `all` true, of the first frame that also has the oldest month's heading.
 */
async function billsShownAt(page: Page, target: { oldestKey: string; oldest: string; newestLabel: string; apps: number; all: boolean }): Promise<number> {
  const handle = await page.waitForFunction(
    ({ oldestKey, oldest, newestLabel, apps, all }) => {
      const { document } = globalThis as unknown as BenchWindow;
      const heading = document.getElementById(`month-${oldestKey}`);
      const due = document.getElementById('due-heading');
      const shown =
        (!all || heading?.textContent === oldest) && due !== null && document.querySelectorAll(`ul[aria-label="Bills of ${newestLabel}"] > li`).length === apps;
      return shown ? performance.now() : false;
    },
    target,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

export interface PageFigures {
  bills: number;
  apps: number;
  months: number;
  runs: number;
  coldMs: number;
  /** Billing tapped in the footer of another page -> the page shown, p50/p95 (the target). */
  tapP50: number;
  tapP95: number;
  /** The same tap -> every month's heading drawn (the closed months come after the first paint), p50. */
  tapAllP50: number;
  /** Full page load, warm, p50/p95 (report only: it includes the portal's own start-up). */
  p50: number;
  p95: number;
  /** Navigation start -> the last GET /v1/billings answer in, warm, p50: what is left of p50 is the page's own work. */
  dataInP50: number;
  /** GET /v1/billings calls of the last load. */
  billingsCalls: number;
}

/** `/billing` with 480 bills on the throttled phone profile, on PostgreSQL when it answers, else on an embedded database. */
export async function benchBillingPage(serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<PageFigures> {
  await precompressDist(path.join(ROOT, 'dist'));
  const postgres = await freshPostgres(serverUrl, 'bench_billing_page');
  const database = await openSeededDatabaseAt(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null });
  const { app, base, dataDir } = await startApp(database, true);
  const browser = await chromium.launch(LAUNCH);
  try {
    const { token, oldest } = await seedPage(database, base);
    const oldestMonth = new Date(Date.UTC(lastMonth().year, lastMonth().month - PAGE_MONTHS, 1));
    const oldestKey = monthKey(oldestMonth.getUTCFullYear(), oldestMonth.getUTCMonth() + 1);
    const bills = PAGE_APPS * PAGE_MONTHS;
    const newestLabel = monthLabel(lastMonth().year, lastMonth().month);
    const page = await throttledPhonePage(browser, token);
    let billingsCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/billings') billingsCalls += 1;
    });
    const dataIn: number[] = [];
    const load = async () => {
      billingsCalls = 0;
      await page.goto(`${base}/billing`, { waitUntil: 'commit' });
      const shown = await billsShownAt(page, { oldestKey, oldest, newestLabel, apps: PAGE_APPS, all: false });
      await billsShownAt(page, { oldestKey, oldest, newestLabel, apps: PAGE_APPS, all: true });
      // When the last bills answer had arrived (from the navigation's start): the rest is the page's own work.
      dataIn.push(
        (await page.evaluate(
          `Math.max(...performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/v1/billings').map((entry) => entry.responseEnd))`,
        )) as number,
      );
      return shown;
    };
    const coldMs = await load();
    dataIn.length = 0;
    const warm: number[] = [];
    for (let run = 0; run < PAGE_RUNS; run += 1) warm.push(await load());
    const tap: number[] = [];
    const tapAll: number[] = [];
    for (let run = 0; run < PAGE_RUNS; run += 1) {
      await page.goto(`${base}/payment-methods`);
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Billing', exact: true });
      await link.waitFor({ timeout: 60_000 });
      await markNextClick(page);
      await link.click();
      const at = await billsShownAt(page, { oldestKey, oldest, newestLabel, apps: PAGE_APPS, all: false });
      const clicked = await markedClick(page);
      tap.push(at - clicked);
      tapAll.push((await billsShownAt(page, { oldestKey, oldest, newestLabel, apps: PAGE_APPS, all: true })) - clicked);
    }
    return {
      bills,
      apps: PAGE_APPS,
      months: PAGE_MONTHS,
      runs: PAGE_RUNS,
      coldMs: Math.round(coldMs),
      tapP50: Math.round(percentile(tap, 50)),
      tapP95: Math.round(percentile(tap, 95)),
      tapAllP50: Math.round(percentile(tapAll, 50)),
      p50: Math.round(percentile(warm, 50)),
      p95: Math.round(percentile(warm, 95)),
      dataInP50: Math.round(percentile(dataIn, 50)),
      billingsCalls,
    };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv[2];
  if (only !== 'page') {
    const close = await benchBillingClose();
    if (!close) console.log('PostgreSQL does not answer: the close of 10,000 subscriptions was not measured.');
    else console.log(JSON.stringify(close));
  }
  if (only !== 'close') console.log(JSON.stringify(await benchBillingPage()));
}
