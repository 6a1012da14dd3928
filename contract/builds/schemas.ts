/** Builds (issue 31): requests, answers, the failure codes and the messages a merchant reads. */
import { z } from '../zod';
import { id, timestamp } from '../response';
import { ARTIFACT_KINDS, BUILD_ENDINGS, BUILD_STAGES, STAGE_STATES } from './paths';

export const BUILD_MESSAGES = {
  ordered: 'Your app is being built',
  alreadyBuilding: 'This app is already being built: wait for that build to finish or cancel it first',
  noPlan: 'Choose a plan for this app before ordering it',
  notFound: 'Build not found',
  releaseNotFound: 'That engine release does not exist',
  notCancellable: 'This build has already finished',
  cancelled: 'Build cancelled',
  notRetryable: 'Only a failed or cancelled build can be built again',
  notSucceeded: 'Download links exist only for a build that succeeded',
  linksSent: 'New download links were sent by e-mail',
  linkTampered: 'This download link is not valid',
  linkExpired: 'This download link has expired: ask for new links on the app’s page',
  artifactGone: 'This file is no longer available: build the app again',
  webhookSignature: 'Invalid engine signature',
  webhookStale: 'This engine message is too old',
  webhookUnknown: 'No build is waiting for this engine job',
  engineOff: 'No build engine is configured',
} as const;

/** Why a build failed: a code, what happened, what to do next, and whether it was our fault (then retried and never charged). */
export const BUILD_FAILURES = {
  CREATION_INVALID: {
    ourFault: false,
    message: 'The design has a field we cannot build',
    nextStep: 'Open the design, correct the field named above and order the app again.',
  },
  SHOP_INCOMPLETE: {
    ourFault: false,
    message: 'The app’s business details are incomplete',
    nextStep: 'Complete the business details on the app’s setup page and order the app again.',
  },
  LOGO_UNREADABLE: {
    ourFault: false,
    message: 'The logo could not be made into app icons',
    nextStep: 'Upload the logo again as a PNG or JPEG image of at least 192 × 192 pixels, then order the app again.',
  },
  GENERATION_FAILED: {
    ourFault: true,
    message: 'Something went wrong on our side while making your app',
    nextStep: 'We tried again without success. Order the app again; you are not charged for this build.',
  },
  INTERRUPTED: { ourFault: true, message: 'The build was interrupted on our side', nextStep: 'Order the app again; you are not charged for this build.' },
  ENGINE_REFUSED: {
    ourFault: false,
    message: 'The store build service refused the project',
    nextStep: 'Read the build service’s reason in the log, correct the design and order the app again.',
  },
  ENGINE_FAILED: {
    ourFault: true,
    message: 'The store build service could not build the binaries',
    nextStep: 'Order the app again; the web app and the native project of this build still work.',
  },
  ENGINE_TIMEOUT: {
    ourFault: true,
    message: 'The store build service did not answer in time',
    nextStep: 'Order the app again later; the web app and the native project of this build still work.',
  },
} as const;
export type BuildFailureCode = keyof typeof BUILD_FAILURES;
const FAILURE_CODES = Object.keys(BUILD_FAILURES) as [BuildFailureCode, ...BuildFailureCode[]];

export const orderBuildSchema = z.object({
  /** The engine release to build on (default: the newest merchant-app release). */
  releaseId: id.positive().optional(),
});
export type OrderBuild = z.input<typeof orderBuildSchema>;

const logLine = z.object({ at: timestamp, line: z.string() });
export type BuildLogLine = z.infer<typeof logLine>;

export const buildStageSchema = z.object({
  name: z.enum(BUILD_STAGES),
  state: z.enum(STAGE_STATES),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  logs: z.array(logLine),
});
export type BuildStageRecord = z.infer<typeof buildStageSchema>;

export const buildArtifactSchema = z.object({
  id,
  kind: z.enum(ARTIFACT_KINDS),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** A signed link, valid until `expiresAt` (null: not downloadable from this answer). */
  url: z.string().nullable(),
  expiresAt: timestamp.nullable(),
});
export type BuildArtifact = z.infer<typeof buildArtifactSchema>;

export const buildErrorSchema = z.object({
  code: z.enum(FAILURE_CODES),
  message: z.string(),
  nextStep: z.string(),
  ourFault: z.boolean(),
});
export type BuildError = z.infer<typeof buildErrorSchema>;

export const buildSchema = z.object({
  id,
  shopAlias: z.string(),
  /** 1, 2, 3… per app. */
  number: z.number().int(),
  status: z.enum([...BUILD_STAGES, ...BUILD_ENDINGS]),
  /** 0 to 100, over the whole build. */
  progress: z.number().int().min(0).max(100),
  /** 1 = next; null unless queued. */
  queuePosition: z.number().int().nullable(),
  creationVersion: z.number().int(),
  release: z.object({ id, version: z.string() }),
  requestedBy: z.string(),
  /** True when store binaries are made by the external engine (BUILD_ENGINE_URL). */
  remote: z.boolean(),
  attempts: z.number().int(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  stages: z.array(buildStageSchema),
  error: buildErrorSchema.nullable(),
  artifacts: z.array(buildArtifactSchema),
  /** The installable web app's address (succeeded builds). */
  webAppUrl: z.string().nullable(),
});
export type Build = z.infer<typeof buildSchema>;

export const buildListQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

/** What the external engine posts back (signed). */
export const engineResultSchema = z.object({
  jobId: z.string().min(1).max(200),
  status: z.enum(['queued', 'building', 'succeeded', 'failed']),
  progress: z.number().min(0).max(100).optional(),
  message: z.string().max(2000).optional(),
  logs: z.array(z.string().max(2000)).max(200).optional(),
  artifacts: z
    .array(
      z.object({
        kind: z.enum(['android-apk', 'android-aab', 'ios-ipa']),
        url: z.url().max(2000),
        size: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .max(10)
    .optional(),
});
export type EngineResult = z.infer<typeof engineResultSchema>;
