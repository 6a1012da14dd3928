/**
 * Hooks that guard routes (spec section 6), run as `onRequest` so a refused caller's body is
 * never even read: anonymous calls carry the basic client
 * credential, user calls a bearer token. They set `request.user` when a session is present.
 * Each guard carries what it asks for as OpenAPI security requirements (`describeGuard`), so the
 * API reference is generated from the guard a route really runs (http/openapi.ts).
 */
import type { FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import { ROLE } from '@contract/constants';
import type { User } from '@contract/users/schemas';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import { clientCredentialCheck, parseAuthorization } from './credentials';
import { hasRole } from '@contract/users/roles';
import { verifyUserToken } from './tokens';
import { findUserRow, rolesOf, toUser } from './users';

export const AUTH_MESSAGES = {
  clientCredential: 'The request is missing a valid client credential.',
  loginRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do this.',
} as const;

/** The signed-in user as routes see it: the contract's User (never the password hash). */
export type SessionUser = User;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/**
 * The user of a session token, or null when the token is bad, expired or lacks a claim, the user
 * is gone, or the token carries an older session version (a password reset ends older sessions).
 */
export async function loadSessionUser(deps: { config: Config; db: Database }, token: string): Promise<SessionUser | null> {
  const session = await verifyUserToken(deps.config, token);
  const row = session && (await findUserRow(deps.db, session.userId));
  if (!session || !row || row.sessionVersion !== session.sessionVersion) return null;
  return toUser(row, await rolesOf(deps.db, row.id));
}

export interface Guards {
  /** Basic client credential or a valid bearer token. */
  requireClient: onRequestHookHandler;
  /** A valid bearer token of an existing user. */
  requireUser: onRequestAsyncHookHandler;
  /** A signed-in user holding `roleId` (403 otherwise). */
  requireRole: (roleId: number) => onRequestAsyncHookHandler;
}

/** One OpenAPI security requirement: scheme name -> scopes (for bearer: the role names needed). */
export type SecurityRequirement = Record<string, string[]>;

const GUARD_SECURITY = new WeakMap<object, SecurityRequirement[]>();

/** Marks `hook` as a guard asking for `security` (any one of the requirements); returns it. */
export function describeGuard<T extends object>(hook: T, security: SecurityRequirement[]): T {
  GUARD_SECURITY.set(hook, security);
  return hook;
}

/** What a guard hook asks for, or undefined for a hook that is no guard. */
export function securityOfGuard(hook: unknown): SecurityRequirement[] | undefined {
  return typeof hook === 'function' ? GUARD_SECURITY.get(hook) : undefined;
}

/** A role's name as the reference shows it (OpenAPI 3.1: role names in a bearer requirement). */
const ROLE_NAMES: Record<number, string> = Object.fromEntries(Object.entries(ROLE).map(([name, id]) => [id, name]));

export function createGuards(deps: { config: Config; db: Database }): Guards {
  async function authenticate(request: FastifyRequest, token: string): Promise<void> {
    const user = await loadSessionUser(deps, token);
    if (!user) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
    request.user = user;
  }

  async function requireUser(request: FastifyRequest): Promise<void> {
    if (request.user) return;
    const authorization = parseAuthorization(request.headers.authorization);
    if (authorization?.scheme !== 'bearer') throw new HttpError(401, AUTH_MESSAGES.loginRequired);
    await authenticate(request, authorization.token);
  }

  const isClient = clientCredentialCheck(deps.config.CLIENT_CREDENTIAL);
  // Not async: the client credential, on every public read, is checked without a promise (issue 32).
  const requireClient: onRequestHookHandler = (request, _reply, done) => {
    if (isClient(request.headers.authorization)) return done();
    const authorization = parseAuthorization(request.headers.authorization);
    if (authorization?.scheme !== 'bearer') return done(new HttpError(401, AUTH_MESSAGES.clientCredential));
    authenticate(request, authorization.token).then(() => done(), done);
  };

  return {
    requireClient: describeGuard(requireClient, [{ basic: [] }, { bearer: [] }]),
    requireUser: describeGuard<onRequestAsyncHookHandler>(requireUser, [{ bearer: [] }]),
    requireRole(roleId) {
      const hook: onRequestAsyncHookHandler = async (request) => {
        await requireUser(request);
        if (!hasRole(request.user, roleId)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
      };
      return describeGuard(hook, [{ bearer: [ROLE_NAMES[roleId] ?? `role ${roleId}`] }]);
    },
  };
}

/** The user a requireUser guard has set (a route without that guard gets a 401, never a crash). */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, AUTH_MESSAGES.loginRequired);
  return request.user;
}

/** Routes on `:userId`: the caller's own id, or a SOVEREIGN acting for anyone (403 otherwise). */
export function requireSelfOrSovereign(actor: User, userId: number): void {
  if (actor.id !== userId && !hasRole(actor, ROLE.SOVEREIGN)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
}
