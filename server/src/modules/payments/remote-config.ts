/**
 * The portal-payments remote config (spec section 7): which provider the portal pays with. Stored
 * in remote_config, DEFAULT_PAYMENTS_CONFIG until a SOVEREIGN sets it; kept in each process once
 * read, and dropped in every process after a PUT (a `remote-config` change on the change bus), so
 * the next read everywhere is the new value.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PAYMENTS_CONFIG, remoteConfigSchema, type PaymentsRemoteConfig } from '@contract/payments/schemas';
import { CHANGES, type ChangeBus } from '../../changes/bus';
import type { Database } from '../../db/database';
import { remoteConfig } from '../../db/schema';

const PORTAL_PAYMENTS_KEY = 'portal-payments';

export interface RemoteConfigCache {
  /** The read in progress or done; a read that began before a change is dropped with it. */
  value: Promise<PaymentsRemoteConfig> | null;
  changes: ChangeBus;
}

export function remoteConfigCache(changes: ChangeBus): RemoteConfigCache {
  const cache: RemoteConfigCache = { value: null, changes };
  changes.subscribe(CHANGES.remoteConfig, () => {
    cache.value = null;
  });
  return cache;
}

async function readRemoteConfig(db: Database): Promise<PaymentsRemoteConfig> {
  const [row] = await db
    .select({ value: remoteConfig.value })
    .from(remoteConfig)
    .where(sql`${remoteConfig.key} = ${PORTAL_PAYMENTS_KEY}`);
  // A stored value this version cannot read falls back to the default rather than failing every payment.
  const parsed = row ? remoteConfigSchema.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : DEFAULT_PAYMENTS_CONFIG;
}

export function currentRemoteConfig(db: Database, cache: RemoteConfigCache): Promise<PaymentsRemoteConfig> {
  if (cache.value) return cache.value;
  const reading = readRemoteConfig(db);
  cache.value = reading;
  // A failed read is not kept: the next call reads again.
  reading.catch(() => cache.value === reading && (cache.value = null));
  return reading;
}

export async function setRemoteConfig(db: Database, cache: RemoteConfigCache, value: PaymentsRemoteConfig, userId: number): Promise<PaymentsRemoteConfig> {
  await db
    .insert(remoteConfig)
    .values({ key: PORTAL_PAYMENTS_KEY, value, updatedBy: userId })
    .onConflictDoUpdate({ target: remoteConfig.key, set: { value, updatedBy: userId, updatedAt: sql`now()` } });
  await cache.changes.publish(CHANGES.remoteConfig);
  return value;
}
