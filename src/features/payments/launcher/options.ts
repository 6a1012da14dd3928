/**
 * What each provider's script is opened with (spec section 7 Payment launcher), built from the
 * server's launch answer only: the amount is always the server's.
 */
import type { Launch } from '@contract/payments/schemas';
import { PRODUCT_NAME } from '@contract/brand';

/** Flutterwave takes major units: minor units / 100 with two decimals (spec section 9). */
export function toMajorUnits(minorUnits: number): number {
  return Number((minorUnits / 100).toFixed(2));
}

/** Paystack inline: card channel only, the fees borne by the account. */
export function paystackOptions(launch: Launch) {
  return {
    key: launch.publicKey,
    email: launch.email,
    amount: launch.amount,
    currency: launch.currencyCode,
    ref: launch.reference,
    channels: ['card'],
    bearer: 'account',
    metadata: {
      isAutoRefund: launch.metadata.isAutoRefund,
      type: launch.metadata.type,
      transactionDescription: launch.metadata.transactionDescription,
      userId: launch.metadata.userId,
      meta: launch.metadata.meta,
    },
  };
}

/** Flutterwave checkout: card, Ghana mobile money and USSD. */
export function flutterwaveOptions(launch: Launch) {
  return {
    public_key: launch.publicKey,
    tx_ref: launch.reference,
    amount: toMajorUnits(launch.amount),
    currency: launch.currencyCode,
    payment_options: 'card, mobilemoneyghana, ussd',
    customer: { email: launch.email },
    meta: launch.metadata,
    customizations: { title: PRODUCT_NAME, description: String(launch.metadata.transactionDescription ?? '') },
  };
}
