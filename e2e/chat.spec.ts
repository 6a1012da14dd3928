/**
 * Support chat journeys on a server of this spec's own (an agent must be SOVEREIGN, and the
 * server is restarted mid-conversation): a merchant and an agent exchange messages in two
 * browser contexts with typing shown both ways and presence; after the server restarts (every
 * socket forced to reconnect) nothing is missing or doubled, a message typed meanwhile waits in
 * the outbox and goes once; the panel is hidden and raised where the spec says; axe on both sides.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiPath } from '@contract/api';
import type { AuthResult } from '@contract/auth/schemas';
import { CHAT_PATHS } from '@contract/chat/paths';
import { expectAccessible } from './accessibility';
import type { BrowserWindow } from './browser';
import { ownServer } from './own-server';
import { messages, panel, supportButton } from './support-chat';

const own = ownServer('chat');
const ORIGIN = own.origin;

let agent: AuthResult;
let merchant: AuthResult;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  agent = await own.setUpSovereign('Sovereign');
  merchant = await own.register('Mia');
});

test.afterAll(() => own.tearDown());

async function signedInPage(browser: Browser, session: AuthResult | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  if (session) {
    await context.addInitScript(
      (stored) => {
        (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored);
      },
      JSON.stringify({ token: session.token }),
    );
  }
  return { context, page: await context.newPage() };
}

let merchantSide: { context: BrowserContext; page: Page };
let agentSide: { context: BrowserContext; page: Page };

test('a merchant and an agent talk, with typing and presence shown both ways @cluster', async ({ browser }) => {
  test.setTimeout(90_000);
  merchantSide = await signedInPage(browser, merchant);
  const { page } = merchantSide;
  await page.goto('/');
  // The device id comes from a fingerprint 5 s after start; then the rooms load, collapsed.
  await expect(supportButton(page)).toBeVisible({ timeout: 20_000 });
  await expect(panel(page)).toHaveCount(0);
  const stored = await page.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.getItem('portal-production-deviceId'));
  expect(stored).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  await supportButton(page).click();
  await expect(panel(page).getByRole('heading', { name: 'support' })).toBeVisible();
  await expectAccessible(page);

  agentSide = await signedInPage(browser, agent);
  const inbox = agentSide.page;
  await inbox.goto('/support/inbox');
  await expect(inbox.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  // The agent is online: the merchant sees a person.
  await expect(panel(page).getByText('a person is here')).toBeVisible();

  const input = panel(page).getByRole('textbox', { name: 'Message' });
  await input.fill('Hello, my logo looks blurry');
  await input.press('Enter');
  await expect(messages(page, 'Hello, my logo looks blurry')).toHaveCount(1);

  const conversation = inbox.getByRole('button', { name: /Mia Merchant/ });
  await expect(conversation).toBeVisible();
  await conversation.click();
  await expect(messages(inbox, 'Hello, my logo looks blurry')).toHaveCount(1);
  await expectAccessible(inbox);

  // Typing, merchant to agent, off 3 s after the last keystroke.
  await input.pressSequentially('It is the', { delay: 30 });
  await expect(inbox.getByText('The merchant is typing…')).toBeVisible();
  await expect(inbox.getByText('The merchant is typing…')).toBeHidden({ timeout: 8000 });
  await input.fill('');

  // Typing, agent to merchant; the answer sent with the button.
  const answer = inbox.getByRole('textbox', { name: 'Answer' });
  await answer.pressSequentially('Let me look', { delay: 30 });
  await expect(panel(page).getByText('Support is typing…')).toBeVisible();
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messages(page, 'Let me look')).toHaveCount(1);
  await expect(panel(page).getByText('Support is typing…')).toBeHidden();

  // HTML is shown as text.
  await input.fill('<b>bold</b><script>window.hacked = 1</script>');
  await panel(page).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messages(page, '<b>bold</b>')).toHaveCount(1);
  await expect(messages(inbox, '<b>bold</b><script>window.hacked = 1</script>')).toHaveCount(1);

  // A new message expands the collapsed panel.
  await panel(page).getByRole('button', { name: 'Collapse support' }).click();
  await expect(panel(page)).toHaveCount(0);
  await answer.fill('Fixed: upload it again');
  await answer.press('Enter');
  await expect(messages(page, 'Fixed: upload it again')).toHaveCount(1);
  await expect(panel(page)).toBeVisible();
});

test('after a server restart and a reload nothing is missing or doubled; an offline message waits and goes once @cluster', async () => {
  test.setTimeout(120_000);
  const { page } = merchantSide;
  const inbox = agentSide.page;
  await own.stop();
  const input = panel(page).getByRole('textbox', { name: 'Message' });
  await input.fill('Sent while you were down');
  await input.press('Enter');
  await expect(messages(page, 'Sent while you were down').getByText('Waiting to send')).toBeVisible();
  await own.start();
  // Both sockets reconnect on their own; the outbox goes once.
  await expect(messages(page, 'Sent while you were down').getByText('Waiting to send')).toBeHidden({ timeout: 30_000 });
  await expect(messages(inbox, 'Sent while you were down')).toHaveCount(1, { timeout: 30_000 });
  const answer = inbox.getByRole('textbox', { name: 'Answer' });
  await answer.fill('Back after the restart');
  await answer.press('Enter');
  await expect(messages(page, 'Back after the restart')).toHaveCount(1, { timeout: 15_000 });

  const expected = [
    'Hello, my logo looks blurry',
    'Let me look',
    '<b>bold</b>',
    'Fixed: upload it again',
    'Sent while you were down',
    'Back after the restart',
  ];
  for (const text of expected) await expect(messages(page, text)).toHaveCount(1);
  await page.reload();
  await supportButton(page).click();
  for (const text of expected) await expect(messages(page, text)).toHaveCount(1);
  await expect(page.getByTestId('chat-message')).toHaveCount(expected.length);
  await agentSide.context.close();
  await merchantSide.context.close();
});

test('the panel is hidden on the shared project and password reset pages, and raised on the design screens', async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await signedInPage(browser, merchant);
  await page.goto('/account');
  await expect(page.getByTestId('support-chat')).toHaveAttribute('data-raised', 'false', { timeout: 20_000 });
  for (const raised of ['/new-app/category-selection?alias=no-such-shop', '/templates/no-such-template/edit', '/new-app/no-such-shop/design']) {
    await page.goto(raised);
    await expect(page.getByTestId('support-chat'), raised).toHaveAttribute('data-raised', 'true', { timeout: 15_000 });
  }
  for (const hidden of ['/apps/ada-shop/public', '/password/reset?token=abc']) {
    // The chat starts on these pages too (its rooms load): it is only not shown.
    const roomsLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === apiPath(CHAT_PATHS.rooms) && response.ok());
    await page.goto(hidden);
    await expect(page.locator('main')).toBeVisible();
    await roomsLoaded;
    await expect(supportButton(page), hidden).toHaveCount(0);
  }
  await context.close();
});
