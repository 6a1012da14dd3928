/**
 * The portal-payments remote config (spec section 7): which provider the portal pays with. Stored
 * in remote_config, DEFAULT_PAYMENTS_CONFIG until a SOVEREIGN sets it; kept in this process once
 * read and replaced on every PUT (another process sees a change on its next start or PUT).
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PAYMENTS_CONFIG, remoteConfigSchema, type PaymentsRemoteConfig } from '@contract/payments/schemas';
import type { Database } from '../../db/database';
import { remoteConfig } from '../../db/schema';

const PORTAL_PAYMENTS_KEY = 'portal-payments';

export interface RemoteConfigCache {
  value: PaymentsRemoteConfig | null;
}

export async function currentRemoteConfig(db: Database, cache: RemoteConfigCache): Promise<PaymentsRemoteConfig> {
  if (cache.value) return cache.value;
  const [row] = await db
    .select({ value: remoteConfig.value })
    .from(remoteConfig)
    .where(sql`${remoteConfig.key} = ${PORTAL_PAYMENTS_KEY}`);
  // A stored value this version cannot read falls back to the default rather than failing every payment.
  const parsed = row ? remoteConfigSchema.safeParse(row.value) : null;
  cache.value = parsed?.success ? parsed.data : DEFAULT_PAYMENTS_CONFIG;
  return cache.value;
}

export async function setRemoteConfig(db: Database, cache: RemoteConfigCache, value: PaymentsRemoteConfig, userId: number): Promise<PaymentsRemoteConfig> {
  await db
    .insert(remoteConfig)
    .values({ key: PORTAL_PAYMENTS_KEY, value, updatedBy: userId })
    .onConflictDoUpdate({ target: remoteConfig.key, set: { value, updatedBy: userId, updatedAt: sql`now()` } });
  cache.value = value;
  return value;
}
