/** POST /v1/realtime/edits: one design edit over HTTP (the service worker's Background Sync). */
import { z } from '../zod';
import { REALTIME_LIMITS, REALTIME_MESSAGES, isEditId } from './realtime';

export const realtimeEditSchema = z.object({
  editId: z.string().refine(isEditId, { error: REALTIME_MESSAGES.editId }),
  updates: z
    .record(z.string(), z.unknown())
    .refine((updates) => Object.keys(updates).length >= 1 && Object.keys(updates).length <= REALTIME_LIMITS.updatePaths, {
      error: `An update writes 1 to ${REALTIME_LIMITS.updatePaths} paths`,
    }),
});
export type RealtimeEdit = z.infer<typeof realtimeEditSchema>;

export const realtimeEditAnswerSchema = z.object({ revision: z.number().int(), duplicate: z.boolean() });

/**
 * GET /v1/realtime/preview-origin: the origin of every link a phone or another person opens (QR
 * codes, the public page): PUBLIC_URL's origin, else the server's LAN address (a phone cannot
 * open localhost), where `sameNetwork` says only a device on the server's network reaches it.
 */
export const previewOriginSchema = z.object({ origin: z.string(), sameNetwork: z.boolean() });
export type PreviewOrigin = z.infer<typeof previewOriginSchema>;

/**
 * POST /v1/realtime/firebase-token (Firebase mode): a custom token for the signed-in user, and the
 * preview claim of one shop when its preview key comes along (alias and key together).
 */
export const firebaseTokenRequestSchema = z
  .object({ alias: z.string().max(64).optional(), key: z.string().max(64).optional() })
  .refine((body) => (body.alias === undefined) === (body.key === undefined), { error: 'Send the alias and the preview key together' });
export type FirebaseTokenRequest = z.infer<typeof firebaseTokenRequestSchema>;
export const firebaseTokenAnswerSchema = z.object({ token: z.string() });
