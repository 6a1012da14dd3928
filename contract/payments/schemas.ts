/**
 * Payments (spec sections 3, 4, 7 and 9): transactions, saved cards (authorizations), the
 * portal-payments remote config, and what the portal's launcher needs to open a gateway.
 * Amounts are integers in minor units everywhere; Flutterwave's major units exist only inside
 * its adapter.
 */
import { CONSTANTS, GATEWAYS } from '../constants';
import { pageQuery } from '../paging';
import { id, timestamp } from '../response';
import { shortText, tokenText, TEXT_LIMITS } from '../text';
import { z } from '../zod';
import { TRANSACTION_STATUSES } from './statuses';

export const PAYMENT_MESSAGES = {
  provider: `Choose a payment provider: ${GATEWAYS.join(', ')}`,
  type: 'Choose what this payment is for',
  status: `Choose a status: ${TRANSACTION_STATUSES.join(', ')}`,
  amount: 'The amount must be a whole number of cents above 0',
  currency: 'This currency is not accepted',
  notFound: 'This payment was not found',
  cardNotFound: 'This card was not found',
  gatewayDown: 'The payment provider did not answer. Your payment is kept as pending and will be checked again; you will not be charged twice.',
  declined: 'Your card was declined.',
  idempotencyReused: 'This idempotency key was already used for another payment',
  testModeOnly: 'Test-mode payments are not accepted while real keys are set',
  shopAlias: 'Payment calls must name the portal as shopAlias',
  credentialAlias: 'Unknown gateway credential for this provider',
  providerNotAvailable: 'This payment provider is not available',
  idempotencyKey: 'Send an Idempotency-Key header of at most 255 characters (one key per payment action, reused on retries)',
  returnUrl: 'checkoutSuccessUrl and checkoutCanceledUrl must be pages of this portal',
  noSession: 'This payment has no stripe checkout session',
  nothingToChange: 'Say what to change: isDefault, label or status',
  webhookSignature: 'The webhook signature is missing',
  webhookInProgress: 'This event is being processed: send it again in a moment.',
  stripeCustomer: 'Create a setup intent before saving a stripe card',
} as const;

export const providerSchema = z.enum(GATEWAYS, { error: PAYMENT_MESSAGES.provider });

/** Currencies the portal charges in (ISO 4217, minor unit = 1/100). */
export const PAYMENT_CURRENCIES = ['USD', 'NGN', 'GHS', 'KES', 'ZAR', 'EUR', 'GBP'] as const;

/** Spec section 9: the default charge, 100 in USD (minor units: $1.00), used to save a card and refunded. */
export const DEFAULT_CHARGE = CONSTANTS.defaultCharge;

/** What a payment is for; the server sets the amount from it (never from the browser). */
export const PAYMENT_TYPES = ['card-setup'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES, { error: PAYMENT_MESSAGES.type });
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES, { error: PAYMENT_MESSAGES.status });

