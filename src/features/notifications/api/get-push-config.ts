import { NOTIFICATION_PATHS } from '@contract/notifications/paths';
import type { PushConfig } from '@contract/notifications/schemas';
import { api } from '@/api/client';

/** GET /v1/portal/notifications/push-config: how this server pushes (asked only when subscribing). */
export function getPushConfig(): Promise<PushConfig> {
  return api<PushConfig>(NOTIFICATION_PATHS.pushConfig, { fallback: 'Could not load the push settings' });
}
