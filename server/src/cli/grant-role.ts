/**
 * `npx tsx server/src/cli/grant-role.ts <email> <roleId>`: gives a user a role, e.g. 1 (SOVEREIGN)
 * to make an operator a super admin. Uses the same DATA_DIR / DATABASE_URL as the server (for
 * PGlite, stop the server first: the embedded database is single-process).
 */
import { ConfigError, loadConfig } from '../config';
import { DatabaseOpenError } from '../db/database';
import { HttpError } from '../http/http-error';
import { openSeededDatabase } from '../seed';
import { grantRole } from '../modules/users/service';

const [email, role] = process.argv.slice(2);
const roleId = Number(role);
if (!email || !Number.isSafeInteger(roleId) || roleId <= 0) {
  console.error('Usage: npx tsx server/src/cli/grant-role.ts <email> <roleId>');
  process.exit(1);
}

try {
  const database = await openSeededDatabase(loadConfig(process.env));
  try {
    const user = await grantRole(database.db, email, roleId);
    console.log(`${user.email} now holds roles ${user.userroles.map((r) => r.roleId).join(', ')}`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof HttpError) {
    console.error(error instanceof HttpError ? `${error.message}: ${email}` : error.message);
    process.exit(1);
  }
  throw error;
}
