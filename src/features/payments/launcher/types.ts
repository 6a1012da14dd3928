import type { InitializeAnswer } from '@contract/payments/schemas';

/** A provider's answer when its page closes in place: the reference to verify, or nothing when the merchant closed it. */
export type LaunchOutcome = { reference: string } | null;

export interface PaymentLauncher {
  /** Opens the provider for the server's launch answer. A hosted page navigates away and never settles. */
  launch(answer: InitializeAnswer): Promise<LaunchOutcome>;
}
