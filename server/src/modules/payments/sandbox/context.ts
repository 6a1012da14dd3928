/** What each provider's test gateway plugin (sandbox/{stripe,paystack,flutterwave}.ts) receives. */
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayKeys } from '../../../config';
import type { Database } from '../../../db/database';
import type { SandboxStore } from './store';

export interface SandboxContext {
  db: Database;
  store: SandboxStore;
  /** The test keys the adapter holds: requests must carry the secret key; webhooks are signed with webhookSecret. */
  keys: GatewayKeys;
  /** Where this gateway's webhooks go: {loopback}/v1/webhooks/{provider}. */
  webhookUrl: () => string;
  /** config.PUBLIC_ORIGIN: hosted pages are links for the merchant's browser, never the loopback address. */
  publicOrigin: string;
  log: FastifyBaseLogger;
}
