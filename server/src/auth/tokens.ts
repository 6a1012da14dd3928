/**
 * User session tokens: JWT, HS256. Claims: `sub` the user id (a positive int4 as a string),
 * `iat` and `exp` (both required), and `sv` the user's session version: a password reset
 * increments the version, which ends every token issued before it, whatever second it was
 * issued in. A token without any of these is refused.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../config';
import { INT4_MAX } from '../http/params';

function key(config: Pick<Config, 'JWT_SECRET'>): Uint8Array {
  return new TextEncoder().encode(config.JWT_SECRET);
}

export async function signUserToken(
  config: Pick<Config, 'JWT_SECRET' | 'JWT_TTL_SECONDS'>,
  userId: number,
  sessionVersion: number,
  expiresInSeconds: number = config.JWT_TTL_SECONDS,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sv: sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key(config));
}

interface UserSession {
  userId: number;
  /** The users.session_version the token was issued under. */
  sessionVersion: number;
  /** When the token was issued, in seconds (JWT iat). */
  issuedAt: number;
}

/** A user id as `sub` carries it: digits only, 1 to INT4_MAX. */
function userIdOf(sub: unknown): number | null {
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
  const id = Number(sub);
  return id <= INT4_MAX ? id : null;
}

/** The session of a valid, unexpired token with every claim; null for anything else. */
export async function verifyUserToken(config: Pick<Config, 'JWT_SECRET'>, token: string): Promise<UserSession | null> {
  try {
    const { payload } = await jwtVerify(token, key(config), { algorithms: ['HS256'], requiredClaims: ['sub', 'iat', 'exp', 'sv'] });
    const userId = userIdOf(payload.sub);
    const { sv, iat } = payload;
    if (userId === null || typeof iat !== 'number' || typeof sv !== 'number' || !Number.isSafeInteger(sv) || sv < 0) return null;
    return { userId, sessionVersion: sv, issuedAt: iat };
  } catch {
    return null;
  }
}
