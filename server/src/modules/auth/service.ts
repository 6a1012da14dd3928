/**
 * Authentication (spec section 7): registration, login with its lockout scheme (auth/limits.ts),
 * session checks and password reset. HTTP-free: routes.ts gives it the caller's address.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { AuthResult, loginSchema, registrationSchema, resetPasswordSchema } from '@contract/auth/schemas';
import { PORTAL_PAGES } from '@contract/pages';
import type { z } from 'zod';
import { closeAccountTokens, consumeAccountToken, issueAccountToken } from '../../auth/account-tokens';
import { pairKey, type Limits } from '../../auth/limits';
import { addressHash, isKnownAddress, rememberAddress } from '../../auth/login-addresses';
import { consumeAll } from '../../auth/rate-limit';
import type { SocialProfile, SocialVerifier } from '../../auth/social';
import { rolesOf, sessionFor } from '../../auth/users';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { credits, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { tooManyRequests } from '../../http/limits';
import { portalLink } from '../../mail/links';
import { trySend, type MailDeps } from '../../mail/send';
import { passwordResetEmail } from '../../mail/templates';
import { newVerificationMail } from '../../mail/verification';
import { createReferral } from '../referrals/index';
import { AUTH_MODULE_MESSAGES as MESSAGES } from './messages';

export interface AuthDeps extends MailDeps {
  config: Config;
  db: Database;
  socialVerifier: SocialVerifier;
  limits: Limits;
}

/** argon2id is the library's default algorithm. */
const hashPassword = (password: string) => hash(password);

// Verified against for unknown e-mails, so both failures take as long as each other.
let decoyHash: Promise<string> | undefined;

async function verifiedFacebookProfile(deps: AuthDeps, facebookId: string, accessToken: string): Promise<SocialProfile> {
  if (!deps.config.FACEBOOK_APP_ID) throw new HttpError(400, MESSAGES.facebookUnavailable);
  const profile = await deps.socialVerifier.verifyFacebook(accessToken).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'Facebook token check failed');
    return null;
  });
  if (!profile || profile.id !== facebookId) throw new HttpError(401, MESSAGES.socialLoginFailed);
  return profile;
}

export async function register(deps: AuthDeps, body: z.output<typeof registrationSchema>, address: string): Promise<AuthResult> {
  // Counted before anything costly (the password hash, the e-mail).
  const { retryAfterSeconds } = await deps.limits.registrationsPerAddress.consume(address);
  if (retryAfterSeconds !== null) throw tooManyRequests(MESSAGES.tooManyRegistrations(retryAfterSeconds), retryAfterSeconds);

  const social = body.grant_type === 'facebook' ? await verifiedFacebookProfile(deps, body.facebookId ?? '', body.accessToken ?? '') : null;
  const device = { fcmId: body.fcmId ?? null, deviceId: body.deviceId ?? null };
  const values: typeof users.$inferInsert = social
    ? {
        ...device,
        firstName: social.firstName || body.firstName,
        lastName: social.lastName || body.lastName,
        // A profile without an e-mail keeps the typed one, which then needs verifying.
        email: social.email ?? body.email,
        phoneNo: body.phoneNo,
        // The provider's picture, from the verified profile (never from the request).
        profilePix: social.picture,
        facebookId: social.id,
        requiresVerification: social.email === null,
      }
    : {
        ...device,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phoneNo: body.phoneNo,
        passwordHash: await hashPassword(body.password),
        requiresVerification: true,
      };

  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, values.email)).limit(1);
  if (existing) throw new HttpError(409, MESSAGES.emailTaken);

  let created: typeof users.$inferSelect;
  try {
    created = await deps.db.transaction(async (db) => {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      await db.insert(credits).values({ userId: row.id }).onConflictDoNothing();
      if (body.referredByCode) await createReferral(db, row.id, body.referredByCode, true);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw new HttpError(409, MESSAGES.emailTaken);
    if (isUniqueViolation(error, 'users_facebook_id_unique')) throw new HttpError(409, MESSAGES.facebookTaken);
    throw error;
  }
  // After the commit: a mail failure must not lose the account (the user can ask again).
  if (created.requiresVerification) await trySend(deps, created.email, await newVerificationMail(deps, created));
  return sessionFor(deps.config, created, []);
}

export async function login(deps: AuthDeps, body: z.output<typeof loginSchema>, address: string): Promise<AuthResult> {
  if (body.grant_type === 'facebook') {
    const profile = await verifiedFacebookProfile(deps, body.facebookId, body.accessToken);
    const [row] = await deps.db.select().from(users).where(eq(users.facebookId, profile.id)).limit(1);
    if (!row) throw new HttpError(404, MESSAGES.facebookNotLinked);
    return sessionFor(deps.config, row, await rolesOf(deps.db, row.id));
  }

  const { limits } = deps;
  const tooMany = (seconds: number) => tooManyRequests(MESSAGES.tooManyLogins(seconds), seconds);
  // Counted before the password is checked, one limit after the other: an attempt refused by
  // the address limit is not counted against the account.
  const blocked = await consumeAll([limits.loginPerAddress, address], [limits.loginPerAccountAddress, pairKey(body.email, address)]);
  if (blocked !== null) throw tooMany(blocked);

  const [row] = await deps.db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const hashedAddress = addressHash(deps.config, address);
  // The account-wide limit spares the addresses its owner recently logged in from.
  if (!(row && (await isKnownAddress(deps.db, row.id, hashedAddress)))) {
    const { retryAfterSeconds } = await limits.loginPerAccount.consume(body.email);
    if (retryAfterSeconds !== null) throw tooMany(retryAfterSeconds);
  }

  decoyHash ??= hashPassword('decoy-password-1');
  const valid = await verify(row?.passwordHash ?? (await decoyHash), body.password);
  if (!row || !row.passwordHash || !valid) throw new HttpError(401, MESSAGES.invalidCredentials);

  await Promise.all([limits.loginPerAccountAddress.reset(pairKey(body.email, address)), rememberAddress(deps.db, row.id, hashedAddress)]);
  return sessionFor(deps.config, row, await rolesOf(deps.db, row.id));
}

export async function forgotPassword(deps: AuthDeps, email: string, address: string): Promise<void> {
  const blocked = await consumeAll([deps.limits.resetsPerAddress, address], [deps.limits.resetsPerEmail, email]);
  if (blocked !== null) throw tooManyRequests(MESSAGES.tooManyResetRequests(blocked), blocked);

  const [row] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) return;
  const token = await issueAccountToken(deps.db, row.id, 'reset-password');
  // The answer is the same whether or not this works: it must not reveal that the account exists.
  await trySend(deps, row.email, passwordResetEmail({ firstName: row.firstName, link: portalLink(deps.config, PORTAL_PAGES.resetPassword, { token }) }));
}

export async function resetPassword(deps: Pick<AuthDeps, 'db'>, body: z.output<typeof resetPasswordSchema>): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (db) => {
    const userId = await consumeAccountToken(db, body.token, 'reset-password');
    if (userId === null) throw new HttpError(400, MESSAGES.resetLinkInvalid);
    await closeAccountTokens(db, userId, 'reset-password');
    // Every session opened before now (maybe by whoever knew the old password) ends here: their
    // tokens carry the old session version.
    await db
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId));
  });
}
