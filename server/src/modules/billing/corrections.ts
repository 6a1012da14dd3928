/**
 * Usage corrections (issue 30): a SOVEREIGN records that an app was live over a past range, the
 * way usage-billing systems correct by adjustment. The range belongs to the subscription the app
 * had then, or its first one when the range is earlier (an operator bringing over earlier usage),
 * and is billed on that month's plan by the close. A month already billed for that subscription is
 * not corrected (its bill is history): the call says so.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { monthLabel } from '@contract/billing/formula';
import { BILLING_MESSAGES, type UsageCorrection, type UsageCorrectionRequest } from '@contract/billing/schemas';
import { ROLE } from '@contract/constants';
import { hasRole } from '@contract/users/roles';
import type { User } from '@contract/users/schemas';
import { AUTH_MESSAGES } from '../../auth/guards';
import type { Database } from '../../db/database';
import { billings, subscriptions, usageCorrections } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { requireShopAccess } from '../../shop-access/access';

/** The (year, month) pairs a range [from, to) touches, UTC. */
function monthsOf(from: Date, to: Date): { year: number; month: number }[] {
  const months: { year: number; month: number }[] = [];
  for (
    let cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    cursor < to;
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1))
  )
    months.push({ year: cursor.getUTCFullYear(), month: cursor.getUTCMonth() + 1 });
  return months;
}

export async function recordCorrection(db: Database, actor: User, request: UsageCorrectionRequest, now = new Date()): Promise<UsageCorrection> {
  if (!hasRole(actor, ROLE.SOVEREIGN)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
  const from = new Date(request.from);
  const to = new Date(request.to);
  if (to <= from) throw new HttpError(400, BILLING_MESSAGES.correctionOrder);
  if (to > now) throw new HttpError(400, BILLING_MESSAGES.correctionFuture);
  const shop = await requireShopAccess(db, actor, request.shopAlias, 'pay');
  const owned = await db.select().from(subscriptions).where(eq(subscriptions.shopId, shop.id)).orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  const subscription = owned.filter((entry) => entry.createdAt <= from).at(-1) ?? owned[0];
  if (!subscription) throw new HttpError(400, BILLING_MESSAGES.correctionNoPlan);
  const months = monthsOf(from, to);
  const billed = await db
    .select({ year: billings.year, month: billings.month })
    .from(billings)
    .where(
      and(
        eq(billings.subscriptionId, subscription.id),
        gte(billings.year, months[0]?.year ?? 0),
        inArray(
          billings.month,
          months.map((entry) => entry.month),
        ),
      ),
    );
  const closed = months.find((entry) => billed.some((bill) => bill.year === entry.year && bill.month === entry.month));
  if (closed)
    throw new HttpError(409, `${monthLabel(closed.year, closed.month)} is already billed for this app: a correction goes into a month not billed yet`);
  await db
    .insert(usageCorrections)
    .values({ subscriptionId: subscription.id, startedAt: from, endedAt: to, reason: request.reason, createdBy: actor.id })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(usageCorrections)
    .where(and(eq(usageCorrections.subscriptionId, subscription.id), eq(usageCorrections.startedAt, from), eq(usageCorrections.endedAt, to)));
  if (!row) throw new Error('the correction was not recorded');
  return {
    id: row.id,
    shopAlias: shop.alias,
    subscriptionCode: subscription.subscriptionCode,
    from: row.startedAt.toISOString(),
    to: row.endedAt.toISOString(),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}
