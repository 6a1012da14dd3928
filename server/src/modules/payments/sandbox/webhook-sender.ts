/**
 * How a test gateway delivers its webhooks, as a provider does: a signed POST to our webhook
 * route, retried with growing gaps until it is answered 2xx (a provider retries for days; a
 * test gateway gives up after the last gap). Bodies are never logged: they describe payments.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface WebhookDelivery {
  url: string;
  /** The exact bytes that were signed. */
  body: string;
  headers: Record<string, string>;
}

export const RETRY_GAPS_MS = [0, 1000, 5000, 30_000] as const;

/** Delivers in the background; the promise (for tests) settles with whether some attempt got a 2xx. */
export function deliverWebhook(delivery: WebhookDelivery, log: FastifyBaseLogger, gaps: readonly number[] = RETRY_GAPS_MS): Promise<boolean> {
  const attempt = async (index: number): Promise<boolean> => {
    if (index >= gaps.length) {
      log.warn({ url: delivery.url }, 'test gateway: webhook not accepted after every retry');
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, gaps[index]));
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        body: delivery.body,
        headers: { 'content-type': 'application/json', ...delivery.headers },
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return true;
      log.warn({ url: delivery.url, status: response.status }, 'test gateway: webhook refused, retrying');
    } catch (error) {
      log.warn({ url: delivery.url, err: (error as Error).message }, 'test gateway: webhook not delivered, retrying');
    }
    return attempt(index + 1);
  };
  return attempt(0);
}
