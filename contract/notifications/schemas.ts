/** Notifications (spec section 3 Notification): requests and answers. */
import { z } from '../zod';
import { id, timestamp } from '../response';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from './paths';

export const NOTIFICATION_MESSAGES = {
  status: `status must be one of ${NOTIFICATION_STATUSES.join(', ')}`,
  type: `type must be one of ${NOTIFICATION_TYPES.join(', ')}`,
  notFound: 'Notification not found',
} as const;

export const notificationStatusSchema = z.enum(NOTIFICATION_STATUSES, { error: NOTIFICATION_MESSAGES.status });
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.type });

export const notificationMetaSchema = z.object({
  shopName: z.string().nullable(),
  inviteToken: z.string().nullable(),
  shopAlias: z.string().nullable(),
});
export type NotificationMeta = z.infer<typeof notificationMetaSchema>;

/** A notification as every call (and the socket event) carries it. `notificationId` equals `id`. */
export const notificationSchema = z.object({
  id,
  notificationId: id,
  type: notificationTypeSchema,
  status: notificationStatusSchema,
  title: z.string(),
  body: z.string(),
  meta: notificationMetaSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({ status: notificationStatusSchema.optional(), type: notificationTypeSchema.optional() });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export const notificationCountQuerySchema = z.object({ status: notificationStatusSchema.optional() });
export const notificationCountSchema = z.object({ count: z.number().int() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

/** PUT /v1/portal/notifications/{notificationId} */
export const updateNotificationSchema = z.object({ status: notificationStatusSchema });
export type UpdateNotificationPayload = z.infer<typeof updateNotificationSchema>;

/** How the portal subscribes: standard Web Push with this VAPID key, or FCM (its config is the portal's own). */
export const pushConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('webpush'), vapidPublicKey: z.string() }),
  z.object({ kind: z.literal('fcm') }),
]);
export type PushConfig = z.infer<typeof pushConfigSchema>;
