/**
 * A design handed over in a link's fragment (the QR code's live preview).
 */
import { isPlainObject } from '@contract/design/realtime';

const MAX_DESIGN_CHARS = 100_000;

/** Objects merged key by key (`over` wins); lists and plain values are replaced. */
export function mergeDesign(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    merged[key] = mergeDesign(base[key], value);
  }
  return merged;
}

/**
 * `#design=<base64url JSON>` of /test/preview: changes to try over the template's design (the
 * fragment never reaches the server). Anything unreadable is ignored.
 */
export function readDesignFragment(hash: string): unknown {
  const match = /(?:^#|&)design=([\w-]+)/.exec(hash);
  if (!match?.[1] || match[1].length > MAX_DESIGN_CHARS) return undefined;
  try {
    const binary = atob(match[1].replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))) as unknown;
  } catch {
    return undefined;
  }
}

/** The fragment that carries `design` (the inverse of readDesignFragment). */
export function designFragment(design: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(design));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `#design=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
