/**
 * Reference data every installation needs. Runs at every start; inserts only what is missing
 * (ON CONFLICT DO NOTHING on the natural key), so a changed row is never overwritten.
 */
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { invalidateCatalogue } from '../modules/catalog/cache';
import { seedCurrencies } from '../modules/shops/currencies';
import type { Database } from './database';
import { plans, superCategories } from './schema';

/** Amounts in minor units (cents) per month: the billing formula divides them per minute. */
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

export const SEED_SUPER_CATEGORIES = SAMPLE_SUPER_CATEGORIES.map((name, index) => ({ id: index + 1, name }));

export async function seed(db: Database): Promise<void> {
  await db.insert(plans).values([...SEED_PLANS]).onConflictDoNothing({ target: plans.planCode });
  await db.insert(superCategories).values(SEED_SUPER_CATEGORIES).onConflictDoNothing({ target: superCategories.id });
  await seedCurrencies(db);
  invalidateCatalogue();
}
