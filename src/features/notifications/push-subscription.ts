/**
 * Push opt-in (issue 12): asked only when the merchant chooses to (the bell or the page offers
 * it), never on page load. The Web Push subscription (or the FCM token when VITE_FIREBASE_CONFIG
 * is set) is saved to the user as fcmId through PUT /v1/user/{userId}. Everything goes through
 * the portal's one service worker. Failures and a refusal are only logged (spec section 8).
 */
import type { QueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { USER_PATHS } from '@contract/users/paths';
import type { User } from '@contract/users/schemas';
import { api } from '@/api/client';
import { meQueryOptions } from '@/lib/session/get-me';
import { getPushConfig } from './api/get-push-config';

export type PushPermission = 'unsupported' | NotificationPermission;

const READY_TIMEOUT_MS = 10_000;

export function pushPermission(): PushPermission {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  return Notification.permission;
}

/** The VAPID key as the Push API wants it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no service worker is active')), READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function fcmToken(registration: ServiceWorkerRegistration): Promise<string> {
  const { vapidKey, ...options } = JSON.parse(import.meta.env.VITE_FIREBASE_CONFIG ?? '{}') as Record<string, string>;
  const [{ initializeApp }, { getMessaging, getToken }] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
  return getToken(getMessaging(initializeApp(options, 'portal-push')), { serviceWorkerRegistration: registration, ...(vapidKey ? { vapidKey } : {}) });
}

function saveDevice(queryClient: QueryClient, userId: number, fcmId: string | null): Promise<void> {
  return api<User>(fillPath(USER_PATHS.update, { userId }), { method: 'PUT', body: { fcmId }, fallback: 'Could not save the push settings' }).then((user) => {
    queryClient.setQueryData(meQueryOptions().queryKey, user);
  });
}

/** Asks for permission (call it from a click), subscribes and saves the device; true when push is on. */
export async function enablePush(queryClient: QueryClient, userId: number): Promise<boolean> {
  try {
    if (pushPermission() === 'unsupported') return false;
    if ((await Notification.requestPermission()) !== 'granted') {
      console.info('Push notifications were not allowed');
      return false;
    }
    const registration = await workerRegistration();
    const config = await getPushConfig();
    let fcmId: string;
    if (config.kind === 'fcm') fcmId = await fcmToken(registration);
    else {
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(config.vapidPublicKey) }));
      fcmId = JSON.stringify(subscription.toJSON());
    }
    await saveDevice(queryClient, userId, fcmId);
    return true;
  } catch (error) {
    console.warn('Push notifications could not be turned on', error);
    return false;
  }
}

/** Logout: this device stops receiving the user's pushes (the next person here is someone else). */
export async function forgetPush(queryClient: QueryClient, userId: number): Promise<void> {
  try {
    const saving = saveDevice(queryClient, userId, null);
    if (pushPermission() !== 'unsupported') {
      const registration = await navigator.serviceWorker.getRegistration();
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
    }
    await saving;
  } catch (error) {
    console.warn('Could not turn push notifications off', error);
  }
}
