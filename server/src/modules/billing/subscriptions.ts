/**
 * Subscriptions (spec section 7, issue 30): an app on a plan, taken live and paused by its owner
 * (or a SOVEREIGN), paid with the owner's default card.
 * - One subscription that is not cancelled per app (partial unique index): a double click or two
 *   tabs subscribing at once end with one; the same request again answers the same subscription.
 * - A plan change starts on the 1st of next month (UTC): a month is billed on one plan.
 * - Live time is recorded as intervals with the database's clock; at most one open interval per
 *   subscription (partial unique index), so two processes cannot both open one.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { monthWindow, usageMinutes } from '@contract/billing/usage';
import { SUBSCRIPTION_MESSAGES, type CreateSubscription, type Subscription, type SubscriptionsQuery, type UpdateSubscription } from '@contract/billing/schemas';
import type { SubscriptionStatus } from '@contract/billing/paths';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { cardAuthorizations, liveIntervals, plans, subscriptionPlans, subscriptions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { enableProblem, requireShopAccess } from '../../shop-access/access';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

const newSubscriptionCode = () => `SUB_${randomBytes(9).toString('base64url')}`;

/** The 1st of the month after `now`, UTC. */
function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

async function planByCode(db: Database, planCode: string): Promise<PlanRow> {
  const [plan] = await db.select().from(plans).where(eq(plans.planCode, planCode)).limit(1);
  if (!plan) throw new HttpError(400, SUBSCRIPTION_MESSAGES.planUnknown);
  return plan;
}

/** A plan is paid with the owner's default card: none saved -> 402, and the portal collects one first. */
async function requireCard(db: Database, userId: number): Promise<void> {
  const [card] = await db
    .select({ id: cardAuthorizations.id })
    .from(cardAuthorizations)
    .where(and(eq(cardAuthorizations.userId, userId), isNull(cardAuthorizations.removedAt)))
    .limit(1);
  if (!card) throw new HttpError(402, SUBSCRIPTION_MESSAGES.cardMissing);
}

async function openSubscriptionOf(db: Database, shopId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.shopId, shopId), sql`${subscriptions.status} <> 'cancelled'`))
    .limit(1);
  return row;
}

/** POST /v1/subscriptions: the app on a plan, paused until its owner takes it live. */
export async function createSubscription(db: Database, actor: User, request: CreateSubscription): Promise<Subscription> {
  const shop = await requireShopAccess(db, actor, request.shopAlias, 'pay');
  const plan = await planByCode(db, request.planCode);
  await requireCard(db, shop.ownerUserId);
  const answerExisting = async (existing: SubscriptionRow): Promise<Subscription> => {
    const [answer] = await describe(db, [existing]);
    if (answer?.plan.planCode !== plan.planCode) throw new HttpError(409, SUBSCRIPTION_MESSAGES.alreadySubscribed);
    return answer;
  };
  const existing = await openSubscriptionOf(db, shop.id);
  if (existing) return answerExisting(existing);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(subscriptions)
        .values({ subscriptionCode: newSubscriptionCode(), userId: shop.ownerUserId, shopId: shop.id, shopAlias: shop.alias, status: 'paused' })
        .returning();
      if (!created) throw new Error('the subscription was not written');
      await tx.insert(subscriptionPlans).values({ subscriptionId: created.id, planId: plan.id, effectiveFrom: created.createdAt });
      return created;
    });
    const [answer] = await describe(db, [row]);
    if (!answer) throw new Error('the subscription was not read back');
    return answer;
  } catch (error) {
    // Another request subscribed the app between our read and our write.
    if (!isUniqueViolation(error, 'subscriptions_one_per_shop_idx')) throw error;
    const winner = await openSubscriptionOf(db, shop.id);
    if (!winner) throw error;
    return answerExisting(winner);
  }
}

/** The subscription of `code` when `actor` may manage it (the app's owner or a SOVEREIGN; the payer once the app is deleted). */
export async function requireSubscription(db: Database, actor: User, code: string): Promise<SubscriptionRow> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.subscriptionCode, code)).limit(1);
  if (!row) throw new HttpError(404, SUBSCRIPTION_MESSAGES.notFound);
  if (row.shopId !== null) await requireShopAccess(db, actor, row.shopAlias, 'pay');
  else if (row.userId !== actor.id) throw new HttpError(404, SUBSCRIPTION_MESSAGES.notFound);
  return row;
}

/** PUT /v1/subscriptions/{code}: take live, pause, cancel, and/or change plan (from next month). */
export async function updateSubscription(db: Database, actor: User, code: string, change: UpdateSubscription, now = new Date()): Promise<Subscription> {
  const row = await requireSubscription(db, actor, code);
  if (row.status === 'cancelled') throw new HttpError(409, SUBSCRIPTION_MESSAGES.cancelled);
  if (change.planCode !== undefined) await changePlan(db, row, await planByCode(db, change.planCode), now);
  if (change.status === 'live') await goLive(db, actor, row);
  else if (change.status !== undefined) await stopLive(db, row.id, change.status);
  const [fresh] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
  const [answer] = await describe(db, fresh ? [fresh] : []);
  if (!answer) throw new Error('the subscription was not read back');
  return answer;
}

