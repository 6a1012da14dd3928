/**
 * One of the three server processes killed with SIGKILL in the middle of a merchant's flow, in
 * Chromium (docs/deploy.md "A process that dies"; tests/server/cluster-kill.test.ts does the same
 * with the portal's clients on Node). On a cluster of this spec's own (e2e/own-server.ts): the
 * process killed is the one holding the page's own websocket for the flow (found by its handshake
 * key, read through Chromium's DevTools protocol, among the page's others: notifications, chat).
 * - Design editing: the editor's line is cut, edits are made at once; the page reconnects to
 *   another process by itself, a second device shows the last edit, and after reloads every edit
 *   is there, counted once in the revision.
 * - Support chat: the merchant's line is cut, a message is sent at once; the agent gets it once,
 *   the agent's answer reaches the merchant, nothing doubled after reloads.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AuthResult } from '@contract/auth/schemas';
import { CHAT_ROOMS } from '@contract/chat/paths';
import { REALTIME_EVENTS } from '@contract/design/realtime';
import type { BrowserWindow } from './browser';
import { inSync, toolbarBackground } from './live-preview';
import { ownServer } from './own-server';
import { shopOf } from './shops';
import { messages, panel, supportButton } from './support-chat';

const own = ownServer('cluster-kill');
const ORIGIN = own.origin;

let agent: AuthResult;
let merchant: AuthResult;
let designer: AuthResult;
let alias: string;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });
test.skip(!process.env.E2E_CLUSTER, 'Killing one process only means something in a cluster: npm run test:cluster');

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  agent = await own.setUpSovereign('Sovereign');
  merchant = await own.register('Mia');
  designer = await own.register('Dayo');
  const api = await playwright.request.newContext({ baseURL: ORIGIN });
  ({ alias } = await shopOf(api, designer.token, 'Dayo', 'Styles'));
  await api.dispose();
});

test.afterAll(() => own.tearDown());

async function signedIn(browser: Browser, session: AuthResult): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    (stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored),
    JSON.stringify({ token: session.token }),
  );
  return context;
}

/**
 * The page's websockets as Chromium's DevTools protocol sees them: each one's handshake key
 * (Sec-WebSocket-Key, which the cluster's proxy keeps per process) and the frames it sent.
 * Watching starts before the page loads.
 */
async function watchWebsockets(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const sockets = new Map<string, { key?: string; sent: string[]; open: boolean }>();
  const socket = (requestId: string) => sockets.get(requestId) ?? sockets.set(requestId, { sent: [], open: true }).get(requestId)!;
  const keyOf = (headers: Record<string, string>) => Object.entries(headers).find(([name]) => name.toLowerCase() === 'sec-websocket-key')?.[1];
  cdp.on('Network.webSocketWillSendHandshakeRequest', ({ requestId, request }) => {
    socket(requestId).key = keyOf(request.headers);
  });
  cdp.on('Network.webSocketFrameSent', ({ requestId, response }) => socket(requestId).sent.push(response.payloadData));
  cdp.on('Network.webSocketClosed', ({ requestId }) => {
    socket(requestId).open = false;
  });
  await cdp.send('Network.enable');
  return {
    /** The handshake key of the open websocket that sent a frame containing `text` (not the one keyed `not`), once there is one. */
    async keyOf(text: string, not?: string): Promise<string> {
      const find = () =>
        [...sockets.values()].find((entry) => entry.open && entry.key && entry.key !== not && entry.sent.some((frame) => frame.includes(text)))?.key;
      await expect.poll(find, { message: `no open websocket sent ${text}` }).toBeTruthy();
      return find()!;
    },
  };
}

/** Marks the page; `notReloaded` then says whether it is still the same document (no reload). */
async function markPage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((globalThis as unknown as { killJourney?: boolean }).killJourney = true));
  return () => page.evaluate(() => (globalThis as unknown as { killJourney?: boolean }).killJourney === true);
}

/** After the kill: the client's backoff, then its edits or messages again (an unanswered one after its timeout). */
const RECOVERY = 30_000;

