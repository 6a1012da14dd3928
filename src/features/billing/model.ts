/** Subscription rules of the portal (spec section 4) and what /billing computes from bills and subscriptions, pure and unit-tested. */
import type { Billing, Subscription } from '@contract/billing/schemas';
import { daysInMonth, monthKey, monthLabel, usageCost, usageHours } from '@contract/billing/formula';
import type { Plan } from '@contract/plans/schemas';

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
    const month = months.get(key) ?? { key, label: monthLabel(bill.year, bill.month), bills: [] };
    month.bills.push(bill);
    months.set(key, month);
  }
  return [...months.values()];
}

interface Money {
  currencyCode: string;
  amount: number;
}

/** Amounts summed per currency, in first-seen order (plans may differ in currency; they are never added across). */
export function totalsByCurrency(amounts: readonly Money[]): Money[] {
  const totals = new Map<string, number>();
  for (const { currencyCode, amount } of amounts) totals.set(currencyCode, (totals.get(currencyCode) ?? 0) + amount);
  return [...totals].map(([currencyCode, amount]) => ({ currencyCode, amount }));
}

/** What is still to pay, in minor units per currency (bills are in their plan's currency). */
export function outstandingTotals(bills: readonly Billing[]): Money[] {
  return totalsByCurrency(
    bills.filter((bill) => bill.status === 'outstanding').map((bill) => ({ currencyCode: bill.subscription.plan.currencyCode, amount: bill.payable })),
  );
}

// ---------------------------------------------------------------- this month and its forecast

const MINUTE_MS = 60_000;

/** Now's month as the server counts it (UTC): its bounds and its length in days. */
function monthOf(now: Date): { start: number; end: number; days: number } {
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1), days: daysInMonth(year, month + 1) };
}

/**
 * The minutes a subscription will have at the end of now's month. An app live right now is
 * assumed to stay live until the month ends (its minutes so far plus every minute left): that is
 * what it is billed unless someone pauses it. A paused app's minutes so far are extrapolated
 * linearly to the month's full length (it keeps going live as often as it has). A cancelled one
 * accrues nothing more. Never more than the month has minutes.
 */
export function forecastMinutes(subscription: Subscription, now = new Date()): number {
  const { start, end, days } = monthOf(now);
  const soFar = subscription.usageMinutesThisMonth;
  const full = days * 24 * 60;
  if (subscription.status === 'cancelled') return soFar;
  if (subscription.liveSince !== null) return Math.min(full, soFar + Math.floor((end - now.getTime()) / MINUTE_MS));
  const elapsed = (now.getTime() - start) / MINUTE_MS;
  return elapsed <= 0 ? soFar : Math.min(full, Math.round((soFar * full) / elapsed));
}

export interface AppMonth {
  subscription: Subscription;
  /** Minutes and cost so far (minor units, the month's own length). */
  minutes: number;
  cost: number;
  /** Minutes and cost at the month's end, by forecastMinutes. */
  forecastMinutes: number;
  forecastCost: number;
}

/** This month so far and its forecast per subscription: every one not cancelled, and a cancelled one that has minutes this month (they are billed). */
export function monthSoFar(subscriptions: readonly Subscription[], now = new Date()): AppMonth[] {
  const { days } = monthOf(now);
  return subscriptions
    .filter((subscription) => subscription.status !== 'cancelled' || subscription.usageMinutesThisMonth > 0)
    .sort((a, b) => a.shopAlias.localeCompare(b.shopAlias))
    .map((subscription) => {
      const forecast = forecastMinutes(subscription, now);
      return {
        subscription,
        minutes: subscription.usageMinutesThisMonth,
        cost: costSoFar(subscription, now),
        forecastMinutes: forecast,
        forecastCost: usageCost(forecast, subscription.plan.amount, days),
      };
    });
}

export interface PlanWhatIf {
  plan: Plan;
  /** This month's forecast of every app on this plan: one bill per app, each rounded once, added up. */
  amount: number;
  /** The lowest of the plans in its currency, when one plan alone is lowest. */
  cheapest: boolean;
}

/** What-if: this month's forecast usage of every app, billed on each plan instead. */
export function whatIfPlans(months: readonly AppMonth[], plans: readonly Plan[], now = new Date()): PlanWhatIf[] {
  const { days } = monthOf(now);
  const rows = plans.map((plan) => ({ plan, amount: months.reduce((sum, app) => sum + usageCost(app.forecastMinutes, plan.amount, days), 0) }));
  return rows.map((row) => {
    const rivals = rows.filter((other) => other.plan.currencyCode === row.plan.currencyCode);
    return { ...row, cheapest: rivals.length > 1 && rivals.every((other) => other === row || other.amount > row.amount) };
  });
}

// ---------------------------------------------------------------- usage over 12 months

export interface UsageChartData {
  /** The last 12 months, oldest first, ending with now's month. */
  months: { key: string; label: string }[];
  /** Per app with minutes in those months, in name order: hours per month (2 decimals, as usage is shown). */
  apps: { shopAlias: string; hours: number[] }[];
}

/** Usage hours per app over the last 12 months: past months from their bills, now's month from the subscriptions' minutes so far. */
export function usageOverYear(bills: readonly Billing[], subscriptions: readonly Subscription[], now = new Date()): UsageChartData {
  const months = Array.from({ length: 12 }, (_, index) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + index, 1));
    return {
      key: monthKey(first.getUTCFullYear(), first.getUTCMonth() + 1),
      label: first.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    };
  });
  const column = new Map(months.map((month, index) => [month.key, index]));
  const minutes = new Map<string, number[]>();
  const add = (shopAlias: string, index: number | undefined, value: number) => {
    if (index === undefined || value === 0) return;
    const row = minutes.get(shopAlias) ?? months.map(() => 0);
    row[index] = (row[index] ?? 0) + value;
    minutes.set(shopAlias, row);
  };
  // The current month has no bill before its close; a bill of it would be counted twice.
  for (const bill of bills)
    if (column.get(monthKey(bill.year, bill.month)) !== 11) add(bill.shopAlias, column.get(monthKey(bill.year, bill.month)), bill.usageMinutes);
  for (const subscription of subscriptions) add(subscription.shopAlias, 11, subscription.usageMinutesThisMonth);
  const apps = [...minutes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([shopAlias, row]) => ({ shopAlias, hours: row.map((value) => Number(usageHours(value))) }));
  return { months, apps };
}

// ---------------------------------------------------------------- statements as CSV

export const STATEMENT_COLUMNS = ['month', 'app', 'plan', 'usage hours', 'amount', 'credit used', 'payable', 'currency', 'status', 'reference'] as const;

/** Minor units as a plain decimal ("1234.05"): the currency has a column of its own. */
function decimal(minorUnits: number): string {
  return `${Math.trunc(minorUnits / 100)}.${String(Math.abs(minorUnits % 100)).padStart(2, '0')}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break, quotes doubled.
 * A text starting with = + - @ (or a tab or carriage return) is prefixed with a single quote so a
 * spreadsheet shows it rather than running it as a formula (OWASP's CSV injection advice).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A statement of bills as CSV text: a header row, then one row per bill, CRLF line ends. */
export function statementCsv(bills: readonly Billing[]): string {
  const rows = bills.map((bill) => [
    monthKey(bill.year, bill.month),
    bill.shopAlias,
    bill.subscription.plan.name,
    usageHours(bill.usageMinutes),
    decimal(bill.amount),
    decimal(bill.creditUsed),
    decimal(bill.payable),
    bill.subscription.plan.currencyCode,
    bill.status,
    bill.transactionReference ?? '',
  ]);
  return [[...STATEMENT_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
