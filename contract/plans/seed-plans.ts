/**
 * The plans every installation starts with (the server seeds them, server/src/seed.ts), in
 * the order GET /v1/plans lists them. The public pages are prerendered with them and show them
 * until the client has the live list (src/features/plans/components/PlanList.tsx).
 * Amounts in minor units (cents) per month: the billing formula divides them per minute.
 */
import type { Plan } from './schemas';

export const SEED_PLANS = [
  {
    planCode: 'starter',
    name: 'Starter',
    amount: 2900,
    currencyCode: 'USD',
    description: 'One branded shop app for customers and its admin app, for a new business.',
    sortOrder: 1,
  },
  {
    planCode: 'growth',
    name: 'Growth',
    amount: 7900,
    currencyCode: 'USD',
    description: 'For a growing shop: live support chat, collaborators on the design and push notifications.',
    sortOrder: 2,
  },
  {
    planCode: 'scale',
    name: 'Scale',
    amount: 19900,
    currencyCode: 'USD',
    description: 'For busy shops with high traffic: priority builds and priority support.',
    sortOrder: 3,
  },
] as const;

/** The seed plans as the API lists them on a fresh installation (ids in insertion order). */
export const SEED_PLAN_LIST: readonly Plan[] = SEED_PLANS.map(({ sortOrder: _sortOrder, ...plan }, index) => ({ id: index + 1, ...plan }));
