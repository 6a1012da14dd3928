/**
 * A new embedded database opens from the template (server/src/db/pglite-template.ts): the same
 * schema and seed as one made by initdb and the migrations; a template that fails to load is
 * dropped and the database is made the usual way, with nothing of the failed load left behind.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { pgliteTemplate, templateFile } from '../../server/src/db/pglite-template';

const MIGRATIONS = fileURLToPath(new URL('../../server/drizzle', import.meta.url));
const folders: string[] = [];
const freshDataDir = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  folders.push(folder);
  return path.join(folder, 'pglite');
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** What a database holds: its tables with their columns, the applied migrations and the seeded plans. */
async function contents(dataDir: string) {
  const handle = await openSeededDatabaseAt({ kind: 'pglite', dataDir });
  try {
    // node-postgres and PGlite both answer { rows }.
    const rows = async (query: string) => ((await handle.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    return {
      columns: await rows(`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`),
      migrations: await rows(`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`),
      plans: await rows(`SELECT count(*)::int AS count FROM plans`),
    };
  } finally {
    await handle.close();
  }
}

describe('the embedded database template', () => {
  it('a new DATA_DIR opens from the template with the same tables, migrations and seed as initdb gives', async () => {
    expect(await pgliteTemplate(MIGRATIONS)).not.toBeNull();
    expect(existsSync(templateFile(MIGRATIONS))).toBe(true);
    const fromTemplate = await contents(freshDataDir());

    // A template that fails to load: the usual initdb instead.
    const good = readFileSync(templateFile(MIGRATIONS));
    try {
      writeFileSync(templateFile(MIGRATIONS), 'not a tarball');
      const dataDir = freshDataDir();
      const madeAnew = await contents(dataDir);
      expect(madeAnew).toEqual(fromTemplate);
      expect(fromTemplate.columns.length).toBeGreaterThan(100);
      expect(fromTemplate.plans).toEqual([{ count: expect.any(Number) as number }]);
      // The broken template was dropped (the next open makes a good one); the lock file is gone after close.
      expect(existsSync(templateFile(MIGRATIONS))).toBe(false);
      expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
      // It reopens as a persisted database.
      expect(await contents(dataDir)).toEqual(fromTemplate);
    } finally {
      writeFileSync(templateFile(MIGRATIONS), good);
    }
  });
});
