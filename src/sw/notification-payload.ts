/**
 * Reads a push message into the notification to show. Accepts the portal's own payload
 * {title, body, url, type, notificationId} (server/src/modules/notifications/push.ts) and the
 * FCM shapes {data: {...}} and {notification: {title, body}, data: {url, type}}. Pure: shared
 * with the unit tests.
 */

const DEFAULT_NOTIFICATION_TITLE = 'ShopApp Studio';
/** Where a click goes when the message names no page. */
const DEFAULT_NOTIFICATION_URL = '/notifications';

interface PushNotice {
  title: string;
  body: string;
  /** Same-origin absolute URL to open on click. */
  url: string;
  type: string | undefined;
  /** Replaces an earlier system notification of the same id rather than stacking a second. */
  tag: string | undefined;
}

type Fields = Record<string, unknown>;

function asFields(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Only pages of this origin may be opened from a notification (no open redirect). */
export function safeNotificationUrl(candidate: unknown, origin: string): string {
  const fallback = new URL(DEFAULT_NOTIFICATION_URL, origin).href;
  const raw = text(candidate);
  if (!raw) return fallback;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

export function readPushPayload(payload: string | null | undefined, origin: string): PushNotice {
  let parsed: unknown;
  try {
    parsed = payload ? JSON.parse(payload) : {};
  } catch {
    // A plain-text push is its own body.
    parsed = { body: payload };
  }
  const root = asFields(parsed);
  const fields: Fields = { ...asFields(root.data), ...asFields(root.notification), ...root };
  return {
    title: text(fields.title) ?? DEFAULT_NOTIFICATION_TITLE,
    body: text(fields.body) ?? '',
    url: safeNotificationUrl(fields.url, origin),
    type: text(fields.type),
    tag: typeof fields.notificationId === 'number' || text(fields.notificationId) ? `notification-${String(fields.notificationId)}` : undefined,
  };
}
