import { TOTAL_COUNT_HEADER } from '@contract/api';
import { api, type RequestOptions } from './client';

/** One page of a list call: its items and how many all pages hold (contract/paging.ts). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** A list call (`?page&limit`): the page's items and the `X-Total-Count` of every page. */
export async function apiPage<T>(path: string, options: Omit<RequestOptions, 'onHeaders'> = {}): Promise<Page<T>> {
  let total: string | null = null;
  const items = await api<T[]>(path, { ...options, onHeaders: (headers) => (total = headers.get(TOTAL_COUNT_HEADER)) });
  return { items, total: total === null ? items.length : Number(total) };
}
