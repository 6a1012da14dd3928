/**
 * The build pipeline (issue 31), one job per build on the one job runner: queued -> validating ->
 * generating -> packaging -> [remote_building] -> delivering -> succeeded | failed | cancelled.
 *
 * One worker per build: a process works on a build only while it holds the build's lease (a row
 * update that succeeds for one process), renewed by a heartbeat. Every write of a stage goes
 * through `mutate`, under the row's lock and only while the lease is ours, so a cancel (which
 * ends the build and drops the lease) stops the worker at its next step. A process that dies
 * (kill -9) leaves a lease that runs out: the sweeper of any process queues the build again, and
 * the next worker resumes it (from the engine's job when one was handed over, else from
 * validating: every stage can run twice), up to MAX_ATTEMPTS, after which it fails INTERRUPTED.
 * Our own faults are retried in place (STAGE_TRIES) before the build fails, and are never charged
 * (a build costs nothing: an app's plan bills its live minutes).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { API_PREFIX } from '@contract/api';
import { BUILD_PATHS, type ArtifactKind, type BuildStage } from '@contract/builds/paths';
import { BUILD_FAILURES, type BuildFailureCode, type EngineResult } from '@contract/builds/schemas';
import { designPath } from '@contract/design/realtime';
import { creationSchema } from '@contract/design/schemas';
import { UPLOADS_PATH } from '@contract/pages';
import { shopSetupError } from '@contract/shops/setup-checks';
import { buildArtifacts, builds, currencies, shops, type StoredStage } from '../../db/schema';
import { STORED_NAME, uploadKey } from '../../media/store';
import { contentTypeOf, readStored } from '../../storage/port';
import { readDocument } from '../design/index';
import type { BuildInput, ArtifactFiles, IconSet } from './artifacts/types';
import { ArtifactInputError } from './artifacts/types';
import { androidPackageOf, iosBundleIdOf } from './artifacts/native-project';
import { zipFiles } from './artifacts/zip';
import type { BuildsDeps } from './deps';
import { notifyBuild } from './delivery';
import { EngineRefusedError } from './engine';
import { engineSourceUrl } from './links';
import { ACTIVE_STATUSES, artifactKey, overallProgress, webAppPrefix, type BuildRow } from './records';
import { announce, BUILD_QUEUE, oneBuild, queuedRows, stoppedStages } from './service';

/** What makes the artifacts (tests replace one to make it fail). */
export interface Makers {
  icons(logo: { bytes: Uint8Array; contentType: string }, colours: { background: string; splashBackground: string }): Promise<IconSet>;
  webApp(input: BuildInput, icons: IconSet): ArtifactFiles | Promise<ArtifactFiles>;
  nativeProject(input: BuildInput, icons: IconSet): ArtifactFiles | Promise<ArtifactFiles>;
}

export interface PipelineOptions {
  makers: Makers;
  /** How often the engine is asked when no webhook came (default 5 s). */
  enginePollMs?: number;
}

const MAX_ATTEMPTS = 3;
const STAGE_TRIES = 3;
const LOG_LINES_PER_STAGE = 200;
/** A logo larger than this is not an icon source anyone meant. */
const LOGO_MAX_BYTES = 10 * 1024 * 1024;
/** Web app files stored in parallel while packaging. */
const WEB_FILES_AT_ONCE = 8;

/** The build ended or another worker has it: stop quietly. */
class Stopped extends Error {}

/** A failure with its code (the message's detail, e.g. the field, after a colon). */
class BuildFailure extends Error {
  constructor(
    readonly code: BuildFailureCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** The splash texts of a design that never set them. */
const SAMPLE_TEXT = creationSchema.parse({}).splashScreen.text;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const slugOf = (alias: string) =>
  alias
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'app';

export function createPipeline(deps: BuildsDeps, options: PipelineOptions) {
  const { db, config } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = config.BUILDS.leaseSeconds;
  const enginePollMs = options.enginePollMs ?? 5000;
  const leaseUntil = sql`now() + make_interval(secs => ${leaseSeconds})`;

  /** Runs `change` on the build's row under its lock while the lease is ours, then tells its pages. */
  async function mutate(buildId: number, change: (row: BuildRow) => Partial<typeof builds.$inferInsert>): Promise<BuildRow> {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(builds).where(eq(builds.id, buildId)).for('update');
      if (!current || current.leaseOwner !== owner || !ACTIVE_STATUSES.includes(current.status)) throw new Stopped();
      const patch = change(current);
      const stages = patch.stages ?? current.stages;
      const [updated] = await tx
        .update(builds)
        .set({ ...patch, progress: patch.progress ?? overallProgress(stages) })
        .where(eq(builds.id, buildId))
        .returning();
      return updated!;
    });
    await announce(deps, row);
    return row;
  }

