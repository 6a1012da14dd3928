import { and, eq, sql } from 'drizzle-orm';
import { param, preparedStatements } from '../../db/prepared';
import { paymentTransactions, webhookEvents } from '../../db/schema';
import type { PaymentGateway, WebhookEvent } from './gateway';
import { applyOutcome, type OutcomeResult } from './outcomes';
import type { PaymentsDeps } from './records';

const statements = preparedStatements((db) => {
  const claimed = db.$with('claimed').as(
    db
      .insert(webhookEvents)
      .values({
        provider: sql.placeholder('provider'),
        eventId: sql.placeholder('eventId'),
        type: sql.placeholder('type'),
        reference: sql.placeholder('reference'),
        outcome: 'received',
      })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId }),
  );
  return {
    /** The event claimed (no row: a replay) with its payment, in one statement (the close takes a webhook per charge). */
    claim: db
      .with(claimed)
      .select({ eventId: claimed.eventId, payment: paymentTransactions })
      .from(claimed)
      .leftJoin(
        paymentTransactions,
        and(
          eq(paymentTransactions.reference, sql`${sql.placeholder('reference')}::text`),
          eq(paymentTransactions.provider, sql.placeholder('provider')),
          eq(paymentTransactions.testMode, sql.placeholder('testMode')),
        ),
      )
      .prepare('payments_webhook_claim'),
    record: db
      .update(webhookEvents)
      .set({ outcome: param('outcome') })
      .where(and(eq(webhookEvents.provider, sql.placeholder('provider')), eq(webhookEvents.eventId, sql.placeholder('eventId'))))
      .prepare('payments_webhook_record'),
  };
});

/**
 * A verified webhook, once: its event id is recorded first (ON CONFLICT DO NOTHING), so a replay,
 * or the same delivery reaching two processes, changes nothing. An event for no transaction of
 * ours (or for another provider's, or a test one once real keys are set) is recorded as ignored.
 */
export async function receiveWebhook(deps: PaymentsDeps, gateway: PaymentGateway, event: WebhookEvent): Promise<OutcomeResult | 'replayed'> {
  const reference = event.payment?.reference ?? null;
  const { claim, record } = statements(deps.db);
  const [claimed] = await claim.execute({ provider: gateway.id, eventId: event.eventId, type: event.type, reference, testMode: gateway.testMode });
  if (!claimed) return 'replayed';
  let outcome: OutcomeResult = 'ignored';
  try {
    if (event.payment && claimed.payment) outcome = (await applyOutcome(deps, claimed.payment, event.payment)).outcome;
  } catch (error) {
    // Not processed: forgotten, so the provider's retry is processed instead of taken for a replay.
    await deps.db.delete(webhookEvents).where(and(eq(webhookEvents.provider, gateway.id), eq(webhookEvents.eventId, event.eventId)));
    throw error;
  }
  await record.execute({ provider: gateway.id, eventId: event.eventId, outcome });
  return outcome;
}
