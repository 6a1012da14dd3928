/**
 * The last value the realtime store gave for a document, kept on the device in the query cache:
 * persisted with it (an offline start shows the design as it last was, not a made-up one) and
 * removed with the rest of the user's data when a session starts or ends.
 */
import type { QueryClient } from '@tanstack/react-query';
import { designAddress } from '@contract/design/realtime';

interface KnownValue {
  value: unknown;
  /** The document's revision the value was read at. */
  revision: number;
}

const keyOf = (path: string) => ['realtime', path] as const;

export function lastKnownValue(queryClient: QueryClient, path: string): KnownValue | undefined {
  return queryClient.getQueryData<KnownValue>(keyOf(path));
}

/** Keeps what the store answered, an empty document (null) included: offline shows what online would. */
export function rememberValue(queryClient: QueryClient, path: string, value: unknown, revision: number): void {
  queryClient.setQueryData<KnownValue>(keyOf(path), { value: value ?? null, revision });
}

/** The store refused to show the document (rights revoked, the public link off): the device forgets it. */
export function forgetValue(queryClient: QueryClient, path: string): void {
  queryClient.removeQueries({ queryKey: keyOf(path), exact: true });
}

/** Forgets the last values of every design document of the shop `alias` (the shop was deleted or left). */
export function forgetShopValues(queryClient: QueryClient, alias: string): void {
  queryClient.removeQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'realtime' && typeof queryKey[1] === 'string' && designAddress(queryKey[1])?.alias === alias,
  });
}
