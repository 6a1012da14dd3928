/**
 * Push to a user's device (issue 12). The user's fcmId holds either a Web Push subscription
 * (its JSON, the default: this server's VAPID keys, VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY or generated
 * once into DATA_DIR/vapid.json)
 * or an FCM registration token (only when VITE_FIREBASE_CONFIG and FIREBASE_SERVICE_ACCOUNT are
 * set; firebase-admin is imported then and only then). Messages are data only, so the service
 * worker alone decides what shows, and nothing shows twice. A subscription the push service
 * calls gone (404/410, or FCM's unregistered token) is removed from the user.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushConfig } from '@contract/notifications/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { serviceAccountOf } from '../../firebase-service-account';

/** What the service worker receives (src/sw/notification-payload.ts reads it). */
export interface PushMessage {
  title: string;
  body: string;
  /** The portal route to open on click. */
  url: string;
  type: string;
  notificationId: number;
}

type PushOutcome = 'sent' | 'expired' | 'failed' | 'skipped';

export interface PushSender {
  /** What the portal needs to subscribe. */
  readonly config: PushConfig;
  /** Sends to one user's stored fcmId; removes it when the push service says it is gone. */
  send(userId: number, fcmId: string, message: PushMessage): Promise<PushOutcome>;
  /** Resolves once every send started so far has finished (tests and shutdown). */
  idle(): Promise<void>;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Reads DATA_DIR/vapid.json, or creates it once (`wx`: two processes starting together agree on one). */
export function loadVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys(), null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error(`${file} has an unexpected shape: fix or delete it`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A stored fcmId that is a Web Push subscription, or null (then it is an FCM token). */
function parseSubscription(fcmId: string): WebPushSubscription | null {
  if (!fcmId.startsWith('{')) return null;
  try {
    const value = JSON.parse(fcmId) as Partial<WebPushSubscription>;
    if (typeof value.endpoint !== 'string' || typeof value.keys?.p256dh !== 'string' || typeof value.keys.auth !== 'string') return null;
    return { endpoint: value.endpoint, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
  } catch {
    return null;
  }
}

/** Pushes go to https push services only, plus named local ones: a stored endpoint must not aim the server at the intranet. */
function isAllowedEndpoint(endpoint: string, insecureOrigins: readonly string[]): boolean {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' || (url.protocol === 'http:' && insecureOrigins.includes(url.origin));
  } catch {
    return false;
  }
}

const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

interface FcmSender {
  send(token: string, message: PushMessage): Promise<PushOutcome>;
}

/** firebase-admin, imported only when FCM is configured. */
async function createFcmSender(serviceAccount: string, log: FastifyBaseLogger): Promise<FcmSender> {
  const [{ cert, initializeApp }, { getMessaging }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/messaging')]);
  const messaging = getMessaging(initializeApp({ credential: cert(serviceAccountOf(serviceAccount)) }, `portal-push-${process.pid}-${Date.now()}`));
  return {
    async send(token, message) {
      try {
        await messaging.send({
          token,
          data: { ...message, notificationId: String(message.notificationId) },
          webpush: { headers: { Urgency: 'high', TTL: String(PUSH_TTL_SECONDS) } },
        });
        return 'sent';
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'messaging/registration-token-not-registered' || code === 'messaging/invalid-registration-token') return 'expired';
        log.warn({ err: error }, 'FCM push failed');
        return 'failed';
      }
    },
  };
}

export function createPushSender({ config, db, log }: { config: Config; db: Database; log: FastifyBaseLogger }): PushSender {
  const vapid = config.VAPID ?? loadVapidKeys(config.DATA_DIR);
  const fcmEnabled = Boolean(config.VITE_FIREBASE_CONFIG && config.FIREBASE_SERVICE_ACCOUNT);
  let fcm: Promise<FcmSender> | undefined;
  const inFlight = new Set<Promise<unknown>>();

  async function sendWebPush(subscription: WebPushSubscription, message: PushMessage): Promise<PushOutcome> {
    if (!isAllowedEndpoint(subscription.endpoint, config.PUSH_INSECURE_ORIGINS)) return 'skipped';
    // generateRequestDetails + fetch rather than sendNotification: the latter only speaks https.
    const details = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
      vapidDetails: { subject: config.WEB_PUSH_SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ?? null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return 'expired';
    if (!response.ok) {
      log.warn({ status: response.status, endpoint: new URL(details.endpoint).origin }, 'Web Push refused');
      return 'failed';
    }
    return 'sent';
  }

  async function deliver(userId: number, fcmId: string, message: PushMessage): Promise<PushOutcome> {
    const subscription = parseSubscription(fcmId);
    let outcome: PushOutcome;
    if (subscription) outcome = await sendWebPush(subscription, message);
    else if (fcmEnabled) {
      fcm ??= createFcmSender(config.FIREBASE_SERVICE_ACCOUNT ?? '', log);
      outcome = await (await fcm).send(fcmId, message);
    } else outcome = 'skipped';
    // Only the subscription that failed: the user may have stored a new one meanwhile.
    if (outcome === 'expired')
      await db
        .update(users)
        .set({ fcmId: null })
        .where(and(eq(users.id, userId), eq(users.fcmId, fcmId)));
    return outcome;
  }

  return {
    config: fcmEnabled ? { kind: 'fcm' } : { kind: 'webpush', vapidPublicKey: vapid.publicKey },
    send(userId, fcmId, message) {
      const sending = deliver(userId, fcmId, message).catch((error: unknown) => {
        log.warn({ err: error }, 'push failed');
        return 'failed' as const;
      });
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
      return sending;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
