/**
 * Designing together (issue 14): the owner invites by e-mail; the invitee, logged out, opens the
 * e-mailed link, registers, accepts; both edit the same design and see each other's changes and
 * presence. A viewer (who accepted from the notification, once their address was verified) cannot
 * change anything. The public page renders for a logged-out visitor and unfurls (Open Graph tags,
 * the image answers).
 */
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, linkFromEmail, registerThroughApi, signInWithToken as signIn, uniqueEmail } from './accounts';
import { expectAccessible } from './accessibility';
import { merchantWithShop } from './shops';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

const toolbar = (page: Page) => page.getByTestId('design-preview').locator('header').first();
const toolbarBackground = (page: Page) =>
  toolbar(page).evaluate(
    (element) => (globalThis as unknown as { getComputedStyle(node: unknown): { backgroundImage: string } }).getComputedStyle(element).backgroundImage,
  );

async function setColour(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

test('the owner invites by e-mail; the invitee registers from the link, accepts, and both design together seeing each other @cluster', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await merchantWithShop(request, 'Chioma', 'Team');
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner.token);

  // The owner invites from the app's page.
  const email = uniqueEmail('ngozi');
  await ownerPage.goto(`/apps/${owner.alias}`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'App details' })).toBeVisible();
  await expect(ownerPage.getByRole('heading', { level: 2, name: owner.name })).toBeVisible();
  const form = ownerPage.getByRole('form', { name: 'Invite a collaborator' });
  await form.getByLabel('E-mail address').fill(email);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(ownerPage.getByText(`Invite sent to ${email}`)).toBeVisible();
  await expect(ownerPage.getByRole('list', { name: 'Pending invites' }).getByText(email)).toBeVisible();

  // The invitee, logged out, opens the e-mailed link, registers in the modal and comes back.
  const link = await linkFromEmail(email, /invited to design a shop app/);
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  const dialog = invitee.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('First Name').fill('Ngozi');
  await dialog.getByLabel('Last Name').fill('Eze');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone No').fill('08031234567');
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Join a project' })).toBeVisible();
  await expect(invitee.getByRole('heading', { level: 2, name: owner.name })).toBeVisible();
  await expect(invitee.getByText('Chioma Merchant invited')).toBeVisible();
  await invitee.getByRole('button', { name: 'Accept' }).click();
  await expect(invitee.getByRole('heading', { level: 2, name: owner.name })).toBeVisible();
  await expect(invitee.getByText('Your role: Editor')).toBeVisible();

  // The link is single-use.
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect(invitee.getByRole('alert')).toHaveText('This invite has already been used');

  // My Apps lists the shared app with the role.
  await invitee.goto('/apps');
  const card = invitee.getByTestId('app-card').filter({ hasText: owner.name });
  await expect(card.getByText('Editor')).toBeVisible();
  await expect(card.getByText('Shared by Chioma Merchant')).toBeVisible();

  // Both in the design: each sees the other's presence and section, and the other's edits.
  await ownerPage.goto(`/new-app/${owner.alias}/design`);
  await invitee.goto(`/new-app/${owner.alias}/design`);
  // The editor may still be settling its first section right after it opens; click until the
  // owner sees the invitee in General.
  await expect(async () => {
    await invitee.getByRole('tab', { name: 'General' }).click();
    await expect(ownerPage.getByTestId('design-presence')).toHaveAttribute('aria-label', 'In this design now: Ngozi Eze (General)', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(invitee.getByTestId('design-presence')).toHaveAttribute('aria-label', /Chioma Merchant \(Splash Screen\)/);
  await ownerPage.getByRole('tab', { name: 'General' }).click();
  await expect(toolbar(ownerPage)).toBeVisible();

  await setColour(invitee, 'Primary', '#FF0000FF');
  await expect.poll(() => toolbarBackground(ownerPage)).toContain('rgb(255, 0, 0)');
  await setColour(ownerPage, 'Primary', '#0000FFFF');
  await expect.poll(() => toolbarBackground(invitee)).toContain('rgb(0, 0, 255)');

  // The owner removes the collaborator: the open editor leaves at once.
  await ownerPage.goto(`/apps/${owner.alias}`);
  await ownerPage.getByRole('list', { name: 'Collaborators' }).getByRole('button', { name: 'Remove' }).click();
  const confirm = ownerPage.getByRole('alertdialog', { name: 'Remove Ngozi Eze?' });
  await expect(confirm).toContainText('loses access at once');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(invitee.getByText('You no longer have access to this app')).toBeVisible();
  await expect(invitee).toHaveURL(/\/apps$/);
  await ownerContext.close();
  await inviteeContext.close();
});

test('a viewer accepts from the notification once their address is verified, and cannot change anything', async ({ page, request }) => {
  const owner = await merchantWithShop(request, 'Kunle', 'Team');
  const viewerEmail = uniqueEmail('amaka');
  const viewer = await registerThroughApi(request, 'Amaka', viewerEmail);
  const invited = await request.post(`/v1/shops/${owner.alias}/design/collaborators/invites`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { collaborators: [{ email: viewerEmail, accessRights: { view: true, editDesign: false, manageCollaborators: false } }] },
  });
  expect(invited.status()).toBe(200);

  await signIn(page, viewer.token);
  await page.goto('/notifications');
  // The page has settled (the push opt-in shows last and moves the list).
  await expect(page.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
  // An account with the invited address has not shown it controls the mailbox until it is verified.
  const invite = page.getByRole('article', { name: `Kunle Merchant invited you to design ${owner.name}` });
  await invite.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Verify your e-mail address to answer this invite here, or open the link in the invite e-mail.')).toBeVisible();
  await expect(invite).toBeVisible();

  const verification = new URL(await linkFromEmail(viewerEmail, /verify/i));
  await page.goto(verification.pathname + verification.search);
  await expect(page.getByText('Your email is verified')).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
  await page
    .getByRole('article', { name: `Kunle Merchant invited you to design ${owner.name}` })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page.getByText(`You now collaborate on ${owner.name}`)).toBeVisible();
  // The notification is resolved: it leaves the open list.
  await expect(page.getByRole('article', { name: `Kunle Merchant invited you to design ${owner.name}` })).toHaveCount(0);

  await page.goto(`/new-app/${owner.alias}/design`);
  await expect(page.getByText('You can view this design. Ask its owner for the right to edit it.')).toBeVisible();
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Primary', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  // The server refuses a viewer's write whatever the page shows.
  const edit = await request.post('/v1/realtime/edits', {
    headers: { Authorization: `Bearer ${viewer.token}` },
    data: { editId: `viewer${Date.now()}abcdef`, updates: { [`apps/production/${owner.alias}/0/data/colors/primary`]: '#000000FF' } },
  });
  expect(edit.status()).toBe(403);
  await page.goto(`/apps/${owner.alias}`);
  await expect(page.getByText('Your role: Viewer')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite a collaborator' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete app' })).toHaveCount(0);
});

