import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isPaid, PAID_STATUSES } from '@contract/payments/statuses';
import { paymentTransactions } from '../../db/schema';
import { autoRefund, verifyRow } from './outcomes';
import { transactionById, type PaymentsDeps } from './records';

/**
 * Reconciliation: transactions left pending for RECONCILE_AFTER (and paid card checks whose refund
 * did not go through) are verified again. Each is claimed by a conditional UPDATE of updated_at,
 * so two processes do not both ask the gateway about it.
 */
export async function reconcile(deps: PaymentsDeps, olderThanSeconds: number, batch = 50): Promise<number> {
  const due = deps.db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        sql`${paymentTransactions.updatedAt} < now() - make_interval(secs => ${olderThanSeconds})`,
        sql`${paymentTransactions.createdAt} > now() - interval '7 days'`,
        or(
          inArray(paymentTransactions.status, ['initialized', 'processing', 'requires_action']),
          and(eq(paymentTransactions.isAutoRefund, true), isNull(paymentTransactions.refundedAt), inArray(paymentTransactions.status, [...PAID_STATUSES])),
        ),
      ),
    )
    .orderBy(paymentTransactions.updatedAt)
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(paymentTransactions)
    .set({ updatedAt: sql`now()` })
    .where(inArray(paymentTransactions.id, due))
    .returning({ id: paymentTransactions.id });
  const ids = claimed.map((row) => row.id);
  for (const id of ids) {
    try {
      const row = await transactionById(deps.db, id);
      if (isPaid(row.status)) await autoRefund(deps, row);
      else await verifyRow(deps, row);
    } catch (error) {
      deps.log.warn({ transactionId: id, err: (error as Error).message }, 'reconciliation: transaction not verified this time');
    }
  }
  return ids.length;
}
