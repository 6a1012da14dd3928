/**
 * The portal's one realtime database: the `firebase` adapter when VITE_FIREBASE_CONFIG is set
 * (loaded lazily, so the default bundle carries no Firebase), else `local` (the server's
 * socket.io).
 */
import { getToken } from '@/lib/session/token';
import { createLocalRealtime } from './local';
import type { RealtimeDb } from './port';

let instance: Promise<RealtimeDb> | null = null;

export function realtimeDb(): Promise<RealtimeDb> {
  if (!instance) {
    const firebaseConfig = import.meta.env.VITE_FIREBASE_CONFIG as string | undefined;
    instance = firebaseConfig
      ? import('./firebase').then(({ createFirebaseRealtime }) => createFirebaseRealtime(JSON.parse(firebaseConfig) as Record<string, string>))
      : Promise.resolve(createLocalRealtime({ url: window.location.origin, token: getToken }));
  }
  return instance;
}