/** The plan from next month; choosing this month's plan again drops a waiting change. */
async function changePlan(db: Database, row: SubscriptionRow, plan: PlanRow, now: Date): Promise<void> {
  const from = nextMonthStart(now);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ planId: subscriptionPlans.planId })
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.subscriptionId, row.id), lt(subscriptionPlans.effectiveFrom, from)))
      .orderBy(desc(subscriptionPlans.effectiveFrom))
      .limit(1);
    await tx.delete(subscriptionPlans).where(and(eq(subscriptionPlans.subscriptionId, row.id), gte(subscriptionPlans.effectiveFrom, from)));
    if (current?.planId !== plan.id) await tx.insert(subscriptionPlans).values({ subscriptionId: row.id, planId: plan.id, effectiveFrom: from });
  });
}

async function goLive(db: Database, actor: User, row: SubscriptionRow): Promise<void> {
  const shop = await requireShopAccess(db, actor, row.shopAlias, 'pay');
  const problem = enableProblem(shop);
  if (problem) throw new HttpError(400, problem);
  await requireCard(db, row.userId);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, row.id)).for('update');
    if (locked?.status === 'cancelled') throw new HttpError(409, SUBSCRIPTION_MESSAGES.cancelled);
    // Already live: the open interval stays the one that counts (the unique index keeps it single).
    await tx.insert(liveIntervals).values({ subscriptionId: row.id }).onConflictDoNothing();
    await tx
      .update(subscriptions)
      .set({ status: 'live', updatedAt: sql`now()` })
      .where(eq(subscriptions.id, row.id));
  });
}

/** Pause or cancel: the open live interval ends now (database clock), in the same transaction as the status. */
async function stopLive(db: Database, subscriptionId: number, status: Exclude<SubscriptionStatus, 'live'>): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
    if (locked?.status === 'cancelled') throw new HttpError(409, SUBSCRIPTION_MESSAGES.cancelled);
    await tx
      .update(liveIntervals)
      .set({ endedAt: sql`now()` })
      .where(and(eq(liveIntervals.subscriptionId, subscriptionId), isNull(liveIntervals.endedAt)));
    await tx
      .update(subscriptions)
      .set({ status, updatedAt: sql`now()`, ...(status === 'cancelled' ? { cancelledAt: sql`now()` } : {}) })
      .where(eq(subscriptions.id, subscriptionId));
  });
}

/**
 * GET /v1/subscriptions: the subscriptions the caller pays for, newest first; with shopAlias, that
 * app's (for its owner or a SOVEREIGN), by the app's id: an alias used again by a later app does
 * not bring back the deleted one's.
 */
export async function listSubscriptions(db: Database, actor: User, query: SubscriptionsQuery): Promise<{ data: Subscription[]; total: number }> {
  const filters: SQL[] = [];
  if (query.shopAlias) filters.push(eq(subscriptions.shopId, (await requireShopAccess(db, actor, query.shopAlias, 'pay')).id));
  else filters.push(eq(subscriptions.userId, actor.id));
  if (query.status) filters.push(eq(subscriptions.status, query.status));
  const where = and(...filters);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(query.limit)
    .offset(query.page * query.limit);
  const [total] = await db.select({ n: count() }).from(subscriptions).where(where);
  return { data: await describe(db, rows), total: total?.n ?? 0 };
}

/** Rows as the API answers them: this month's plan, a waiting change, live since, usage this month. */
async function describe(db: Database, rows: SubscriptionRow[], now = new Date()): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const month = monthWindow(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const planRows = await db
    .select({ subscriptionId: subscriptionPlans.subscriptionId, effectiveFrom: subscriptionPlans.effectiveFrom, plan: plans })
    .from(subscriptionPlans)
    .innerJoin(plans, eq(plans.id, subscriptionPlans.planId))
    .where(inArray(subscriptionPlans.subscriptionId, ids))
    .orderBy(asc(subscriptionPlans.effectiveFrom));
  const intervals = await db
    .select()
    .from(liveIntervals)
    .where(and(inArray(liveIntervals.subscriptionId, ids), or(isNull(liveIntervals.endedAt), gt(liveIntervals.endedAt, month.from))));
  const nextMonth = nextMonthStart(now);
  return rows.map((row) => {
    const own = planRows.filter((entry) => entry.subscriptionId === row.id);
    const current = own.filter((entry) => entry.effectiveFrom < nextMonth).at(-1) ?? own[0];
    const waiting = own.find((entry) => entry.effectiveFrom >= nextMonth);
    if (!current) throw new Error(`subscription ${row.id} has no plan`);
    const mine = intervals.filter((interval) => interval.subscriptionId === row.id);
    const open = mine.find((interval) => interval.endedAt === null);
    const summary = (plan: PlanRow) => ({ planCode: plan.planCode, name: plan.name, amount: plan.amount, currencyCode: plan.currencyCode });
    return {
      id: row.id,
      subscriptionCode: row.subscriptionCode,
      shopAlias: row.shopAlias,
      status: row.status as SubscriptionStatus,
      plan: summary(current.plan),
      nextPlan: waiting ? { ...summary(waiting.plan), from: waiting.effectiveFrom.toISOString() } : null,
      liveSince: open ? open.startedAt.toISOString() : null,
      usageMinutesThisMonth: usageMinutes(
        mine.map((interval) => ({ from: interval.startedAt, to: interval.endedAt })),
        month.from,
        now < month.to ? now : month.to,
      ),
      createdAt: row.createdAt.toISOString(),
      cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    };
  });
}

/** Whether a shop is on a plan (a subscription not cancelled): ordering a build needs one (issue 31). */
export async function shopHasPlan(db: Database, shopId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.shopId, shopId), sql`${subscriptions.status} <> 'cancelled'`))
    .limit(1);
  return row !== undefined;
}
