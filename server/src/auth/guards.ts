/**
 * preHandlers that guard routes (spec section 6): anonymous calls carry the basic client
 * credential, user calls a bearer token. They set `request.user` when a session is present.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { userRoles, users } from '../db/schema';
import { HttpError } from '../http/http-error';
import { isClientCredential, parseAuthorization } from './credentials';
import { hasRole } from './roles';
import { verifyUserToken } from './tokens';

export const AUTH_MESSAGES = {
  clientCredential: 'The request is missing a valid client credential.',
  loginRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do this.',
} as const;

type UserRow = typeof users.$inferSelect;

/** The signed-in user as routes see it: never the password hash. */
export type SessionUser = Omit<UserRow, 'passwordHash'> & { userroles: { roleId: number }[] };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export async function loadSessionUser(db: Database, userId: number): Promise<SessionUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  const roles = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const { passwordHash: _passwordHash, ...user } = row;
  return { ...user, userroles: roles };
}

export interface Guards {
  /** Basic client credential or a valid bearer token. */
  requireClient: preHandlerAsyncHookHandler;
  /** A valid bearer token of an existing user. */
  requireUser: preHandlerAsyncHookHandler;
  /** A signed-in user holding `roleId` (403 otherwise). */
  requireRole: (roleId: number) => preHandlerAsyncHookHandler;
}

export function createGuards(deps: { config: Config; db: Database }): Guards {
  async function authenticate(request: FastifyRequest, token: string): Promise<void> {
    const userId = await verifyUserToken(deps.config, token);
    const user = userId === null ? null : await loadSessionUser(deps.db, userId);
    if (!user) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
    request.user = user;
  }

  async function requireUser(request: FastifyRequest): Promise<void> {
    if (request.user) return;
    const authorization = parseAuthorization(request.headers.authorization);
    if (authorization?.scheme !== 'bearer') throw new HttpError(401, AUTH_MESSAGES.loginRequired);
    await authenticate(request, authorization.token);
  }

  return {
    async requireClient(request) {
      const authorization = parseAuthorization(request.headers.authorization);
      if (authorization?.scheme === 'bearer') return authenticate(request, authorization.token);
      if (authorization?.scheme === 'basic' && isClientCredential(authorization.credential, deps.config.CLIENT_CREDENTIAL)) return;
      throw new HttpError(401, AUTH_MESSAGES.clientCredential);
    },
    requireUser,
    requireRole(roleId) {
      return async (request) => {
        await requireUser(request);
        if (!hasRole(request.user, roleId)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
      };
    },
  };
}
