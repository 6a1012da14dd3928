/**
 * Query data a page was rendered with on the server for this request (`/templates` with its
 * templates: server/src/web/page-renderer.ts). The HTML carries it as JSON (SERVED_DATA_ID); the
 * client puts it into its query cache before hydrating, so its first render shows the data the
 * HTML shows, and the part showing it needs no "until hydrated" placeholder
 * (src/lib/hydration.ts).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ServedData, ServedQuery } from '@contract/pages';
import { SERVED_DATA_ID } from '@contract/served-data';

let served: readonly ServedQuery[] = [];

/** Puts served data into the cache and remembers what was served (the prerender, and main.tsx). */
export function applyServedData(queryClient: QueryClient, data: ServedData): void {
  served = data.queries;
  for (const query of data.queries) queryClient.setQueryData(query.queryKey, query.data, { updatedAt: data.readAt });
}

/** Whether the page came with this query's data. */
export function wasServed(queryKey: QueryKey): boolean {
  const key = JSON.stringify(queryKey);
  return served.some((query) => JSON.stringify(query.queryKey) === key);
}

/** The ServedData in this document, or null (none, or not readable). */
export function servedDataInDocument(): ServedData | null {
  const text = document.getElementById(SERVED_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as ServedData;
    return Array.isArray(data.queries) && typeof data.readAt === 'number' ? data : null;
  } catch {
    return null;
  }
}
