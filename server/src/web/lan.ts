/**
 * The addresses a phone on the same network can open (the live preview's QR code must not point
 * at localhost): this machine's non-internal IPv4 addresses.
 */
import os from 'node:os';
import type { PreviewOrigin } from '@contract/design/realtime-schemas';

export function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry): entry is os.NetworkInterfaceInfo => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

/**
 * Where phones reach the portal: PUBLIC_URL when set (any network), else the first LAN address
 * (`sameNetwork`: only a phone on this machine's network opens it), else localhost.
 */
export function previewOrigin(config: { PUBLIC_URL?: string | undefined; PUBLIC_ORIGIN: string; PORT: number }): PreviewOrigin {
  if (config.PUBLIC_URL) return { origin: config.PUBLIC_ORIGIN, sameNetwork: false };
  const [address] = lanAddresses();
  return address ? { origin: `http://${address}:${config.PORT}`, sameNetwork: true } : { origin: config.PUBLIC_ORIGIN, sameNetwork: true };
}
