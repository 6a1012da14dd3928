/** Subscription rules of the portal (spec section 4), pure and unit-tested. */
import type { Subscription } from '@contract/billing/schemas';
import { daysInMonth, usageCost } from '@contract/billing/formula';

/** Spec section 4 "Subscription update": replaces the matching entry by id within its shop's list, or creates the list. */
export function withSubscription(list: readonly Subscription[] | undefined, subscription: Subscription): Subscription[] {
  if (!list) return [subscription];
  return list.some((entry) => entry.id === subscription.id)
    ? list.map((entry) => (entry.id === subscription.id ? subscription : entry))
    : [subscription, ...list];
}

/** The app's subscription that is not cancelled (at most one), if any. */
export function currentSubscription(list: readonly Subscription[]): Subscription | undefined {
  return list.find((entry) => entry.status !== 'cancelled');
}

/** This month's usage so far, in minor units, by the billing formula (the month's own length). */
export function costSoFar(subscription: Subscription, now = new Date()): number {
  return usageCost(subscription.usageMinutesThisMonth, subscription.plan.amount, daysInMonth(now.getUTCFullYear(), now.getUTCMonth() + 1));
}

/** "1 December": the day a waiting plan change starts (UTC, as the server counts months). */
export function changeDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}
