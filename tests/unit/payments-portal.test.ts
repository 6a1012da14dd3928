import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Authorization, Launch, TransactionListItem } from '@contract/payments/schemas';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS, remoteConfigQueryOptions } from '@/features/payments/api/get-remote-config';
import { paymentKeys } from '@/features/payments/keys';
import { flutterwaveOptions, paystackOptions, toMajorUnits } from '@/features/payments/launcher/options';
import { TRANSACTIONS_PAGE_SIZE, transactionsInfiniteQueryOptions } from '@/features/payments/api/get-transactions';
import {
  cardExpiry,
  cardTitle,
  countText,
  filterOfSearch,
  rowsOf,
  sortCards,
  statusTone,
  transactionDate,
  transactionFilterOf,
} from '@/features/payments/model';
import { validatePaymentsSearch, validateReturnSearch } from '@/features/payments/search';
import { api } from '@/api/client';

const launch: Launch = {
  provider: 'paystack',
  reference: 'ref_123',
  amount: 100,
  currencyCode: 'USD',
  email: 'ada@example.com',
  publicKey: 'pk_test_abc',
  checkoutUrl: null,
  testMode: false,
  metadata: { isAutoRefund: true, type: 'card-setup', transactionDescription: 'Card check (refunded)', userId: 7, meta: { appAlias: 'shop' }, extra: 'x' },
};

describe('flutterwave amounts', () => {
  it('turns minor units into major units with two decimals', () => {
    expect(toMajorUnits(100)).toBe(1);
    expect(toMajorUnits(12_345)).toBe(123.45);
    expect(toMajorUnits(1)).toBe(0.01);
    expect(toMajorUnits(100_005)).toBe(1000.05);
  });
});

describe('launch options', () => {
  it('opens paystack on the card channel only, fees on the account, with the listed metadata', () => {
    expect(paystackOptions(launch)).toEqual({
      key: 'pk_test_abc',
      email: 'ada@example.com',
      amount: 100,
      currency: 'USD',
      ref: 'ref_123',
      channels: ['card'],
      bearer: 'account',
      metadata: { isAutoRefund: true, type: 'card-setup', transactionDescription: 'Card check (refunded)', userId: 7, meta: { appAlias: 'shop' } },
    });
  });

  it('opens flutterwave with tx_ref, major units, card / Ghana mobile money / USSD and the customer', () => {
    const options = flutterwaveOptions({ ...launch, provider: 'flutterwave', amount: 250 });
    expect(options).toMatchObject({
      public_key: 'pk_test_abc',
      tx_ref: 'ref_123',
      amount: 2.5,
      currency: 'USD',
      payment_options: 'card, mobilemoneyghana, ussd',
      customer: { email: 'ada@example.com' },
      customizations: { title: 'ShopApp Studio', description: 'Card check (refunded)' },
    });
  });
});

