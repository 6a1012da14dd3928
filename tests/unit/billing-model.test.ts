import { describe, expect, it } from 'vitest';
import type { Billing, Subscription } from '@contract/billing/schemas';
import { billsByMonth, changeDay, costSoFar, currentSubscription, outstandingTotals, withSubscription } from '@/features/billing/model';

const subscription = (fields: Partial<Subscription> = {}): Subscription => ({
  id: 1,
  subscriptionCode: 'SUB_1',
  shopAlias: 'mama',
  status: 'paused',
  plan: { planCode: 'growth', name: 'Growth', amount: 7900, currencyCode: 'USD' },
  nextPlan: null,
  liveSince: null,
  usageMinutesThisMonth: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  cancelledAt: null,
  ...fields,
});

describe('subscriptions in the portal (spec section 4)', () => {
  it('an update replaces the matching entry by id within its shop list, or creates the list', () => {
    const first = subscription();
    expect(withSubscription(undefined, first)).toEqual([first]);
    const live = subscription({ status: 'live' });
    expect(withSubscription([first], live)).toEqual([live]);
    const other = subscription({ id: 2, subscriptionCode: 'SUB_2' });
    expect(withSubscription([first], other)).toEqual([other, first]);
  });

  it("the app's current subscription is the one not cancelled", () => {
    const cancelled = subscription({ id: 1, status: 'cancelled' });
    const live = subscription({ id: 2, status: 'live' });
    expect(currentSubscription([live, cancelled])).toBe(live);
    expect(currentSubscription([cancelled])).toBeUndefined();
  });

  it("costs this month's minutes so far by the formula over the month's own length", () => {
    // 12 hours of Growth in November (30 days): 720 x 7900 / 43200 = 131.67 -> 132 cents.
    expect(costSoFar(subscription({ usageMinutesThisMonth: 720 }), new Date('2026-11-15T00:00:00Z'))).toBe(132);
    // The same in October (31 days): 127.42 -> 127 cents.
    expect(costSoFar(subscription({ usageMinutesThisMonth: 720 }), new Date('2026-10-15T00:00:00Z'))).toBe(127);
    expect(changeDay('2026-12-01T00:00:00.000Z')).toBe('1 December');
  });
});

describe('bills on /billing', () => {
  const bill = (fields: Partial<Billing>): Billing => ({
    id: 1,
    month: 10,
    year: 2026,
    usageMinutes: 60,
    createdAt: '2026-11-01T00:05:00.000Z',
    shopAlias: 'mama',
    subscription: { subscriptionCode: 'SUB_1', plan: { planCode: 'growth', name: 'Growth', amount: 7900, currencyCode: 'USD' } },
    amount: 11,
    creditUsed: 0,
    payable: 11,
    status: 'outstanding',
    transactionReference: null,
    failureMessage: null,
    ...fields,
  });

  it('groups bills by their month-year key, newest month first, apps in name order', () => {
    const months = billsByMonth([
      bill({ id: 1, month: 9, shopAlias: 'b' }),
      bill({ id: 2, month: 10, shopAlias: 'z' }),
      bill({ id: 3, month: 10, shopAlias: 'a' }),
    ]);
    expect(months.map((month) => [month.key, month.label, month.bills.map((entry) => entry.id)])).toEqual([
      ['2026-10', 'October 2026', [3, 2]],
      ['2026-09', 'September 2026', [1]],
    ]);
  });

  it('totals what is outstanding per currency, not what is paid or pending', () => {
    expect(
      outstandingTotals([bill({ payable: 11 }), bill({ payable: 40 }), bill({ payable: 99, status: 'paid' }), bill({ payable: 5, status: 'pending' })]),
    ).toEqual([{ currencyCode: 'USD', amount: 51 }]);
    expect(outstandingTotals([])).toEqual([]);
  });
});
