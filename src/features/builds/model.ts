/** What the builds panel shows of a build (issue 31), pure and unit-tested. */
import { BUILD_STATUS_LABELS, isBuildFinished, type BuildStatus, type StageState } from '@contract/builds/paths';
import type { Build, BuildStageRecord } from '@contract/builds/schemas';
import type { EngineRelease } from '@contract/releases/schemas';

/** The build still under way, if any (at most one per app). */
export function activeBuild(builds: readonly Build[]): Build | undefined {
  return builds.find((build) => !isBuildFinished(build.status));
}

/** The build the panel shows prominently: the one under way, else the newest. */
export function currentBuild(builds: readonly Build[]): Build | undefined {
  return activeBuild(builds) ?? newestFirst(builds)[0];
}

/** Builds by number, newest first. */
function newestFirst(builds: readonly Build[]): Build[] {
  return [...builds].sort((a, b) => b.number - a.number);
}

/** The list with `build` in it: replaced by id, or added, newest first (a live event or a mutation's answer). */
export function withBuild(list: readonly Build[] | undefined, build: Build): Build[] {
  const known = list ?? [];
  const others = known.filter((entry) => entry.id !== build.id);
  return newestFirst([build, ...others]);
}

/**
 * The newest engine release when it is newer than the one `build` was made on (releases come
 * newest first); undefined when the build is on the newest or its release is not in the list.
 */
export function newerRelease(releases: readonly EngineRelease[], build: Pick<Build, 'release'>): EngineRelease | undefined {
  const newest = releases[0];
  const index = releases.findIndex((release) => release.id === build.release.id);
  return newest && index > 0 ? newest : undefined;
}

/** "12 s", "3 min 4 s", "2 h 5 min": a duration in milliseconds as a merchant reads it. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** How long a stage or build took (until `now` while it runs); null before it started. */
export function elapsedText(item: { startedAt: string | null; finishedAt: string | null }, now = Date.now()): string | null {
  if (!item.startedAt) return null;
  const end = item.finishedAt ? new Date(item.finishedAt).getTime() : now;
  return durationText(end - new Date(item.startedAt).getTime());
}

/**
 * The stages a merchant sees: every stage in order, except the store binaries' when this build
 * makes none (no external engine, or the stage was skipped).
 */
export function visibleStages(build: Pick<Build, 'stages' | 'remote'>): BuildStageRecord[] {
  return build.stages.filter((stage) => stage.name !== 'remote_building' || (build.remote && stage.state !== 'skipped'));
}

/** What a stage's state reads as beside its name. */
export const STAGE_STATE_LABELS: Record<StageState, string> = {
  pending: 'Waiting',
  running: 'In progress',
  done: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** "Position 2 in the queue" (null unless the build waits in the queue). */
export function queueText(build: Pick<Build, 'status' | 'queuePosition'>): string | null {
  return build.status === 'queued' && build.queuePosition !== null ? `Position ${build.queuePosition} in the queue` : null;
}

export type StatusTone = 'default' | 'info' | 'success' | 'error';

export interface StatusView {
  label: string;
  tone: StatusTone;
  /** Under way: progress, the running stage's live log. */
  running: boolean;
  /** What a manager may do with it. */
  canCancel: boolean;
  canRetry: boolean;
  canSendLinks: boolean;
}

/** What to show and offer for a build in `status`. */
export function statusView(status: BuildStatus): StatusView {
  const finished = isBuildFinished(status);
  return {
    label: BUILD_STATUS_LABELS[status],
    tone: status === 'succeeded' ? 'success' : status === 'failed' ? 'error' : status === 'cancelled' ? 'default' : 'info',
    running: !finished,
    canCancel: !finished,
    canRetry: status === 'failed' || status === 'cancelled',
    canSendLinks: status === 'succeeded',
  };
}

/** "12 March 2026" (a build's date, an artifact's link expiry). */
export function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
