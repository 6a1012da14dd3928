/**
 * The payment launcher (spec section 7): one interface, one implementation per provider, each
 * loaded only when the merchant starts a payment (no payment code in a page's first JS).
 */
import type { GatewayId } from '@contract/constants';
import type { InitializeAnswer } from '@contract/payments/schemas';
import { errorText } from '@/api/error-text';
import type { LaunchOutcome, PaymentLauncher } from './types';

const LAUNCHERS: Record<GatewayId, () => Promise<PaymentLauncher>> = {
  paystack: () => import('./paystack').then((module) => module.paystackLauncher),
  flutterwave: () => import('./flutterwave').then((module) => module.flutterwaveLauncher),
  stripe: () => import('./stripe').then((module) => module.stripeLauncher),
};

/** Opens the answer's provider; errors are logged and rejected with the spec's error text rule. */
export async function launchPayment(answer: InitializeAnswer): Promise<LaunchOutcome> {
  try {
    const launcher = await LAUNCHERS[answer.launch.provider]();
    return await launcher.launch(answer);
  } catch (error) {
    console.error('payment launch failed', error);
    throw new Error(errorText(error instanceof Error ? { message: error.message } : error, 'The payment could not be started'), { cause: error });
  }
}
