/**
 * Every builds query of one app lives under the shop's key (['shops', alias, 'builds', ...]), so
 * forgetting the shop (src/lib/shop-keys.ts) drops its builds too.
 */
import { shopKeys } from '@/lib/shop-keys';

export const buildKeys = {
  all: (alias: string) => [...shopKeys.all(alias), 'builds'] as const,
  list: (alias: string) => [...shopKeys.all(alias), 'builds', 'list'] as const,
  one: (alias: string, buildId: number) => [...shopKeys.all(alias), 'builds', 'one', buildId] as const,
  /** Shared with the templates feature's call of the same list (the same answer). */
  releases: (appType: string) => ['engine-releases', appType] as const,
};
