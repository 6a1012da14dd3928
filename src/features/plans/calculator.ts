/**
 * The pricing page's calculator (issue 30): hours live a month -> the cost on each plan, by the
 * one billing formula with the spec's 30 days for a month not named. Pure, unit-tested.
 */
import { UNKNOWN_MONTH_DAYS, usageCost } from '@contract/billing/formula';
import type { Plan } from '@contract/plans/schemas';

/** The most hours a month has (31 days of 24 hours). */
export const HOURS_MAX = 744;

/** The field's text as hours, 0 to HOURS_MAX; null when it is not such a number. */
export function parseHours(text: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return null;
  const hours = Number(text);
  return hours <= HOURS_MAX ? hours : null;
}

/** What `hours` live in a month cost on each plan, minor units (minutes rounded to the whole minute, as usage is metered). */
export function costsForHours(hours: number, plans: readonly Plan[]): { plan: Plan; amount: number }[] {
  const minutes = Math.round(hours * 60);
  return plans.map((plan) => ({ plan, amount: usageCost(minutes, plan.amount, UNKNOWN_MONTH_DAYS) }));
}
