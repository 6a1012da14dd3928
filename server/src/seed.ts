/**
 * Reference data every installation needs. Runs at every start (main, dev, the CLI and the
 * tests open the database through openSeededDatabase); inserts only what is missing (ON
 * CONFLICT DO NOTHING on the natural key), so a changed row is never overwritten.
 */
import { SEED_PLANS } from '@contract/plans/seed-plans';
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { seedCurrencies } from './modules/shops/currencies';
import { syncAllSelections } from './modules/design/selection';
import { seedStarterTemplates } from './modules/templates/seed';
import type { Config } from './config';
import { openDatabase, openDatabaseAt, type Database, type DatabaseHandle, type DatabaseLocation } from './db/database';
import { engineReleases, plans, superCategories } from './db/schema';

const SEED_SUPER_CATEGORIES = SAMPLE_SUPER_CATEGORIES.map((name, index) => ({ id: index + 1, name }));

export async function seed(db: Database): Promise<void> {
  await db
    .insert(plans)
    .values([...SEED_PLANS])
    .onConflictDoNothing({ target: plans.planCode });
  await db.insert(superCategories).values(SEED_SUPER_CATEGORIES).onConflictDoNothing({ target: superCategories.id });
  // What this adds to the catalogue, the processes already running drop when this one starts (app.ts).
  await seedCurrencies(db);
  // Issue #11: build engine releases shown where a template is published, and the starter templates.
  await db
    .insert(engineReleases)
    .values([...SEED_ENGINE_RELEASES])
    .onConflictDoNothing();
  await seedStarterTemplates(db);
  // Designs stored before the server kept their copy of the shop's selection (issue 27).
  await syncAllSelections(db);
}

/** Build engine releases (appType merchant-app), oldest first. */
const SEED_ENGINE_RELEASES = [
  { version: '3.0.0', appType: 'merchant-app', notes: 'Bottom navigation bars, splash ripples and the measurement list.' },
  { version: '3.1.0', appType: 'merchant-app', notes: 'Product details tabs and accordion, size chips and faster start-up.' },
  { version: '3.2.0', appType: 'merchant-app', notes: 'Gradient toolbars, search in the toolbar and push notifications for orders.' },
] as const;

/** The database of `config`, migrated and seeded. */
export function openSeededDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, log?: (message: string) => void): Promise<DatabaseHandle> {
  return openDatabase(config, seed, log);
}

/** The database at `location`, migrated and seeded. */
export function openSeededDatabaseAt(location: DatabaseLocation, log?: (message: string) => void): Promise<DatabaseHandle> {
  return openDatabaseAt(location, seed, log);
}
