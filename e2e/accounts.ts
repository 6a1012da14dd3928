/** Account helpers of the journeys: the server's e-mail outbox, unique merchants, API sign-up. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResult } from '@contract/auth/schemas';
import type { Envelope } from '@contract/envelope';
import type { BrowserWindow } from './browser';

export const PASSWORD = 'Merchant2026';

interface OutboxMessage {
  to: string;
  subject: string;
  links: string[];
}

/** The e-mails the server wrote to DATA_DIR/outbox for one address, oldest first. */
function outbox(to: string): OutboxMessage[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMessage)
    .filter((message) => message.to === to);
}

/** The first link of the newest e-mail to `to` whose subject matches, once it has arrived. */
export async function linkFromEmail(to: string, subject: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const message = outbox(to)
        .filter((m) => subject.test(m.subject))
        .at(-1);
      link = message?.links[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** Every link of the newest e-mail to `to` whose subject matches, once it has arrived. */
export async function linksFromEmail(to: string, subject: RegExp): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(() => {
      links =
        outbox(to)
          .filter((m) => subject.test(m.subject))
          .at(-1)?.links ?? [];
      return links.length;
    })
    .toBeGreaterThan(0);
  return links;
}

let sequence = 0;
export function uniqueEmail(name: string): string {
  sequence += 1;
  return `${name}.${Date.now().toString(36)}${sequence}@shop-e2e.io`;
}

/** The basic client credential the server wrote into DATA_DIR (what the portal page carries). */
function clientAuthorization(): string {
  const secrets = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'secrets.json'), 'utf8')) as { clientCredential: string };
  return `Basic ${Buffer.from(secrets.clientCredential).toString('base64')}`;
}

let addresses = 0;
/**
 * Registration is limited per address, and every journey's merchant comes from this machine: the
 * journeys' server trusts loopback as a proxy (playwright.config.ts), so each API sign-up names
 * its own visitor address, as a reverse proxy would.
 */
function visitorAddress(): string {
  addresses += 1;
  return `203.0.113.${(addresses % 250) + 1}`;
}

export async function registerThroughApi(request: APIRequestContext, firstName: string, email: string): Promise<AuthResult> {
  const response = await request.post('/v1/auth/register', {
    headers: { Authorization: clientAuthorization(), 'X-Forwarded-For': visitorAddress() },
    data: { firstName, lastName: 'Merchant', email, phoneNo: '08031234567', password: PASSWORD, confirmPassword: PASSWORD, grant_type: 'email' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Envelope<AuthResult>).data;
}

/** Signs `page` in with `token`, as the login modal would leave the session. */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored), JSON.stringify({ token }));
}

/**
 * Signs `page` in as a merchant registered once per spec file (named `firstName`): the portal's
 * session token is written before each page loads, as the login modal would leave it.
 */
export function sessionSigner(firstName: string): (page: Page, request: APIRequestContext) => Promise<void> {
  let session: AuthResult | undefined;
  return async (page, request) => {
    session ??= await registerThroughApi(request, firstName, uniqueEmail(firstName.toLowerCase()));
    await signInWithToken(page, session.token);
  };
}
