/**
 * The addresses a phone on the same network can open (the live preview's QR code must not point
 * at localhost): this machine's non-internal IPv4 addresses.
 */
import os from 'node:os';

export function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry): entry is os.NetworkInterfaceInfo => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

/** Where phones reach the portal: PUBLIC_URL when set, else the first LAN address, else localhost. */
export function previewOrigin(config: { PUBLIC_URL?: string | undefined; PUBLIC_ORIGIN: string; PORT: number }): string {
  if (config.PUBLIC_URL) return config.PUBLIC_ORIGIN;
  const [address] = lanAddresses();
  return address ? `http://${address}:${config.PORT}` : config.PUBLIC_ORIGIN;
}
