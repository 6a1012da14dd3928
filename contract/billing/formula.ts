/**
 * Spec section 9, the billing formula, the one copy the server's monthly close and the portal's
 * forecast, what-if and pricing calculator use:
 *   cost per minute = plan amount / (24 x days in the bill's month x 60 x 100)
 * with the plan amount in minor units per month and 30 days when the month is unknown. Everything
 * stays in integer minor units; a bill is rounded once, half up to the cent, at the end
 * (minutes x amount / (1440 x days), so no per-minute rounding can add up).
 */
import { formatMoney } from '../money';

const MINUTES_PER_DAY = 24 * 60;
/** The spec's month length when the bill's month is unknown. */
export const UNKNOWN_MONTH_DAYS = 30;

/** Days of a calendar month (month 1-12), leap Februaries included; 30 when the month is unknown. */
export function daysInMonth(year?: number | null, month?: number | null): number {
  if (!year || !month || month < 1 || month > 12) return UNKNOWN_MONTH_DAYS;
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * What `minutes` of live usage cost on a plan of `planAmount` minor units a month, in minor units,
 * rounded once, half up.
 */
export function usageCost(minutes: number, planAmount: number, days: number = UNKNOWN_MONTH_DAYS): number {
  if (!Number.isSafeInteger(minutes) || minutes < 0) throw new RangeError('minutes must be a whole number, 0 or more');
  if (!Number.isSafeInteger(planAmount) || planAmount < 0) throw new RangeError('the plan amount must be whole minor units');
  const divisor = MINUTES_PER_DAY * days;
  // Half up in integers: floor((2 x numerator + divisor) / (2 x divisor)).
  return Math.floor((2 * minutes * planAmount + divisor) / (2 * divisor));
}

export interface BillAmounts {
  /** The usage cost, minor units. */
  amount: number;
  /** The part of the credit this bill uses, minor units. */
  creditUsed: number;
  /** What is left to charge, minor units, never below 0. */
  payable: number;
}

/** A bill's amount with credit applied: only the credit actually used is consumed. */
export function applyCredit(amount: number, creditAvailable: number): BillAmounts {
  const creditUsed = Math.max(0, Math.min(amount, Math.floor(creditAvailable)));
  return { amount, creditUsed, payable: amount - creditUsed };
}

/** Usage as the spec shows it: hours with 2 decimals ("12.50"). */
export function usageHours(minutes: number): string {
  const hundredths = Math.round((minutes * 100) / 60);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** An amount as the spec shows it on bills: currency code plus 2 decimals ("USD 12.50"). */
export function billMoney(minorUnits: number, currencyCode: string): string {
  return formatMoney(minorUnits, { code: currencyCode });
}

// One format for every label: building a date format per call costs about a millisecond on a phone.
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A bill's month as people read it ("October 2026"), in the portal, e-mails and messages alike. */
export function monthLabel(year: number, month: number): string {
  return MONTH_YEAR.format(Date.UTC(year, month - 1, 1));
}

/** The month-year key bills are grouped by ("2026-10"). */
export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}
