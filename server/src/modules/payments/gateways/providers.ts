/** Each provider's adapter and built-in test gateway, as the registry mounts them. */
import { stripeSandbox } from '../sandbox/stripe';
import type { ProviderKits } from './registry';
import { createStripeGateway } from './stripe';

export const PROVIDER_KITS: Partial<ProviderKits> = {
  stripe: { create: createStripeGateway, sandbox: stripeSandbox },
};
