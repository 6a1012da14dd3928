/**
 * The build calls (issue 31): order, list, get one, cancel, build again, new links. HTTP-free.
 * Who may: readers of the shop see its builds; the owner, a SOVEREIGN and managers
 * (manageCollaborators) order, cancel, rebuild and ask for links (`build` in shop-access).
 * Exactly once: the same idempotency key of the same user orders once, and one active build per
 * app is a partial unique index, whatever the number of requests or processes.
 */
import { and, desc, eq } from 'drizzle-orm';
import { BUILD_STAGES } from '@contract/builds/paths';
import { BUILD_MESSAGES, type Build, type OrderBuild } from '@contract/builds/schemas';
import { shopSetupError } from '@contract/shops/setup-checks';
import type { User } from '@contract/users/schemas';
import { isUniqueViolation } from '../../db/errors';
import { builds, engineReleases, type StoredStage } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { checkShopAccess, requireShopAccess, type ShopRow } from '../../shop-access/access';
import { shopHasPlan } from '../billing/index';
import { defaultVersionOf, versionNodes } from '../design/index';
import type { BuildsDeps } from './deps';
import { ACTIVE_STATUSES, initialStages, nextNumber, toBuilds, type BuildRow } from './records';

export const BUILD_QUEUE = 'build';

/** A build that cannot be made at all (no release, etc.) answers before anything is queued. */
async function releaseFor(deps: BuildsDeps, releaseId: number | undefined) {
  const query = deps.db.select().from(engineReleases);
  const [release] = await (releaseId === undefined
    ? query.where(eq(engineReleases.appType, 'merchant-app')).orderBy(desc(engineReleases.id)).limit(1)
    : query.where(and(eq(engineReleases.id, releaseId), eq(engineReleases.appType, 'merchant-app'))).limit(1));
  if (!release) throw new HttpError(releaseId === undefined ? 409 : 404, BUILD_MESSAGES.releaseNotFound);
  return release;
}

async function rowOf(deps: BuildsDeps, shop: Pick<ShopRow, 'id'>, buildId: number): Promise<BuildRow> {
  const [row] = await deps.db
    .select()
    .from(builds)
    .where(and(eq(builds.id, buildId), eq(builds.shopId, shop.id)))
    .limit(1);
  if (!row) throw new HttpError(404, BUILD_MESSAGES.notFound);
  return row;
}

export async function oneBuild(deps: BuildsDeps, row: BuildRow): Promise<Build> {
  const [build] = await toBuilds(deps.db, deps.config, [row]);
  return build!;
}

/** Tells every open page of the app (room builds:<alias>, across processes) what the build is now. */
export async function announce(deps: BuildsDeps, row: BuildRow): Promise<Build> {
  const build = await oneBuild(deps, row);
  deps.announce(build);
  return build;
}

interface Pinned {
  creationVersion: number;
  releaseId: number;
}

/** The build this user already ordered with this key (a retried or doubled press). */
async function orderedWith(deps: BuildsDeps, actor: User, shop: ShopRow, idempotencyKey: string | undefined): Promise<BuildRow | null> {
  if (!idempotencyKey) return null;
  const [again] = await deps.db
    .select()
    .from(builds)
    .where(and(eq(builds.requestedBy, actor.id), eq(builds.idempotencyKey, idempotencyKey)))
    .limit(1);
  if (again && again.shopId !== shop.id) throw new HttpError(409, BUILD_MESSAGES.alreadyBuilding);
  return again ?? null;
}

/** An order's build, and whether this request placed it (not a repeat of an earlier press). */
interface Placed {
  row: BuildRow;
  placed: boolean;
}

/** Tells the app's pages of a new build, then queues it: its pages never see it queued after a worker started it. */
async function start(deps: BuildsDeps, { row, placed }: Placed): Promise<Build> {
  const build = await announce(deps, row);
  if (placed) await deps.jobs.send(BUILD_QUEUE, { buildId: row.id });
  return build;
}

