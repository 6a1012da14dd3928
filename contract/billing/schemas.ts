/**
 * Subscriptions (spec section 3 Subscription: id, shopAlias, subscriptionCode, status; issue 30):
 * an app on a plan, its plan from next month when a change is waiting, and its usage so far this
 * month (minutes, counted as contract/billing/usage.ts says).
 */
import { planSchema } from '../plans/schemas';
import { pageQuery } from '../paging';
import { id, timestamp } from '../response';
import { shortText, tokenText } from '../text';
import { z } from '../zod';
import { BILL_STATUSES, SUBSCRIPTION_STATUSES } from './paths';

export const BILLING_MESSAGES = {
  monthNotOver: 'This month is not over yet: a month is closed once it has ended',
  month: 'Give a month as year and month (1 to 12)',
  notFound: 'This bill was not found',
  nothingToPay: 'There is nothing to pay',
  correctionOrder: 'The end of a correction must come after its start',
  correctionFuture: 'A correction covers past time only: its end must not be in the future',
  correctionNoPlan: 'This app has no plan: a correction is billed on the plan the app had',
} as const;

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

/** Spec section 3 Billing: id, month, year, usage in minutes, createdAt, subscription with plan; amounts in minor units. */
export const billingSchema = z.object({
  id,
  month: z.number().int(),
  year: z.number().int(),
  usageMinutes: z.number().int(),
  createdAt: timestamp,
  shopAlias: z.string(),
  subscription: z.object({ subscriptionCode: z.string(), plan: planOfSubscription }),
  amount: z.number().int(),
  creditUsed: z.number().int(),
  payable: z.number().int(),
  status: z.enum(BILL_STATUSES),
  /** The reference of the bill's charge, when one was made. */
  transactionReference: z.string().nullable(),
  /** The gateway's words when the last charge failed. */
  failureMessage: z.string().nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

/** Bills a page may hold: /billing shows every bill, and two years of 20 apps (480) come in one answer. */
export const BILLINGS_LIMIT_MAX = 500;

export const billingsQuerySchema = pageQuery(50, BILLINGS_LIMIT_MAX).extend({
  shopAlias: tokenText('shopAlias', 255).optional(),
  year: z.coerce.number().int().min(2000).max(9999).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  outstanding: z.enum(['true', 'false']).optional(),
});
export type BillingsQuery = z.infer<typeof billingsQuerySchema>;

export const payBillsSchema = z.object({
  /** The bills to pay; every outstanding bill of the caller when absent. */
  billingIds: z.array(id).min(1).max(200).optional(),
  authorizationCode: tokenText('authorizationCode', 128).optional(),
});
export type PayBills = z.infer<typeof payBillsSchema>;

export const verifyBillPaymentSchema = z.object({ reference: tokenText('reference', 128) });

const instant = z.iso.datetime({ offset: true, error: 'Give a time as an ISO 8601 date-time, e.g. 2026-10-05T10:00:00Z' });

export const usageCorrectionRequestSchema = z.object({
  shopAlias: tokenText('shopAlias', 255),
  from: instant,
  to: instant,
  reason: shortText('reason'),
});
export type UsageCorrectionRequest = z.infer<typeof usageCorrectionRequestSchema>;

export const usageCorrectionSchema = z.object({
  id,
  shopAlias: z.string(),
  subscriptionCode: z.string(),
  from: timestamp,
  to: timestamp,
  reason: z.string(),
  createdAt: timestamp,
});
export type UsageCorrection = z.infer<typeof usageCorrectionSchema>;
