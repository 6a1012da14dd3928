/** The verification e-mail, sent at registration and again on request (POST /v1/emails/send). */
import { PORTAL_PAGES } from '@contract/pages';
import { issueAccountToken } from '../auth/account-tokens';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { portalLink } from './links';
import { verificationEmail, type MailContent } from './templates';

/** Issues a new one-time verification link (7 days) for `user` and words the e-mail carrying it. */
export async function newVerificationMail(
  deps: { config: Pick<Config, 'PUBLIC_ORIGIN'>; db: Database },
  user: { id: number; firstName: string },
  firstName: string = user.firstName,
): Promise<MailContent> {
  const token = await issueAccountToken(deps.db, user.id, 'verify-email');
  return verificationEmail({ firstName, link: portalLink(deps.config, PORTAL_PAGES.verifyEmail, { token }) });
}
