/**
 * The caller's bills (spec section 7 billings calls): the list, paying outstanding ones with a
 * saved card, and asking the gateway again about a charge. A bill's status is its charge's: paid
 * when nothing was payable or the charge is paid, pending while the charge is not settled,
 * outstanding otherwise.
 */
import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { BILLING_MESSAGES, type Billing, type BillingsQuery, type PayBills } from '@contract/billing/schemas';
import type { BillStatus } from '@contract/billing/paths';
import { isPaid } from '@contract/payments/statuses';
import type { User } from '@contract/users/schemas';
import { billings, paymentTransactions, plans, subscriptions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { billChargePrefix, payNowChargeKey } from './charge-keys';
import { chargeBill, settleBill, type BillingDeps, type BillRow } from './close';
import { requireSubscription } from './subscriptions';

const SETTLING = new Set(['initialized', 'processing', 'requires_action']);

function statusOf(bill: BillRow, chargeStatus: string | null): BillStatus {
  if (bill.payable === 0 || (chargeStatus !== null && isPaid(chargeStatus))) return 'paid';
  return chargeStatus !== null && SETTLING.has(chargeStatus) ? 'pending' : 'outstanding';
}

async function describe(deps: BillingDeps, rows: BillRow[]): Promise<Billing[]> {
  if (rows.length === 0) return [];
  const references = rows.map((row) => row.transactionReference).filter((reference): reference is string => reference !== null);
  const charges = references.length
    ? await deps.db
        .select({ reference: paymentTransactions.reference, status: paymentTransactions.status, failureMessage: paymentTransactions.failureMessage })
        .from(paymentTransactions)
        .where(inArray(paymentTransactions.reference, references))
    : [];
  const subscriptionRows = await deps.db
    .select({ id: subscriptions.id, subscriptionCode: subscriptions.subscriptionCode })
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...new Set(rows.map((row) => row.subscriptionId))]));
  const planRows = await deps.db
    .select()
    .from(plans)
    .where(inArray(plans.id, [...new Set(rows.map((row) => row.planId))]));
  const chargeOf = new Map(charges.map((entry) => [entry.reference, entry]));
  const codeOf = new Map(subscriptionRows.map((entry) => [entry.id, entry.subscriptionCode]));
  const planOf = new Map(planRows.map((entry) => [entry.id, entry]));
  return rows.map((row) => {
    const charge = (row.transactionReference !== null ? chargeOf.get(row.transactionReference) : undefined) ?? null;
    const plan = planOf.get(row.planId);
    return {
      id: row.id,
      month: row.month,
      year: row.year,
      usageMinutes: row.usageMinutes,
      createdAt: row.createdAt.toISOString(),
      shopAlias: row.shopAlias,
      subscription: {
        subscriptionCode: codeOf.get(row.subscriptionId) ?? '',
        // The plan's amount and currency as billed, its name as it is now.
        plan: { planCode: plan?.planCode ?? '', name: plan?.name ?? '', amount: row.planAmount, currencyCode: row.currencyCode },
      },
      amount: row.amount,
      creditUsed: row.creditUsed,
      payable: row.payable,
      status: statusOf(row, charge?.status ?? null),
      transactionReference: row.transactionReference,
      failureMessage: charge?.status === 'failed' ? charge.failureMessage : null,
    };
  });
}

