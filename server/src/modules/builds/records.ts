/** A build's row as the API answers it, and the stage records a new build starts with. */
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { BUILD_STAGES, webAppPath, type BuildStage } from '@contract/builds/paths';
import type { Build, BuildArtifact } from '@contract/builds/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { buildArtifacts, builds, type StoredStage } from '../../db/schema';
import { artifactUrl, downloadExpiry } from './links';

export type BuildRow = typeof builds.$inferSelect;
type ArtifactRow = typeof buildArtifacts.$inferSelect;

/** The file storage key of an artifact's `storage_key` (`<buildId>/<file>`). */
export const artifactKey = (storageKey: string) => `builds/${storageKey}`;

/** Where a build's web app files live, one key per file (`builds/<id>/web/<path>`). */
export const webAppPrefix = (buildId: number) => `builds/${buildId}/web/`;

/** Statuses of a build that has not finished. */
export const ACTIVE_STATUSES: string[] = [...BUILD_STAGES];

/** The stages of a new build: queued running, the others pending (remote_building only with an engine). */
export function initialStages(remote: boolean, now: Date): StoredStage[] {
  return BUILD_STAGES.filter((stage) => remote || stage !== 'remote_building').map((name) => ({
    name,
    state: name === 'queued' ? 'running' : 'pending',
    progress: 0,
    startedAt: name === 'queued' ? now.toISOString() : null,
    finishedAt: null,
    logs: name === 'queued' ? [{ at: now.toISOString(), line: 'Build ordered' }] : [],
  }));
}

/** How far the whole build is: each stage weighs the same, a running stage counts its own progress. */
export function overallProgress(stages: StoredStage[]): number {
  if (stages.length === 0) return 0;
  const done = stages.reduce((sum, stage) => sum + (['done', 'skipped'].includes(stage.state) ? 100 : stage.state === 'running' ? stage.progress : 0), 0);
  return Math.min(100, Math.round(done / stages.length));
}

/** Position in the queue (1 = next) of each queued build among `rows`, across every app. */
async function queuePositions(db: Database, rows: BuildRow[]): Promise<Map<number, number>> {
  const queued = rows.filter((row) => row.status === 'queued');
  const positions = new Map<number, number>();
  for (const row of queued) {
    const [ahead] = await db
      .select({ n: count() })
      .from(builds)
      .where(and(eq(builds.status, 'queued'), lt(builds.id, row.id)));
    positions.set(row.id, (ahead?.n ?? 0) + 1);
  }
  return positions;
}

function toArtifact(config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_ORIGIN'>, row: ArtifactRow, expiresAt: Date): BuildArtifact {
  return {
    id: row.id,
    kind: row.kind as BuildArtifact['kind'],
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    url: artifactUrl(config, row.id, expiresAt),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The API's builds of `rows`, artifacts with links signed now for 7 days. */
export async function toBuilds(db: Database, config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_ORIGIN'>, rows: BuildRow[], now = new Date()): Promise<Build[]> {
  if (rows.length === 0) return [];
  const artifacts = await db
    .select()
    .from(buildArtifacts)
    .where(
      inArray(
        buildArtifacts.buildId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(buildArtifacts.id));
  const positions = await queuePositions(db, rows);
  const expiresAt = downloadExpiry(now);
  return rows.map((row) => {
    const own = artifacts.filter((artifact) => artifact.buildId === row.id);
    return {
      id: row.id,
      shopAlias: row.shopAlias,
      number: row.number,
      status: row.status as Build['status'],
      progress: row.progress,
      queuePosition: positions.get(row.id) ?? null,
      creationVersion: row.creationVersion,
      release: { id: row.releaseId, version: row.releaseVersion },
      requestedBy: row.requestedByName,
      remote: row.remote,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      stages: row.stages.map((stage) => ({ ...stage, name: stage.name as BuildStage, state: stage.state as Build['stages'][number]['state'] })),
      error: row.error ? { ...row.error, code: row.error.code as NonNullable<Build['error']>['code'] } : null,
      // Files as soon as they are packaged (a build the engine failed keeps its web app and native project).
      artifacts: own.map((artifact) => toArtifact(config, artifact, expiresAt)),
      // The address serves the latest succeeded build: given from the delivery on.
      webAppUrl:
        (row.status === 'delivering' || row.status === 'succeeded') && own.some((artifact) => artifact.kind === 'web-app')
          ? new URL(webAppPath(row.shopAlias), config.PUBLIC_ORIGIN).toString()
          : null,
    };
  });
}

/** The next build number of a shop (unique with the shop: two orders at once cannot share one). */
export const nextNumber = (shopId: number) => sql<number>`(select coalesce(max(${builds.number}), 0) + 1 from ${builds} where ${builds.shopId} = ${shopId})`;
