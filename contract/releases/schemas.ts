/** Build engine releases (spec section 3 "Other"): requests and answers. */
import { z } from '../zod';
import { id, timestamp } from '../response';
import { text, TEXT_LIMITS } from '../text';

export const RELEASE_MESSAGES = {
  releaseExists: 'This version has already been released',
} as const;

export const releasesQuery = z.object({ appType: z.string().max(40).optional() });

/** Build engine release (spec section 3 "Other"; appType merchant-app for merchant builds). */
export const engineReleaseSchema = z.object({
  id,
  version: z.string(),
  appType: z.string(),
  notes: z.string(),
  createdAt: timestamp,
});
export type EngineRelease = z.infer<typeof engineReleaseSchema>;

export const createEngineReleaseSchema = z.object({
  version: text({ label: 'version', max: TEXT_LIMITS.code, min: 1 }),
  appType: text({ label: 'appType', max: TEXT_LIMITS.code, min: 1 }).default('merchant-app'),
  notes: text({ label: 'notes', max: TEXT_LIMITS.longText, multiLine: true }).default(''),
});
export type CreateEngineReleasePayload = z.input<typeof createEngineReleaseSchema>;

/** What POST /v1/engine/releases answers: the release and how many merchants were notified. */
export const publishedReleaseSchema = z.object({ release: engineReleaseSchema, notified: z.number().int() });
export type PublishedRelease = z.infer<typeof publishedReleaseSchema>;
