/** Design versions (branches) of a shop, merging one into the default, and who changed what. */
import { timestamp } from '../response';
import { z } from '../zod';

/** Design versions (branches): the realtime documents of a shop. */
export const designVersionSchema = z.object({
  version: z.number().int(),
  isDefault: z.boolean(),
  revision: z.number().int(),
  updatedAt: timestamp,
  /** Who wrote the last edit (null: unknown). */
  lastEditor: z.string().nullable(),
});
export type DesignVersion = z.infer<typeof designVersionSchema>;
export const duplicateVersionSchema = z.object({ from: z.number().int().min(0).max(9_999_999) });

/** A Creation field path as the history and merge name it, e.g. 'colors/primary'. */
const fieldPath = z.string().min(1).max(300);

/** GET …/versions/{version}/merge: what merging the version into the default would apply. */
export const mergePlanSchema = z.object({
  version: z.number().int(),
  defaultVersion: z.number().int(),
  /** Fields the branch changed since it was duplicated (and the default does not already hold). */
  changed: z.array(fieldPath),
  /** Fields both changed, to different values: choose one side for each. */
  conflicts: z.array(z.object({ field: fieldPath, branch: z.unknown(), default: z.unknown() })),
});
export type MergePlan = z.infer<typeof mergePlanSchema>;

/** POST …/versions/{version}/merge: per conflicting field, which side wins. */
export const mergeRequestSchema = z.object({
  resolutions: z
    .record(fieldPath, z.enum(['branch', 'default']))
    .refine((value) => Object.keys(value).length <= 500, { error: 'At most 500 resolutions' })
    .default({}),
});
export type MergeRequest = z.input<typeof mergeRequestSchema>;

export const mergeResultSchema = z.object({
  version: z.number().int(),
  defaultVersion: z.number().int(),
  /** Fields the default took from the branch. */
  applied: z.array(fieldPath),
  /** Conflicting fields where the default kept its own value. */
  keptDefault: z.array(fieldPath),
  /** The default version's revision after the merge. */
  revision: z.number().int(),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** GET …/versions/{version}/history: who changed what, newest first. */
export const versionHistoryEntrySchema = z.object({
  revision: z.number().int(),
  at: timestamp,
  /** The user's name (null: unknown, e.g. an account since deleted). */
  user: z.string().nullable(),
  fields: z.array(z.string()),
  /** True for a merge of another version into this one. */
  merge: z.boolean(),
});
export type VersionHistoryEntry = z.infer<typeof versionHistoryEntrySchema>;