  const at = () => new Date().toISOString();

  function withStage(stages: StoredStage[], name: string, change: (stage: StoredStage) => StoredStage): StoredStage[] {
    return stages.map((stage) => (stage.name === name ? change(stage) : stage));
  }

  const appendLog = (stage: StoredStage, line: string): StoredStage => ({ ...stage, logs: [...stage.logs, { at: at(), line }].slice(-LOG_LINES_PER_STAGE) });

  /** The build enters `name`: the stage before it is done. */
  const enter = (buildId: number, name: BuildStage, line: string) =>
    mutate(buildId, (row) => ({
      status: name,
      stages: row.stages.map((stage, index, all) => {
        const target = all.findIndex((other) => other.name === name);
        if (index === target) return appendLog({ ...stage, state: 'running', progress: 0, startedAt: at(), finishedAt: null }, line);
        if (index < target) return stage.state === 'running' ? { ...stage, state: 'done', progress: 100, finishedAt: at() } : stage;
        // A resumed build runs the later stages again.
        return stage.state === 'pending' ? stage : { ...stage, state: 'pending', progress: 0, startedAt: null, finishedAt: null };
      }),
    }));

  const step = (buildId: number, name: string, progress: number, line: string) =>
    mutate(buildId, (row) => ({ stages: withStage(row.stages, name, (stage) => appendLog({ ...stage, progress: Math.max(stage.progress, progress) }, line)) }));

  async function fail(buildId: number, code: BuildFailureCode, detail: string | undefined): Promise<void> {
    const failure = BUILD_FAILURES[code];
    const message = detail ? `${failure.message}: ${detail}` : failure.message;
    const row = await mutate(buildId, (current) => ({
      status: 'failed',
      finishedAt: new Date(),
      leaseOwner: null,
      leaseUntil: null,
      error: { code, message, nextStep: failure.nextStep, ourFault: failure.ourFault },
      stages: stoppedStages(current.stages, 'failed', `${code}: ${message}`, new Date()),
    })).catch((error: unknown) => {
      if (error instanceof Stopped) return null;
      throw error;
    });
    if (!row) return;
    deps.log.warn({ buildId, code, detail }, 'build failed');
    const [shop] = await db.select().from(shops).where(eq(shops.id, row.shopId)).limit(1);
    if (shop) await notifyBuild(deps.notifications, shop, await oneBuild(deps, row), row.requestedBy);
  }

