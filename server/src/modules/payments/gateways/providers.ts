/** Each provider's adapter and built-in test gateway, as the registry mounts them. */
import { flutterwaveSandbox } from '../sandbox/flutterwave';
import { paystackSandbox } from '../sandbox/paystack';
import { stripeSandbox } from '../sandbox/stripe';
import { createFlutterwaveGateway } from './flutterwave';
import { createPaystackGateway } from './paystack';
import type { ProviderKits } from './registry';
import { createStripeGateway } from './stripe';

export const PROVIDER_KITS: ProviderKits = {
  paystack: { create: createPaystackGateway, sandbox: paystackSandbox },
  flutterwave: { create: createFlutterwaveGateway, sandbox: flutterwaveSandbox },
  stripe: { create: createStripeGateway, sandbox: stripeSandbox },
};
