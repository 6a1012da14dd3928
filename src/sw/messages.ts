/** What the service worker tells an open portal (zod-free, shared by both sides). */
export const PUSH_RECEIVED_MESSAGE = 'notification-push' as const;