  async function readLogo(logo: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    const contentType = contentTypeOf(new URL(logo, 'http://x').pathname);
    if (/^https?:\/\//i.test(logo)) {
      const response = await fetch(logo, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (!response?.ok) throw new ArtifactInputError('LOGO_UNREADABLE', `the logo at ${logo} could not be downloaded`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length > LOGO_MAX_BYTES) throw new ArtifactInputError('LOGO_UNREADABLE', 'the logo is larger than 10 MB');
      return { bytes, contentType: response.headers.get('content-type')?.split(';')[0] ?? contentType };
    }
    const pathname = decodeURIComponent(new URL(logo, 'http://x').pathname);
    const stored = pathname.startsWith(`${UPLOADS_PATH}/`) ? pathname.slice(UPLOADS_PATH.length + 1) : null;
    // Only a name the server gave an upload (from the file storage), or a file of the portal's own
    // (its build, or public/ before a build: the same on every machine).
    if (stored !== null) {
      const bytes = STORED_NAME.test(stored) ? await readStored(deps.storage, uploadKey(stored)) : null;
      if (bytes) return { bytes: new Uint8Array(bytes), contentType };
      throw new ArtifactInputError('LOGO_UNREADABLE', 'the logo file is missing: upload it again');
    }
    const candidates = [config.DIST_DIR, path.resolve('public')]
      .map((root) => path.resolve(root, `.${pathname}`))
      .filter((file, index) => file.startsWith(path.resolve(index === 0 ? config.DIST_DIR : 'public') + path.sep));
    for (const candidate of candidates) {
      const bytes = await readFile(candidate).catch(() => null);
      if (bytes) return { bytes: new Uint8Array(bytes), contentType };
    }
    throw new ArtifactInputError('LOGO_UNREADABLE', 'the logo file is missing: upload it again');
  }

  /** validating: the shop's details, the pinned Creation, the logo made into icons. */
  async function validate(row: BuildRow): Promise<{ input: BuildInput; icons: IconSet }> {
    const [found] = await db
      .select({ shop: shops, symbol: currencies.symbol })
      .from(shops)
      .innerJoin(currencies, eq(currencies.id, shops.currencyId))
      .where(eq(shops.id, row.shopId))
      .limit(1);
    if (!found) throw new Stopped();
    const { shop } = found;
    const setup = shopSetupError({ ...shop, shopCurrency: { currencyId: shop.currencyId } });
    if (setup) throw new BuildFailure('SHOP_INCOMPLETE', setup);
    await step(row.id, 'validating', 25, `Business details of ${shop.name}: complete`);

    const document = await readDocument(db, designPath(shop.alias, row.creationVersion));
    const data = (document?.value as { data?: unknown } | null)?.data ?? shop.config ?? {};
    const parsed = creationSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BuildFailure('CREATION_INVALID', `${issue?.path.join('.') || 'the design'} (${issue?.message ?? 'invalid'})`);
    }
    // The app carries the shop's own facts, whatever the design document last copied of them; a
    // splash text never set (still the schema's sample) takes them too.
    const creation = {
      ...parsed.data,
      shop: {
        ...parsed.data.shop,
        alias: shop.alias,
        name: shop.name,
        logo: shop.logo,
        slogan: shop.slogan || parsed.data.shop.slogan,
        currencySymbol: found.symbol,
      },
      splashScreen: {
        ...parsed.data.splashScreen,
        text: {
          appName: parsed.data.splashScreen.text.appName === SAMPLE_TEXT.appName ? shop.name : parsed.data.splashScreen.text.appName,
          appSlogan:
            parsed.data.splashScreen.text.appSlogan === SAMPLE_TEXT.appSlogan ? shop.slogan || SAMPLE_TEXT.appSlogan : parsed.data.splashScreen.text.appSlogan,
        },
      },
    };
    await step(row.id, 'validating', 50, `Design version ${row.creationVersion}: every field valid, colours and fonts read`);

    const logo = await readLogo(shop.logo);
    const icons = await options.makers.icons(logo, { background: creation.colors.primary, splashBackground: creation.colors.backgroundColor });
    await step(row.id, 'validating', 100, 'Logo made into icons (192, 512, maskable, 1024, splash)');
    return {
      input: {
        shop: { alias: shop.alias, name: shop.name, slogan: shop.slogan, currencySymbol: found.symbol },
        creation,
        creationVersion: row.creationVersion,
        release: { version: row.releaseVersion },
        buildNumber: row.number,
        origin: config.PUBLIC_ORIGIN,
      },
      icons,
    };
  }

  /** One file of the build recorded (a build run again records it again over the same row). */
  async function recordArtifact(values: typeof buildArtifacts.$inferInsert): Promise<void> {
    await db
      .insert(buildArtifacts)
      .values(values)
      .onConflictDoUpdate({ target: [buildArtifacts.buildId, buildArtifacts.kind], set: values });
  }

  /** Writes and records a file made here; answers its sha256. */
  async function storeArtifact(buildId: number, kind: ArtifactKind, fileName: string, bytes: Uint8Array): Promise<string> {
    const storageKey = `${buildId}/${fileName}`;
    await deps.storage.put(artifactKey(storageKey), bytes, contentTypeOf(fileName));
    const hash = sha256(bytes);
    await recordArtifact({ buildId, kind, fileName, size: bytes.length, sha256: hash, storageKey });
    return hash;
  }

