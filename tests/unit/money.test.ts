import { describe, expect, it } from 'vitest';
import { formatMoney } from '@contract/money';

describe('formatMoney (minor units in, two decimals after a currency code or symbol)', () => {
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
  ])('%s %s -> %s', (amount, code, expected) => {
    expect(formatMoney(amount, { code })).toBe(expected);
  });

  it('normalises the currency code', () => {
    expect(formatMoney(100, { code: ' ghs ' })).toBe('GHS 1.00');
  });

  it.each([
    [0, '$0.00'],
    [500, '$5.00'],
    [1005, '$10.05'],
    [123456, '$1,234.56'],
    [-250, '-$2.50'],
    [Number.NaN, '$0.00'],
  ])('%s after a symbol -> %s', (minor, expected) => {
    expect(formatMoney(minor, { symbol: '$' })).toBe(expected);
  });

  it('writes the digits as en-US Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const minor of [0, 50, 100, 999, 1001, 99_999, 100_000, 123_450, 6_543_210, 100_000_000, 12_345_678_901, -123_450]) {
      expect(formatMoney(minor, { symbol: '' }), String(minor)).toBe(intl.format(minor / 100));
    }
  });
});
