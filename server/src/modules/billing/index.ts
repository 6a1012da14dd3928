/**
 * What the composition root uses of billing: its calls, and the monthly close on the job runner
 * (a cron on the 1st, 00:05 UTC, closing the month before; a run at start closes a month the
 * server was down for), and what a bill's charge settling later does. `app.closeBillingMonth` is
 * the same close for the CLI.
 */
import { API_PREFIX } from '@contract/api';
import { BILLING_TRANSACTION_TYPE } from '@contract/payments/schemas';
import type { AppDeps, AppInstance } from '../../deps';
import type { Payments } from '../payments/index';
import { billChargeOfKey } from './charge-keys';
import { closeMonth, settleBill } from './close';
import { billingRoutes } from './routes';

export { shopHasPlan } from './subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    closeBillingMonth(year: number, month: number): Promise<{ billed: number; charged: number }>;
  }
}

const CLOSE_QUEUE = 'billing-close';

/** The month before `now` (UTC). */
function previousMonth(now: Date): { year: number; month: number } {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export async function registerBilling(app: AppInstance, deps: AppDeps, payments: Payments): Promise<void> {
  const billingDeps = { ...deps, payments, log: app.log.child({ module: 'billing' }) };
  const close = (year: number, month: number) => closeMonth(billingDeps, year, month);
  app.decorate('closeBillingMonth', close);
  // A charge that settles later (a 3-D Secure challenge passed, a webhook, reconciliation): the
  // bill's receipt or payment-failed notice, once (also for a charge the close is making now).
  payments.onSettled(BILLING_TRANSACTION_TYPE, async ({ transaction, idempotencyKey }) => {
    const charge = billChargeOfKey(idempotencyKey);
    if (charge) await settleBill(billingDeps, charge.billId, transaction, charge.replaces);
  });
  await app.register(billingRoutes(billingDeps, close), { ...deps, prefix: API_PREFIX });
  deps.jobs.define<{ year?: number; month?: number }>({
    name: CLOSE_QUEUE,
    run: async ({ year, month }) => {
      const target = year && month ? { year, month } : previousMonth(new Date());
      const result = await close(target.year, target.month);
      billingDeps.log.info({ ...target, ...result }, 'monthly close');
    },
    cron: { expression: '5 0 1 * *', data: {} },
  });
  // A close the server was down for: the month before, at every start (a closed month bills nothing more).
  app.addHook('onReady', async () => {
    // Queued before the server is ready, so whoever waits for the queue to settle sees it.
    if (deps.jobs.running) await deps.jobs.send(CLOSE_QUEUE, {}).catch((error: unknown) => billingDeps.log.error({ err: error }, 'monthly close not queued'));
  });
}
