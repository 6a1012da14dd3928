/**
 * Links in e-mails: always on the configured public origin (config.PUBLIC_ORIGIN), never on the
 * Host or X-Forwarded-Host of the request that caused the e-mail.
 */
import type { Config } from '../config';

export function portalLink(config: Pick<Config, 'PUBLIC_ORIGIN'>, page: string, query: Record<string, string> = {}): string {
  const url = new URL(page, config.PUBLIC_ORIGIN);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
