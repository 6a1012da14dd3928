/** Build id injected by vite.config.ts: busts the persisted query cache on every deploy. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Firebase web config as JSON (plus an optional `vapidKey`): push goes through FCM when set. */
  readonly VITE_FIREBASE_CONFIG?: string;
}
