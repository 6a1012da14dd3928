import { describe, expect, it } from 'vitest';
import { formatDollars, formatMoney, formatMonthlyPrice } from '@/lib/format';

describe('formatMoney (currency code plus 2 decimals, from minor units)', () => {
  it.each([
    [0, 'USD', 'USD 0.00'],
    [5, 'USD', 'USD 0.05'],
    [100, 'USD', 'USD 1.00'],
    [4999, 'USD', 'USD 49.99'],
    [1005, 'NGN', 'NGN 10.05'],
    [123456789, 'NGN', 'NGN 1,234,567.89'],
    [-250, 'USD', 'USD -2.50'],
    [99.6, 'USD', 'USD 1.00'],
    [Number.NaN, 'USD', 'USD 0.00'],
  ])('%s %s -> %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it('normalises the currency code', () => {
    expect(formatMoney(100, ' ghs ')).toBe('GHS 1.00');
  });
});

describe('formatMonthlyPrice', () => {
  it('shows the plan amount per month', () => {
    expect(formatMonthlyPrice(2500, 'USD')).toBe('USD 25.00 / month');
  });
});

describe('formatDollars (credit: value / 100 with 2 decimals, in dollars)', () => {
  it.each([
    [0, '$0.00'],
    [500, '$5.00'],
    [1005, '$10.05'],
    [123456, '$1,234.56'],
    [-250, '-$2.50'],
    [Number.NaN, '$0.00'],
  ])('%s -> %s', (minor, expected) => {
    expect(formatDollars(minor)).toBe(expected);
  });
});
