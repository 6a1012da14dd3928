import { and, eq } from 'drizzle-orm';
import { paymentTransactions, webhookEvents } from '../../db/schema';
import type { PaymentGateway, WebhookEvent } from './gateway';
import { applyOutcome, type OutcomeResult } from './outcomes';
import type { PaymentsDeps } from './records';

/**
 * A verified webhook, once: its event id is recorded first (ON CONFLICT DO NOTHING), so a replay,
 * or the same delivery reaching two processes, changes nothing. An event for no transaction of
 * ours (or for another provider's, or a test one once real keys are set) is recorded as ignored.
 */
export async function receiveWebhook(deps: PaymentsDeps, gateway: PaymentGateway, event: WebhookEvent): Promise<OutcomeResult | 'replayed'> {
  const reference = event.payment?.reference ?? null;
  const [claimed] = await deps.db
    .insert(webhookEvents)
    .values({ provider: gateway.id, eventId: event.eventId, type: event.type, reference, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (!claimed) return 'replayed';
  const thisEvent = and(eq(webhookEvents.provider, gateway.id), eq(webhookEvents.eventId, event.eventId));
  let outcome: OutcomeResult = 'ignored';
  try {
    if (event.payment) {
      const [row] = await deps.db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.reference, event.payment.reference),
            eq(paymentTransactions.provider, gateway.id),
            eq(paymentTransactions.testMode, gateway.testMode),
          ),
        );
      if (row) outcome = await applyOutcome(deps, row, event.payment);
    }
  } catch (error) {
    // Not processed: forgotten, so the provider's retry is processed instead of taken for a replay.
    await deps.db.delete(webhookEvents).where(thisEvent);
    throw error;
  }
  await deps.db.update(webhookEvents).set({ outcome }).where(thisEvent);
  return outcome;
}
