/**
 * Referrals: who referred whom, and the one-time reward of the referrer (REFERRAL_REWARD_MINOR_UNITS
 * credited when the referred merchant has verified their e-mail).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { REFERRAL_REWARD_MINOR_UNITS } from '@contract/referrals/paths';
import type { Referral, ReferralSummary } from '@contract/referrals/schemas';
import { PORTAL_PAGES } from '@contract/pages';
import type { User } from '@contract/users/schemas';
import type { Limits } from '../../auth/limits';
import { consumeAll } from '../../auth/rate-limit';
import { findUserRow } from '../../auth/users';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { credits, referrals, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { tooManyRequests } from '../../http/limits';
import { portalLink } from '../../mail/links';
import { send, type MailDeps } from '../../mail/send';
import { referralInviteEmail } from '../../mail/templates';
import { REFERRAL_MESSAGES } from './messages';

const referralColumns = {
  id: referrals.id,
  referrerUserId: referrals.referrerUserId,
  referredUserId: referrals.referredUserId,
  referredFirstName: users.firstName,
  rewardedAt: referrals.rewardedAt,
  rewardAmount: referrals.rewardAmount,
  createdAt: referrals.createdAt,
};

type ReferralRow = { rewardedAt: Date | null; createdAt: Date } & Omit<Referral, 'rewardedAt' | 'createdAt'>;

function toReferral(row: ReferralRow): Referral {
  return { ...row, rewardedAt: row.rewardedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

async function referralOf(db: Database, referredUserId: number): Promise<Referral | null> {
  const [row] = await db
    .select(referralColumns)
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referredUserId, referredUserId))
    .limit(1);
  return row ? toReferral(row) : null;
}

/**
 * Records that `referredUserId` was referred by the owner of `code`. With `quiet`, an unknown
 * code, the user's own code or an existing referral are ignored (registration) instead of refused.
 */
export async function createReferral(db: Database, referredUserId: number, code: string, quiet = false): Promise<Referral | null> {
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  if (!referrer) {
    if (quiet) return null;
    throw new HttpError(404, REFERRAL_MESSAGES.unknownReferralCode);
  }
  if (referrer.id === referredUserId) {
    if (quiet) return null;
    throw new HttpError(400, REFERRAL_MESSAGES.selfReferral);
  }
  try {
    const inserted = await db
      .insert(referrals)
      .values({ referrerUserId: referrer.id, referredUserId, code })
      .onConflictDoNothing({ target: referrals.referredUserId })
      .returning({ id: referrals.id });
    if (inserted.length === 0) {
      if (quiet) return null;
      throw new HttpError(409, REFERRAL_MESSAGES.alreadyReferred);
    }
  } catch (error) {
    if (isUniqueViolation(error, 'referrals_referred_user_id_unique')) throw new HttpError(409, REFERRAL_MESSAGES.alreadyReferred);
    throw error;
  }
  return referralOf(db, referredUserId);
}

/** Adds `amount` minor units to a user's credit, creating the row when absent. */
async function addCredit(db: Database, userId: number, amount: number): Promise<void> {
  await db
    .insert(credits)
    .values({ userId, value: amount })
    .onConflictDoUpdate({ target: credits.userId, set: { value: sql`${credits.value} + ${amount}`, updatedAt: sql`now()` } });
}

/**
 * Credits the referrer of `referredUserId` once. Null when that user has no referral; the
 * referral as it stands when already rewarded; 409 while the referred e-mail is unverified.
 * The conditional UPDATE (rewarded_at IS NULL) makes concurrent calls credit only once.
 */
export async function rewardReferrer(database: Database, referredUserId: number): Promise<Referral | null> {
  return database.transaction(async (db) => {
    const referral = await referralOf(db, referredUserId);
    if (!referral || referral.rewardedAt) return referral;
    const referred = await findUserRow(db, referredUserId);
    if (referred?.requiresVerification) throw new HttpError(409, REFERRAL_MESSAGES.referredNotVerified);
    const rewarded = await db
      .update(referrals)
      .set({ rewardedAt: sql`now()`, rewardAmount: REFERRAL_REWARD_MINOR_UNITS })
      .where(and(eq(referrals.id, referral.id), isNull(referrals.rewardedAt)))
      .returning({ id: referrals.id });
    if (rewarded.length > 0) await addCredit(db, referral.referrerUserId, REFERRAL_REWARD_MINOR_UNITS);
    return referralOf(db, referredUserId);
  });
}

export async function referralSummary(db: Database, userId: number, referralCode: string): Promise<ReferralSummary> {
  const rows = await db
    .select(referralColumns)
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerUserId, userId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  const made = rows.map(toReferral);
  return { referralCode, referrals: made, earned: made.reduce((sum, referral) => sum + referral.rewardAmount, 0) };
}

/**
 * POST /v1/referrals/send-invite: only a verified account invites, at most so many an hour per
 * account and per address; the subject names nobody (auth/limits.ts has the numbers).
 */
export async function sendReferralInvite(
  deps: MailDeps & { config: Pick<Config, 'PUBLIC_ORIGIN'>; limits: Limits },
  inviter: User,
  invitee: { email: string; firstName?: string | undefined },
  address: string,
): Promise<void> {
  if (inviter.requiresVerification) throw new HttpError(403, REFERRAL_MESSAGES.verifyBeforeInviting);
  const blocked = await consumeAll([deps.limits.invitesPerAddress, address], [deps.limits.invitesPerUser, String(inviter.id)]);
  if (blocked !== null) throw tooManyRequests(REFERRAL_MESSAGES.tooManyInvites(blocked), blocked);
  const link = portalLink(deps.config, PORTAL_PAGES.home, { ref: inviter.referralCode });
  await send(deps, invitee.email, referralInviteEmail({ inviterFirstName: inviter.firstName, firstName: invitee.firstName, link }));
}
