/**
 * The one port every payment gateway adapter implements (medusa's payment provider interface is
 * the model): stripe through its SDK, paystack and flutterwave through their REST APIs. An
 * adapter speaks to the provider or, when that provider has no keys, to our built-in test
 * gateway for it (sandbox/), over HTTP either way: the default install runs production code.
 *
 * Rules every adapter keeps:
 * - amounts are integers in minor units on both sides of this port (Flutterwave's major units
 *   exist only inside its adapter);
 * - every call that can move money passes `idempotencyKey` to the provider (or, where the
 *   provider has none, relies on the unique `reference`);
 * - card numbers never pass through here: only the provider's pages see them;
 * - statuses come back in the spec's vocabulary (contract/payments/statuses.ts).
 */
import type { GatewayId } from '@contract/constants';
import type { GatewayKeys } from '../../config';
import type { TransactionStatus } from '@contract/payments/statuses';

export interface GatewayCustomer {
  userId: number;
  email: string;
  name: string;
  phone: string | null;
  /** The provider's customer id, once one was made (stripe `cus_...`, paystack `CUS_...`). */
  customerCode: string | null;
}

/** A reusable card as the provider holds it. */
export interface CardAuthorization {
  authorizationCode: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  reusable: boolean;
  customerCode: string | null;
}

export interface InitializeInput {
  /** Ours, unique per transaction; the provider's reference / tx_ref / metadata. */
  reference: string;
  amount: number;
  currencyCode: string;
  customer: GatewayCustomer;
  description: string;
  /** Small string values only: the provider shows or stores them. */
  metadata: Record<string, string>;
  /** Save the card for later charges (card setup and first payments). */
  saveCard: boolean;
  /** Where the provider's page sends the merchant back (reference appended by the provider). */
  returnUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** A payment as the provider reports it now. */
export interface GatewayPayment {
  reference: string;
  /** The provider's own id (paystack transaction id, flutterwave id, stripe payment intent or session). */
  providerId: string | null;
  status: TransactionStatus;
  amount: number;
  currencyCode: string;
  /** The provider's page that takes the card (initialize). */
  checkoutUrl: string | null;
  /** The page that finishes a payment needing the merchant (3-D Secure). */
  actionUrl: string | null;
  /** The provider's words for a decline or a failure. */
  failureMessage: string | null;
  /** The reusable card this payment left, when it saved one. */
  authorization: CardAuthorization | null;
}

export interface ChargeInput {
  reference: string;
  amount: number;
  currencyCode: string;
  customer: GatewayCustomer;
  authorizationCode: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface RefundInput {
  reference: string;
  providerId: string | null;
  /** Minor units; the whole payment when absent. */
  amount?: number;
  idempotencyKey: string;
}

export interface GatewayRefund {
  providerId: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** A verified webhook, reduced to what the payments service acts on. */
export interface WebhookEvent {
  /** The provider's event id, or a digest of the body where it has none: the dedupe key. */
  eventId: string;
  type: string;
  /** The payment it reports (null: an event we do not act on). */
  payment: GatewayPayment | null;
}

export interface PaymentGateway {
  readonly id: GatewayId;
  /** True when this adapter talks to our built-in test gateway: never real money. */
  readonly testMode: boolean;
  /** The key the portal's launcher uses (the provider's publishable / public key). */
  readonly publicKey: string;
  /** The credential set this adapter uses (spec section 7: gatewayCredentialAlias). */
  readonly credentialAlias: string;

  initialize(input: InitializeInput): Promise<GatewayPayment>;
  /** The payment as the provider holds it now (verify). */
  retrieve(reference: string, providerId: string | null): Promise<GatewayPayment>;
  chargeAuthorization(input: ChargeInput): Promise<GatewayPayment>;
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** The saved card as the provider holds it now (spec: card-authorizations/{code}/upstream). */
  retrieveAuthorization(authorizationCode: string, customer: GatewayCustomer): Promise<CardAuthorization>;
  /** Verifies the signature on the raw body, then parses; throws WebhookRejected otherwise. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

/** A setup intent as Stripe holds it (add card). */
export interface StripeSetupIntent {
  id: string;
  client_secret: string;
  status: string;
  payment_method: string | null;
  customer: string | null;
  /** Stripe's words for the last failed confirmation (a decline, a failed 3-D Secure). */
  last_setup_error: { message: string } | null;
}

/** Stripe's own helpers of spec section 7 (add card, checkout sessions, intents). */
export interface StripeExtras {
  createCustomer(customer: GatewayCustomer): Promise<string>;
  createSetupIntent(input: { customerCode: string; description: string; idempotencyKey: string }): Promise<StripeSetupIntent>;
  retrieveSetupIntent(id: string): Promise<StripeSetupIntent>;
  retrievePaymentIntent(id: string): Promise<{ id: string; status: string; amount: number; currency: string; metadata: Record<string, string> }>;
  retrieveSession(id: string): Promise<{
    id: string;
    url: string | null;
    status: string | null;
    payment_status: string | null;
    payment_intent: string | null;
    metadata: Record<string, string>;
  }>;
}

/** The provider refused the request (bad card, bad input): a 4xx with its words. */
export class GatewayRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'GatewayRefusal';
  }
}

/** The provider did not answer, or answered 5xx: the payment stays pending and is checked later. */
export class GatewayUnavailable extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}

/** A webhook whose signature, age or shape is wrong: answered 400, changes nothing. */
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

/** What each adapter factory receives (createStripeGateway, createPaystackGateway, createFlutterwaveGateway). */
export interface AdapterOptions {
  keys: GatewayKeys;
  /** True when `apiBase` is our built-in test gateway. */
  testMode: boolean;
  /** The provider's API origin and base path: the real one, or `{loopback}/sandbox/{provider}` (resolved on each call: the port is known only once the server listens). */
  apiBase: () => string;
  credentialAlias: string;
}