test("design editing: the process holding the editor's websocket killed, the edits made at once are kept once, and the page reconnects by itself @cluster", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const cluster = own.cluster();
  const editing = await signedIn(browser, designer);
  const a = await editing.newPage();
  const websockets = await watchWebsockets(a);
  await a.goto(`/test/preview?t=${alias}`);
  await inSync(a, 0);
  // The editor's own line: the one that subscribed to the design.
  const designLine = JSON.stringify(REALTIME_EVENTS.subscribe);
  const cut = await websockets.keyOf(designLine);
  const victim = await own.processHolding(cut);

  const watching = await signedIn(browser, designer);
  const b = await watching.newPage();
  await b.goto(`/test/preview?t=${alias}`);
  await inSync(b, 0);

  const notReloaded = await markPage(a);
  await cluster.kill(victim);
  const colour = a.getByLabel('Primary colour');
  await colour.fill('#ff0000');
  await colour.fill('#00ff00');
  await colour.fill('#0000ff');
  await expect.poll(() => toolbarBackground(a)).toContain('rgb(0, 0, 255)');

  // Back on another process by itself: three edits, three revisions.
  await inSync(a, 3, RECOVERY);
  expect(await notReloaded()).toBe(true);
  const designAgain = await websockets.keyOf(designLine, cut);
  expect(await own.processHolding(designAgain)).not.toBe(victim);
  await inSync(b, 3, RECOVERY);
  await expect.poll(() => toolbarBackground(b)).toContain('rgb(0, 0, 255)');

  for (const page of [a, b]) {
    await page.reload();
    await inSync(page, 3);
    await expect.poll(() => toolbarBackground(page)).toContain('rgb(0, 0, 255)');
  }
  await editing.close();
  await watching.close();
  await cluster.restart(victim);
});

test("support chat: the process holding the merchant's websocket killed, a message sent at once reaches the agent once and the answer comes back @cluster", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const cluster = own.cluster();
  const merchantContext = await signedIn(browser, merchant);
  const page = await merchantContext.newPage();
  const websockets = await watchWebsockets(page);
  await page.goto('/');
  // The device id comes from a fingerprint 5 s after start; then the rooms load, collapsed.
  await expect(supportButton(page)).toBeVisible({ timeout: 20_000 });
  await supportButton(page).click();
  await expect(panel(page).getByRole('heading', { name: 'support' })).toBeVisible();

  const agentContext = await signedIn(browser, agent);
  const inbox = await agentContext.newPage();
  await inbox.goto('/support/inbox');
  await expect(inbox.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  await expect(panel(page).getByText('a person is here')).toBeVisible();

  const input = panel(page).getByRole('textbox', { name: 'Message' });
  await input.fill('Before the kill');
  await input.press('Enter');
  const conversation = inbox.getByRole('button', { name: /Mia Merchant/ });
  await conversation.click();
  await expect(messages(inbox, 'Before the kill')).toHaveCount(1);

  // The merchant's chat line: the one that joined the support room.
  const chatLine = JSON.stringify(CHAT_ROOMS.room('')).slice(0, -1);
  const chatCut = await websockets.keyOf(chatLine);
  const victim = await own.processHolding(chatCut);
  const notReloaded = await markPage(page);
  await cluster.kill(victim);
  await input.fill('Sent as the process died');
  await input.press('Enter');
  await expect(messages(page, 'Sent as the process died')).toHaveCount(1);
  await expect(messages(page, 'Sent as the process died').getByText('Waiting to send')).toBeHidden({ timeout: RECOVERY });
  await expect(messages(inbox, 'Sent as the process died')).toHaveCount(1, { timeout: RECOVERY });

  // The merchant's line is back, on another process, in the room: the answer arrives.
  const chatAgain = await websockets.keyOf(chatLine, chatCut);
  expect(await own.processHolding(chatAgain)).not.toBe(victim);
  const answer = inbox.getByRole('textbox', { name: 'Answer' });
  await answer.fill('Received after the kill');
  await answer.press('Enter');
  await expect(messages(page, 'Received after the kill')).toHaveCount(1, { timeout: RECOVERY });
  expect(await notReloaded()).toBe(true);

  const expected = ['Before the kill', 'Sent as the process died', 'Received after the kill'];
  await page.reload();
  await supportButton(page).click();
  for (const text of expected) await expect(messages(page, text)).toHaveCount(1);
  await expect(page.getByTestId('chat-message')).toHaveCount(expected.length);
  await inbox.reload();
  await conversation.click();
  for (const text of expected) await expect(messages(inbox, text)).toHaveCount(1);
  await expect(inbox.getByTestId('chat-message')).toHaveCount(expected.length);
  await agentContext.close();
  await merchantContext.close();
  await cluster.restart(victim);
});
