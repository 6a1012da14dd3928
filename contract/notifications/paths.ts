/**
 * Notification calls (spec section 7), relative to API_PREFIX. Zod-free: the
 * service worker imports it. `{portal}` of the spec is the product's platform identifier PORTAL.
 */
import { PORTAL } from '../constants';

export const NOTIFICATION_PATHS = {
  /** GET, optional ?status= and ?type=: the caller's notifications, newest first. */
  list: `/${PORTAL}/notifications/list`,
  /** GET, optional ?status= (default open): how many the caller has. */
  count: `/${PORTAL}/notifications/count`,
  /** GET: how this server sends push (Web Push with its VAPID public key, or FCM). */
  pushConfig: `/${PORTAL}/notifications/push-config`,
  /** PUT {status}: only the recipient. */
  update: `/${PORTAL}/notifications/:notificationId`,
} as const;

/** The socket.io event a user's room receives for every created or updated notification. */
export const NOTIFICATION_EVENT = 'notification' as const;

export const NOTIFICATION_TYPES = ['invite', 'app-build', 'payment-due', 'payment-failed', 'release', 'support-reply'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_STATUSES = ['open', 'resolved'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** What the bell's dropdown shows: the latest open ones. */
export const BELL_DROPDOWN_SIZE = 5;
/** The most a list call answers with (newest first). */
export const NOTIFICATION_LIST_LIMIT = 50;

export interface NotificationTarget {
  type: string;
  meta?: { shopAlias?: string | null | undefined; inviteToken?: string | null | undefined } | null;
}

/**
 * The portal page a notification opens (issue: app-build -> the app, payment-due and
 * payment-failed -> billing, release -> what is new, invite -> join the project). Shared by the
 * bell, the page, the server's push payload and the service worker's click.
 */
export function notificationRoute({ type, meta }: NotificationTarget): string {
  const alias = meta?.shopAlias;
  switch (type) {
    case 'app-build':
      return alias ? `/apps/${encodeURIComponent(alias)}` : '/apps';
    case 'payment-due':
    case 'payment-failed':
      return '/billing';
    case 'invite':
      return meta?.inviteToken ? `/join-project?token=${encodeURIComponent(meta.inviteToken)}` : '/join-project';
    case 'release':
      return '/notifications?type=release';
    default:
      return '/notifications';
  }
}
