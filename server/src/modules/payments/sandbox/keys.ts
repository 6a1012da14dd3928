/**
 * Test mode's keys and address. A provider without keys gets test keys derived from the
 * server's JWT secret (stable across restarts, the same in every process of one install, never
 * valid at the real provider), and its adapter talks to `/sandbox/{provider}` on this server
 * over loopback.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { GatewayId } from '@contract/constants';
import type { GatewayKeys } from '../../../config';
import { GatewayUnavailable } from '../gateway';

const PREFIXES: Record<GatewayId, { secret: string; public: string; webhook: string }> = {
  stripe: { secret: 'sk_test_', public: 'pk_test_', webhook: 'whsec_' },
  paystack: { secret: 'sk_test_', public: 'pk_test_', webhook: 'sk_test_' },
  flutterwave: { secret: 'FLWSECK_TEST-', public: 'FLWPUBK_TEST-', webhook: 'FLWHASH_TEST-' },
};

export function testKeys(jwtSecret: string, provider: GatewayId): GatewayKeys {
  const derive = (purpose: string) => createHmac('sha256', jwtSecret).update(`sandbox:${provider}:${purpose}`).digest('hex').slice(0, 32);
  const prefixes = PREFIXES[provider];
  const secretKey = prefixes.secret + derive('secret');
  // Paystack signs webhooks with the secret key itself.
  return {
    secretKey,
    publicKey: prefixes.public + derive('public'),
    webhookSecret: provider === 'paystack' ? secretKey : prefixes.webhook + derive('webhook'),
  };
}

/** http://127.0.0.1:{port} of this server once it listens. */
export function loopbackOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new GatewayUnavailable('The test payment gateway is not reachable until the server listens.');
  const host =
    address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

export const sandboxPath = (provider: GatewayId) => `/sandbox/${provider}`;
