/** Parsing of the Authorization header (spec section 6: basic client credential or bearer token). */
import { timingSafeEqual } from 'node:crypto';

export type Authorization = { scheme: 'basic'; credential: string } | { scheme: 'bearer'; token: string } | null;

export function parseAuthorization(header: string | undefined): Authorization {
  const match = /^(\w+)\s+(\S+)\s*$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return null;
  const scheme = match[1].toLowerCase();
  if (scheme === 'bearer') return { scheme: 'bearer', token: match[2] };
  if (scheme === 'basic') return { scheme: 'basic', credential: Buffer.from(match[2], 'base64').toString('utf8') };
  return null;
}

/** Constant-time comparison, so response timing reveals nothing about the secret. */
export function isClientCredential(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
