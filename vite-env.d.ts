/** Build id injected by vite.config.ts: busts the persisted query cache on every deploy. */
declare const __BUILD_ID__: string;