const card = (overrides: Partial<Authorization>): Authorization => ({
  authorizationCode: 'AUTH_1',
  provider: 'paystack',
  brand: 'visa',
  last4: '4242',
  expMonth: 4,
  expYear: 2030,
  label: null,
  isDefault: false,
  testMode: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('payments model', () => {
  it('writes a card as brand, last four and expiry', () => {
    expect(cardTitle(card({}))).toBe('Visa •••• 4242');
    expect(cardExpiry(card({}))).toBe('Expires 04/2030');
  });

  it('lists the default card first, then the newest', () => {
    const cards = [
      card({ authorizationCode: 'A' }),
      card({ authorizationCode: 'B', createdAt: '2026-02-01T00:00:00.000Z' }),
      card({ authorizationCode: 'C', isDefault: true }),
    ];
    expect(sortCards(cards).map((each) => each.authorizationCode)).toEqual(['C', 'B', 'A']);
  });

  it('marks the statuses that need the merchant and the paid ones', () => {
    expect(statusTone('requires_action')).toBe('warning');
    expect(statusTone('requires_payment_method')).toBe('warning');
    expect(statusTone('success')).toBe('success');
    expect(statusTone('failed')).toBe('error');
    expect(statusTone('initialized')).toBe('default');
  });

  it('writes a date as en-GB Intl.DateTimeFormat does, in the local time zone', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    const dates = [...Array.from({ length: 12 }, (_, month) => new Date(2026, month, month + 5, month * 2, month * 5)), new Date(2026, 11, 31, 23, 59, 59)];
    for (const date of dates) expect(transactionDate(date.toISOString())).toBe(intl.format(date));
  });

  it('joins the loaded pages into one list, a row the pages both hold shown once', () => {
    const row = (reference: string) => ({ reference }) as TransactionListItem;
    // A payment made between two pages pushes the first page's last row onto the second.
    const pages = [{ items: [row('c'), row('b')] }, { items: [row('b'), row('a')] }];
    expect(rowsOf(pages).map((each) => each.reference)).toEqual(['c', 'b', 'a']);
    expect(rowsOf([])).toEqual([]);
  });

  it("says how many payments there are and how many are shown, from the server's total", () => {
    expect(countText(50, 500)).toBe('Showing 50 of 500 payments');
    expect(countText(500, 500)).toBe('500 payments');
    expect(countText(1, 1)).toBe('1 payment');
  });

  it('keeps only search values that fit', () => {
    expect(validatePaymentsSearch({ status: 'requires_action', app: 'shop' })).toEqual({ status: 'requires_action', provider: undefined, app: 'shop' });
    expect(validatePaymentsSearch({ status: 3, app: '' })).toEqual({ status: undefined, provider: undefined, app: undefined });
    expect(validatePaymentsSearch({ provider: 'stripe' })).toEqual({ status: undefined, provider: 'stripe', app: undefined });
    expect(filterOfSearch({ status: 'requires_action', provider: 'flutterwave', app: 'shop' })).toEqual({
      status: 'requires_action',
      provider: 'flutterwave',
      app: 'shop',
    });
    expect(filterOfSearch({ status: 'nope', provider: 'paypal' })).toEqual({ status: undefined, provider: undefined, app: undefined });
    expect(validateReturnSearch({ trxref: 'r1', reference: 'r1' })).toEqual({ reference: 'r1', sessionId: undefined });
    expect(validateReturnSearch({ tx_ref: 'r2' })).toEqual({ reference: 'r2', sessionId: undefined });
    expect(validateReturnSearch({ session_id: 'cs_1' })).toEqual({ reference: undefined, sessionId: 'cs_1' });
  });
});

describe('transactions list query', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server for one filtered page of 50 at a time, and for another only while the total says more are left', async () => {
    expect(TRANSACTIONS_PAGE_SIZE).toBe(50);
    const filter = transactionFilterOf({ status: 'failed', provider: 'stripe', app: 'shop' });
    const options = transactionsInfiniteQueryOptions(filter);
    expect(options.queryKey).toEqual(paymentKeys.transactions({ status: 'failed', provider: 'stripe', appAlias: 'shop' }));
    expect(options.queryKey).not.toEqual(paymentKeys.transactions({ status: 'failed', appAlias: 'shop' }));
    const page = (count: number, total: number) => ({ items: Array.from({ length: count }, () => ({}) as TransactionListItem), total });
    expect(options.getNextPageParam(page(50, 120), [], 0, [])).toBe(1);
    expect(options.getNextPageParam(page(50, 120), [], 1, [])).toBe(2);
    expect(options.getNextPageParam(page(20, 120), [], 2, [])).toBeUndefined();
    expect(options.getNextPageParam(page(50, 50), [], 0, [])).toBeUndefined();

    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'X-Total-Count': '120' } })));
    vi.stubGlobal('fetch', fetchMock);
    const queryFn = options.queryFn as (context: { pageParam: number; signal: AbortSignal }) => Promise<unknown>;
    await expect(queryFn({ pageParam: 2, signal: new AbortController().signal })).resolves.toEqual({ items: [], total: 120 });
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/v1/transactions?status=failed&provider=stripe&appAlias=shop&page=2&limit=50');
  });
});

describe('remote config query', () => {
  it('is fetched at most every 12 hours and kept across reloads for every visitor', () => {
    const options = remoteConfigQueryOptions();
    expect(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS).toBe(43_200_000);
    expect(options.staleTime).toBe(43_200_000);
    expect(options.meta).toEqual({ public: true });
    expect(options.queryKey).toEqual(paymentKeys.remoteConfig());
  });
});

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('repeats a list query parameter and sends extra headers', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await api('/transactions', { query: { status: ['requires_action', 'requires_payment_method'] }, headers: { 'idempotency-key': 'k1' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/transactions?status=requires_action&status=requires_payment_method');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k1');
  });
});
