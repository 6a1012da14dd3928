/**
 * `npm run bench`, payments section (issue 29), against a running server in test mode:
 * `/payments` with 500 transactions -> 500 payments in the DOM, Chromium with the phone profile
 * the `/apps` bench uses (4x CPU throttling, 150 ms RTT, 1.6 Mbps down / 750 kbps up, 390x844),
 * opened from /payment-methods (its All payments link; target <= 1 s), and as a full page load,
 * warm (report only: it includes the portal's own start-up). The transactions are made through
 * POST /v1/transactions/initialize against the built-in paystack test gateway.
 *
 *   npx tsx scripts/bench-payments.ts http://localhost:4574   (or from scripts/bench.ts)
 */
import { chromium } from '@playwright/test';
import { LAUNCH, percentile, throttledPhonePage } from './bench-kit';
import { apiOf, register } from './bench-collaborators';

export const PAYMENTS_TARGETS = { listMs: 1000 } as const;
const TRANSACTIONS = 500;
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

export async function benchPayments(base: string): Promise<{ navigateMs: number; warmMs: number; transactions: number }> {
  const api = await apiOf(base);
  const payer = await register(api, 'Payer');
  await makeTransactions(base, payer.token);
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await throttledPhonePage(browser, payer.token);
    type Doc = { document: { querySelectorAll(selector: string): { length: number } } };
    const waitForList = () =>
      page.waitForFunction((count) => (globalThis as unknown as Doc).document.querySelectorAll('[aria-label="Payments"] > li').length >= count, TRANSACTIONS, {
        timeout: 60_000,
        polling: 'raf',
      });
    const load = async () => {
      const start = Date.now();
      await page.goto(`${base}/payments`, { waitUntil: 'commit' });
      await waitForList();
      return Date.now() - start;
    };
    await load();
    const warm: number[] = [];
    for (let i = 0; i < 3; i += 1) warm.push(await load());
    const navigate: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`${base}/payment-methods`);
      const link = page.getByRole('link', { name: 'All payments' });
      await link.waitFor({ timeout: 60_000 });
      const start = Date.now();
      await link.click();
      await waitForList();
      navigate.push(Date.now() - start);
    }
    return { navigateMs: percentile(navigate, 50), warmMs: percentile(warm, 50), transactions: TRANSACTIONS };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchPayments(process.argv[2] ?? 'http://localhost:8080');
  console.log(`/payments with ${figures.transactions}: All payments link -> list rendered ${figures.navigateMs} ms; full load (warm) ${figures.warmMs} ms`);
}
