/**
 * `npm run bench`, payments section (issue 29), against a running server in test mode: `/payments`
 * with 500 transactions on Chromium with the phone profile the `/apps` bench uses (4x CPU
 * throttling, 150 ms RTT, 1.6 Mbps down / 750 kbps up, 390x844). What a merchant waits for: the
 * first page (50 rows) in the DOM with the right total ("Showing 50 of 500 payments"), opened from
 * /payment-methods (its All payments link; target <= 1 s) and as a full page load, warm (report
 * only: it includes the portal's own start-up); then, as information, the time from that first
 * screen to all 500 rows by pressing Show more. The transactions are made through
 * POST /v1/transactions/initialize against the built-in paystack test gateway.
 *
 * Standalone, against a server started with `npm start` (or `PORT=... DATA_DIR=... npx tsx server/src/main.ts`):
 *   npx tsx scripts/bench-payments.ts http://localhost:4574
 */
import { chromium, type Page } from '@playwright/test';
import { LAUNCH, percentile, throttledPhonePage } from './bench-kit';
import { apiOf, register } from './bench-collaborators';

export const PAYMENTS_TARGETS = { firstPageMs: 1000 } as const;
const TRANSACTIONS = 500;
/** The list's page size (CONSTANTS.defaultListLimit). */
const PAGE_SIZE = 50;
const PARALLEL = 8;

async function makeTransactions(base: string, token: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < TRANSACTIONS) {
      next += 1;
      const response = await fetch(`${base}/v1/transactions/initialize`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${next}-${Date.now()}` },
        body: JSON.stringify({ type: 'card-setup', provider: 'paystack', shopAlias: 'portal' }),
      });
      if (!response.ok) throw new Error(`initialize answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

interface Doc {
  document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
}

/** Waits until the list holds `rows` rows and says `count` (the server's total, as the page words it). */
function waitForList(page: Page, rows: number, count: string): Promise<unknown> {
  return page.waitForFunction(
    ({ rows, count }) => {
      const { document } = globalThis as unknown as Doc;
      return (
        document.querySelectorAll('[aria-label="Payments"] > li').length === rows &&
        Array.from(document.querySelectorAll('[role="status"]')).some((element) => element.textContent === count)
      );
    },
    { rows, count },
    { timeout: 60_000, polling: 'raf' },
  );
}

const firstScreen = (page: Page) => waitForList(page, PAGE_SIZE, `Showing ${PAGE_SIZE} of ${TRANSACTIONS} payments`);

/** From the first screen: Show more until every row is in the list (each press waits for the one before). */
async function showAll(page: Page): Promise<number> {
  const start = Date.now();
  for (let shown = PAGE_SIZE; shown < TRANSACTIONS; shown += PAGE_SIZE) {
    await page.getByRole('button', { name: 'Show more' }).click();
    const next = Math.min(shown + PAGE_SIZE, TRANSACTIONS);
    await waitForList(page, next, next < TRANSACTIONS ? `Showing ${next} of ${TRANSACTIONS} payments` : `${TRANSACTIONS} payments`);
  }
  return Date.now() - start;
}

export interface PaymentsFigures {
  /** All payments link -> first page with the total, median of 3. */
  navigateMs: number;
  /** Full page load -> first page with the total, warm, median of 3. */
  warmMs: number;
  /** First page -> all rows by Show more, median of 3. */
  showAllMs: number;
  transactions: number;
  pageSize: number;
}

export async function benchPayments(base: string): Promise<PaymentsFigures> {
  const api = await apiOf(base);
  const payer = await register(api, 'Payer');
  await makeTransactions(base, payer.token);
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await throttledPhonePage(browser, payer.token);
    const load = async () => {
      const start = Date.now();
      await page.goto(`${base}/payments`, { waitUntil: 'commit' });
      await firstScreen(page);
      return Date.now() - start;
    };
    await load();
    const warm: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      warm.push(await load());
      all.push(await showAll(page));
    }
    const navigate: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`${base}/payment-methods`);
      const link = page.getByRole('link', { name: 'All payments' });
      await link.waitFor({ timeout: 60_000 });
      const start = Date.now();
      await link.click();
      await firstScreen(page);
      navigate.push(Date.now() - start);
    }
    return {
      navigateMs: percentile(navigate, 50),
      warmMs: percentile(warm, 50),
      showAllMs: percentile(all, 50),
      transactions: TRANSACTIONS,
      pageSize: PAGE_SIZE,
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchPayments(process.argv[2] ?? 'http://localhost:8080');
  console.log(
    `/payments with ${figures.transactions}: All payments link -> first ${figures.pageSize} with the total ${figures.navigateMs} ms (target <= ${PAYMENTS_TARGETS.firstPageMs} ms); ` +
      `full load (warm) ${figures.warmMs} ms; first page -> all ${figures.transactions} by Show more ${figures.showAllMs} ms`,
  );
}
