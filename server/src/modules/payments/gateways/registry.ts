/**
 * One adapter per provider, from config.PAYMENTS:
 * - real keys: the provider's own API, `testMode: false`, and no test gateway for it;
 * - no keys in mode `test`: test keys derived from JWT_SECRET, the adapter pointed at this
 *   server's own test gateway over loopback (`/sandbox/{provider}`), which is mounted here, or
 *   at the test gateways' own process when TEST_GATEWAYS_URL is set;
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
 * Mounts the test gateways of `providers` at the root of `app` (not under the API prefix: they
 * stand in for the providers' own hosts). `origins.webhook`: where the server that takes their
 * webhooks answers; `origins.public`: where a browser reaches their hosted pages.
 */
export async function mountTestGateways(
  app: FastifyInstance,
  deps: { config: Config; db: Database },
  kits: ProviderKits,
  providers: readonly GatewayId[],
  origins: { webhook: () => string; public: string },
): Promise<void> {
  if (providers.length === 0) return;
  registerSandboxAssets(app);
  for (const provider of providers) {
    const context: SandboxContext = {
      db: deps.db,
      store: sandboxStore(deps.db, provider),
      keys: testKeys(deps.config.JWT_SECRET, provider),
      publicOrigin: origins.public,
      webhookUrl: () => `${origins.webhook()}${API_PREFIX}${PAYMENT_PATHS.webhook.replace(':provider', provider)}`,
      log: app.log.child({ testGateway: provider }),
    };
    const kit: ProviderKit = kits[provider];
    await app.register(async (scope) => kit.sandbox(scope, context), { prefix: sandboxPath(provider) });
  }
}

/** Makes the adapters, and mounts the test gateways they use unless they run in their own process. */
export async function mountGateways(app: FastifyInstance, deps: { config: Config; db: Database }, kits: ProviderKits): Promise<GatewayRegistry> {
  const { PAYMENTS: payments, JWT_SECRET } = deps.config;
  const adapters = new Map<GatewayId, PaymentGateway>();
  const testGatewaysOrigin = payments.testGatewaysOrigin;
  const testOrigin = () => testGatewaysOrigin ?? loopbackOrigin(app);
  const tested: GatewayId[] = [];

  const adapterOf = <G extends PaymentGateway>(provider: GatewayId, kit: ProviderKit<G>): G | null => {
    const realKeys: GatewayKeys | undefined = payments[provider];
    const credentialAlias = GATEWAY_CREDENTIAL_ALIAS[provider];
    if (realKeys) return kit.create({ keys: realKeys, testMode: false, apiBase: () => REAL_API_BASES[provider], credentialAlias });
    if (payments.mode === 'live') return null;
    tested.push(provider);
    return kit.create({ keys: testKeys(JWT_SECRET, provider), testMode: true, apiBase: () => testOrigin() + sandboxPath(provider), credentialAlias });
  };

  const stripe = adapterOf('stripe', kits.stripe);
  if (stripe) adapters.set('stripe', stripe);
  for (const provider of ['paystack', 'flutterwave'] as const) {
    const adapter = adapterOf(provider, kits[provider]);
    if (adapter) adapters.set(provider, adapter);
  }
  if (!testGatewaysOrigin) await mountTestGateways(app, deps, kits, tested, { webhook: () => loopbackOrigin(app), public: deps.config.PUBLIC_ORIGIN });

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
