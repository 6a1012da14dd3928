/**
 * ensureRouteData (./route-data.ts) for a list shown page by page. A module of its own: route-data
 * is in the first screen's JS, and only the loaders of paged lists need this.
 */
import {
  onlineManager,
  type GetNextPageParamFunction,
  type InfiniteData,
  type InfiniteQueryExecuteOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { isUnanswered } from '@/api/client';
import { NotOnThisDevice } from './route-data';

/**
 * The cached pages, however old, else the first page. `fresh`: the first page again from the
 * server (pages added by Show more are dropped, as a list opened anew starts at its top), the
 * cached pages answering when the fetch gets no answer.
 */
export async function ensureInfiniteRouteData<TQueryFnData, TQueryKey extends QueryKey, TPageParam>(
  queryClient: QueryClient,
  options: InfiniteQueryExecuteOptions<TQueryFnData, Error, InfiniteData<TQueryFnData>, TQueryKey, TPageParam> & {
    getNextPageParam: GetNextPageParamFunction<TPageParam, TQueryFnData>;
  },
  { fresh = false }: { fresh?: boolean } = {},
): Promise<InfiniteData<TQueryFnData, TPageParam>> {
  const offline = !onlineManager.isOnline();
  const attempt = offline ? { ...options, retry: false } : options;
  try {
    return await queryClient.infiniteQuery(fresh ? { ...attempt, staleTime: 0, pages: 1 } : { ...attempt, staleTime: 'static' });
  } catch (error) {
    if (!isUnanswered(error)) throw error;
    const cached = queryClient.getQueryData<InfiniteData<TQueryFnData, TPageParam>>(options.queryKey);
    if (cached !== undefined) return cached;
    throw offline ? new NotOnThisDevice() : error;
  }
}