test('the public page renders for a logged-out visitor and unfurls with a picture of the design', async ({ page, request }) => {
  const owner = await merchantWithShop(request, 'Sade', 'Team');
  // A new app's public link is off (issue 27): its owner shares it first.
  const on = await request.put(`/v1/shops/${owner.alias}/sharing`, { headers: { Authorization: `Bearer ${owner.token}` }, data: { publicLink: true } });
  expect(on.status()).toBe(200);
  const html = await (await request.get(`/apps/${owner.alias}/public`)).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(html).toContain(`<meta property="og:title" content="${owner.name}`);
  expect(image).toContain(`/v1/public/shops/${owner.alias}/og-image.png`);
  const png = await request.get(new URL(image.replaceAll('&amp;', '&')).pathname);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect((await png.body()).subarray(1, 4).toString()).toBe('PNG');

  await page.goto(`/apps/${owner.alias}/public`);
  await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
  await expect(page.getByTestId('shared-preview').getByTestId('phone-frame')).toBeVisible();
  await expect(page.getByRole('button', { name: /support/i })).toHaveCount(0);

  // The owner turns the link off: the page says so.
  const off = await request.put(`/v1/shops/${owner.alias}/sharing`, { headers: { Authorization: `Bearer ${owner.token}` }, data: { publicLink: false } });
  expect(off.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('The owner has turned the public link of this app off');
});

test('a branch merges into the default: the conflicting field is chosen, the history says who changed what', async ({ page, request }) => {
  const owner = await merchantWithShop(request, 'Bisi', 'Team');
  const headers = { Authorization: `Bearer ${owner.token}` };
  let counter = 0;
  const edit = async (version: number, updates: Record<string, unknown>) => {
    counter += 1;
    const path = `apps/production/${owner.alias}/${version}/data`;
    const answer = await request.post('/v1/realtime/edits', {
      headers,
      data: {
        editId: `merge${Date.now().toString(36)}x${counter}`,
        updates: Object.fromEntries(Object.entries(updates).map(([field, value]) => [`${path}/${field}`, value])),
      },
    });
    expect(answer.status()).toBe(200);
  };
  await edit(0, { 'colors/primary': '#111111FF', 'colors/accent': '#222222FF' });
  expect((await request.post(`/v1/shops/${owner.alias}/design/versions`, { headers, data: { from: 0 } })).status()).toBe(201);
  await edit(1, { 'colors/primary': '#AA0000FF', 'colors/accent': '#00AA00FF' });
  await edit(0, { 'colors/accent': '#0000AAFF' });

  await signIn(page, owner.token);
  await page.goto(`/apps/${owner.alias}`);
  await page.getByRole('button', { name: 'Merge version 1 into the default' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge version 1 into version 0 (default)?' });
  await expect(dialog.getByRole('list', { name: 'Fields brought over' })).toHaveText('colors/primary');
  const conflict = dialog.getByRole('group', { name: 'colors/accent' });
  await expect(conflict.getByLabel(/Keep branch: #00AA00FF/)).toBeVisible();
  await expect(conflict.getByLabel(/Keep default: #0000AAFF/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Merge', exact: true })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Keep branch for all' }).click();
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Version 1 merged into version 0: 2 fields brought over')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'History of version 0' }).click();
  const history = page.getByRole('list', { name: 'Changes to version 0' });
  await expect(history.getByRole('listitem').first()).toContainText('Bisi Merchant merged colors/accent, colors/primary');
  await expect(history.getByRole('listitem')).toHaveCount(3);
  const shop = (await (await request.get(`/v1/admin/shops/${owner.alias}`, { headers })).json()) as {
    data: { config: { colors: { primary: string; accent: string } } };
  };
  expect(shop.data.config.colors).toMatchObject({ primary: '#AA0000FF', accent: '#00AA00FF' });
});
