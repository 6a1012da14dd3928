/**
 * Reference data every installation needs. Runs at every start; inserts only what is missing
 * (ON CONFLICT DO NOTHING on the natural key), so a changed row is never overwritten.
 */
import { SEED_PLANS } from '@contract/plans/seed-plans';
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { invalidateCatalogue } from '../modules/catalog/cache';
import { seedCurrencies } from '../modules/shops/currencies';
import { syncAllSelections } from '../modules/design/store';
import { seedStarterTemplates } from '../modules/templates/service';
import type { Database } from './database';
import { engineReleases, plans, superCategories } from './schema';

export const SEED_SUPER_CATEGORIES = SAMPLE_SUPER_CATEGORIES.map((name, index) => ({ id: index + 1, name }));

export async function seed(db: Database): Promise<void> {
  await db.insert(plans).values([...SEED_PLANS]).onConflictDoNothing({ target: plans.planCode });
  await db.insert(superCategories).values(SEED_SUPER_CATEGORIES).onConflictDoNothing({ target: superCategories.id });
  await seedCurrencies(db);
  invalidateCatalogue();
  // Issue #11: build engine releases shown where a template is published, and the starter templates.
  await db.insert(engineReleases).values([...SEED_ENGINE_RELEASES]).onConflictDoNothing();
  await seedStarterTemplates(db);
  // Designs stored before the server kept their copy of the shop's selection (issue 27).
  await syncAllSelections(db);
}

/** Build engine releases (appType merchant-app), oldest first. */
export const SEED_ENGINE_RELEASES = [
  { version: '3.0.0', appType: 'merchant-app', notes: 'Bottom navigation bars, splash ripples and the measurement list.' },
  { version: '3.1.0', appType: 'merchant-app', notes: 'Product details tabs and accordion, size chips and faster start-up.' },
  { version: '3.2.0', appType: 'merchant-app', notes: 'Gradient toolbars, search in the toolbar and push notifications for orders.' },
] as const;