export const transactionSchema = z.object({
  id,
  reference: z.string(),
  provider: providerSchema,
  type: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  currencyCode: z.string(),
  status: transactionStatusSchema,
  /** The app this payment is for, if any. */
  appAlias: z.string().nullable(),
  description: z.string(),
  isAutoRefund: z.boolean(),
  /** Made against a built-in test gateway: never real money. */
  testMode: z.boolean(),
  /** Why it needs the merchant or failed, in the gateway's words. */
  failureMessage: z.string().nullable(),
  /** Where the merchant finishes it (3-D Secure page, hosted checkout), when it needs them. */
  actionUrl: z.string().nullable(),
  authorizationCode: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * A row of GET /v1/transactions: what the payments list and the pending payments show (the
 * full transaction is GET /v1/transactions/:reference), about half the bytes of a transaction.
 */
export const transactionListItemSchema = transactionSchema.pick({
  reference: true,
  provider: true,
  amount: true,
  currencyCode: true,
  status: true,
  appAlias: true,
  description: true,
  testMode: true,
  failureMessage: true,
  actionUrl: true,
  createdAt: true,
});
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

/** Spec section 3 Payment request, as the portal sends it: the server fills amount, reference and user. */
export const initializeRequestSchema = z.object({
  type: paymentTypeSchema,
  provider: providerSchema.optional(),
  shopAlias: tokenText('shopAlias', TEXT_LIMITS.code),
  gatewayCredentialAlias: tokenText('gatewayCredentialAlias', TEXT_LIMITS.code).optional(),
  appAlias: tokenText('appAlias', 100).optional(),
  setPaymentMethodAsDefault: z.boolean().optional(),
  checkoutSuccessUrl: shortText('checkoutSuccessUrl').optional(),
  checkoutCanceledUrl: shortText('checkoutCanceledUrl').optional(),
});
export type InitializeRequest = z.input<typeof initializeRequestSchema>;

/** What the launcher needs to open the provider (spec section 7 Payment launcher). */
export const launchSchema = z.object({
  provider: providerSchema,
  reference: z.string(),
  amount: z.number().int(),
  currencyCode: z.string(),
  email: z.string(),
  /** The provider's public key (test mode: the test gateway's). */
  publicKey: z.string(),
  /** The hosted page that takes the card (test mode, and stripe checkout / paystack authorization_url). */
  checkoutUrl: z.string().nullable(),
  testMode: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
});
export type Launch = z.infer<typeof launchSchema>;

export const initializeAnswerSchema = z.object({ transaction: transactionSchema, launch: launchSchema });
export type InitializeAnswer = z.infer<typeof initializeAnswerSchema>;

/** POST /v1/transactions: check a transaction with its gateway and record the outcome. */
export const verifyRequestSchema = z.object({ reference: tokenText('reference', TEXT_LIMITS.code * 2), provider: providerSchema.optional() });

/** GET /v1/transactions: one page (CONSTANTS.defaultListLimit rows unless told), filtered by status (repeatable), provider and app. */
export const transactionsQuerySchema = pageQuery(CONSTANTS.defaultListLimit).extend({
  status: z.union([transactionStatusSchema, z.array(transactionStatusSchema).max(TRANSACTION_STATUSES.length)], { error: PAYMENT_MESSAGES.status }).optional(),
  provider: providerSchema.optional(),
  appAlias: tokenText('appAlias', 100).optional(),
});
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;

/** What a bill payment's transaction row says it is for (the close and Pay now charge with it). */
export const BILLING_TRANSACTION_TYPE = 'billing';

/** Spec section 3 Authorization: a saved card. */
export const authorizationSchema = z.object({
  authorizationCode: z.string(),
  provider: providerSchema,
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** The merchant's own name for the card. */
  label: z.string().nullable(),
  isDefault: z.boolean(),
  testMode: z.boolean(),
  createdAt: timestamp,
});
export type Authorization = z.infer<typeof authorizationSchema>;

export const authorizationUpdateSchema = z.object({
  isDefault: z.literal(true).optional(),
  label: shortText('Card name').nullable().optional(),
  status: z.literal('removed').optional(),
});
export type AuthorizationUpdate = z.input<typeof authorizationUpdateSchema>;

export const authorizationQuerySchema = z.object({ provider: providerSchema.optional() });

/** Stripe helpers (spec section 7 Payment launcher: stripe add card / checkout). */
export const setupIntentRequestSchema = z.object({
  shopAlias: tokenText('shopAlias', TEXT_LIMITS.code),
  gatewayCredentialAlias: tokenText('gatewayCredentialAlias', TEXT_LIMITS.code).optional(),
  provider: z.literal('stripe').optional(),
  description: shortText('description').optional(),
});
export const setupIntentSchema = z.object({
  id: z.string(),
  client_secret: z.string(),
  status: z.string(),
  payment_method: z.string().nullable(),
  /** Stripe's words for the last failed confirmation (a decline, a failed 3-D Secure). */
  last_setup_error: z.object({ message: z.string() }).nullable(),
});
export type SetupIntent = z.infer<typeof setupIntentSchema>;
/** A new setup intent, with what the portal confirms it with. */
export const setupIntentAnswerSchema = setupIntentSchema.extend({
  /** Made against the built-in test gateway: its card setup page takes the card instead of Stripe.js. */
  testMode: z.boolean(),
  /** The publishable key Stripe.js is loaded with (test mode: the test gateway's). */
  publicKey: z.string(),
});
export type SetupIntentAnswer = z.infer<typeof setupIntentAnswerSchema>;
export const paymentIntentSchema = z.object({ id: z.string(), status: z.string(), amount: z.number().int(), currency: z.string() });
export const sessionRequestSchema = z.object({ reference: tokenText('reference', TEXT_LIMITS.code * 2) });
export const sessionSchema = z.object({ id: z.string(), url: z.string().nullable(), status: z.string().nullable(), payment_status: z.string().nullable() });

/** Spec section 7: the portal-payments remote config. */
export const remoteConfigSchema = z.object({ provider: providerSchema });
export type PaymentsRemoteConfig = z.infer<typeof remoteConfigSchema>;

/**
 * The spec reads two defaults (flutterwave for the remote config, paystack for the launcher).
 * We take paystack for both: the launcher's default is what a portal without a remote value
 * actually charges with, so one default means the value shown is the one used.
 */
export const DEFAULT_PAYMENTS_CONFIG: PaymentsRemoteConfig = { provider: 'paystack' };

/** POST /v1/authorizations: a stripe payment method whose setup intent succeeded becomes a saved card. */
export const saveAuthorizationSchema = z.object({
  authorizationCode: tokenText('authorizationCode', TEXT_LIMITS.code * 2),
  provider: z.literal('stripe', { error: 'Only stripe payment methods are saved this way' }),
  setAsDefault: z.boolean().optional(),
  shopAlias: tokenText('shopAlias', TEXT_LIMITS.code),
  gatewayCredentialAlias: tokenText('gatewayCredentialAlias', TEXT_LIMITS.code).optional(),
});
