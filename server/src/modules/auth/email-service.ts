/** E-mails (spec section 7): a caller's own e-mail again, and the verification link. HTTP-free. */
import { eq } from 'drizzle-orm';
import { ROLE } from '@contract/constants';
import type { sendEmailSchema } from '@contract/auth/schemas';
import { PORTAL_PAGES } from '@contract/pages';
import type { User } from '@contract/users/schemas';
import type { z } from 'zod';
import { consumeAccountToken } from '../../auth/account-tokens';
import { AUTH_MESSAGES } from '../../auth/guards';
import type { Limits } from '../../auth/limits';
import { consumeAll } from '../../auth/rate-limit';
import { hasRole } from '@contract/users/roles';
import { loadUser } from '../../auth/users';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { tooManyRequests } from '../../http/limits';
import { portalLink } from '../../mail/links';
import { send, trySend, type MailDeps } from '../../mail/send';
import { welcomeEmail } from '../../mail/templates';
import { newVerificationMail } from '../../mail/verification';
import { rewardReferrer } from '../referrals/index';
import { EMAIL_MESSAGES } from './messages';

export interface EmailDeps extends MailDeps {
  config: Config;
  db: Database;
  limits: Limits;
}

/** POST /v1/emails/send: one of the caller's own e-mails again (a SOVEREIGN may send anyone's). */
export async function sendAccountEmail(deps: EmailDeps, actor: User, body: z.output<typeof sendEmailSchema>, address: string): Promise<void> {
  if (body.to !== actor.email && !hasRole(actor, ROLE.SOVEREIGN)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
  const [recipient] = await deps.db.select().from(users).where(eq(users.email, body.to)).limit(1);
  if (!recipient) throw new HttpError(404, EMAIL_MESSAGES.userNotFound);
  const blocked = await consumeAll([deps.limits.emailsPerAddress, address], [deps.limits.emailsPerUser, String(actor.id)]);
  if (blocked !== null) throw tooManyRequests(EMAIL_MESSAGES.tooManyEmails(blocked), blocked);
  const firstName = body.firstName || recipient.firstName;
  if (body.emailType === 'WELCOME_EMAIL') return send(deps, recipient.email, welcomeEmail({ firstName, link: portalLink(deps.config, PORTAL_PAGES.home) }));
  if (!recipient.requiresVerification) throw new HttpError(409, EMAIL_MESSAGES.alreadyVerified);
  await send(deps, recipient.email, await newVerificationMail(deps, recipient, firstName));
}

/** POST /v1/emails/verify: spends the link, verifies, rewards the referrer, sends the welcome e-mail. */
export async function verifyEmail(deps: Omit<EmailDeps, 'limits'>, token: string): Promise<User> {
  const user = await deps.db.transaction(async (db) => {
    const userId = await consumeAccountToken(db, token, 'verify-email');
    if (userId === null) throw new HttpError(400, EMAIL_MESSAGES.verificationLinkInvalid);
    await db.update(users).set({ requiresVerification: false }).where(eq(users.id, userId));
    await rewardReferrer(db, userId);
    return loadUser(db, userId);
  });
  if (!user) throw new HttpError(400, EMAIL_MESSAGES.verificationLinkInvalid);
  await trySend(deps, user.email, welcomeEmail({ firstName: user.firstName, link: portalLink(deps.config, PORTAL_PAGES.home) }));
  return user;
}
