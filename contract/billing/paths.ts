/** Subscription and billing calls (spec section 7, issue 30), relative to API_PREFIX. Zod-free. */
export const SUBSCRIPTION_PATHS = {
  /** GET ?page=0 (+ shopAlias, status): the caller's subscriptions. POST {shopAlias, planCode}: put an app on a plan. */
  subscriptions: '/subscriptions',
  /** PUT {status?: live | paused | cancelled, planCode?}: take the app live, pause it, cancel, change plan. */
  one: '/subscriptions/:subscriptionCode',
  /** GET ?page&limit: the payments of the subscription's bills (close and Pay now, failed ones too), newest first. */
  transactions: '/subscriptions/:subscriptionCode/transactions',
} as const;

/** Billing calls (issue 30), relative to API_PREFIX. */
export const BILLING_PATHS = {
  /** GET ?page&limit (+ shopAlias, year, month, outstanding=true): the caller's bills, newest month first. */
  billings: '/billings',
  /** POST {billingIds?, authorizationCode?}: pay outstanding bills with a saved card (the default one unless named). */
  payWithAuthorization: '/billings/pay-with-authorization',
  /** POST {reference}: asks the gateway again about a bill's charge (a payment that needed the merchant). */
  verifyPayment: '/billings/verify-payment',
  /** POST {shopAlias, from, to, reason}: a SOVEREIGN records usage of an app over a past range (the same range twice counts once). */
  usageCorrections: '/admin/usage-corrections',
  /** POST {year, month}: a SOVEREIGN closes an ended month by hand; a second run bills and charges nothing more. */
  close: '/admin/billing/close',
} as const;

/** A subscription's states: live (minutes accrue), paused (they do not), cancelled (ended; its bills stay). */
export const SUBSCRIPTION_STATUSES = ['live', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A bill's state: paid (or nothing to pay), pending (its charge is not settled yet), outstanding (to pay). */
export const BILL_STATUSES = ['paid', 'pending', 'outstanding'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
