/** User session tokens: JWT, HS256, subject = user id. */
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../config';

function key(config: Pick<Config, 'JWT_SECRET'>): Uint8Array {
  return new TextEncoder().encode(config.JWT_SECRET);
}

export async function signUserToken(
  config: Pick<Config, 'JWT_SECRET' | 'JWT_TTL_SECONDS'>,
  userId: number,
  expiresInSeconds: number = config.JWT_TTL_SECONDS,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key(config));
}

export interface UserSession {
  userId: number;
  /** When the token was issued, in seconds (JWT iat). */
  issuedAt: number;
}

/** The session of a valid, unexpired token; null for anything else. */
export async function verifyUserToken(config: Pick<Config, 'JWT_SECRET'>, token: string): Promise<UserSession | null> {
  try {
    const { payload } = await jwtVerify(token, key(config), { algorithms: ['HS256'], requiredClaims: ['iat'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.iat !== 'number') return null;
    return { userId, issuedAt: payload.iat };
  } catch {
    return null;
  }
}
