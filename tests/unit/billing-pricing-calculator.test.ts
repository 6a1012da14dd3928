import { describe, expect, it } from 'vitest';
import { SEED_PLAN_LIST } from '@contract/plans/seed-plans';
import { costsForHours, parseHours } from '@/features/plans/calculator';

describe('the pricing calculator', () => {
  it('reads 0 to 744 hours and nothing else', () => {
    expect(parseHours('200')).toBe(200);
    expect(parseHours(' 12.5 ')).toBe(12.5);
    expect(parseHours('0')).toBe(0);
    expect(parseHours('744')).toBe(744);
    for (const text of ['', '745', '-1', 'abc', '1e3', '12,5']) expect(parseHours(text)).toBeNull();
  });

  it('costs the hours on each plan by the formula over a 30-day month', () => {
    // 200 hours = 12,000 minutes: x 2900 / 43200 = 805.56 -> 806; x 7900 -> 2194.44 -> 2194; x 19900 -> 5527.78 -> 5528.
    expect(costsForHours(200, SEED_PLAN_LIST).map(({ plan, amount }) => [plan.name, amount])).toEqual([
      ['Starter', 806],
      ['Growth', 2194],
      ['Scale', 5528],
    ]);
    // A full 30-day month costs the plan's price; 744 hours (31 days) a little more.
    expect(costsForHours(720, SEED_PLAN_LIST).map(({ amount }) => amount)).toEqual([2900, 7900, 19900]);
    expect(costsForHours(744, SEED_PLAN_LIST)[0]?.amount).toBe(2997);
    // Minutes are whole: 0.01 hours is 0.6 minutes -> 1 minute.
    expect(costsForHours(0.01, SEED_PLAN_LIST)[2]?.amount).toBe(0);
    expect(costsForHours(0, SEED_PLAN_LIST).every(({ amount }) => amount === 0)).toBe(true);
  });
});
