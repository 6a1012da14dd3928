import { queryOptions } from '@tanstack/react-query';
import { BILLING_PATHS } from '@contract/billing/paths';
import { BILLINGS_LIMIT_MAX, type Billing } from '@contract/billing/schemas';
import { apiPage } from '@/api/page';
import { billingKeys } from '../keys';

const FALLBACK = 'Could not load your bills';

const billingsPage = (page: number, signal?: AbortSignal) =>
  apiPage<Billing>(BILLING_PATHS.billings, { query: { page, limit: BILLINGS_LIMIT_MAX }, fallback: FALLBACK, signal });

/**
 * GET /v1/billings: every bill of the signed-in user, newest month first. `/billing` groups them
 * all by month: two years of 20 apps (480 bills) come in one answer of BILLINGS_LIMIT_MAX; beyond
 * that the first page says how many there are (X-Total-Count), then the other pages are asked for
 * at once and joined in page order (one round trip more, whatever the count).
 */
async function getBillings(signal?: AbortSignal): Promise<Billing[]> {
  const first = await billingsPage(0, signal);
  const pages = Math.ceil(first.total / BILLINGS_LIMIT_MAX);
  if (first.items.length < BILLINGS_LIMIT_MAX || pages <= 1) return first.items;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_unused, index) => billingsPage(index + 1, signal)));
  // A bill written between the calls shifts the pages by one: the same bill on two pages is kept once.
  const seen = new Set<number>();
  return [first, ...rest].flatMap((page) => page.items).filter((bill) => !seen.has(bill.id) && Boolean(seen.add(bill.id)));
}

export function billingsQueryOptions() {
  // Money: kept out of localStorage like other payment data.
  return queryOptions({ queryKey: billingKeys.list(), queryFn: ({ signal }) => getBillings(signal), meta: { persist: false } });
}