  /** packaging: the web app's files (served from web/), both zips, sha256 and size recorded. */
  async function pack(row: BuildRow, web: ArtifactFiles, native: ArtifactFiles): Promise<void> {
    // A build run again (after an interruption) starts its web app's folder afresh.
    const prefix = webAppPrefix(row.id);
    await deps.storage.removeAll(prefix);
    const entries = [...web];
    // A few at a time: object storage answers each file in a round trip.
    for (let start = 0; start < entries.length; start += WEB_FILES_AT_ONCE) {
      await Promise.all(
        entries.slice(start, start + WEB_FILES_AT_ONCE).map(([name, bytes]) => deps.storage.put(`${prefix}${name}`, bytes, contentTypeOf(name))),
      );
    }
    const slug = slugOf(row.shopAlias);
    const webZip = zipFiles(web, `${slug}-web-app`);
    const webHash = await storeArtifact(row.id, 'web-app', `${slug}-web-app-${row.number}.zip`, webZip);
    await step(row.id, 'packaging', 50, `Web app: ${web.size} files, zip ${webZip.length} bytes, sha256 ${webHash.slice(0, 12)}…`);
    const nativeZip = zipFiles(native, `${slug}-native`);
    const nativeHash = await storeArtifact(row.id, 'native-project', `${slug}-native-project-${row.number}.zip`, nativeZip);
    await step(row.id, 'packaging', 100, `Native project: ${native.size} files, zip ${nativeZip.length} bytes, sha256 ${nativeHash.slice(0, 12)}…`);
  }

