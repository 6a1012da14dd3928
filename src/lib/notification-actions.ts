/**
 * Actions a notification offers beside opening its page (issue 12: the collaborators feature
 * adds Accept and Decline on invites here). Lives in lib so a feature registers without
 * importing the notifications feature. An action that settles the notification resolves it on
 * the server; the bell and the page follow through the notification's own update.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';

interface NotificationAction {
  label: string;
  run(notification: Notification, context: { queryClient: QueryClient }): Promise<unknown>;
}

type Provider = (notification: Notification) => NotificationAction[];

const providers = new Map<NotificationType, Provider[]>();

/** Adds actions to notifications of `type`; returns the removal. */
export function registerNotificationActions(type: NotificationType, provider: Provider): () => void {
  const list = providers.get(type) ?? [];
  list.push(provider);
  providers.set(type, list);
  return () => {
    const current = providers.get(type) ?? [];
    providers.set(
      type,
      current.filter((item) => item !== provider),
    );
  };
}

export function notificationActions(notification: Notification): NotificationAction[] {
  if (notification.status !== 'open') return [];
  return (providers.get(notification.type) ?? []).flatMap((provider) => provider(notification));
}
