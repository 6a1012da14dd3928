/** A fresh PostgreSQL database for one cluster run (the journeys), dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the journeys' databases are made: CLUSTER_DATABASE_URL, or the local server's postgres database. */
const CLUSTER_ADMIN_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates portal_cluster_<random> next to the admin database; `drop` removes it, connections and all. */
export async function createDatabase(adminUrl = CLUSTER_ADMIN_URL): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_cluster_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
