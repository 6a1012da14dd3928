import { describe, expect, it } from 'vitest';
import { applyCredit, billMoney, daysInMonth, monthKey, monthLabel, usageCost, usageHours } from '@contract/billing/formula';
import { monthWindow, usageMinutes } from '@contract/billing/usage';

describe('the billing formula (spec section 9)', () => {
  it('knows the length of every month, leap Februaries included, and takes 30 days for an unknown month', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 11)).toBe(30);
    expect(daysInMonth(2026, 10)).toBe(31);
    expect(daysInMonth()).toBe(30);
    expect(daysInMonth(2026, 13)).toBe(30);
  });

  it('a month live all month costs exactly the plan amount, whatever the month length', () => {
    for (const [year, month] of [
      [2026, 2],
      [2028, 2],
      [2026, 11],
      [2026, 10],
    ] as const) {
      const days = daysInMonth(year, month);
      expect(usageCost(days * 24 * 60, 2900, days)).toBe(2900);
      expect(usageCost(days * 24 * 60, 19900, days)).toBe(19900);
    }
  });

  it('charges plan amount / (24 x days x 60 x 100) per minute, in minor units, with 30 days when the month is unknown', () => {
    // 12 hours of a 7,900-cent plan in a 31-day month: 720 x 7900 / 44640 = 127.419... cents.
    expect(usageCost(720, 7900, 31)).toBe(127);
    // The same 12 hours in a 28-day month cost more per minute: 720 x 7900 / 40320 = 141.07...
    expect(usageCost(720, 7900, 28)).toBe(141);
    expect(usageCost(720, 7900, 29)).toBe(136);
    expect(usageCost(720, 7900, 30)).toBe(132);
    expect(usageCost(720, 7900)).toBe(132);
    expect(usageCost(0, 7900, 31)).toBe(0);
  });

  it('rounds once per bill, half up to the cent, never per minute', () => {
    // One minute of a 2,900-cent plan in a 30-day month is 0.0671 cents: rounding per minute would give 0.
    expect(usageCost(1, 2900, 30)).toBe(0);
    expect(usageCost(1000, 2900, 30)).toBe(67); // 67.13
    // Exactly half a cent rounds up: 216 x 100 / 43200 = 0.5.
    expect(usageCost(216, 100, 30)).toBe(1);
    expect(usageCost(215, 100, 30)).toBe(0);
    expect(() => usageCost(1.5, 100)).toThrow(RangeError);
    expect(() => usageCost(-1, 100)).toThrow(RangeError);
  });

  it('applies credit, never below 0, and consumes only the credit actually used', () => {
    expect(applyCredit(1200, 500)).toEqual({ amount: 1200, creditUsed: 500, payable: 700 });
    expect(applyCredit(1200, 5000)).toEqual({ amount: 1200, creditUsed: 1200, payable: 0 });
    expect(applyCredit(1200, 0)).toEqual({ amount: 1200, creditUsed: 0, payable: 1200 });
    expect(applyCredit(0, 300)).toEqual({ amount: 0, creditUsed: 0, payable: 0 });
    expect(applyCredit(1200, -40)).toEqual({ amount: 1200, creditUsed: 0, payable: 1200 });
  });

  it('shows usage in hours with 2 decimals, amounts as currency code plus 2 decimals, and groups by month-year', () => {
    expect(usageHours(0)).toBe('0.00');
    expect(usageHours(90)).toBe('1.50');
    expect(usageHours(1)).toBe('0.02');
    expect(usageHours(44640)).toBe('744.00');
    expect(billMoney(127, 'USD')).toBe('USD 1.27');
    expect(billMoney(1990000, 'usd')).toBe('USD 19,900.00');
    expect(monthKey(2026, 3)).toBe('2026-03');
    expect(monthLabel(2026, 3)).toBe('March 2026');
    expect(monthLabel(2025, 12)).toBe('December 2025');
  });
});

describe('usage minutes', () => {
  const at = (iso: string) => new Date(iso);
  const october = monthWindow(2026, 10);

  it('counts every clock minute the app was live in, once', () => {
    expect(usageMinutes([{ from: at('2026-10-01T10:00:00Z'), to: at('2026-10-01T11:00:00Z') }], october.from, october.to)).toBe(60);
    // 20 seconds across a minute boundary touch two minutes.
    expect(usageMinutes([{ from: at('2026-10-01T10:00:50Z'), to: at('2026-10-01T10:01:10Z') }], october.from, october.to)).toBe(2);
    // A pause and a restart within one minute count that minute once.
    const restarted = [
      { from: at('2026-10-01T10:00:00Z'), to: at('2026-10-01T10:05:20Z') },
      { from: at('2026-10-01T10:05:40Z'), to: at('2026-10-01T10:10:00Z') },
    ];
    expect(usageMinutes(restarted, october.from, october.to)).toBe(10);
  });

  it('counts overlapping ranges (a correction over recorded time, the same correction twice) once', () => {
    const live = { from: at('2026-10-02T00:00:00Z'), to: at('2026-10-02T02:00:00Z') };
    const correction = { from: at('2026-10-02T01:00:00Z'), to: at('2026-10-02T03:00:00Z') };
    expect(usageMinutes([live, correction, correction], october.from, october.to)).toBe(180);
  });

  it('splits a range across a month boundary into each month exactly, and counts an open range up to the window end', () => {
    const across = [{ from: at('2026-10-31T23:30:00Z'), to: at('2026-11-01T00:45:00Z') }];
    const november = monthWindow(2026, 11);
    expect(usageMinutes(across, october.from, october.to)).toBe(30);
    expect(usageMinutes(across, november.from, november.to)).toBe(45);
    expect(usageMinutes([{ from: at('2026-10-31T23:00:00Z'), to: null }], october.from, october.to)).toBe(60);
    expect(usageMinutes([], october.from, october.to)).toBe(0);
  });

  it('a whole month live is 24 x days x 60 minutes', () => {
    const february = monthWindow(2028, 2);
    expect(usageMinutes([{ from: at('2028-01-15T00:00:00Z'), to: null }], february.from, february.to)).toBe(29 * 24 * 60);
  });
});
