/** Build calls (issue 31), relative to API_PREFIX, and the build's words shared by both halves. Zod-free. */
export const BUILD_PATHS = {
  /** GET: the app's builds, newest first. POST {releaseId?}: order a build (Idempotency-Key header). */
  builds: '/shops/:alias/builds',
  /** GET: one build with its stages, logs and artifacts (download links signed for 7 days). */
  one: '/shops/:alias/builds/:buildId',
  /** POST: cancel a build that has not finished. */
  cancel: '/shops/:alias/builds/:buildId/cancel',
  /** POST: a new build of the same design version and engine release as a failed or cancelled one. */
  retry: '/shops/:alias/builds/:buildId/retry',
  /** POST: new download links (7 days) for a succeeded build, sent by e-mail again. */
  links: '/shops/:alias/builds/:buildId/links',
  /** GET ?expires&signature: an artifact's file (public: the signature is the permission). */
  download: '/builds/artifacts/:artifactId/download',
  /** POST: the external build engine's result, signed (BUILD_ENGINE_URL). */
  engineWebhook: '/builds/engine/webhook',
  /** GET ?expires&signature: the native project handed to the external build engine. */
  engineSource: '/builds/:buildId/engine-source',
} as const;

/** Where a shop's installable web app is served (its latest succeeded build). */
export const webAppPath = (alias: string) => `/shops/${encodeURIComponent(alias)}/app/`;

/** A build's states: the stages in order, then how it ended. */
export const BUILD_STAGES = ['queued', 'validating', 'generating', 'packaging', 'remote_building', 'delivering'] as const;
export type BuildStage = (typeof BUILD_STAGES)[number];
export const BUILD_ENDINGS = ['succeeded', 'failed', 'cancelled'] as const;
export type BuildEnding = (typeof BUILD_ENDINGS)[number];
export type BuildStatus = BuildStage | BuildEnding;

export const isBuildFinished = (status: BuildStatus): status is BuildEnding => (BUILD_ENDINGS as readonly string[]).includes(status);

/** What a stage's record says of it. */
export const STAGE_STATES = ['pending', 'running', 'done', 'failed', 'skipped', 'cancelled'] as const;
export type StageState = (typeof STAGE_STATES)[number];

/** Labels a merchant reads for each state. */
export const BUILD_STATUS_LABELS: Record<BuildStatus, string> = {
  queued: 'Queued',
  validating: 'Checking the design',
  generating: 'Generating the apps',
  packaging: 'Packaging',
  remote_building: 'Building store binaries',
  delivering: 'Delivering',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What a build makes. */
export const ARTIFACT_KINDS = ['web-app', 'native-project', 'android-apk', 'android-aab', 'ios-ipa'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];
export const ARTIFACT_LABELS: Record<ArtifactKind, string> = {
  'web-app': 'Installable web app (zip)',
  'native-project': 'Native project (Expo, zip)',
  'android-apk': 'Android app (APK)',
  'android-aab': 'Android app bundle (AAB, for Google Play)',
  'ios-ipa': 'iOS app (IPA)',
};

/** The socket.io room of an app's builds (`builds:<alias>`, readers of the shop) and its one event. */
export const buildsRoom = (alias: string) => `builds:${alias}`;
export const BUILD_EVENT = 'build' as const;

/** Download links last 7 days. */
export const DOWNLOAD_LINK_DAYS = 7;

/** The external engine's webhook headers: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const ENGINE_SIGNATURE_HEADER = 'x-engine-signature';
/** A webhook signed longer ago than this is refused (replays). */
export const ENGINE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** A file size as people read it: "830 B", "14.2 kB", "1.4 MB" (decimal units, as browsers show downloads). */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
