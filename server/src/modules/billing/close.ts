/**
 * The monthly close (issue 30). For each subscription that existed in the month (or has corrected
 * usage in it), one Billing row: its usage minutes (live intervals and usage corrections as one
 * union, contract/billing/usage.ts), the plan it had that month, the
 * amount by the formula (contract/billing/formula.ts), credit applied. Then what is payable is
 * charged to the owner's default card, and the merchant is told: a receipt, or a payment-due /
 * payment-failed notification with push and e-mail.
 *
 * Exactly once, by the database and not by the scheduler (Lago's rule): the bill is unique per
 * subscription and month, and the credit it uses is taken in the same transaction that writes it
 * (a second close, or two processes closing at once, write and take nothing more); the charge's
 * idempotency key is the bill's (payments/charges.ts); each notice is sent by whoever moves the
 * bill's notice_sent, once. A close that stopped half way is run again: it bills what is missing
 * and charges what was not charged.
 *
 * Speed (10,000 subscriptions within a minute, docs/performance.md): subscriptions are billed in
 * pages of PAGE, each page's bills written in one transaction that first locks the credit rows of
 * the page's owners (in user id order, so two closes at once queue instead of deadlocking) and
 * reads which bills exist, then inserts the missing ones in one statement; the bills are then
 * charged CHARGE_CONCURRENCY at a time (each charge is a few gateway round trips; each keeps its
 * own idempotency key, so concurrency changes no outcome).
 */