  /** Records what the engine said (webhook or poll) on the build waiting for that job; false when no build waits for it. */
  async function applyEngineResult(result: EngineResult): Promise<boolean> {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(builds).where(eq(builds.engineJobId, result.jobId)).for('update');
      if (!current) return undefined;
      if (current.status !== 'remote_building') return null;
      // A replayed earlier word never undoes the engine's last one.
      const known = current.engineResult as EngineResult | null;
      if (known && (known.status === 'succeeded' || known.status === 'failed')) return null;
      const lines = [...(result.logs ?? []), ...(result.message ? [result.message] : [])];
      const stages = withStage(current.stages, 'remote_building', (stage) => {
        const seen = new Set(stage.logs.map((log) => log.line));
        const fresh = lines.filter((line) => !seen.has(line));
        return {
          ...fresh.reduce(appendLog, stage),
          progress: Math.max(stage.progress, Math.min(99, Math.round(result.progress ?? stage.progress))),
        };
      });
      const [updated] = await tx
        .update(builds)
        .set({ engineResult: result, stages, progress: overallProgress(stages) })
        .where(eq(builds.id, current.id))
        .returning();
      return updated!;
    });
    if (row === undefined) return false;
    if (row) await announce(deps, row);
    return true;
  }

  /** remote_building: hand the native project over (once), then wait for the engine's word, polling when no webhook comes. */
  async function buildRemotely(row: BuildRow): Promise<void> {
    const engine = deps.engine;
    if (!engine) return;
    let jobId = row.engineJobId;
    if (!jobId) {
      const slug = slugOf(row.shopAlias);
      const [shop] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, row.shopId)).limit(1);
      try {
        ({ jobId } = await engine.submit({
          buildId: row.id,
          sourceUrl: engineSourceUrl(config, row.id),
          callbackUrl: new URL(`${API_PREFIX}${BUILD_PATHS.engineWebhook}`, config.PUBLIC_ORIGIN).toString(),
          platforms: ['android', 'ios'],
          app: {
            name: shop?.name ?? slug,
            slug,
            androidPackage: androidPackageOf(row.shopAlias),
            iosBundleIdentifier: iosBundleIdOf(row.shopAlias),
            version: '1.0.0',
            buildNumber: row.number,
          },
          release: row.releaseVersion,
        }));
      } catch (error) {
        if (error instanceof EngineRefusedError) throw new BuildFailure('ENGINE_REFUSED', error.message);
        throw error;
      }
      const deadline = new Date(Date.now() + config.BUILDS.engine!.timeoutSeconds * 1000);
      const submitted = jobId;
      await mutate(row.id, (current) => ({
        engineJobId: submitted,
        engineDeadline: deadline,
        stages: withStage(current.stages, 'remote_building', (stage) => appendLog({ ...stage, progress: 5 }, `Handed to the build engine (job ${submitted})`)),
      }));
    }
    let lastPoll = Date.now();
    for (;;) {
      const [current] = await db
        .select({ status: builds.status, result: builds.engineResult, deadline: builds.engineDeadline, leaseOwner: builds.leaseOwner })
        .from(builds)
        .where(eq(builds.id, row.id));
      if (!current || current.leaseOwner !== owner || !ACTIVE_STATUSES.includes(current.status)) throw new Stopped();
      const result = current.result as EngineResult | null;
      if (result?.status === 'succeeded') {
        await fetchBinaries(row, result);
        return;
      }
      if (result?.status === 'failed') throw new BuildFailure('ENGINE_FAILED', result.message);
      if (current.deadline && Date.now() > current.deadline.getTime())
        throw new BuildFailure('ENGINE_TIMEOUT', `no answer in ${config.BUILDS.engine!.timeoutSeconds} s`);
      if (Date.now() - lastPoll >= enginePollMs) {
        lastPoll = Date.now();
        const polled = await engine.status(jobId).catch((error: unknown) => {
          deps.log.warn({ err: error, buildId: row.id }, 'engine status poll failed');
          return null;
        });
        if (polled) await applyEngineResult(polled);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function fetchBinaries(row: BuildRow, result: EngineResult): Promise<void> {
    const engine = deps.engine!;
    const slug = slugOf(row.shopAlias);
    const extensions: Record<string, string> = { 'android-apk': 'apk', 'android-aab': 'aab', 'ios-ipa': 'ipa' };
    for (const artifact of result.artifacts ?? []) {
      const fileName = `${slug}-${row.number}.${extensions[artifact.kind]}`;
      // Checked on this machine's disk first (size, sha256), then stored.
      const folder = await mkdtemp(path.join(tmpdir(), 'build-'));
      try {
        const target = path.join(folder, fileName);
        await engine.download(artifact, target);
        await deps.storage.putFile(artifactKey(`${row.id}/${fileName}`), target, contentTypeOf(fileName));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
      await recordArtifact({
        buildId: row.id,
        kind: artifact.kind,
        fileName,
        size: artifact.size,
        sha256: artifact.sha256,
        storageKey: `${row.id}/${fileName}`,
      });
      await step(row.id, 'remote_building', 99, `Received ${fileName} (${artifact.size} bytes, sha256 checked)`);
    }
  }

  /** Runs `work`, retrying our own faults in place; a merchant's fault or a stop passes through at once. */
  async function tries<T>(buildId: number, stage: string, code: BuildFailureCode, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (error instanceof Stopped || error instanceof BuildFailure || error instanceof ArtifactInputError) throw error;
        deps.log.error({ err: error, buildId, stage, attempt }, 'build stage failed');
        if (attempt >= STAGE_TRIES) throw new BuildFailure(code);
        await step(buildId, stage, 0, `Something went wrong on our side: trying again (${attempt + 1} of ${STAGE_TRIES})`);
      }
    }
  }

  async function claim(buildId: number): Promise<BuildRow | null> {
    const [row] = await db
      .update(builds)
      .set({ leaseOwner: owner, leaseUntil, attempts: sql`${builds.attempts} + 1`, startedAt: sql`coalesce(${builds.startedAt}, now())` })
      .where(and(eq(builds.id, buildId), inArray(builds.status, ACTIVE_STATUSES), or(isNull(builds.leaseOwner), lt(builds.leaseUntil, sql`now()`))))
      .returning();
    return row ?? null;
  }

  async function run(buildId: number): Promise<void> {
    const claimed = await claim(buildId);
    if (!claimed) return;
    const heartbeat = setInterval(
      () => {
        void db
          .update(builds)
          .set({ leaseUntil })
          .where(and(eq(builds.id, buildId), eq(builds.leaseOwner, owner)))
          .catch((error: unknown) => deps.log.warn({ err: error, buildId }, 'build heartbeat failed'));
      },
      Math.max(500, (leaseSeconds * 1000) / 3),
    );
    try {
      if (claimed.attempts > MAX_ATTEMPTS) throw new BuildFailure('INTERRUPTED', `${MAX_ATTEMPTS} attempts`);
      // The others in the queue moved up.
      for (const queued of await queuedRows(deps)) if (queued.id !== buildId) await announce(deps, queued);
      const resumed = claimed.attempts > 1;
      const remoteJob = claimed.status === 'remote_building' && claimed.engineJobId !== null;
      if (!remoteJob) {
        await enter(buildId, 'validating', resumed ? `Resumed after an interruption (attempt ${claimed.attempts} of ${MAX_ATTEMPTS})` : 'Checking the design');
        const { input, icons } = await tries(buildId, 'validating', 'GENERATION_FAILED', () => validate(claimed));
        await enter(buildId, 'generating', `Engine release ${claimed.releaseVersion}`);
        const web = await tries(buildId, 'generating', 'GENERATION_FAILED', async () => options.makers.webApp(input, icons));
        await step(buildId, 'generating', 50, `Web app generated: ${web.size} files`);
        const native = await tries(buildId, 'generating', 'GENERATION_FAILED', async () => options.makers.nativeProject(input, icons));
        await step(buildId, 'generating', 100, `Native project generated: ${native.size} files`);
        await enter(buildId, 'packaging', 'Packaging the artifacts');
        await tries(buildId, 'packaging', 'GENERATION_FAILED', () => pack(claimed, web, native));
      }
      if (claimed.remote && deps.engine) {
        if (!remoteJob) await enter(buildId, 'remote_building', 'Handing the native project to the build engine');
        else
          await step(
            buildId,
            'remote_building',
            0,
            `Resumed after an interruption (attempt ${claimed.attempts} of ${MAX_ATTEMPTS}): waiting for engine job ${claimed.engineJobId}`,
          );
        await tries(buildId, 'remote_building', 'ENGINE_FAILED', () => buildRemotely({ ...claimed, engineJobId: remoteJob ? claimed.engineJobId : null }));
      }
      const delivering = await enter(buildId, 'delivering', 'Sending the download links');
      const [shop] = await db.select().from(shops).where(eq(shops.id, delivering.shopId)).limit(1);
      if (!shop) throw new Stopped();
      const sent = await deps.deliver(shop, await oneBuild(deps, delivering), { strict: false });
      await step(
        buildId,
        'delivering',
        100,
        sent ? 'E-mail with the links sent to the owner' : 'The e-mail could not be sent: the links are on the app’s page',
      );
      const done = await mutate(buildId, (row) => ({
        status: 'succeeded',
        progress: 100,
        finishedAt: new Date(),
        leaseOwner: null,
        leaseUntil: null,
        stages: row.stages.map((stage) =>
          stage.state === 'running'
            ? { ...stage, state: 'done', progress: 100, finishedAt: at() }
            : stage.state === 'pending'
              ? { ...stage, state: 'skipped' }
              : stage,
        ),
      }));
      deps.log.info({ buildId, alias: done.shopAlias, number: done.number }, 'build succeeded');
      await notifyBuild(deps.notifications, shop, await oneBuild(deps, done), done.requestedBy);
    } catch (error) {
      if (error instanceof Stopped) return;
      if (error instanceof BuildFailure) await fail(buildId, error.code, error.detail);
      else if (error instanceof ArtifactInputError) await fail(buildId, error.code, error.message);
      else {
        deps.log.error({ err: error, buildId }, 'build failed on our side');
        await fail(buildId, 'GENERATION_FAILED', undefined);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Builds whose worker died (lease run out) go back to the runner, and so does a queued build
   * whose job was lost (its process died between the order and the job); a build that is not
   * free is skipped by `claim`, so sending twice is harmless.
   */
  async function sweep(): Promise<number> {
    const stale = await db
      .select({ id: builds.id })
      .from(builds)
      .where(
        and(
          inArray(builds.status, ACTIVE_STATUSES),
          or(
            and(sql`${builds.leaseOwner} is not null`, lt(builds.leaseUntil, sql`now()`)),
            and(
              eq(builds.status, 'queued'),
              isNull(builds.leaseOwner),
              lt(builds.createdAt, sql`now() - interval '1 minute'`),
              sql`not exists (select 1 from pgboss.job j where j.name = ${BUILD_QUEUE} and j.state < 'completed' and (j.data->>'buildId')::int = ${builds.id})`,
            ),
          ),
        ),
      )
      .limit(100);
    for (const { id } of stale) await deps.jobs.send(BUILD_QUEUE, { buildId: id });
    return stale.length;
  }

  return { run, sweep, applyEngineResult };
}

export type Pipeline = ReturnType<typeof createPipeline>;
