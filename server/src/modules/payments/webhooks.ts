import { and, eq, lt, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@contract/payments/schemas';
import { param, preparedStatements } from '../../db/prepared';
import { paymentTransactions, webhookEvents } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { PaymentGateway, WebhookEvent } from './gateway';
import { applyOutcome, type OutcomeResult } from './outcomes';
import type { PaymentsDeps } from './records';

/** The outcome of an event claimed and not yet processed. */
const RECEIVED = 'received';
/**
 * How long a claim holds before another delivery may take the event over: past any processing
 * (a few database writes and at most two gateway calls), so only a claim whose process died is
 * taken. Processing twice would still move the payment once (applyOutcome's conditional update).
 */
export const WEBHOOK_LEASE_SECONDS = 10;

const statements = preparedStatements((db) => {
  /** The transaction a webhook's reference names, of the gateway (and its mode) that sent it. */
  const paymentOfTheEvent = and(
    eq(paymentTransactions.reference, sql`${sql.placeholder('reference')}::text`),
    eq(paymentTransactions.provider, sql.placeholder('provider')),
    eq(paymentTransactions.testMode, sql.placeholder('testMode')),
  );
  const claimed = db.$with('claimed').as(
    db
      .insert(webhookEvents)
      .values({
        provider: sql.placeholder('provider'),
        eventId: sql.placeholder('eventId'),
        type: sql.placeholder('type'),
        reference: sql.placeholder('reference'),
        outcome: RECEIVED,
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
      .leftJoin(paymentTransactions, paymentOfTheEvent)
      .prepare('payments_webhook_claim'),
    /** An event claimed by a delivery whose process died before recording it: claimed again, once its lease is over. */
    takeOver: db
      .update(webhookEvents)
      .set({ receivedAt: sql`now()` })
      .where(
        and(
          eq(webhookEvents.provider, sql.placeholder('provider')),
          eq(webhookEvents.eventId, sql.placeholder('eventId')),
          eq(webhookEvents.outcome, RECEIVED),
          lt(webhookEvents.receivedAt, sql`now() - make_interval(secs => ${sql.placeholder('leaseSeconds')}::int)`),
        ),
      )
      .returning({ outcome: webhookEvents.outcome })
      .prepare('payments_webhook_take_over'),
    payment: db.select().from(paymentTransactions).where(paymentOfTheEvent).prepare('payments_webhook_payment'),
    outcome: db
      .select({ outcome: webhookEvents.outcome })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, sql.placeholder('provider')), eq(webhookEvents.eventId, sql.placeholder('eventId'))))
      .prepare('payments_webhook_outcome'),
    record: db
      .update(webhookEvents)
      .set({ outcome: param('outcome') })
      .where(and(eq(webhookEvents.provider, sql.placeholder('provider')), eq(webhookEvents.eventId, sql.placeholder('eventId'))))
      .prepare('payments_webhook_record'),
  };
});

/**
 * A verified webhook, once: its event id is claimed first (ON CONFLICT DO NOTHING), so a replay,
 * or the same delivery reaching two processes, changes nothing. A claim still unrecorded is being
 * processed: the delivery is answered 503 for the provider to send it again, and once the claim's
 * lease is over (its process died) the next delivery processes it. An event for no transaction of
 * ours (or for another provider's, or a test one once real keys are set) is recorded as ignored.
 */
export async function receiveWebhook(deps: PaymentsDeps, gateway: PaymentGateway, event: WebhookEvent): Promise<OutcomeResult | 'replayed'> {
  const reference = event.payment?.reference ?? null;
  const queries = statements(deps.db);
  const keys = { provider: gateway.id, eventId: event.eventId };
  const [claimed] = await queries.claim.execute({ ...keys, type: event.type, reference, testMode: gateway.testMode });
  let payment = claimed?.payment ?? null;
  if (!claimed) {
    const [taken] = await queries.takeOver.execute({ ...keys, leaseSeconds: WEBHOOK_LEASE_SECONDS });
    if (!taken) {
      const [existing] = await queries.outcome.execute(keys);
      if (existing?.outcome === RECEIVED) throw new HttpError(503, PAYMENT_MESSAGES.webhookInProgress, { 'retry-after': String(WEBHOOK_LEASE_SECONDS) });
      return 'replayed';
    }
    deps.log.warn(keys, 'payment webhook taken over from a delivery that never finished');
    [payment = null] = reference === null ? [] : await queries.payment.execute({ reference, provider: gateway.id, testMode: gateway.testMode });
  }
  let outcome: OutcomeResult = 'ignored';
  try {
    if (event.payment && payment) outcome = (await applyOutcome(deps, payment, event.payment)).outcome;
  } catch (error) {
    // Not processed: forgotten, so the provider's retry is processed instead of taken for a replay.
    await deps.db.delete(webhookEvents).where(and(eq(webhookEvents.provider, gateway.id), eq(webhookEvents.eventId, event.eventId)));
    throw error;
  }
  await queries.record.execute({ ...keys, outcome });
  return outcome;
}
