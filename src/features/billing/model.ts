/** Subscription rules of the portal (spec section 4), pure and unit-tested. */
import type { Billing, Subscription } from '@contract/billing/schemas';
import { daysInMonth, monthKey, usageCost } from '@contract/billing/formula';

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

export interface BillMonth {
  /** The month-year key ("2026-10"). */
  key: string;
  /** "October 2026" */
  label: string;
  bills: Billing[];
}

/** Bills grouped by their month-year key, newest month first (spec section 3 Billing). */
export function billsByMonth(bills: readonly Billing[]): BillMonth[] {
  const months = new Map<string, BillMonth>();
  for (const bill of [...bills].sort((a, b) => b.year - a.year || b.month - a.month || a.shopAlias.localeCompare(b.shopAlias))) {
    const key = monthKey(bill.year, bill.month);
    const label = new Date(Date.UTC(bill.year, bill.month - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const month = months.get(key) ?? { key, label, bills: [] };
    month.bills.push(bill);
    months.set(key, month);
  }
  return [...months.values()];
}

/** What is still to pay, in minor units per currency (bills are in their plan's currency). */
export function outstandingTotals(bills: readonly Billing[]): { currencyCode: string; amount: number }[] {
  const totals = new Map<string, number>();
  for (const bill of bills)
    if (bill.status === 'outstanding') totals.set(bill.subscription.plan.currencyCode, (totals.get(bill.subscription.plan.currencyCode) ?? 0) + bill.payable);
  return [...totals].map(([currencyCode, amount]) => ({ currencyCode, amount }));
}
