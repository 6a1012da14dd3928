/**
 * What the composition root uses of builds (issue 31): the calls, the pipeline on the job runner
 * (queue `build`), the sweeper that takes over builds of a process that died, the socket room
 * `builds:<alias>`, and the shops' installable web apps at /shops/{alias}/app/.
 */
import { API_PREFIX } from '@contract/api';
import { BUILD_EVENT, buildsRoom } from '@contract/builds/paths';
import type { AppDeps, AppInstance } from '../../deps';
import { makeNativeProject } from './artifacts/native-project';
import { sampleCatalogueForApp } from './artifacts/sample-catalogue-for-app';
import { loadWebAppShell, makeWebApp, type WebAppShell } from './artifacts/web-app';
import type { BuildsDeps } from './deps';
import { deliverBuild } from './delivery';
import { createBuildEngine } from './engine';
import { createPipeline, type Makers, type PipelineOptions } from './pipeline';
import { buildsRoutes } from './routes';
import { BUILD_QUEUE, mayFollowBuilds } from './service';
import { registerWebApp } from './web-app-route';

export type BuildPipelineOptions = Partial<Omit<PipelineOptions, 'makers'>> & { makers?: Partial<Makers> };

export async function registerBuilds(app: AppInstance, deps: AppDeps, options: BuildPipelineOptions = {}): Promise<void> {
  const { config } = deps;
  const log = app.log.child({ module: 'builds' });
  const engine = config.BUILDS.engine ? createBuildEngine(config.BUILDS.engine) : undefined;
  const buildsDeps: BuildsDeps = {
    db: deps.db,
    config,
    jobs: deps.jobs,
    mailer: deps.mailer,
    notifications: deps.notifications,
    log,
    storage: deps.storage,
    engine,
    announce: (build) => app.realtime.emitToRoom(buildsRoom(build.shopAlias), BUILD_EVENT, build),
    deliver: (shop, build, delivery) => deliverBuild({ db: deps.db, config, mailer: deps.mailer, log }, shop, build, delivery),
  };
  // The shop app's renderer, read from the portal's build the first time a build needs it.
  let shell: WebAppShell | undefined;
  const makers: Makers = {
    // sharp (the logo's decoder) loads with the first build, not with the server.
    icons: async (logo, colours) => (await import('./artifacts/icons')).makeIcons(logo, colours),
    webApp: (input, icons) => makeWebApp(input, icons, (shell ??= loadWebAppShell(config.DIST_DIR))),
    nativeProject: (input, icons) => makeNativeProject(input, icons, sampleCatalogueForApp(input)),
    ...options.makers,
  };
  const pipeline = createPipeline(buildsDeps, { ...options, makers });
  app.realtime.authorizeRooms('builds', ({ user }, alias) => mayFollowBuilds(buildsDeps, user, alias));
  deps.jobs.define<{ buildId: number }>({ name: BUILD_QUEUE, run: ({ buildId }) => pipeline.run(buildId), retryLimit: 1, concurrency: 3 });

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!deps.jobs.running) return;
    const sweep = () => void pipeline.sweep().catch((error: unknown) => log.error({ err: error }, 'build sweep failed'));
    sweep();
    sweeper = setInterval(sweep, Math.max(1000, (config.BUILDS.leaseSeconds * 1000) / 2));
    sweeper.unref();
  });
  app.addHook('preClose', async () => clearInterval(sweeper));

  registerWebApp(app, { db: deps.db, storage: deps.storage });
  await app.register(buildsRoutes(buildsDeps, pipeline), { ...deps, prefix: API_PREFIX });
}
