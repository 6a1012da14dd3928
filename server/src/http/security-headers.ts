/**
 * Security headers on every answer (helmet, its middleware built once: @fastify/helmet rebuilt
 * it for every request, which cost most of a small answer's time), the rules of which are:
 * - Content-Security-Policy: scripts only from this origin, and inline ones the server wrote (by
 *   their sha256: the prerendered pages' after-paint loader); inline <style> only when the server
 *   wrote it (its sha256 is in the policy) or when it carries this response's nonce (the
 *   portal's runtime styles: emotion's cache and notistack's goober read it from the page);
 *   images from this origin, data: and blob: (and Facebook's picture hosts when Facebook sign-in
 *   is on); connections to this origin only (socket.io's websocket included); never framed. A
 *   payment provider's script and frame origins only when its real keys are set.
 * - X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy
 *   strict-origin-when-cross-origin (no-referrer on the pages whose URL carries a token: set by
 *   the portal), Cross-Origin-Opener-Policy, HSTS only when the public origin is https.
 * - Cache-Control: no-store on every API answer to a request carrying a bearer token, errors
 *   included: a shared or browser cache must never keep someone's account data.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@contract/api';
import { GATEWAYS, type GatewayId } from '@contract/constants';
import type { Config } from '../config';
import { isHashedFile } from '../web/paths';
import { OPENAPI_PATHS } from './openapi';

/** Facebook sign-in (the SDK, its login dialog and the profile pictures it returns). */
const FACEBOOK = {
  script: ['https://connect.facebook.net'],
  frame: ['https://www.facebook.com', 'https://web.facebook.com', 'https://staticxx.facebook.com'],
  connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
  img: ['https://*.fbcdn.net', 'https://*.fbsbx.com', 'https://www.facebook.com', 'https://graph.facebook.com'],
};

/**
 * A payment provider's own scripts and frames (stripe.js, paystack inline, flutterwave checkout),
 * admitted only when that provider's real keys are set: in test mode the portal uses the built-in
 * test gateways' pages on this origin.
 */
const PAYMENT_ORIGINS: Record<GatewayId, { script: string[]; frame: string[]; connect: string[] }> = {
  stripe: { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] },
  paystack: { script: ['https://js.paystack.co'], frame: ['https://checkout.paystack.com'], connect: [] },
  flutterwave: { script: ['https://checkout.flutterwave.com'], frame: ['https://checkout.flutterwave.com'], connect: [] },
};

declare module 'node:http' {
  interface ServerResponse {
    /** This response's style nonce (Content-Security-Policy style-src). */
    styleNonce?: string;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Inline <style> contents the server writes into pages, allowed by their hashes. */
    allowInlineStyle(hash: string): void;
    /** Inline <script> contents the server writes into pages, allowed by their hashes. */
    allowInlineScript(hash: string): void;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'PUBLIC_ORIGIN' | 'FACEBOOK_APP_ID' | 'PAYMENTS'>): Promise<void> {
  const facebook = Boolean(config.FACEBOOK_APP_ID);
  const payments = GATEWAYS.filter((provider) => config.PAYMENTS[provider]).map((provider) => PAYMENT_ORIGINS[provider]);
  const paymentOrigins = (kind: 'script' | 'frame' | 'connect') => payments.flatMap((origins) => origins[kind]);
  const https = config.PUBLIC_ORIGIN.startsWith('https:');
  const styleHashes = new Set<string>();
  app.decorate('allowInlineStyle', (hash: string) => {
    styleHashes.add(hash);
  });
  const scriptHashes = new Set<string>();
  app.decorate('allowInlineScript', (hash: string) => {
    scriptHashes.add(hash);
  });

  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${res.styleNonce ?? ''}'`;
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(facebook ? FACEBOOK.script : []), ...paymentOrigins('script'), () => [...scriptHashes].join(' ')],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", nonce, () => [...styleHashes].join(' ')],
        // The one style attribute of index.html is in its <noscript>: allowed by its hash.
        styleSrcAttr: ["'unsafe-hashes'", () => [...styleHashes].join(' ')],
        imgSrc: ["'self'", 'data:', 'blob:', ...(facebook ? FACEBOOK.img : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(facebook ? FACEBOOK.connect : []), ...paymentOrigins('connect')],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameSrc: facebook || payments.length > 0 ? [...(facebook ? FACEBOOK.frame : []), ...paymentOrigins('frame')] : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Facebook's login popup reports back to its opener.
    crossOriginOpenerPolicy: { policy: facebook ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  });

  const fixedHeaders = fixedSecurityHeaders(https);

  // The nonce on arrival, for the page the handler writes it into.
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url) || isHashedFile(request.url)) {
      // JSON and the build's hashed files are never a page: a fixed, strictest policy, computed once.
      reply.headers(fixedHeaders);
    } else {
      reply.raw.styleNonce = randomBytes(16).toString('base64');
    }
    done();
  });

  // Not async: an API answer, every public read among them, goes on without waiting a turn (issue 32).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request.url)) {
      if (/^bearer\s/i.test(request.headers.authorization ?? '')) reply.header('cache-control', 'no-store');
      return done(null, payload);
    }
    // A policy applies only to a document or a worker: the pages' (about 2 kB with its hashes)
    // would ride on each of the 60-odd files a page loads.
    if (isHashedFile(request.url)) return done(null, payload);
    // The policy once the page is written: a page rendered for this very request (the gallery's
    // first render of a filter, say) has added the hashes of its own inline styles by now.
    applyHeaders(request.raw, reply.raw, (error?: unknown) => (error instanceof Error ? done(error) : done(null, payload)));
  });
}

/** JSON calls; the browsable reference under /v1/docs is a page and keeps the pages' policy. */
const isApi = (url: string) => (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)) && !url.startsWith(OPENAPI_PATHS.ui);

/**
 * The headers of every API answer and hashed build file, computed once by running helmet on a recording
 * response: the same protections as the pages' (nosniff, DENY, referrer, COOP/CORP, HSTS on https)
 * with a Content-Security-Policy that allows nothing, as a JSON answer or a script file loads
 * nothing itself (and a picture opened on its own runs nothing). No nonce, so no per-request work:
 * a catalogue read is otherwise mostly this hook's cost.
 */
function fixedSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
