/**
 * The portal's one realtime database: the `firebase` adapter when VITE_FIREBASE_CONFIG names a
 * `databaseURL` (loaded lazily, so the default bundle carries no Firebase), else `local` (the
 * server's socket.io).
 */
import { api } from '@/api/client';
import { getToken } from '@/lib/session/token';
import { REALTIME_PATHS } from '@contract/design/realtime';
import { createLocalRealtime } from './local';
import type { RealtimeDb } from './port';

let instance: Promise<RealtimeDb> | null = null;

function firebaseDatabaseConfig(): Record<string, string> | null {
  const text = import.meta.env.VITE_FIREBASE_CONFIG as string | undefined;
  if (!text) return null;
  const config = JSON.parse(text) as Record<string, string>;
  return config.databaseURL ? config : null;
}

export function realtimeDb(): Promise<RealtimeDb> {
  if (!instance) {
    const firebaseConfig = firebaseDatabaseConfig();
    instance = firebaseConfig
      ? import('./firebase').then(({ createFirebaseRealtime }) =>
          createFirebaseRealtime(firebaseConfig, {
            signIn: {
              session: getToken,
              customToken: async (preview) => (await api<{ token: string }>(REALTIME_PATHS.firebaseToken, { method: 'POST', body: preview ?? {} })).token,
            },
          }),
        )
      : Promise.resolve(createLocalRealtime({ url: window.location.origin, token: getToken }));
  }
  return instance;
}
