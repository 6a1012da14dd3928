import type { NotificationType } from '@contract/notifications/paths';

/** How each notification type is named in the bell, the page and its filter. */
export const TYPE_LABELS: Record<NotificationType, string> = {
  invite: 'Invite',
  'app-build': 'App build',
  'payment-due': 'Payment due',
  'payment-failed': 'Payment failed',
  release: 'Release',
  'support-reply': 'Support reply',
};
