/**
 * Accounts (spec section 7, Authentication and user): registration, login, one-time links for
 * e-mail verification and password reset, profile updates. HTTP shapes live in routes.ts.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthResult, PublicUser, UpdateUserPayload, User, loginSchema, registrationSchema, resetPasswordSchema, sendEmailSchema } from '@contract/accounts';
import { ROLE } from '@contract/constants';
import type { z } from 'zod';
import { AUTH_MESSAGES } from '../../auth/guards';
import { createLimiter, longestDelay } from '../../auth/rate-limit';
import { hasRole } from '../../auth/roles';
import type { SocialProfile, SocialVerifier } from '../../auth/social';
import { signUserToken } from '../../auth/tokens';
import { loadUser, rolesOf, toUser } from '../../auth/users';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { RedisClient } from '../../redis';
import { isUniqueViolation } from '../../db/errors';
import { credits, userRoles, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { MailContent } from '../../mail/templates';
import { passwordResetEmail, verificationEmail, welcomeEmail } from '../../mail/templates';
import type { Mailer } from '../../mail/mailer';
import { createReferral, rewardReferrer } from '../referrals/service';
import { closeAccountTokens, consumeAccountToken, issueAccountToken } from './account-tokens';
import { ACCOUNT_MESSAGES } from './messages';

const MINUTE = 60_000;

export interface AccountsDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  socialVerifier: SocialVerifier;
  log: FastifyBaseLogger;
}

/** Limits that slow down password guessing and mail flooding: in Redis when REDIS_URL is set, so every process shares them. */
export function createAccountLimiters(redis: RedisClient | null) {
  return {
    loginPerEmail: createLimiter(redis, 'login-email', { limit: 5, windowMs: 15 * MINUTE }),
    loginPerIp: createLimiter(redis, 'login-ip', { limit: 20, windowMs: 15 * MINUTE }),
    resetPerEmail: createLimiter(redis, 'reset-email', { limit: 5, windowMs: 60 * MINUTE }),
    resetPerIp: createLimiter(redis, 'reset-ip', { limit: 20, windowMs: 60 * MINUTE }),
    emailsPerUser: createLimiter(redis, 'emails-user', { limit: 5, windowMs: 60 * MINUTE }),
    invitesPerUser: createLimiter(redis, 'invites-user', { limit: 10, windowMs: 60 * MINUTE }),
  };
}
export type AccountLimiters = ReturnType<typeof createAccountLimiters>;

export function tooManyRequests(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
}

export function requireSelfOrSovereign(actor: User, userId: number): void {
  if (actor.id !== userId && !hasRole(actor, ROLE.SOVEREIGN)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
}

/** Sends a message; a failure is logged and reported as false (the caller decides what it means). */
export async function trySend(deps: Pick<AccountsDeps, 'mailer' | 'log'>, to: string, content: MailContent): Promise<boolean> {
  try {
    await deps.mailer.send({ to, ...content });
    return true;
  } catch (error) {
    deps.log.error({ err: error }, `Email to ${to} (${content.subject}) could not be sent`);
    return false;
  }
}

/** Like trySend, for calls whose whole point is the e-mail: a failure is the answer. */
export async function send(deps: Pick<AccountsDeps, 'mailer' | 'log'>, to: string, content: MailContent): Promise<void> {
  if (!(await trySend(deps, to, content))) throw new HttpError(503, ACCOUNT_MESSAGES.emailNotSent);
}

async function authResult(config: Config, user: User): Promise<AuthResult> {
  return { user, token: await signUserToken(config, user.id) };
}

/** argon2id is the library's default algorithm. */
const hashPassword = (password: string) => hash(password);

// Verified against for unknown e-mails, so both failures take as long as each other.
let decoyHash: Promise<string> | undefined;

async function verifiedFacebookProfile(deps: AccountsDeps, facebookId: string, accessToken: string): Promise<SocialProfile> {
  if (!deps.config.FACEBOOK_APP_ID) throw new HttpError(400, ACCOUNT_MESSAGES.facebookUnavailable);
  const profile = await deps.socialVerifier.verifyFacebook(accessToken).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'Facebook token check failed');
    return null;
  });
  if (!profile || profile.id !== facebookId) throw new HttpError(401, ACCOUNT_MESSAGES.socialLoginFailed);
  return profile;
}

