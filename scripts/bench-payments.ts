/**
 * `npm run bench`, payments section (issue 29), against a running server in test mode: `/payments`
 * with 500 transactions on Chromium with the phone profile the `/apps` bench uses (4x CPU
 * throttling, 150 ms RTT, 1.6 Mbps down / 750 kbps up, 390x844). What a merchant waits for: from
 * the tap on All payments (on /payment-methods) to the first page (50 rows) in the DOM with the
 * right total ("Showing 50 of 500 payments"), target <= 1 s; the same from a full page load,
 * warm (report only: it includes the portal's own start-up); then, as information, the waits of
 * the Show more presses that bring all 500 rows. The transactions are made through
 * POST /v1/transactions/initialize against the built-in paystack test gateway.
 *
 * Standalone, against a server started with `npm start` (or `PORT=... DATA_DIR=... npx tsx server/src/main.ts`):
 *   npx tsx scripts/bench-payments.ts http://localhost:4574
 */
import { chromium, type Page } from '@playwright/test';
import { LAUNCH, markedClick, markNextClick, percentile, throttledPhonePage } from './bench-kit';
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

interface BenchWindow {
  document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
}

/** performance.now() of the first frame in which the list holds `rows` rows and says `count` (the server's total, as the page words it). */
async function shownAt(page: Page, rows: number, count: string): Promise<number> {
  const handle = await page.waitForFunction(
    ({ rows, count }) => {
      const { document } = globalThis as unknown as BenchWindow;
      const shown =
        document.querySelectorAll('[aria-label="Payments"] > li').length === rows &&
        Array.from(document.querySelectorAll('[role="status"]')).some((element) => element.textContent === count);
      return shown ? performance.now() : false;
    },
    { rows, count },
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

const firstScreenAt = (page: Page) => shownAt(page, PAGE_SIZE, `Showing ${PAGE_SIZE} of ${TRANSACTIONS} payments`);

/** From the first screen: Show more until every row is in the list; the merchant's waits added up (each press to its rows). */
async function showAll(page: Page): Promise<number> {
  let waited = 0;
  for (let shown = PAGE_SIZE; shown < TRANSACTIONS; shown += PAGE_SIZE) {
    await markNextClick(page);
    await page.getByRole('button', { name: 'Show more' }).click();
    const next = Math.min(shown + PAGE_SIZE, TRANSACTIONS);
    const at = await shownAt(page, next, next < TRANSACTIONS ? `Showing ${next} of ${TRANSACTIONS} payments` : `${TRANSACTIONS} payments`);
    waited += at - (await markedClick(page));
  }
  return waited;
}

export interface PaymentsFigures {
  /** All payments link tapped -> first page shown with the total, median of 3. */
  navigateMs: number;
  /** Full page load (navigation start) -> first page shown with the total, warm, median of 3. */
  warmMs: number;
  /** First page -> every row, the waits of the Show more presses added up, median of 3. */
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
      await page.goto(`${base}/payments`, { waitUntil: 'commit' });
      return firstScreenAt(page);
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
      await markNextClick(page);
      await link.click();
      const at = await firstScreenAt(page);
      navigate.push(at - (await markedClick(page)));
    }
    const median = (values: number[]) => Math.round(percentile(values, 50));
    return { navigateMs: median(navigate), warmMs: median(warm), showAllMs: median(all), transactions: TRANSACTIONS, pageSize: PAGE_SIZE };
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
