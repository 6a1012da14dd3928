/**
 * Notifications (spec section 7): the recipient's list, count and update, and how the portal
 * subscribes to push. `{portal}` is PORTAL ('portal'): /v1/portal/notifications/...
 */
import { NOTIFICATION_PATHS } from '@contract/notifications/paths';
import {
  notificationCountQuerySchema,
  notificationCountSchema,
  notificationListQuerySchema,
  notificationSchema,
  pushConfigSchema,
  updateNotificationSchema,
} from '@contract/notifications/schemas';
import { envelopeOf } from '@contract/response';
import { z } from 'zod';
import { signedInUser } from '../../auth/guards';
import type { ModulePlugin } from '../../deps';
import { ok } from '../../http/envelope';
import { idParam } from '../../http/params';

const notificationIdParams = z.object({ notificationId: idParam('notificationId') });

export const notificationsModule: ModulePlugin = async (app, { guards, notifications }) => {
  const tags = ['notifications'];

  app.get(
    NOTIFICATION_PATHS.list,
    { onRequest: guards.requireUser, schema: { tags, querystring: notificationListQuerySchema, response: { 200: envelopeOf(z.array(notificationSchema)) } } },
    async (request) => ok(await notifications.list(signedInUser(request).id, request.query)),
  );

  app.get(
    NOTIFICATION_PATHS.count,
    { onRequest: guards.requireUser, schema: { tags, querystring: notificationCountQuerySchema, response: { 200: envelopeOf(notificationCountSchema) } } },
    async (request) => ok({ count: await notifications.count(signedInUser(request).id, request.query.status ?? 'open') }),
  );

  app.put(
    NOTIFICATION_PATHS.update,
    {
      onRequest: guards.requireUser,
      schema: { tags, params: notificationIdParams, body: updateNotificationSchema, response: { 200: envelopeOf(notificationSchema) } },
    },
    async (request) => ok(await notifications.update(signedInUser(request).id, request.params.notificationId, request.body.status)),
  );

  app.get(NOTIFICATION_PATHS.pushConfig, { onRequest: guards.requireClient, schema: { tags, response: { 200: envelopeOf(pushConfigSchema) } } }, async () =>
    ok(notifications.push.config),
  );
};
