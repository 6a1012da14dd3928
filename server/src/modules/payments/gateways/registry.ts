/**
 * One adapter per provider, from config.PAYMENTS:
 * - real keys: the provider's own API, `testMode: false`, and no test gateway for it;
 * - no keys in mode `test`: test keys derived from JWT_SECRET, the adapter pointed at this
 *   server's own test gateway over loopback (`/sandbox/{provider}`), which is mounted here;
 * - no keys in mode `live`: the provider is not offered (400 on every call that names it).
 */
import type { FastifyInstance } from 'fastify';
import { GATEWAYS, type GatewayId } from '@contract/constants';
import { API_PREFIX } from '@contract/api';
import { GATEWAY_CREDENTIAL_ALIAS, PAYMENT_PATHS } from '@contract/payments/paths';
import { PAYMENT_MESSAGES } from '@contract/payments/schemas';
import type { Config, GatewayKeys } from '../../../config';
import type { Database } from '../../../db/database';
import { HttpError } from '../../../http/http-error';
import type { AdapterOptions, PaymentGateway, StripeExtras } from '../gateway';
import { registerSandboxAssets } from '../sandbox/assets';
import type { SandboxContext } from '../sandbox/context';
import { loopbackOrigin, sandboxPath, testKeys } from '../sandbox/keys';
import { sandboxStore } from '../sandbox/store';

const REAL_API_BASES: Record<GatewayId, string> = {
  stripe: 'https://api.stripe.com',
  paystack: 'https://api.paystack.co',
  flutterwave: 'https://api.flutterwave.com/v3',
};

/** What a provider brings: its adapter factory and its test gateway plugin. */
interface ProviderKit<G extends PaymentGateway = PaymentGateway> {
  create(options: AdapterOptions): G;
  sandbox(app: FastifyInstance, context: SandboxContext): Promise<void>;
}

export interface ProviderKits {
  paystack: ProviderKit;
  flutterwave: ProviderKit;
  stripe: ProviderKit<PaymentGateway & StripeExtras>;
}

export interface GatewayRegistry {
  /** The providers a merchant may pay with, in GATEWAYS order. */
  readonly offered: readonly GatewayId[];
  /** The adapter of `provider`; 400 when it is not offered. */
  get(provider: GatewayId): PaymentGateway;
  /** The stripe adapter with its own helpers; 400 when stripe is not offered. */
  stripe(): PaymentGateway & StripeExtras;
}

/**
 * Makes the adapters and mounts the test gateways at the root of `app` (not under the API
 * prefix: they stand in for the providers' own hosts).
 */
export async function mountGateways(app: FastifyInstance, deps: { config: Config; db: Database }, kits: ProviderKits): Promise<GatewayRegistry> {
  const { PAYMENTS: payments, JWT_SECRET } = deps.config;
  const adapters = new Map<GatewayId, PaymentGateway>();
  let assets = false;

  const adapterOf = async <G extends PaymentGateway>(provider: GatewayId, kit: ProviderKit<G>): Promise<G | null> => {
    const realKeys: GatewayKeys | undefined = payments[provider];
    const credentialAlias = GATEWAY_CREDENTIAL_ALIAS[provider];
    if (realKeys) return kit.create({ keys: realKeys, testMode: false, apiBase: () => REAL_API_BASES[provider], credentialAlias });
    if (payments.mode === 'live') return null;
    const keys = testKeys(JWT_SECRET, provider);
    if (!assets) {
      registerSandboxAssets(app);
      assets = true;
    }
    const context: SandboxContext = {
      db: deps.db,
      store: sandboxStore(deps.db, provider),
      keys,
      publicOrigin: deps.config.PUBLIC_ORIGIN,
      webhookUrl: () => `${loopbackOrigin(app)}${API_PREFIX}${PAYMENT_PATHS.webhook.replace(':provider', provider)}`,
      log: app.log.child({ testGateway: provider }),
    };
    await app.register(async (scope) => kit.sandbox(scope, context), { prefix: sandboxPath(provider) });
    return kit.create({ keys, testMode: true, apiBase: () => loopbackOrigin(app) + sandboxPath(provider), credentialAlias });
  };

  const stripe = await adapterOf('stripe', kits.stripe);
  if (stripe) adapters.set('stripe', stripe);
  for (const provider of ['paystack', 'flutterwave'] as const) {
    const adapter = await adapterOf(provider, kits[provider]);
    if (adapter) adapters.set(provider, adapter);
  }

  return {
    offered: GATEWAYS.filter((provider) => adapters.has(provider)),
    get(provider) {
      const adapter = adapters.get(provider);
      if (!adapter) throw new HttpError(400, PAYMENT_MESSAGES.providerNotAvailable);
      return adapter;
    },
    stripe() {
      if (!stripe) throw new HttpError(400, PAYMENT_MESSAGES.providerNotAvailable);
      return stripe;
    },
  };
}