import { and, asc, eq, exists, getTableColumns, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { applyCredit, billMoney, daysInMonth, monthLabel, usageCost, usageHours } from '@contract/billing/formula';
import { monthWindow, usageMinutes } from '@contract/billing/usage';
import { BILLING_MESSAGES } from '@contract/billing/schemas';
import { BILLING_TRANSACTION_TYPE, type Transaction } from '@contract/payments/schemas';
import { isDeclined, isPaid } from '@contract/payments/statuses';
import type { AppDeps } from '../../deps';
import { preparedStatements } from '../../db/prepared';
import { billings, credits, liveIntervals, plans, shops, subscriptionPlans, subscriptions, usageCorrections, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { trySend } from '../../mail/send';
import { billDueEmail, billReceiptEmail } from '../../mail/templates';
import { NoSavedCard, type Charge, type Payments } from '../payments/index';
import { billChargeOfKey, closeChargeKey } from './charge-keys';

export type BillingDeps = Pick<AppDeps, 'db' | 'mailer' | 'notifications' | 'config'> & { payments: Payments; log: FastifyBaseLogger };

export type BillRow = typeof billings.$inferSelect;

/**
 * What a bill's e-mail needs besides the bill, read in the statement that writes or moves the bill
 * (the close writes and charges thousands; a read per bill would double its statements).
 */
const MAIL_FIELDS = {
  email: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${billings.userId})`,
  firstName: sql<string>`(select ${users.firstName} from ${users} where ${users.id} = ${billings.userId})`,
  shopName: sql<string | null>`(select ${shops.name} from ${shops} where ${shops.alias} = ${billings.shopAlias})`,
  planName: sql<string>`(select ${plans.name} from ${plans} where ${plans.id} = ${billings.planId})`,
};

/** A bill as written or moved, with what its e-mail needs. */
type MailedBill = BillRow & { email: string; firstName: string; shopName: string | null; planName: string };

type Notice = 'paid' | 'failed' | 'due' | 'pending';

/** Subscriptions are billed in pages of this many (10,000 of them must close within a minute). */
const PAGE = 500;
/** Bills charged at once: the gateway's round trips overlap; bounded for the database pool (10) and the gateway. */
const CHARGE_CONCURRENCY = 8;

/** Closes a month that has ended: answers how many bills this run wrote and how many charges it made. */
export async function closeMonth(deps: BillingDeps, year: number, month: number, now = new Date()): Promise<{ billed: number; charged: number }> {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) throw new HttpError(400, BILLING_MESSAGES.month);
  const window = monthWindow(year, month);
  if (window.to > now) throw new HttpError(400, BILLING_MESSAGES.monthNotOver);
  let billed = 0;
  for (let afterId = 0; ;) {
    const page = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          gt(subscriptions.id, afterId),
          or(
            and(lt(subscriptions.createdAt, window.to), or(isNull(subscriptions.cancelledAt), gt(subscriptions.cancelledAt, window.from))),
            // Corrected usage in the month (also before the subscription began).
            exists(
              deps.db
                .select({ id: usageCorrections.id })
                .from(usageCorrections)
                .where(
                  and(
                    eq(usageCorrections.subscriptionId, subscriptions.id),
                    lt(usageCorrections.startedAt, window.to),
                    gt(usageCorrections.endedAt, window.from),
                  ),
                ),
            ),
          ),
        ),
      )
      .orderBy(asc(subscriptions.id))
      .limit(PAGE);
    if (page.length === 0) break;
    billed += await billPage(
      deps,
      page.map((row) => row.id),
      year,
      month,
    );
    afterId = page.at(-1)?.id ?? afterId;
  }
  // Every bill of the month with something to pay and no settled charge: this run's or one a stopped run left.
  const unpaid = await deps.db
    .select()
    .from(billings)
    .where(
      and(eq(billings.year, year), eq(billings.month, month), gt(billings.payable, 0), or(isNull(billings.noticeSent), eq(billings.noticeSent, 'pending'))),
    );
  let charged = 0;
  await eachAtOnce(unpaid, CHARGE_CONCURRENCY, async (bill) => {
    if (await chargeBill(deps, bill, closeChargeKey(bill.id))) charged += 1;
  });
  return { billed, charged };
}

/** Runs `work` over `items`, at most `limit` at once; rejects with the first error once the running ones have ended. */
async function eachAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/** `rows` grouped by their subscription id, in their order. */
function bySubscription<T extends { subscriptionId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.subscriptionId);
    if (group) group.push(row);
    else groups.set(row.subscriptionId, [row]);
  }
  return groups;
}

/** Writes the bills of some subscriptions for one month; answers how many were new. */
async function billPage(deps: BillingDeps, ids: number[], year: number, month: number): Promise<number> {
  const window = monthWindow(year, month);
  const planRows = await deps.db
    .select({ subscriptionId: subscriptionPlans.subscriptionId, effectiveFrom: subscriptionPlans.effectiveFrom, plan: plans })
    .from(subscriptionPlans)
    .innerJoin(plans, eq(plans.id, subscriptionPlans.planId))
    .where(inArray(subscriptionPlans.subscriptionId, ids))
    .orderBy(asc(subscriptionPlans.effectiveFrom));
  const intervals = await deps.db
    .select()
    .from(liveIntervals)
    .where(
      and(
        inArray(liveIntervals.subscriptionId, ids),
        lt(liveIntervals.startedAt, window.to),
        or(isNull(liveIntervals.endedAt), gt(liveIntervals.endedAt, window.from)),
      ),
    );
  const corrections = await deps.db
    .select()
    .from(usageCorrections)
    .where(and(inArray(usageCorrections.subscriptionId, ids), lt(usageCorrections.startedAt, window.to), gt(usageCorrections.endedAt, window.from)));
  const rows = await deps.db.select().from(subscriptions).where(inArray(subscriptions.id, ids)).orderBy(asc(subscriptions.id));
  const plansOf = bySubscription(planRows);
  const rangesOf = bySubscription([...intervals, ...corrections]);
  // Usage and amount do not depend on credit: computed before the transaction, which stays short.
  const candidates = rows.flatMap((subscription) => {
    const own = plansOf.get(subscription.id) ?? [];
    // The plan of the month: the last one that started before the month ended (changes start on a 1st).
    const plan = (own.filter((entry) => entry.effectiveFrom < window.to).at(-1) ?? own[0])?.plan;
    if (!plan) return [];
    const ranges = (rangesOf.get(subscription.id) ?? []).map((range) => ({ from: range.startedAt, to: range.endedAt }));
    const minutes = usageMinutes(ranges, window.from, window.to);
    return [{ subscription, plan, minutes, amount: usageCost(minutes, plan.amount, daysInMonth(year, month)) }];
  });
  if (candidates.length === 0) return 0;
  const userIds = [...new Set(candidates.map((candidate) => candidate.subscription.userId))].sort((a, b) => a - b);
  const written = await deps.db.transaction(async (tx) => {
    // The owners' credit rows first, locked in user id order: another close of the same users waits
    // here until this one commits (a user's bills are written under their credit row's lock), and
    // two closes lock in the same order, so they queue rather than deadlock.
    await tx
      .insert(credits)
      .values(userIds.map((userId) => ({ userId })))
      .onConflictDoNothing({ target: credits.userId });
    const creditRows = await tx
      .select({ userId: credits.userId, value: credits.value })
      .from(credits)
      .where(inArray(credits.userId, userIds))
      .orderBy(asc(credits.userId))
      .for('update');
    // Under those locks no other close writes these users' bills: the ones that exist stay as they are.
    const existing = new Set(
      (
        await tx
          .select({ subscriptionId: billings.subscriptionId })
          .from(billings)
          .where(and(inArray(billings.subscriptionId, ids), eq(billings.year, year), eq(billings.month, month)))
      ).map((row) => row.subscriptionId),
    );
    const available = new Map(creditRows.map((row) => [row.userId, row.value]));
    const values = candidates
      .filter((candidate) => !existing.has(candidate.subscription.id))
      .map(({ subscription, plan, minutes, amount }) => {
        // A user's bills take credit one after the other, in subscription id order.
        const { creditUsed, payable } = applyCredit(amount, available.get(subscription.userId) ?? 0);
        available.set(subscription.userId, (available.get(subscription.userId) ?? 0) - creditUsed);
        return {
          subscriptionId: subscription.id,
          userId: subscription.userId,
          shopAlias: subscription.shopAlias,
          year,
          month,
          usageMinutes: minutes,
          planId: plan.id,
          planAmount: plan.amount,
          currencyCode: plan.currencyCode,
          amount,
          creditUsed,
          payable,
          // Nothing to charge: settled as it is written (a receipt when credit paid for usage).
          noticeSent: payable === 0 ? 'paid' : null,
        };
      });
    if (values.length === 0) return [];
    const inserted = await tx
      .insert(billings)
      .values(values)
      .onConflictDoNothing()
      .returning({ ...getTableColumns(billings), ...MAIL_FIELDS });
    // The unique index is the last word: only credit of bills actually written is taken.
    const used = new Map<number, number>();
    for (const bill of inserted) if (bill.creditUsed > 0) used.set(bill.userId, (used.get(bill.userId) ?? 0) + bill.creditUsed);
    for (const [userId, value] of used)
      await tx
        .update(credits)
        .set({ value: sql`${credits.value} - ${value}`, updatedAt: sql`now()` })
        .where(eq(credits.userId, userId));
    return inserted;
  });
  for (const bill of written) if (bill.payable === 0 && bill.amount > 0) await sendReceipt(deps, bill, 'your credit');
  return written.length;
}

/**
 * Charges a bill once for `idempotencyKey` (charge-keys.ts) and tells the merchant the outcome once.
 * Answers whether this call made a charge that succeeded.
 */
export async function chargeBill(deps: BillingDeps, bill: BillRow, idempotencyKey: string, authorizationCode?: string): Promise<boolean> {
  let charge: Charge;
  try {
    charge = await deps.payments.chargeSavedCard({
      userId: bill.userId,
      amount: bill.payable,
      currencyCode: bill.currencyCode,
      type: BILLING_TRANSACTION_TYPE,
      description: `${monthLabel(bill.year, bill.month)}: ${usageHours(bill.usageMinutes)} hours`,
      appAlias: bill.shopAlias,
      idempotencyKey,
      ...(authorizationCode ? { authorizationCode } : {}),
    });
  } catch (error) {
    if (!(error instanceof NoSavedCard)) throw error;
    const moved = await moveBill(deps, bill.id, 'due');
    if (moved) await tell(deps, moved, 'due', 'There is no saved card to charge. Add a card and pay from your billing page.');
    return false;
  }
  // A charge settled by this call was told through the settled hook (index.ts); this records a
  // pending one, and one settled before whose hook a crash may have cut short. Told once either way.
  if (charge.announced) return isPaid(charge.transaction.status);
  return settleBill(deps, bill.id, charge.transaction, billChargeOfKey(idempotencyKey)?.replaces ?? null);
}

/**
 * Records a charge on its bill and tells the merchant its outcome once (`replaces`: the charge it
 * took over from, charge-keys.ts). Answers whether the charge is paid.
 */
export async function settleBill(deps: BillingDeps, billId: number, transaction: Transaction, replaces: string | null): Promise<boolean> {
  const paid = isPaid(transaction.status);
  const to: Notice = paid ? 'paid' : isDeclined(transaction.status) ? 'failed' : 'pending';
  const moved = await moveBill(deps, billId, to, { reference: transaction.reference, replaces });
  if (moved && to === 'paid') await sendReceipt(deps, moved, 'your card');
  if (moved && to === 'failed') await tell(deps, moved, 'failed', transaction.failureMessage ?? 'The payment did not go through.');
  return paid;
}

const statements = preparedStatements((db) => {
  const reference = sql`${sql.placeholder('reference')}::text`;
  const to = sql`${sql.placeholder('to')}::text`;
  // The prior state, read under the row's lock (so of two callers at once, one moves it), and only
  // when there is something to change.
  const prior = db.$with('prior').as(
    db
      .select({ id: billings.id, previous: sql<string | null>`${billings.noticeSent}`.as('previous') })
      .from(billings)
      .where(
        and(
          eq(billings.id, sql.placeholder('billId')),
          // Only the bill's latest charge speaks for it: none recorded yet, this one, or the one it replaces.
          sql`(${reference} is null or ${billings.transactionReference} is null or ${billings.transactionReference} in (${reference}, ${sql.placeholder('replaces')}::text))`,
          sql`(${billings.noticeSent} is distinct from ${to} or ${billings.transactionReference} is distinct from coalesce(${reference}, ${billings.transactionReference}))`,
        ),
      )
      .for('update'),
  );
  return {
    move: db
      .with(prior)
      .update(billings)
      .set({ noticeSent: to, transactionReference: sql`coalesce(${reference}, ${billings.transactionReference})`, updatedAt: sql`now()` })
      .from(prior)
      .where(eq(billings.id, prior.id))
      .returning({ ...getTableColumns(billings), ...MAIL_FIELDS, previous: prior.previous })
      .prepare('billing_move_bill'),
  };
});

/**
 * Moves a bill's notice state and records its charge, in one statement. Answers the bill when this
 * caller moved the notice state (that caller tells the merchant), else null.
 */
async function moveBill(deps: BillingDeps, billId: number, to: Notice, charge?: { reference: string; replaces: string | null }): Promise<MailedBill | null> {
  const [row] = await statements(deps.db).move.execute({ billId, to, reference: charge?.reference ?? null, replaces: charge?.replaces ?? null });
  if (!row || row.previous === to) return null;
  return row;
}

function billMail(deps: BillingDeps, bill: MailedBill) {
  return {
    to: bill.email,
    content: {
      firstName: bill.firstName,
      appName: bill.shopName ?? bill.shopAlias,
      period: monthLabel(bill.year, bill.month),
      usage: `${usageHours(bill.usageMinutes)} hours on ${bill.planName}`,
      amount: billMoney(bill.amount, bill.currencyCode),
      creditUsed: billMoney(bill.creditUsed, bill.currencyCode),
      payable: billMoney(bill.payable, bill.currencyCode),
      link: `${deps.config.PUBLIC_ORIGIN}/billing`,
    },
  };
}

async function sendReceipt(deps: BillingDeps, bill: MailedBill, card: string): Promise<void> {
  const mail = billMail(deps, bill);
  await trySend(deps, mail.to, billReceiptEmail({ ...mail.content, card }));
}

/** payment-due (no card) or payment-failed (declined): a notification (with push) and an e-mail; the caller moved the bill to that state. */
async function tell(deps: BillingDeps, bill: MailedBill, state: 'due' | 'failed', reason: string): Promise<void> {
  const period = monthLabel(bill.year, bill.month);
  const payable = billMoney(bill.payable, bill.currencyCode);
  await deps.notifications.notify(bill.userId, {
    type: state === 'due' ? 'payment-due' : 'payment-failed',
    title: state === 'due' ? `Payment due: ${period}, ${payable}` : `Payment failed: ${period}, ${payable}`,
    body: reason,
    meta: { shopAlias: bill.shopAlias },
  });
  const mail = billMail(deps, bill);
  await trySend(deps, mail.to, billDueEmail({ ...mail.content, reason }));
}
