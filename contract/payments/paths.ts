/** Payment, authorization and remote-config calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const PAYMENT_PATHS = {
  /** POST {type, provider?, shopAlias?}: a new transaction; the server sets the amount. Idempotency-Key header. */
  initialize: '/transactions/initialize',
  /** POST {reference}: verify a transaction with its gateway and record the outcome. GET ?status&provider&appAlias&page&limit: one page of the caller's transactions (X-Total-Count: all pages). */
  transactions: '/transactions',
  /** GET: the apps the caller's transactions name, for the list's app filter. */
  transactionApps: '/transactions/apps',
  /** GET ?page&limit: the caller's bill payments (the monthly close's charges and Pay now), newest first (issue 30). */
  billingTransactions: '/transactions/portal/billings',
  /** GET one of the caller's transactions by its reference. */
  transaction: '/transactions/:reference',
  /** POST: a stripe checkout session for a transaction (answer `id`). */
  sessions: '/transactions/sessions',
  /** GET: a checkout session's state. */
  session: '/transactions/sessions/:sessionId',
  /** POST: a stripe setup intent (answer `client_secret`, `testMode`, `publicKey`); an Idempotency-Key header makes a retry answer the same one. */
  setupIntents: '/transactions/stripe/setup-intents',
  /** GET: a setup intent's state. */
  setupIntent: '/transactions/stripe/setup-intents/:setUpIntentId',
  /** GET: a payment intent's state. */
  paymentIntent: '/transactions/stripe/payment-intents/:paymentIntentId',
  /** GET: the caller's saved cards. POST {authorizationCode, provider, setAsDefault?, shopAlias, gatewayCredentialAlias?}: save a stripe payment method once its setup intent succeeded (spec section 7, stripe add card). */
  authorizations: '/authorizations',
  /** PUT {isDefault?, label?, status?: 'removed'}: set default, rename, remove. */
  authorization: '/authorizations/:authorizationCode',
  /** GET ?provider: one saved card (POST-less fetch after a card is saved). */
  cardAuthorization: '/card-authorizations/:authorizationCode',
  /** GET ?provider: the card as its gateway holds it now (brand, expiry), refreshed into ours. */
  cardAuthorizationUpstream: '/card-authorizations/:authorizationCode/upstream',
  /** POST: a provider's signed webhook, verified on the raw body. */
  webhook: '/webhooks/:provider',
  /** GET (anyone): the portal-payments remote config; PUT (SOVEREIGN): change it. */
  remoteConfig: '/remote-config/portal-payments',
} as const;

/** The header carrying a client's idempotency key (one key per user action, reused on retries). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The fixed portal alias every payment call carries as `shopAlias` (spec section 7). */
export const PORTAL_SHOP_ALIAS = 'portal';

/** The credential set each provider's payments use (spec section 7: gatewayCredentialAlias, one per provider). */
export const GATEWAY_CREDENTIAL_ALIAS = {
  paystack: 'portal-paystack',
  flutterwave: 'portal-flutterwave',
  stripe: 'portal-stripe',
} as const;

/** The header each provider signs its webhooks in (stripe: timestamped HMAC; paystack: HMAC-SHA512 of the body; flutterwave: the secret hash). */
export const WEBHOOK_SIGNATURE_HEADERS = {
  stripe: 'stripe-signature',
  paystack: 'x-paystack-signature',
  flutterwave: 'verif-hash',
} as const;

/**
 * Test mode only: the stripe test gateway's card setup page, on the portal's own origin
 * (`?client_secret=&return_url=`). It stands for Stripe.js's card form and, like confirmSetup,
 * sends the browser back with `setup_intent`, `setup_intent_client_secret` and `redirect_status`.
 */
export const STRIPE_TEST_SETUP_PAGE = '/sandbox/stripe/setup';

/** The portal's payment pages (spec section 2); a provider's page sends the merchant back to one. */
export const PAYMENT_PAGES = {
  methods: '/payment-methods',
  list: '/payments',
  resolution: '/payments/actions/resolution',
} as const;
