/**
 * The device id chat rooms belong to (spec sections 3 and 4): the stored one, else a fingerprint
 * computed 5 s after start. The fingerprint library loads only then (never in the first page's
 * JS). A random suffix keeps two identical devices (same browser build and hardware) from
 * sharing a room; the result is stored, so it is computed once per browser.
 */
import { CONSTANTS } from '@contract/constants';

/** Spec section 3: local state lives under the production key ('portal-production', as the query cache). */
export const DEVICE_ID_KEY = 'portal-production-deviceId';
const VALID = /^[A-Za-z0-9_-]{8,128}$/;

export function storedDeviceId(): string | null {
  try {
    const value = localStorage.getItem(DEVICE_ID_KEY);
    return value && VALID.test(value) ? value : null;
  } catch {
    return null;
  }
}

function randomSuffix(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function fingerprint(): Promise<string> {
  try {
    const { load } = await import('@fingerprintjs/fingerprintjs');
    // monitoring off: the library would otherwise call its vendor's server.
    const agent = await load({ monitoring: false });
    return (await agent.get()).visitorId.replace(/[^A-Za-z0-9]/g, '').slice(0, 64);
  } catch (error) {
    console.warn('Fingerprint failed; a random device id is used', error);
    return randomSuffix() + randomSuffix();
  }
}

/** The stored id at once, or a new one after the fingerprint delay (then stored). */
export async function resolveDeviceId(delayMs: number = CONSTANTS.fingerprintDelayMs): Promise<string> {
  const stored = storedDeviceId();
  if (stored) return stored;
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const id = `${await fingerprint()}-${randomSuffix()}`;
  try {
    localStorage.setItem(DEVICE_ID_KEY, id);
  } catch {
    // Private mode: the id lives for this page only.
  }
  return id;
}
