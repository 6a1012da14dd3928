/** Each provider's adapter and built-in test gateway, as the registry mounts them. */
import { paystackSandbox } from '../sandbox/paystack';
import { stripeSandbox } from '../sandbox/stripe';
import { createPaystackGateway } from './paystack';
import type { ProviderKits } from './registry';
import { createStripeGateway } from './stripe';

export const PROVIDER_KITS: Partial<ProviderKits> = {
  paystack: { create: createPaystackGateway, sandbox: paystackSandbox },
  stripe: { create: createStripeGateway, sandbox: stripeSandbox },
};
