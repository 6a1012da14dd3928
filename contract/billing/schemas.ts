/**
 * Subscriptions (spec section 3 Subscription: id, shopAlias, subscriptionCode, status; issue 30):
 * an app on a plan, its plan from next month when a change is waiting, and its usage so far this
 * month (minutes, counted as contract/billing/usage.ts says).
 */
import { planSchema } from '../plans/schemas';
import { pageQuery } from '../paging';
import { id, timestamp } from '../response';
import { tokenText } from '../text';
import { z } from '../zod';
import { SUBSCRIPTION_STATUSES } from './paths';

export const SUBSCRIPTION_MESSAGES = {
  planUnknown: 'This plan does not exist',
  status: `Choose a status: ${SUBSCRIPTION_STATUSES.join(', ')}`,
  notFound: 'This subscription was not found',
  cardMissing: 'Save a card first: a plan is paid with your default card.',
  alreadySubscribed: 'This app already has a plan. Change its plan instead.',
  cancelled: 'This subscription is cancelled. Choose a plan again to start a new one.',
  nothingToChange: 'Say what to change: status or planCode',
  appDeleted: 'This app was deleted',
} as const;

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES, { error: SUBSCRIPTION_MESSAGES.status });

const planCode = tokenText('planCode', 64);
const planOfSubscription = planSchema.pick({ planCode: true, name: true, amount: true, currencyCode: true });

export const subscriptionSchema = z.object({
  id,
  subscriptionCode: z.string(),
  shopAlias: z.string(),
  status: subscriptionStatusSchema,
  /** The plan this month is billed on. */
  plan: planOfSubscription,
  /** A plan change waiting for the 1st of next month (UTC), or null. */
  nextPlan: planOfSubscription.extend({ from: timestamp }).nullable(),
  /** When the app went live this time (null: not live). */
  liveSince: timestamp.nullable(),
  /** Usage minutes from the 1st of this month (UTC) until now. */
  usageMinutesThisMonth: z.number().int(),
  createdAt: timestamp,
  cancelledAt: timestamp.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const createSubscriptionSchema = z.object({ shopAlias: tokenText('shopAlias', 255), planCode });
export type CreateSubscription = z.infer<typeof createSubscriptionSchema>;

export const updateSubscriptionSchema = z
  .object({ status: subscriptionStatusSchema.optional(), planCode: planCode.optional() })
  .refine((body) => body.status !== undefined || body.planCode !== undefined, { message: SUBSCRIPTION_MESSAGES.nothingToChange });
export type UpdateSubscription = z.infer<typeof updateSubscriptionSchema>;

/** Spec section 9: the subscriptions list starts at page 0. */
export const subscriptionsQuerySchema = pageQuery(50).extend({
  shopAlias: tokenText('shopAlias', 255).optional(),
  status: subscriptionStatusSchema.optional(),
});
export type SubscriptionsQuery = z.infer<typeof subscriptionsQuerySchema>;

export const subscriptionCodeParams = z.object({ subscriptionCode: tokenText('subscriptionCode', 64) });

export const closeRequestSchema = z.object({
  year: z.number().int().min(2000).max(9999),
  month: z.number().int().min(1).max(12),
});
export const closeAnswerSchema = z.object({
  /** Bills this run wrote (0 when the month was closed before). */
  billed: z.number().int(),
  /** Charges this run made that succeeded. */
  charged: z.number().int(),
});
