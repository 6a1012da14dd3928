/**
 * Stripe add card in the portal: the test-mode page link, the return (the server's setup intent
 * decides; its card saved, then fetched), Add card's idempotency key and double click, and the
 * card form Stripe.js mounts with real keys (Stripe.js faked: the journeys cannot reach Stripe).
 */
import type { ReactNode } from 'react';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Authorization, SetupIntent, SetupIntentAnswer } from '@contract/payments/schemas';
import { StripeCardDialog } from '@/features/payments/components/StripeCardDialog';
import { validateReturnSearch } from '@/features/payments/search';
import { finishStripeSetup, rememberStripeSetup, setupFailureText, setupReturnUrl, testSetupPageUrl } from '@/features/payments/stripe-setup';
import { useAddCard } from '@/features/payments/use-add-card';

const stripeJs = vi.hoisted(() => ({
  mount: vi.fn(),
  destroy: vi.fn(),
  elements: vi.fn(),
  confirmSetup: vi.fn(),
  loadStripe: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

const ok = (data: unknown) => new Response(JSON.stringify({ message: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

const intent = (overrides: Partial<SetupIntent> = {}): SetupIntent => ({
  id: 'seti_1',
  client_secret: 'seti_1_secret_abc',
  status: 'requires_payment_method',
  payment_method: null,
  last_setup_error: null,
  ...overrides,
});

const card: Authorization = {
  authorizationCode: 'pm_1',
  provider: 'stripe',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  label: null,
  isDefault: true,
  testMode: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method ?? 'GET', init }));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('stripe add card links', () => {
  it('opens the test gateway card setup page with the client secret and the way back', () => {
    expect(setupReturnUrl('https://portal.example')).toBe('https://portal.example/payment-methods');
    expect(testSetupPageUrl('seti_1_secret_a/b', 'https://portal.example/payment-methods')).toBe(
      '/sandbox/stripe/setup?client_secret=seti_1_secret_a%2Fb&return_url=https%3A%2F%2Fportal.example%2Fpayment-methods',
    );
  });

  it("reads stripe's return: the setup intent only (its client secret and redirect_status are not trusted)", () => {
    expect(validateReturnSearch({ setup_intent: 'seti_1', setup_intent_client_secret: 'seti_1_secret_abc', redirect_status: 'succeeded' })).toEqual({
      reference: undefined,
      sessionId: undefined,
      setupIntent: 'seti_1',
    });
  });

  it("says why nothing was saved in Stripe's words when it has them", () => {
    expect(setupFailureText(intent({ last_setup_error: { message: 'Your card was declined.' } }))).toBe('Your card was declined.');
    expect(setupFailureText(intent())).toBe('The card was not saved.');
    expect(setupFailureText(intent({ status: 'requires_action' }))).toBe('The card is not confirmed yet. Add it again to finish.');
  });
});

describe('the return from confirming a card', () => {
  it('checks the setup intent, saves its payment method as remembered (default), then fetches the card', async () => {
    rememberStripeSetup('seti_1', true);
    fetchMock
      .mockResolvedValueOnce(ok(intent({ status: 'succeeded', payment_method: 'pm_1' })))
      .mockResolvedValueOnce(ok(card))
      .mockResolvedValueOnce(ok(card));
    await expect(finishStripeSetup('seti_1')).resolves.toEqual({ kind: 'saved', text: 'Your card is saved: Visa •••• 4242. (Test mode)' });
    const [checked, saved, fetched] = calls();
    expect(checked).toMatchObject({ url: '/v1/transactions/stripe/setup-intents/seti_1', method: 'GET' });
    expect(saved).toMatchObject({ url: '/v1/authorizations', method: 'POST' });
    expect(JSON.parse(String(saved?.init?.body))).toEqual({
      authorizationCode: 'pm_1',
      provider: 'stripe',
      setAsDefault: true,
      shopAlias: 'portal',
      gatewayCredentialAlias: 'portal-stripe',
    });
    expect(fetched).toMatchObject({ url: '/v1/card-authorizations/pm_1?provider=stripe', method: 'GET' });
    expect(sessionStorage.length).toBe(0);
  });

  it('saves nothing when the setup intent did not succeed, whatever the URL said', async () => {
    fetchMock.mockResolvedValueOnce(ok(intent({ last_setup_error: { message: 'Your card was declined.' } })));
    await expect(finishStripeSetup('seti_1')).resolves.toEqual({ kind: 'failed', text: 'Your card was declined.' });
    expect(calls()).toHaveLength(1);
  });
});

describe('Add card with stripe', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
  const answer: SetupIntentAnswer = { ...intent(), testMode: false, publicKey: 'pk_live_abc' };

  it('makes one setup intent on a double click and opens the card form with the publishable key', async () => {
    fetchMock.mockResolvedValue(ok(answer));
    const { result } = renderHook(() => useAddCard(), { wrapper });
    await act(async () => {
      await Promise.all([result.current.addCard('stripe', true), result.current.addCard('stripe', true)]);
    });
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({ url: '/v1/transactions/stripe/setup-intents', method: 'POST' });
    expect(result.current.stripeForm).toEqual({
      publicKey: 'pk_live_abc',
      clientSecret: 'seti_1_secret_abc',
      returnUrl: `${window.location.origin}/payment-methods`,
    });
    expect(result.current.busy).toBe(true);
    act(() => result.current.closeStripeForm());
    expect(result.current).toMatchObject({ stripeForm: null, busy: false });
  });

  it('reuses the idempotency key when the merchant retries after an error, and takes a new one for the next click', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'The payment provider did not answer.' }), { status: 503 }));
    const { result } = renderHook(() => useAddCard(), { wrapper });
    await act(() => result.current.addCard('stripe', false));
    expect(result.current.error).toBe('The payment provider did not answer.');
    fetchMock.mockResolvedValue(ok(answer));
    await act(() => result.current.addCard('stripe', false));
    act(() => result.current.closeStripeForm());
    await act(() => result.current.addCard('stripe', false));
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe("Stripe's card form (real keys)", () => {
  beforeEach(() => {
    stripeJs.elements.mockReturnValue({ create: () => ({ mount: stripeJs.mount, destroy: stripeJs.destroy }) });
    stripeJs.loadStripe.mockResolvedValue({ elements: stripeJs.elements, confirmSetup: stripeJs.confirmSetup });
  });

  it("mounts the Payment Element for the setup intent, confirms it with the way back, and shows Stripe's refusal", async () => {
    stripeJs.confirmSetup.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const onClose = vi.fn();
    render(<StripeCardDialog publicKey="pk_live_abc" clientSecret="seti_1_secret_abc" returnUrl="https://portal.example/payment-methods" onClose={onClose} />);
    const save = screen.getByRole('button', { name: 'Save card' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_live_abc');
    expect(stripeJs.elements).toHaveBeenCalledWith({ clientSecret: 'seti_1_secret_abc' });
    expect(stripeJs.mount).toHaveBeenCalledTimes(1);

    fireEvent.click(save);
    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    expect(stripeJs.confirmSetup).toHaveBeenCalledWith({
      elements: expect.anything(),
      confirmParams: { return_url: 'https://portal.example/payment-methods' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
