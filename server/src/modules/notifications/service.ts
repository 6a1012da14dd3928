/**
 * The one way any module notifies a user (issue 12): `notify(userId, {type, title, body, meta})`
 * stores the notification, sends it at once to every open portal of that user (socket.io room
 * `user:<id>`, across processes through the Redis adapter) and pushes it to the user's device.
 * Also the recipient's own calls: list, count, update. HTTP-free.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_EVENT, NOTIFICATION_LIST_LIMIT, notificationRoute, type NotificationStatus, type NotificationType } from '@contract/notifications/paths';
import { NOTIFICATION_MESSAGES, type Notification, type NotificationListQuery, type NotificationMeta } from '@contract/notifications/schemas';
import type { Database } from '../../db/database';
import { notifications, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { Realtime } from '../../realtime/socket';
import type { PushMessage, PushSender } from './push';

interface NotifyInput {
  type: NotificationType;
  title: string;
  body?: string;
  meta?: Partial<NotificationMeta>;
}

export interface Notifications {
  /** Stores, fans out to the user's open portals and pushes; resolves once stored and emitted. */
  notify(userId: number, input: NotifyInput): Promise<Notification>;
  /** The same notification for every user (engine releases); resolves with how many. */
  notifyEveryone(input: NotifyInput): Promise<number>;
  list(userId: number, query: NotificationListQuery): Promise<Notification[]>;
  count(userId: number, status: NotificationStatus): Promise<number>;
  update(userId: number, notificationId: number, status: NotificationStatus): Promise<Notification>;
  readonly push: PushSender;
}

type Row = typeof notifications.$inferSelect;

/** The room every open portal of a user joins. */
const userRoom = (userId: number) => `user:${userId}`;

const PUSH_CONCURRENCY = 16;

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    notificationId: row.id,
    type: row.type as NotificationType,
    status: row.status as NotificationStatus,
    title: row.title,
    body: row.body,
    meta: { shopName: row.meta.shopName ?? null, inviteToken: row.meta.inviteToken ?? null, shopAlias: row.meta.shopAlias ?? null },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function pushMessage(notification: Notification): PushMessage {
  return { title: notification.title, body: notification.body, url: notificationRoute(notification), type: notification.type, notificationId: notification.id };
}

function values(input: NotifyInput) {
  return {
    type: input.type,
    title: input.title,
    body: input.body ?? '',
    meta: { shopName: input.meta?.shopName ?? null, inviteToken: input.meta?.inviteToken ?? null, shopAlias: input.meta?.shopAlias ?? null },
  };
}

export function createNotifications({
  db,
  realtime,
  push,
  log,
}: {
  db: Database;
  realtime: Realtime;
  push: PushSender;
  log: FastifyBaseLogger;
}): Notifications {
  const emit = (notification: Notification, userId: number) => realtime.emitToRoom(userRoom(userId), NOTIFICATION_EVENT, notification);

  /** Pushes to every given device, a few at a time (a failure is logged by the sender). */
  async function pushAll(targets: { userId: number; fcmId: string; notification: Notification }[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const target = targets[next++];
        if (target) await push.send(target.userId, target.fcmId, pushMessage(target.notification));
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, targets.length) }, worker));
  }

  return {
    push,
    async notify(userId, input) {
      const [row] = await db
        .insert(notifications)
        .values({ userId, ...values(input) })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const notification = toNotification(row);
      emit(notification, userId);
      const [user] = await db.select({ fcmId: users.fcmId }).from(users).where(eq(users.id, userId));
      if (user?.fcmId) void push.send(userId, user.fcmId, pushMessage(notification));
      return notification;
    },
    async notifyEveryone(input) {
      const recipients = await db.select({ id: users.id, fcmId: users.fcmId }).from(users);
      if (recipients.length === 0) return 0;
      const rows = await db
        .insert(notifications)
        .values(recipients.map((user) => ({ userId: user.id, ...values(input) })))
        .returning();
      const devices = new Map(recipients.map((user) => [user.id, user.fcmId]));
      const targets: { userId: number; fcmId: string; notification: Notification }[] = [];
      for (const row of rows) {
        const notification = toNotification(row);
        emit(notification, row.userId);
        const fcmId = devices.get(row.userId);
        if (fcmId) targets.push({ userId: row.userId, fcmId, notification });
      }
      void pushAll(targets).catch((error: unknown) => log.warn({ err: error }, 'release push failed'));
      return rows.length;
    },
    async list(userId, { status, type }) {
      const conditions: SQL[] = [eq(notifications.userId, userId)];
      if (status) conditions.push(eq(notifications.status, status));
      if (type) conditions.push(eq(notifications.type, type));
      const rows = await db
        .select()
        .from(notifications)
        .where(and(...conditions))
        .orderBy(desc(notifications.id))
        .limit(NOTIFICATION_LIST_LIMIT);
      return rows.map(toNotification);
    },
    async count(userId, status) {
      const [row] = await db
        .select({ value: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.status, status)));
      return row?.value ?? 0;
    },
    async update(userId, notificationId, status) {
      // Someone else's notification is "not found": its existence is not theirs to learn.
      const [row] = await db
        .update(notifications)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
        .returning();
      if (!row) throw new HttpError(404, NOTIFICATION_MESSAGES.notFound);
      const notification = toNotification(row);
      // The user's other open portals follow (spec section 4 rules run there too).
      emit(notification, userId);
      return notification;
    },
  };
}