/** GET /v1/billings: newest month first; `outstanding=true` keeps the bills still to pay. */
export async function listBills(deps: BillingDeps, actor: User, query: BillingsQuery): Promise<{ data: Billing[]; total: number }> {
  const filters: SQL[] = [eq(billings.userId, actor.id)];
  if (query.shopAlias) filters.push(eq(billings.shopAlias, query.shopAlias));
  if (query.year) filters.push(eq(billings.year, query.year));
  if (query.month) filters.push(eq(billings.month, query.month));
  if (query.outstanding === 'true') {
    // Outstanding is the charge's state: filtered after reading (a user has few unpaid bills).
    const unpaid = (
      await describe(
        deps,
        await deps.db
          .select()
          .from(billings)
          .where(and(...filters, gt(billings.payable, 0))),
      )
    ).filter((bill) => bill.status !== 'paid');
    unpaid.sort((a, b) => b.year - a.year || b.month - a.month || b.id - a.id);
    return { data: unpaid.slice(query.page * query.limit, query.page * query.limit + query.limit), total: unpaid.length };
  }
  const where = and(...filters);
  const rows = await deps.db
    .select()
    .from(billings)
    .where(where)
    .orderBy(desc(billings.year), desc(billings.month), desc(billings.id))
    .limit(query.limit)
    .offset(query.page * query.limit);
  const [total] = await deps.db.select({ n: count() }).from(billings).where(where);
  return { data: await describe(deps, rows), total: total?.n ?? 0 };
}

/**
 * POST /v1/billings/pay-with-authorization: charges each outstanding bill once. The idempotency key
 * names the charge the bill had when the merchant pressed Pay now, so a double click or two tabs
 * make one charge, and paying again after a decline makes a new one.
 */
export async function payBills(deps: BillingDeps, actor: User, request: PayBills): Promise<Billing[]> {
  const outstanding = (await listBills(deps, actor, { page: 0, limit: 200, outstanding: 'true' })).data.filter((bill) => bill.status === 'outstanding');
  const chosen = request.billingIds ? outstanding.filter((bill) => request.billingIds?.includes(bill.id)) : outstanding;
  if (request.billingIds?.some((id) => !outstanding.some((bill) => bill.id === id))) {
    const owned = await deps.db
      .select({ id: billings.id })
      .from(billings)
      .where(and(eq(billings.userId, actor.id), inArray(billings.id, request.billingIds)));
    if (owned.length !== request.billingIds.length) throw new HttpError(404, BILLING_MESSAGES.notFound);
  }
  if (chosen.length === 0) throw new HttpError(400, BILLING_MESSAGES.nothingToPay);
  for (const { id } of chosen) {
    // Read again just before charging: another press may have paid it meanwhile. The key names
    // the charge read here, so presses that read the same charge make one.
    const [row] = await deps.db.select().from(billings).where(eq(billings.id, id));
    if (!row || (await currentStatus(deps, row)) !== 'outstanding') continue;
    await chargeBill(deps, row, payNowChargeKey(row.id, row.transactionReference), request.authorizationCode);
  }
  const ids = chosen.map((bill) => bill.id);
  return describe(deps, await deps.db.select().from(billings).where(inArray(billings.id, ids)));
}

async function currentStatus(deps: BillingDeps, row: BillRow): Promise<BillStatus> {
  if (!row.transactionReference) return statusOf(row, null);
  const [charge] = await deps.db
    .select({ status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, row.transactionReference));
  return statusOf(row, charge?.status ?? null);
}

/** POST /v1/billings/verify-payment: the gateway asked again about a bill's charge; the bill follows it. */
export async function verifyBillPayment(deps: BillingDeps, actor: User, reference: string): Promise<Billing> {
  const [row] = await deps.db
    .select()
    .from(billings)
    .where(and(eq(billings.userId, actor.id), eq(billings.transactionReference, reference)));
  if (!row) throw new HttpError(404, BILLING_MESSAGES.notFound);
  await settleBill(deps, row.id, await deps.payments.verify(actor.id, reference), null);
  const [fresh] = await describe(deps, [row]);
  if (!fresh) throw new Error('the bill was not read back');
  return fresh;
}

/** GET /v1/subscriptions/{code}/transactions: its bills' payments, for the app's owner or a SOVEREIGN. */
export async function subscriptionPayments(deps: BillingDeps, actor: User, code: string, page: { page: number; limit: number }) {
  const subscription = await requireSubscription(deps.db, actor, code);
  const bills = await deps.db.select({ id: billings.id }).from(billings).where(eq(billings.subscriptionId, subscription.id));
  return deps.payments.billPayments(
    subscription.userId,
    bills.map((bill) => billChargePrefix(bill.id)),
    page,
  );
}
