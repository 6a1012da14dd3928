/**
 * Templates (issue 11), in-process on an embedded database (`npx tsx scripts/bench-templates.ts`):
 * - GET /v1/templates (every published template with its design): p50 / p95 and the body size;
 * - POST /v1/templates (a template in all three places, under the user's lock) and DELETE
 *   (all three places in one transaction): p50 / p95;
 * - the starter seed when everything is already there (every start): duration.
 * The machine is shared (2 cores, other work running): figures are indicative.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../server/src/app';
import { signUserToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { openSeededDatabaseAt } from '../server/src/seed';
import { users } from '../server/src/db/schema';
import { seedStarterTemplates } from '../server/src/modules/templates/seed';
import { percentile } from './bench-kit';

const LIST_RUNS = 200;
const WRITE_RUNS = 20;

const fmt = (values: number[]) => `${percentile(values, 50).toFixed(1)} ms / ${percentile(values, 95).toFixed(1)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-templates-'));
  const opened = performance.now();
  const database = await openSeededDatabaseAt({ kind: 'pglite', dataDir: null });
  const openMs = performance.now() - opened;
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'dist'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database, logger: false, servePortal: false, jobs: false });
  try {
    const basic = `Basic ${Buffer.from(config.CLIENT_CREDENTIAL).toString('base64')}`;
    const list: number[] = [];
    let body = '';
    for (let run = 0; run < LIST_RUNS; run += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/v1/templates', headers: { authorization: basic } });
      list.push(performance.now() - started);
      body = response.body;
    }
    const [user] = await database.db
      .insert(users)
      .values({ firstName: 'Bench', lastName: 'Templates', email: 'bench-templates@example.com' })
      .returning({ id: users.id, sessionVersion: users.sessionVersion });
    if (!user) throw new Error('no user');
    const bearer = `Bearer ${await signUserToken(config, user.id, user.sessionVersion)}`;
    const created: number[] = [];
    const ids: string[] = [];
    for (let run = 0; run < WRITE_RUNS; run += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/v1/templates',
        headers: { authorization: bearer },
        payload: { name: `Bench Template ${run}`, category: 'health_beauty', tags: ['bench'] },
      });
      created.push(performance.now() - started);
      if (response.statusCode !== 201) throw new Error(response.body);
      ids.push((response.json() as { data: { templateId: string } }).data.templateId);
    }
    const removed: number[] = [];
    for (const id of ids) {
      const started = performance.now();
      const response = await app.inject({ method: 'DELETE', url: `/v1/templates/${id}`, headers: { authorization: bearer } });
      removed.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(response.body);
    }
    const seeded = performance.now();
    await seedStarterTemplates(database.db);
    const seedMs = performance.now() - seeded;
    const templates = (JSON.parse(body) as { data: unknown[] }).data.length;
    console.log('| Measure | Figure |');
    console.log('|---|---|');
    console.log(`| GET /v1/templates (${templates} templates with their designs), p50 / p95 (${LIST_RUNS}) | ${fmt(list)} |`);
    console.log(`| Its body | ${(body.length / 1024).toFixed(1)} KiB, ${(gzipSync(body).length / 1024).toFixed(1)} KiB gzip |`);
    console.log(`| POST /v1/templates (three places + shop, user lock), p50 / p95 (${WRITE_RUNS}) | ${fmt(created)} |`);
    console.log(`| DELETE /v1/templates/{id} (one transaction), p50 / p95 (${WRITE_RUNS}) | ${fmt(removed)} |`);
    console.log(`| Fresh database opened, migrated and seeded (17 starters included) | ${openMs.toFixed(0)} ms |`);
    console.log(`| Starter seed when all are present (every start) | ${seedMs.toFixed(1)} ms |`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
