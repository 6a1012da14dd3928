/**
 * `npm run billing:close -- 2026-10`: closes an ended month by hand, as POST /v1/admin/billing/close
 * does; a month already closed bills and charges nothing more. Uses the same DATA_DIR /
 * DATABASE_URL as the server (for PGlite, stop the server first: the embedded database is
 * single-process). The test gateways answer from this process, on a loopback port.
 */
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { DatabaseOpenError } from '../db/database';
import { HttpError } from '../http/http-error';
import { openSeededDatabase } from '../seed';

const match = /^(\d{4})-(\d{2})$/.exec(process.argv[2] ?? '');
if (!match) {
  console.error('Usage: npm run billing:close -- <year>-<month>, e.g. npm run billing:close -- 2026-10');
  process.exit(1);
}
const [year, month] = [Number(match[1]), Number(match[2])];

try {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const database = await openSeededDatabase(config);
  const app = await buildApp({ config, db: database, servePortal: false, jobs: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { billed, charged } = await app.closeBillingMonth(year, month);
    console.log(`${year}-${String(month).padStart(2, '0')} closed: ${billed} new bills, ${charged} charges paid`);
  } finally {
    await app.close();
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof HttpError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
