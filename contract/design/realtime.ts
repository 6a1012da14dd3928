/**
 * Realtime database paths and socket events (spec section 7, "Realtime database paths"),
 * shared by the portal's adapters and the server's store.
 *
 * A path is `/`-separated segments of [A-Za-z0-9_-]. Today the writable documents are app
 * design configs, `{apps-root}/production/{alias}/{version}` holding `{isDefault, version, data}`
 * (data = the Creation); a write may reach into a document (`.../data/colors/primary`). Template
 * documents (`templates_categories/production/{templateId}`, `templates/production/{category}/{templateId}`,
 * contract/templates/paths.ts) are read by anyone and written only through the template calls
 * (owner of the template's shop or a SOVEREIGN), which keep the three places in one transaction.
 */
/**
 * HTTP calls, relative to API_PREFIX: one edit over HTTP (the service worker's Background Sync),
 * the origin QR codes open, and the custom token the `firebase` adapter signs in with.
 */
export const REALTIME_PATHS = { edits: '/realtime/edits', previewOrigin: '/realtime/preview-origin', firebaseToken: '/realtime/firebase-token' } as const;

export const APPS_ROOT = 'apps';
export const ENVIRONMENT = 'production';

export const REALTIME_LIMITS = {
  pathLength: 300,
  segments: 16,
  /** Paths one update may write (a multi-path update stays within one document). */
  updatePaths: 200,
  editIdLength: 64,
} as const;

export const REALTIME_MESSAGES = {
  path: 'Realtime paths are segments of letters, digits, _ and -',
  notWritable: 'This path cannot be written',
  oneDocument: 'One update writes within one document',
  editId: 'Each edit needs an id of 8 to 64 letters, digits, _ or -',
  forbidden: 'You may not write this design',
  signIn: 'Sign in to save this design',
  tooLarge: 'The design is too large to save',
  tooDeep: 'The design is nested too deeply to save',
  malformed: 'The design is malformed',
  version: 'The document version must match its path',
} as const;

const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;
const EDIT_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Keys that would reach an object's prototype. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export function isEditId(value: unknown): value is string {
  return typeof value === 'string' && EDIT_ID.test(value);
}

/** The segments of `path`, or null when it is not a realtime path. */
export function splitPath(path: string): string[] | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > REALTIME_LIMITS.pathLength) return null;
  const segments = path.replace(/^\/+|\/+$/g, '').split('/');
  if (segments.length > REALTIME_LIMITS.segments || !segments.every((s) => SEGMENT.test(s) && !RESERVED.has(s))) return null;
  return segments;
}

export function designPath(alias: string, version: number | string = 0): string {
  return `${APPS_ROOT}/${ENVIRONMENT}/${alias}/${version}`;
}

export interface DocumentAddress {
  /** The document's own path (`apps/production/{alias}/{version}`). */
  doc: string;
  alias: string;
  version: number;
  /** Segments inside the document (empty: the whole document). */
  inner: string[];
}

/** The design document `path` points into, or null when it points elsewhere. */
export function designAddress(path: string): DocumentAddress | null {
  const segments = splitPath(path);
  if (!segments || segments.length < 4) return null;
  const [root, environment, alias = '', version = ''] = segments;
  if (root !== APPS_ROOT || environment !== ENVIRONMENT || !/^\d{1,7}$/.test(version)) return null;
  return { doc: designPath(alias, Number(version)), alias, version: Number(version), inner: segments.slice(4) };
}

/** The room a document's subscribers join (socket.io room `design:{alias}/{version}`). */
export function designRoom(address: Pick<DocumentAddress, 'alias' | 'version'>): string {
  return `design:${address.alias}/${address.version}`;
}

/** Socket events: client -> server with an acknowledgement, server -> client `rt:value`. */
export const REALTIME_EVENTS = {
  get: 'rt:get',
  subscribe: 'rt:subscribe',
  unsubscribe: 'rt:unsubscribe',
  update: 'rt:update',
  value: 'rt:value',
  /** server -> client {path, message}: this socket may no longer read the document (it left its room). */
  refused: 'rt:refused',
} as const;

/** A stored document as the server sends it: the value (null: none) and its revision (0: none). */
export interface RealtimeSnapshot {
  path: string;
  value: unknown;
  revision: number;
}

/** `rt:update` request: one edit, applied at most once per id. */
export interface RealtimeUpdateRequest {
  editId: string;
  /** Full paths -> values; null removes. */
  updates: Record<string, unknown>;
}

/** rt:get / rt:subscribe: a document path, and the shop's preview key when the reader holds one (a QR code's `p`). */
export interface RealtimeReadRequest {
  path: string;
  key?: string;
}

export type RealtimeAck<T = object> = ({ ok: true } & T) | { ok: false; message: string };

/** Reads `inner` segments out of a document value (null when absent). */
export function valueAt(value: unknown, inner: readonly string[]): unknown {
  let node = value;
  for (const key of inner) {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, key)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return node ?? null;
}

/** A JSON object (not null, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `value` with `inner` set to `next` (null removes), copied along the path only. Keys are path
 * segments, so `__proto__` and friends are refused by SEGMENT before they get here.
 */
export function withValueAt(value: unknown, inner: readonly string[], next: unknown): unknown {
  return withValuesAt(value, [[inner, next]]);
}

/**
 * `value` with each write applied in order, as withValueAt one after another would, but copying
 * each object on the way once per call, not once per write (an edit of the primary colour writes
 * five fields of two groups; this runs on the way to every painted edit and every stored one).
 */
export function withValuesAt(value: unknown, writes: Iterable<readonly [inner: readonly string[], next: unknown]>): unknown {
  /** The objects this call made, which it may still change. */
  const own = new Set<object>();
  const writeAt = (node: unknown, inner: readonly string[], next: unknown): unknown => {
    if (inner.length === 0) return next ?? null;
    const base = isPlainObject(node) ? (own.has(node) ? node : { ...node }) : {};
    own.add(base);
    const [head = '', ...rest] = inner;
    const child = writeAt(Object.hasOwn(base, head) ? base[head] : null, rest, next);
    if (child === null) delete base[head];
    else base[head] = child;
    return base;
  };
  let result = value;
  for (const [inner, next] of writes) result = writeAt(result, inner, next);
  return result;
}
