/**
 * The one paging rule of every list call: `?page=<n>&limit=<m>`, page 0-based (default 0),
 * limit 1 to PAGE_LIMIT_MAX (default per call: 50, shop media 100). `data` holds that page's
 * items; the TOTAL_COUNT_HEADER (contract/api.ts) says how many items all pages hold together.
 */
import { z } from './zod';

export const PAGE_LIMIT_MAX = 200;
export const PAGE_MAX = 10_000;

/** `page` and `limit` of a list call whose default page size is `defaultLimit` (at most `maxLimit`). */
export function pageQuery(defaultLimit: number, maxLimit = PAGE_LIMIT_MAX) {
  return z.object({
    page: z.coerce.number().int().min(0).max(PAGE_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

/** The items of one page. */
export function pageOf<T>(items: readonly T[], page: number, limit: number): T[] {
  return items.slice(page * limit, page * limit + limit);
}
