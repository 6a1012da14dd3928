import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Authorization, Launch, Transaction } from '@contract/payments/schemas';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS, remoteConfigQueryOptions } from '@/features/payments/api/get-remote-config';
import { paymentKeys } from '@/features/payments/keys';
import { flutterwaveOptions, paystackOptions, toMajorUnits } from '@/features/payments/launcher/options';
import { appsOf, cardExpiry, cardTitle, sortCards, statusTone } from '@/features/payments/model';
import { validatePaymentsSearch, validateReturnSearch } from '@/features/payments/search';
import { filterOfSearch } from '@/features/payments/components/TransactionFilters';
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

  it('offers the apps the transactions name', () => {
    const transactions = [{ appAlias: 'b' }, { appAlias: null }, { appAlias: 'a' }, { appAlias: 'b' }] as Transaction[];
    expect(appsOf(transactions)).toEqual(['a', 'b']);
  });

  it('keeps only search values that fit', () => {
    expect(validatePaymentsSearch({ status: 'requires_action', app: 'shop' })).toEqual({ status: 'requires_action', app: 'shop' });
    expect(validatePaymentsSearch({ status: 3, app: '' })).toEqual({ status: undefined, app: undefined });
    expect(filterOfSearch({ status: 'requires_action', app: 'shop' })).toEqual({ status: 'requires_action', app: 'shop' });
    expect(filterOfSearch({ status: 'nope' })).toEqual({ status: undefined, app: undefined });
    expect(validateReturnSearch({ trxref: 'r1', reference: 'r1' })).toEqual({ reference: 'r1', sessionId: undefined });
    expect(validateReturnSearch({ tx_ref: 'r2' })).toEqual({ reference: 'r2', sessionId: undefined });
    expect(validateReturnSearch({ session_id: 'cs_1' })).toEqual({ reference: undefined, sessionId: 'cs_1' });
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
