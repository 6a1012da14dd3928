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

/**
 * A check of an Authorization header against the client credential. The header as the portal
 * sends it (`Basic ` and the credential's base64) is compared, in constant time, with its bytes
 * made once: no parsing, no decoding on a public read (issue 32). Any other spelling of the
 * scheme or the base64 is parsed and compared as before.
 */
export function clientCredentialCheck(expected: string): (header: string | undefined) => boolean {
  const usual = Buffer.from(`Basic ${Buffer.from(expected).toString('base64')}`);
  return (header) => {
    if (header === undefined) return false;
    const given = Buffer.from(header);
    if (given.length === usual.length && timingSafeEqual(given, usual)) return true;
    const authorization = parseAuthorization(header);
    return authorization?.scheme === 'basic' && isClientCredential(authorization.credential, expected);
  };
}