async function placeOrder(
  deps: BuildsDeps,
  actor: User,
  shop: ShopRow,
  idempotencyKey: string | undefined,
  pinned: Pinned | null,
  releaseId?: number,
): Promise<Placed> {
  const again = await orderedWith(deps, actor, shop, idempotencyKey);
  if (again) return { row: again, placed: false };
  const setup = shopSetupError({ ...shop, shopCurrency: { currencyId: shop.currencyId } });
  if (setup) throw new HttpError(400, setup);
  if (!(await shopHasPlan(deps.db, shop.id))) throw new HttpError(409, BUILD_MESSAGES.noPlan);
  const release = await releaseFor(deps, pinned?.releaseId ?? releaseId);
  const creationVersion = pinned?.creationVersion ?? defaultVersionOf(await versionNodes(deps.db, shop.alias)).version;
  const remote = deps.engine !== undefined;
  const now = new Date();
  try {
    const [row] = await deps.db
      .insert(builds)
      .values({
        shopId: shop.id,
        shopAlias: shop.alias,
        number: nextNumber(shop.id),
        creationVersion,
        releaseId: release.id,
        releaseVersion: release.version,
        requestedBy: actor.id,
        requestedByName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
        idempotencyKey: idempotencyKey ?? null,
        remote,
        stages: initialStages(remote, now),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return { row, placed: true };
  } catch (error) {
    // Two orders at once: the same press sent twice answers the one build; another is refused, as the active build is the other one's.
    if (['builds_idempotency_idx', 'builds_one_active_idx', 'builds_shop_number_idx'].some((name) => isUniqueViolation(error, name))) {
      const same = await orderedWith(deps, actor, shop, idempotencyKey);
      if (same) return { row: same, placed: false };
      throw new HttpError(409, BUILD_MESSAGES.alreadyBuilding);
    }
    throw error;
  }
}

export async function orderBuild(deps: BuildsDeps, actor: User, alias: string, request: OrderBuild, idempotencyKey: string | undefined): Promise<Build> {
  const shop = await requireShopAccess(deps.db, actor, alias, 'build');
  return start(deps, await placeOrder(deps, actor, shop, idempotencyKey, null, request.releaseId));
}

export async function listBuilds(deps: BuildsDeps, actor: User, alias: string, limit: number): Promise<Build[]> {
  const shop = await requireShopAccess(deps.db, actor, alias, 'read');
  const rows = await deps.db.select().from(builds).where(eq(builds.shopId, shop.id)).orderBy(desc(builds.number)).limit(limit);
  return toBuilds(deps.db, deps.config, rows);
}

export async function getBuild(deps: BuildsDeps, actor: User, alias: string, buildId: number): Promise<Build> {
  const shop = await requireShopAccess(deps.db, actor, alias, 'read');
  return oneBuild(deps, await rowOf(deps, shop, buildId));
}

/** The stages once a build stops at `ending`: the running stage takes the ending's state, the pending ones stay pending. */
export function stoppedStages(stages: StoredStage[], state: 'failed' | 'cancelled', line: string, now: Date): StoredStage[] {
  const at = now.toISOString();
  const running = stages.findIndex((stage) => stage.state === 'running');
  return stages.map((stage, index) =>
    index === running || (running === -1 && index === 0)
      ? { ...stage, state, finishedAt: at, startedAt: stage.startedAt ?? at, logs: [...stage.logs, { at, line }] }
      : stage,
  );
}

export async function cancelBuild(deps: BuildsDeps, actor: User, alias: string, buildId: number): Promise<Build> {
  const shop = await requireShopAccess(deps.db, actor, alias, 'build');
  const cancelled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(builds)
      .where(and(eq(builds.id, buildId), eq(builds.shopId, shop.id)))
      .for('update');
    if (!row) throw new HttpError(404, BUILD_MESSAGES.notFound);
    if (!ACTIVE_STATUSES.includes(row.status)) throw new HttpError(409, BUILD_MESSAGES.notCancellable);
    const now = new Date();
    const [updated] = await tx
      .update(builds)
      .set({
        status: 'cancelled',
        finishedAt: now,
        leaseOwner: null,
        leaseUntil: null,
        stages: stoppedStages(row.stages, 'cancelled', `Cancelled by ${`${actor.firstName} ${actor.lastName}`.trim() || actor.email}`, now),
      })
      .where(eq(builds.id, row.id))
      .returning();
    return updated!;
  });
  deps.log.info({ buildId, alias }, 'build cancelled');
  return announce(deps, cancelled);
}

export async function retryBuild(deps: BuildsDeps, actor: User, alias: string, buildId: number, idempotencyKey: string | undefined): Promise<Build> {
  const shop = await requireShopAccess(deps.db, actor, alias, 'build');
  const row = await rowOf(deps, shop, buildId);
  if (row.status !== 'failed' && row.status !== 'cancelled') throw new HttpError(409, BUILD_MESSAGES.notRetryable);
  return start(deps, await placeOrder(deps, actor, shop, idempotencyKey, { creationVersion: row.creationVersion, releaseId: row.releaseId }));
}

export async function resendLinks(deps: BuildsDeps, actor: User, alias: string, buildId: number): Promise<Build> {
  const shop = await requireShopAccess(deps.db, actor, alias, 'build');
  const row = await rowOf(deps, shop, buildId);
  if (row.status !== 'succeeded') throw new HttpError(409, BUILD_MESSAGES.notSucceeded);
  const build = await oneBuild(deps, row);
  await deps.deliver(shop, build, { strict: true });
  return build;
}

/** Room check of `builds:<alias>`: readers of the shop. */
export async function mayFollowBuilds(deps: BuildsDeps, user: User | null, alias: string): Promise<boolean> {
  if (!user) return false;
  try {
    await checkShopAccess(deps.db, user, alias, 'read');
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

/** Builds still queued, oldest first (their positions moved when one left the queue). */
export async function queuedRows(deps: BuildsDeps): Promise<BuildRow[]> {
  return deps.db.select().from(builds).where(eq(builds.status, BUILD_STAGES[0])).orderBy(builds.id).limit(50);
}
