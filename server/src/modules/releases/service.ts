/** Engine releases: stored, listed newest first; publishing one notifies everyone. HTTP-free. */
import { desc, eq } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT } from '@contract/notifications/paths';
import { RELEASE_MESSAGES, type EngineRelease, type PublishedRelease } from '@contract/releases/schemas';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { engineReleases } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { Notifications } from '../../deps';

type Row = typeof engineReleases.$inferSelect;

const toRelease = (row: Row): EngineRelease => ({
  id: row.id,
  version: row.version,
  appType: row.appType,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
});

export async function listReleases(db: Database, appType?: string): Promise<EngineRelease[]> {
  const query = db.select().from(engineReleases);
  const rows = await (appType ? query.where(eq(engineReleases.appType, appType)) : query).orderBy(desc(engineReleases.id)).limit(NOTIFICATION_LIST_LIMIT);
  return rows.map(toRelease);
}

export async function publishRelease(
  db: Database,
  notifications: Notifications,
  publishedBy: number,
  input: { version: string; appType: string; notes: string },
): Promise<PublishedRelease> {
  let row: Row | undefined;
  try {
    [row] = await db
      .insert(engineReleases)
      .values({ ...input, publishedBy })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'engine_releases_app_type_version_unique')) throw new HttpError(409, RELEASE_MESSAGES.releaseExists);
    throw error;
  }
  if (!row) throw new Error('insert returned nothing');
  const release = toRelease(row);
  const notified = await notifications.notifyEveryone({
    type: 'release',
    title: `Engine ${release.version} is out`,
    body: release.notes || `A new ${release.appType} build engine is available.`,
  });
  return { release, notified };
}