function verificationMail(firstName: string, base: string, token: string): MailContent {
  return verificationEmail({ firstName, link: `${base}/email/verify?token=${token}` });
}

export async function register(deps: AccountsDeps, body: z.output<typeof registrationSchema>, base: string): Promise<AuthResult> {
  const social = body.grant_type === 'facebook' ? await verifiedFacebookProfile(deps, body.facebookId ?? '', body.accessToken ?? '') : null;
  const device = { avatar: body.avatar ?? null, fcmId: body.fcmId ?? null, deviceId: body.deviceId ?? null };
  const values: typeof users.$inferInsert = social
    ? {
        ...device,
        firstName: social.firstName || body.firstName,
        lastName: social.lastName || body.lastName,
        // A profile without an e-mail keeps the typed one, which then needs verifying.
        email: social.email ?? body.email,
        phoneNo: body.phoneNo,
        profilePix: social.picture ?? body.profilePix ?? null,
        facebookId: social.id,
        requiresVerification: social.email === null,
      }
    : {
        ...device,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phoneNo: body.phoneNo,
        profilePix: body.profilePix ?? null,
        passwordHash: await hashPassword(body.password),
        requiresVerification: true,
      };

  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, values.email)).limit(1);
  if (existing) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);

  let created: { user: User; verifyToken: string | null };
  try {
    created = await deps.db.transaction(async (db) => {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      await db.insert(credits).values({ userId: row.id }).onConflictDoNothing();
      if (body.referredByCode) await createReferral(db, row.id, body.referredByCode, true);
      const verifyToken = row.requiresVerification ? await issueAccountToken(db, row.id, 'verify-email') : null;
      return { user: toUser(row, []), verifyToken };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
    if (isUniqueViolation(error, 'users_facebook_id_unique')) throw new HttpError(409, ACCOUNT_MESSAGES.facebookTaken);
    throw error;
  }
  // After the commit: a mail failure must not lose the account (the user can ask again).
  if (created.verifyToken) await trySend(deps, created.user.email, verificationMail(created.user.firstName, base, created.verifyToken));
  return authResult(deps.config, created.user);
}

export async function login(deps: AccountsDeps, limiters: AccountLimiters, body: z.output<typeof loginSchema>, ip: string): Promise<AuthResult> {
  if (body.grant_type === 'facebook') {
    const profile = await verifiedFacebookProfile(deps, body.facebookId, body.accessToken);
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.facebookId, profile.id)).limit(1);
    const user = row && (await loadUser(deps.db, row.id));
    if (!user) throw new HttpError(404, ACCOUNT_MESSAGES.facebookNotLinked);
    return authResult(deps.config, user);
  }

  const blocked = longestDelay(await limiters.loginPerEmail.retryAfterSeconds(body.email), await limiters.loginPerIp.retryAfterSeconds(ip));
  if (blocked !== null) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyLogins(blocked), blocked);

  const [row] = await deps.db.select().from(users).where(eq(users.email, body.email)).limit(1);
  decoyHash ??= hashPassword('decoy-password-1');
  const valid = await verify(row?.passwordHash ?? (await decoyHash), body.password);
  if (!row || !row.passwordHash || !valid) {
    await Promise.all([limiters.loginPerEmail.hit(body.email), limiters.loginPerIp.hit(ip)]);
    throw new HttpError(401, ACCOUNT_MESSAGES.invalidCredentials);
  }
  await limiters.loginPerEmail.reset(body.email);
  return authResult(deps.config, toUser(row, await rolesOf(deps.db, row.id)));
}

