/**
 * Every query of one shop lives under ['shops', alias, ...], so the shop's data is dropped in one
 * call when the shop is deleted or left. The features' query options take their keys from here
 * (shops, collaborators, design versions, sharing, the public page and billing are different features).
 */
import type { QueryClient } from '@tanstack/react-query';
import { forgetShopValues } from '@/realtime/last-known';

export const shopKeys = {
  all: (alias: string) => ['shops', alias] as const,
  admin: (alias: string) => ['shops', alias, 'admin'] as const,
  access: (alias: string) => ['shops', alias, 'access'] as const,
  collaborators: (alias: string) => ['shops', alias, 'collaborators'] as const,
  invites: (alias: string) => ['shops', alias, 'invites'] as const,
  sharing: (alias: string) => ['shops', alias, 'sharing'] as const,
  publicPage: (alias: string) => ['shops', alias, 'public'] as const,
  subscriptions: (alias: string) => ['shops', alias, 'subscriptions'] as const,
  versions: (alias: string) => ['shops', alias, 'versions'] as const,
  versionHistory: (alias: string, version: number) => ['shops', alias, 'versions', version, 'history'] as const,
  mergePlan: (alias: string, version: number) => ['shops', alias, 'versions', version, 'merge-plan'] as const,
};

/** The device forgets a shop it no longer has: every query under it and its designs' last values. */
export function forgetShop(queryClient: QueryClient, alias: string): void {
  queryClient.removeQueries({ queryKey: shopKeys.all(alias) });
  forgetShopValues(queryClient, alias);
}
