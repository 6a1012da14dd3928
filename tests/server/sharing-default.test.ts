/**
 * Issue 27: a new app's public link is off (a design stays private until its merchant shares
 * it), and the migration that made it so leaves every shop made before it as it was.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_MESSAGES } from '@contract/design/paths';
import { databaseKinds, removeTempDirs, tempDir } from './harness';
import { useApp } from './kit';
import { createTeamShop } from './team-kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe.each(kinds)('a new app’s public link on %s', (kind) => {
  const kit = useApp(kind);

  it('is off: its public page is not found until the owner turns the link on', async () => {
    const owner = await kit.register();
    const shop = await createTeamShop(kit, owner, kind);
    const sharing = await kit.call('GET', `/v1/shops/${shop.alias}/sharing`, owner.token);
    expect(sharing.statusCode, sharing.body).toBe(200);
    expect(sharing.json<{ data: { publicLink: boolean } }>().data.publicLink).toBe(false);
    const page = await kit.call('GET', `/v1/public/shops/${shop.alias}`, null);
    expect(page.statusCode).toBe(404);
    expect(page.json<{ message: string }>().message).toBe(DESIGN_MESSAGES.publicOff);

    const on = await kit.call('PUT', `/v1/shops/${shop.alias}/sharing`, owner.token, { publicLink: true });
    expect(on.json<{ data: { publicLink: boolean } }>().data.publicLink).toBe(true);
    expect((await kit.call('GET', `/v1/public/shops/${shop.alias}`, null)).statusCode).toBe(200);
  });
});

const MIGRATIONS = path.join(import.meta.dirname, '../../server/drizzle');
const PUBLIC_LINK_OFF = '0013_public_link_off';

describe('the migration that turns the default off', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(async () => {
    await client.close();
  });

  it('gives the shops made before it their public link on, keeps a link turned off, and makes the column default off', async () => {
    // The migrations before it, from a copy of the folder whose journal stops there.
    const before = tempDir('portal-migrations-');
    cpSync(MIGRATIONS, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const index = journal.entries.findIndex((entry) => entry.tag === PUBLIC_LINK_OFF);
    expect(index).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });

    await client.exec(`
      INSERT INTO users (first_name, last_name, email, referral_code) VALUES ('Ada', 'Merchant', 'ada@example.com', 'ADA123');
      INSERT INTO currencies (code, name, symbol) VALUES ('USD', 'US Dollar', '$');
      INSERT INTO shops (alias, slug_name, name, owner_user_id, app_bucket_name, logo, latitude, longitude, address, currency_id)
      SELECT alias, alias, alias, 1, alias, '/logo.png', 6.4, 3.3, '{}'::jsonb, 1 FROM (VALUES ('shared-before'), ('private-before')) AS made(alias);
      INSERT INTO shop_sharing (shop_id, public_link) SELECT id, false FROM shops WHERE alias = 'private-before';
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });

    await client.exec(`
      INSERT INTO shops (alias, slug_name, name, owner_user_id, app_bucket_name, logo, latitude, longitude, address, currency_id)
      VALUES ('made-after', 'made-after', 'made-after', 1, 'made-after', '/logo.png', 6.4, 3.3, '{}'::jsonb, 1);
      INSERT INTO shop_sharing (shop_id) SELECT id FROM shops WHERE alias = 'made-after';
    `);
    const { rows } = await client.query<{ alias: string; public_link: boolean }>(
      'SELECT alias, public_link FROM shops JOIN shop_sharing ON shop_id = id ORDER BY alias',
    );
    expect(rows).toEqual([
      { alias: 'made-after', public_link: false },
      { alias: 'private-before', public_link: false },
      { alias: 'shared-before', public_link: true },
    ]);
  });
});
