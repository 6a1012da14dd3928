/**
 * What a private page's loader awaits, offline as online: the data this device already has (the
 * persisted cache restores it before the first route loads), else the server's answer.
 */
import { onlineManager, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError, isUnanswered } from '@/api/client';

export const NOT_ON_THIS_DEVICE =
  'This page has not been opened on this device yet, so it cannot be shown while you are offline. Connect to the internet and try again.';

/** Offline, and the page's data was never loaded on this device. */
export class NotOnThisDevice extends Error {
  constructor(message = NOT_ON_THIS_DEVICE) {
    super(message);
    this.name = 'NotOnThisDevice';
  }
}

/**
 * The cached copy when there is one, however old (the page's queries refresh it once mounted),
 * else fetched. `fresh`: fetched even when cached, the cached copy answering when the fetch gets
 * no answer. Offline, one try (the service worker may answer) instead of a retry that would wait
 * for the network; nothing on this device then fails with NotOnThisDevice.
 */
export async function ensureRouteData<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<TData> {
  const offline = !onlineManager.isOnline();
  const attempt = offline ? { ...options, retry: false } : options;
  try {
    return await (fresh ? queryClient.fetchQuery({ ...attempt, staleTime: 0 }) : queryClient.ensureQueryData(attempt));
  } catch (error) {
    if (!isUnanswered(error)) throw error;
    const cached = queryClient.getQueryData(options.queryKey) as TData | undefined;
    if (cached !== undefined) return cached;
    throw offline ? new NotOnThisDevice() : error;
  }
}

/** Someone else's shop: the route's error component shows the 403 page, not the shop. */
export class ForbiddenShop extends Error {
  constructor() {
    super('forbidden');
    this.name = 'ForbiddenShop';
  }
}

/**
 * A shop page's loader: awaits its data (ensureRouteData calls); a shop the user may not open
 * (403) throws ForbiddenShop, an unknown or malformed alias (404, 400) the not-found page, as no
 * made-up shop is shown.
 */
export async function ensureShopRouteData(loads: readonly Promise<unknown>[]): Promise<void> {
  try {
    await Promise.all(loads);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw new ForbiddenShop();
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}