export async function forgotPassword(deps: AccountsDeps, limiters: AccountLimiters, email: string, ip: string, base: string): Promise<void> {
  const blocked = longestDelay(await limiters.resetPerEmail.retryAfterSeconds(email), await limiters.resetPerIp.retryAfterSeconds(ip));
  if (blocked !== null) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyResetRequests(blocked), blocked);
  await Promise.all([limiters.resetPerEmail.hit(email), limiters.resetPerIp.hit(ip)]);

  const [row] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) return;
  const token = await issueAccountToken(deps.db, row.id, 'reset-password');
  // The answer is the same whether or not this works: it must not reveal that the account exists.
  await trySend(deps, row.email, passwordResetEmail({ firstName: row.firstName, link: `${base}/password/reset?token=${token}` }));
}

export async function resetPassword(deps: AccountsDeps, body: z.output<typeof resetPasswordSchema>): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (db) => {
    const userId = await consumeAccountToken(db, body.token, 'reset-password');
    if (userId === null) throw new HttpError(400, ACCOUNT_MESSAGES.resetLinkInvalid);
    await closeAccountTokens(db, userId, 'reset-password');
    // Sessions opened before now (maybe by whoever knew the old password) end here.
    // The app's clock, not the database's: it is compared with token iat, which the app sets.
    await db.update(users).set({ passwordHash, sessionsValidAfter: new Date() }).where(eq(users.id, userId));
  });
}

export async function verifyEmail(deps: AccountsDeps, token: string, base: string): Promise<User> {
  const user = await deps.db.transaction(async (db) => {
    const userId = await consumeAccountToken(db, token, 'verify-email');
    if (userId === null) throw new HttpError(400, ACCOUNT_MESSAGES.verificationLinkInvalid);
    await db.update(users).set({ requiresVerification: false }).where(eq(users.id, userId));
    await rewardReferrer(db, userId);
    return loadUser(db, userId);
  });
  if (!user) throw new HttpError(400, ACCOUNT_MESSAGES.verificationLinkInvalid);
  await trySend(deps, user.email, welcomeEmail({ firstName: user.firstName, link: `${base}/` }));
  return user;
}

/** POST /v1/emails/send: one of the caller's own e-mails again (a SOVEREIGN may send anyone's). */
export async function sendAccountEmail(
  deps: AccountsDeps,
  limiters: AccountLimiters,
  actor: User,
  body: z.output<typeof sendEmailSchema>,
  base: string,
): Promise<void> {
  if (body.to !== actor.email && !hasRole(actor, ROLE.SOVEREIGN)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
  const [recipient] = await deps.db.select().from(users).where(eq(users.email, body.to)).limit(1);
  if (!recipient) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
  const blocked = await limiters.emailsPerUser.take(String(actor.id));
  if (blocked !== null) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyEmails(blocked), blocked);
  const firstName = body.firstName || recipient.firstName;
  if (body.emailType === 'WELCOME_EMAIL') return send(deps, recipient.email, welcomeEmail({ firstName, link: `${base}/` }));
  if (!recipient.requiresVerification) throw new HttpError(409, ACCOUNT_MESSAGES.alreadyVerified);
  const token = await issueAccountToken(deps.db, recipient.id, 'verify-email');
  await send(deps, recipient.email, verificationMail(firstName, base, token));
}

export async function updateUser(db: Database, actor: User, userId: number, patch: UpdateUserPayload): Promise<User> {
  requireSelfOrSovereign(actor, userId);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, userId));
  const user = await loadUser(db, userId);
  if (!user) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
  return user;
}

export async function findUser(db: Database, email: string): Promise<PublicUser> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, profilePix: users.profilePix })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.noUserWithEmail);
  return row;
}

/** Gives the user with `email` the role `roleId` (idempotent); used by the grant-role CLI. */
export async function grantRole(db: Database, email: string, roleId: number): Promise<User> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
  await db.insert(userRoles).values({ userId: row.id, roleId }).onConflictDoNothing();
  const user = await loadUser(db, row.id);
  if (!user) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
  return user;
}

