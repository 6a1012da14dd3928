/**
 * Where the API lives and how a path with parameters becomes a URL. Zod-free: the portal's
 * homepage entry and the service worker import it.
 */

/** Every path of contract/<domain>/paths.ts is relative to this prefix. */
export const API_PREFIX = '/v1' as const;

/** How many items all pages of a list call hold together (contract/paging.ts). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** The `:name` parameters of a path pattern, as a union of their names. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `fillPath('/user/:userId', { userId: 5 })` -> '/user/5'; every value is URL-encoded. */
export function fillPath<P extends string>(path: P, params: Record<PathParams<P>, string | number>): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The absolute API path of a contract path: `apiPath('/plans')` -> '/v1/plans'. */
export function apiPath(path: string): string {
  return `${API_PREFIX}${path}`;
}
