import { describe, expect, it } from 'vitest';
import type { Billing, Subscription } from '@contract/billing/schemas';
import type { Plan } from '@contract/plans/schemas';
import {
  billsByMonth,
  changeDay,
  costSoFar,
  csvField,
  currentSubscription,
  forecastMinutes,
  monthSoFar,
  outstandingTotals,
  statementCsv,
  usageOverYear,
  whatIfPlans,
  withSubscription,
} from '@/features/billing/model';

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

describe('bills on /billing', () => {
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

const plan = (planCode: string, amount: number, currencyCode = 'USD'): Plan => ({
  id: amount,
  planCode,
  name: planCode,
  amount,
  currencyCode,
  description: '',
});

describe('this month so far and its forecast', () => {
  // 10 days into November (30 days: 43,200 minutes), 14,400 minutes gone.
  const tenth = new Date('2026-11-11T00:00:00Z');

  it('extrapolates a paused app linearly to the whole month', () => {
    expect(forecastMinutes(subscription({ usageMinutesThisMonth: 600 }), tenth)).toBe(1800);
    // 7 minutes in 10 days: 21 at the end of the month.
    expect(forecastMinutes(subscription({ usageMinutesThisMonth: 7 }), tenth)).toBe(21);
    expect(forecastMinutes(subscription({ usageMinutesThisMonth: 0 }), tenth)).toBe(0);
    // Never more than the month holds; the month's first instant extrapolates nothing.
    expect(forecastMinutes(subscription({ usageMinutesThisMonth: 1 }), new Date('2026-11-01T00:00:30Z'))).toBe(43_200);
    expect(forecastMinutes(subscription({ usageMinutesThisMonth: 0 }), new Date('2026-11-01T00:00:00Z'))).toBe(0);
  });

  it('keeps a live app live until the month ends, and a cancelled one where it is', () => {
    const live = subscription({ status: 'live', liveSince: '2026-11-10T00:00:00Z', usageMinutesThisMonth: 1440 });
    expect(forecastMinutes(live, tenth)).toBe(1440 + 20 * 1440);
    expect(forecastMinutes(live, new Date('2026-11-30T23:59:30Z'))).toBe(1440);
    expect(forecastMinutes(subscription({ status: 'cancelled', usageMinutesThisMonth: 600 }), tenth)).toBe(600);
  });

  it('costs so far and the forecast by the formula over the month, per app in name order', () => {
    const apps = monthSoFar(
      [
        subscription({ shopAlias: 'zebra', usageMinutesThisMonth: 600 }),
        subscription({ id: 2, subscriptionCode: 'SUB_2', shopAlias: 'ant', status: 'cancelled', usageMinutesThisMonth: 0 }),
        subscription({ id: 3, subscriptionCode: 'SUB_3', shopAlias: 'bee', status: 'cancelled', usageMinutesThisMonth: 60 }),
      ],
      tenth,
    );
    // A cancelled app without minutes this month is not billed: left out.
    expect(apps.map((app) => [app.subscription.shopAlias, app.minutes, app.cost, app.forecastMinutes, app.forecastCost])).toEqual([
      // 60 x 7900 / 43200 = 10.97 -> 11; cancelled: no more minutes.
      ['bee', 60, 11, 60, 11],
      // 600 x 7900 / 43200 = 109.72 -> 110; 1800 -> 329.17 -> 329.
      ['zebra', 600, 110, 1800, 329],
    ]);
  });

  it('bills the forecast on each plan, one rounding per app, and marks the one cheapest', () => {
    const apps = monthSoFar([subscription({ usageMinutesThisMonth: 600 }), subscription({ id: 2, shopAlias: 'b', usageMinutesThisMonth: 7 })], tenth);
    const rows = whatIfPlans(apps, [plan('starter', 2900), plan('growth', 7900), plan('naira', 500_000, 'NGN')], tenth);
    // Starter: 1800 min -> 120.83 -> 121 plus 21 min -> 1.41 -> 1; Growth: 329 plus 3.84 -> 4.
    // Naira: 1800 min -> 20833.33 -> 20833 plus 21 min -> 243.06 -> 243.
    expect(rows.map((row) => [row.plan.planCode, row.amount, row.cheapest])).toEqual([
      ['starter', 122, true],
      ['growth', 333, false],
      // Alone in its currency: nothing to compare with.
      ['naira', 21_076, false],
    ]);
    // No usage: every plan costs 0, none is the cheapest.
    expect(whatIfPlans([], [plan('starter', 2900), plan('growth', 7900)], tenth).map((row) => row.cheapest)).toEqual([false, false]);
  });
});

describe('usage over the last 12 months', () => {
  it('takes past months from the bills and this month from the subscriptions, per app', () => {
    const data = usageOverYear(
      [
        bill({ shopAlias: 'mama', year: 2026, month: 10, usageMinutes: 90 }),
        // Two subscriptions of one app in one month add up.
        bill({ id: 2, shopAlias: 'mama', year: 2026, month: 10, usageMinutes: 30 }),
        bill({ id: 3, shopAlias: 'ant', year: 2025, month: 12, usageMinutes: 61 }),
        // Older than 12 months: not shown.
        bill({ id: 4, shopAlias: 'old', year: 2025, month: 11, usageMinutes: 600 }),
      ],
      [subscription({ shopAlias: 'mama', usageMinutesThisMonth: 45 }), subscription({ id: 5, shopAlias: 'idle', usageMinutesThisMonth: 0 })],
      new Date('2026-11-11T00:00:00Z'),
    );
    expect(data.months.map((month) => month.key)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(data.months[0]?.label).toBe('Dec 2025');
    expect(data.apps).toEqual([
      { shopAlias: 'ant', hours: [1.02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      { shopAlias: 'mama', hours: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0.75] },
    ]);
  });
});

describe('statements as CSV', () => {
  it('escapes quotes, commas and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('')).toBe('');
  });

  it('writes a header and one row per bill', () => {
    const csv = statementCsv([
      bill({ usageMinutes: 720, amount: 127, creditUsed: 27, payable: 100, status: 'paid', transactionReference: 'ref-1' }),
      bill({
        id: 2,
        shopAlias: '=evil',
        subscription: { subscriptionCode: 'S', plan: { planCode: 'p', name: 'Pro, yearly', amount: 1, currencyCode: 'NGN' } },
      }),
    ]);
    expect(csv).toBe(
      'month,app,plan,usage hours,amount,credit used,payable,currency,status,reference\r\n' +
        '2026-10,mama,Growth,12.00,1.27,0.27,1.00,USD,paid,ref-1\r\n' +
        '2026-10,\'=evil,"Pro, yearly",1.00,0.11,0.00,0.11,NGN,outstanding,\r\n',
    );
  });
});
