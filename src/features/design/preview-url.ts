/**
 * The live preview's URL, the QR code's payload (issue #10, "Live preview on a phone"). A URL of
 * this portal, so any phone camera opens it, with short query names so the level-H code stays at
 * a low QR version:
 *   t templateId (the app alias), v version (default 0), c templateCategory,
 *   k type (CLIENT), o ownerType (default TEMPLATE), e environment (production),
 *   p the shop's preview key (12 characters), which lets the phone read a private design.
 * Defaults are left out of the URL; /test/preview fills them in. A 77-byte URL (a LAN origin, a
 * 20-character alias, a category) is QR version 8 (49x49 modules) at level H; with the key
 * (+15 bytes, 92) version 9 (53x53); the same fields as JSON (148 bytes, no key) would be
 * version 12 (65x65).
 */
const PREVIEW_PATH = '/test/preview';

const PREVIEW_DEFAULTS = { version: 0, type: 'CLIENT', ownerType: 'TEMPLATE', environment: 'production' } as const;

interface PreviewTarget {
  templateId: string;
  version?: number;
  templateCategory?: string;
  type?: string;
  ownerType?: string;
  environment?: string;
}

/** `origin` must be reachable from the phone: the public origin or the LAN address. */
export function previewUrl(origin: string, target: PreviewTarget): string {
  const params = new URLSearchParams({ t: target.templateId });
  const add = (key: string, value: string | number | undefined, fallback: string | number) => {
    if (value !== undefined && value !== fallback) params.set(key, String(value));
  };
  add('v', target.version, PREVIEW_DEFAULTS.version);
  if (target.templateCategory) params.set('c', target.templateCategory);
  add('k', target.type, PREVIEW_DEFAULTS.type);
  add('o', target.ownerType, PREVIEW_DEFAULTS.ownerType);
  add('e', target.environment, PREVIEW_DEFAULTS.environment);
  return `${origin.replace(/\/+$/, '')}${PREVIEW_PATH}?${params.toString()}`;
}

/** The preview URL carrying the shop's preview key (`p`), last so the spec's fields read first. */
export function withPreviewKey(url: string, key: string | undefined): string {
  if (!key) return url;
  return `${url}${url.includes('?') ? '&' : '?'}p=${encodeURIComponent(key)}`;
}

/** The spec's payload fields read back from a preview URL's query (defaults filled in). */
export function readPreviewTarget(search: URLSearchParams): Required<Omit<PreviewTarget, 'templateCategory'>> & { templateCategory: string | null } {
  const version = Number(search.get('v') ?? PREVIEW_DEFAULTS.version);
  return {
    templateId: search.get('t') ?? '',
    version: Number.isInteger(version) && version >= 0 ? version : PREVIEW_DEFAULTS.version,
    templateCategory: search.get('c'),
    type: search.get('k') ?? PREVIEW_DEFAULTS.type,
    ownerType: search.get('o') ?? PREVIEW_DEFAULTS.ownerType,
    environment: search.get('e') ?? PREVIEW_DEFAULTS.environment,
  };
}
