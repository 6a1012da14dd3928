import { queryOptions } from '@tanstack/react-query';
import { BILLING_PATHS } from '@contract/billing/paths';
import type { Billing } from '@contract/billing/schemas';
import { PAGE_LIMIT_MAX } from '@contract/paging';
import { api } from '@/api/client';
import { billingKeys } from '../keys';

/** GET /v1/billings: the signed-in user's bills, newest month first (two years of 8 apps on one page). */
function getBillings(signal?: AbortSignal): Promise<Billing[]> {
  return api<Billing[]>(BILLING_PATHS.billings, { query: { page: 0, limit: PAGE_LIMIT_MAX }, fallback: 'Could not load your bills', signal });
}

export function billingsQueryOptions() {
  // Money: kept out of localStorage like other payment data.
  return queryOptions({ queryKey: billingKeys.list(), queryFn: ({ signal }) => getBillings(signal), meta: { persist: false } });
}
